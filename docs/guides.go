package docs

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"unicode"

	"github.com/spf13/cobra"
)

// Guides lists the guides whose commands and variables must exist: the
// README, docs/*.md and deploy/*.md, relative to the repository root.
func Guides(root string) ([]string, error) {
	files := []string{"README.md"}
	for _, dir := range []string{"docs", "deploy"} {
		matches, err := filepath.Glob(filepath.Join(root, dir, "*.md"))
		if err != nil {
			return nil, fmt.Errorf("listing %s: %w", dir, err)
		}
		for _, m := range matches {
			rel, err := filepath.Rel(root, m)
			if err != nil {
				return nil, fmt.Errorf("guide %s: %w", m, err)
			}
			files = append(files, filepath.ToSlash(rel))
		}
	}
	return files, nil
}

// Files lists the files under root, relative to it with forward slashes,
// that keep says to, leaving out version control, installed packages,
// built output and local data.
func Files(root string, keep func(rel string) bool) ([]string, error) {
	var files []string
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			switch d.Name() {
			case ".git", "node_modules", ".data", "dist", "bin", "test-results", "playwright-report":
				return filepath.SkipDir
			}
			return nil
		}
		rel, err := filepath.Rel(root, path)
		if err != nil {
			return err
		}
		if rel = filepath.ToSlash(rel); keep(rel) {
			files = append(files, rel)
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("listing files under %s: %w", root, err)
	}
	sort.Strings(files)
	return files, nil
}

// Markdown lists every Markdown file under root, relative to it.
func Markdown(root string) ([]string, error) {
	return Files(root, func(rel string) bool { return strings.HasSuffix(rel, ".md") })
}

// Code is the text of a guide that readers copy: the inline code spans and
// the lines of fenced blocks, a shell line continued with a backslash
// joined to the next.
func Code(markdown string) []string {
	var out []string
	inFence := false
	pending := ""
	for _, line := range strings.Split(markdown, "\n") {
		trimmed := strings.TrimSpace(line)
		if strings.HasPrefix(trimmed, "```") {
			inFence = !inFence
			if pending != "" {
				out = append(out, pending)
				pending = ""
			}
			continue
		}
		if inFence {
			if cont, ok := strings.CutSuffix(trimmed, `\`); ok {
				pending += cont + " "
				continue
			}
			out = append(out, pending+trimmed)
			pending = ""
			continue
		}
		for _, m := range codeSpan.FindAllStringSubmatch(line, -1) {
			out = append(out, m[1])
		}
	}
	return out
}

var codeSpan = regexp.MustCompile("`([^`]+)`")

// Invocations finds the command lines of the binary in code: the words after
// `praksis` (or a path ending in /praksis) where it is the command of a shell
// command (first, or after variable assignments), up to the end of that
// command, with quotes and the brackets of optional parts removed. The name
// elsewhere (a database, a role, a namespace) is not the binary.
func Invocations(code []string) [][]string {
	var out [][]string
	for _, text := range code {
		commandStart := true
		words := shellWords(text)
		for i, w := range words {
			switch {
			case shellSeparator(w):
				commandStart = true
				continue
			case commandStart && assignment.MatchString(w):
				continue
			case !commandStart || (w != "praksis" && !strings.HasSuffix(w, "/praksis")):
				commandStart = false
				continue
			}
			commandStart = false
			var args []string
			for _, a := range words[i+1:] {
				if strings.HasPrefix(a, "#") || shellSeparator(a) || a == ">" || a == "<" {
					break
				}
				args = append(args, strings.Trim(a, "[]"))
			}
			out = append(out, args)
		}
	}
	return out
}

var assignment = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*=`)

func shellSeparator(w string) bool {
	return w == "|" || w == "||" || w == "&&" || w == ";" || w == "$" || w == "sudo" || w == "exec"
}

// shellWords splits a line as a shell would, enough for the guides: words
// between blanks, with single- and double-quoted parts kept whole.
func shellWords(s string) []string {
	var words []string
	var cur strings.Builder
	quote := rune(0)
	inWord := false
	for _, r := range s {
		switch {
		case quote != 0:
			if r == quote {
				quote = 0
			} else {
				cur.WriteRune(r)
			}
		case r == '"' || r == '\'':
			quote, inWord = r, true
		case unicode.IsSpace(r):
			if inWord {
				words = append(words, cur.String())
				cur.Reset()
				inWord = false
			}
		default:
			cur.WriteRune(r)
			inWord = true
		}
	}
	if inWord {
		words = append(words, cur.String())
	}
	return words
}

// CheckInvocation walks args down the command tree from root and says which
// subcommand or flag does not exist. A word where a command of subcommands
// expects one must name one (each of `a|b` alternatives); a flag must be
// defined on the command reached or inherited by it, and the word after a
// flag that takes a value is that value. An ellipsis ends the check.
func CheckInvocation(root *cobra.Command, args []string) error {
	cmd := root
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "" || a == "…" || a == "..." || a == "--":
			return nil
		case a != "-" && strings.HasPrefix(a, "-"):
			name, _, hasValue := strings.Cut(strings.TrimLeft(a, "-"), "=")
			if name == "help" || name == "h" {
				continue
			}
			var f = cmd.Flags().Lookup(name)
			if f == nil {
				f = cmd.InheritedFlags().Lookup(name)
			}
			if f == nil && !strings.HasPrefix(a, "--") && len(name) == 1 {
				f = cmd.Flags().ShorthandLookup(name)
			}
			if f == nil {
				return fmt.Errorf("%s has no flag %s", cmd.CommandPath(), a)
			}
			if !hasValue && f.NoOptDefVal == "" {
				i++
			}
		case cmd.HasSubCommands():
			var next *cobra.Command
			for _, alt := range strings.Split(a, "|") {
				sub := findSub(cmd, alt)
				if sub == nil {
					if cmd.Runnable() && next == nil {
						break
					}
					return fmt.Errorf("%s has no command %q", cmd.CommandPath(), alt)
				}
				if next == nil {
					next = sub
				}
			}
			if next != nil {
				cmd = next
			}
		}
	}
	return nil
}

func findSub(cmd *cobra.Command, name string) *cobra.Command {
	for _, c := range cmd.Commands() {
		if c.Name() == name || c.HasAlias(name) {
			return c
		}
	}
	return nil
}

// VariableNames finds the words of a text that look like environment
// variables of the program: upper case with underscores, starting with one
// of the prefixes (such as "PRAKSIS" or "DB").
func VariableNames(text string, prefixes []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, w := range envWord.FindAllString(text, -1) {
		first, _, _ := strings.Cut(w, "_")
		for _, p := range prefixes {
			if first == p && !seen[w] {
				seen[w] = true
				out = append(out, w)
			}
		}
	}
	return out
}

var envWord = regexp.MustCompile(`\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b`)

// Link is a relative link of a Markdown file: its target file (empty for
// the file itself) and its anchor.
type Link struct {
	Line   int
	File   string
	Anchor string
}

var (
	mdLink  = regexp.MustCompile(`\]\(([^)\s]+)(?:\s+"[^"]*")?\)`)
	htmlRef = regexp.MustCompile(`(?:src|href)="([^"]+)"`)
	scheme  = regexp.MustCompile(`^[a-zA-Z][a-zA-Z0-9+.-]*:`)
)

// Links lists the relative links of a Markdown text outside code: Markdown
// links and the src and href of HTML in it. Links with a scheme (https:,
// mailto:) are left to the web.
func Links(markdown string) []Link {
	var out []Link
	inFence := false
	for n, line := range strings.Split(markdown, "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), "```") {
			inFence = !inFence
			continue
		}
		if inFence {
			continue
		}
		line = codeSpan.ReplaceAllString(line, "")
		var targets []string
		for _, m := range mdLink.FindAllStringSubmatch(line, -1) {
			targets = append(targets, m[1])
		}
		for _, m := range htmlRef.FindAllStringSubmatch(line, -1) {
			targets = append(targets, m[1])
		}
		for _, t := range targets {
			if scheme.MatchString(t) {
				continue
			}
			file, anchor, _ := strings.Cut(t, "#")
			out = append(out, Link{Line: n + 1, File: file, Anchor: anchor})
		}
	}
	return out
}

// Anchors lists the anchors the code host gives a Markdown text's headings:
// lower case, punctuation dropped, blanks as hyphens, and -1, -2 … after a
// heading met again.
func Anchors(markdown string) map[string]bool {
	out := map[string]bool{}
	count := map[string]int{}
	inFence := false
	for _, line := range strings.Split(markdown, "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), "```") {
			inFence = !inFence
			continue
		}
		if inFence || !strings.HasPrefix(line, "#") {
			continue
		}
		title := strings.TrimSpace(strings.TrimLeft(line, "#"))
		var b strings.Builder
		for _, r := range strings.ToLower(title) {
			switch {
			case unicode.IsLetter(r) || unicode.IsDigit(r) || r == '-' || r == '_':
				b.WriteRune(r)
			case r == ' ':
				b.WriteRune('-')
			}
		}
		slug := b.String()
		if n := count[slug]; n > 0 {
			out[fmt.Sprintf("%s-%d", slug, n)] = true
		} else {
			out[slug] = true
		}
		count[slug]++
	}
	return out
}

// CheckLinks reports every relative link of the Markdown file rel (relative
// to root) whose file does not exist or whose anchor names no heading.
func CheckLinks(root, rel string) ([]string, error) {
	text, err := os.ReadFile(filepath.Join(root, rel))
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", rel, err)
	}
	var broken []string
	for _, l := range Links(string(text)) {
		target := rel
		if l.File != "" {
			target = filepath.ToSlash(filepath.Join(filepath.Dir(rel), l.File))
		}
		info, err := os.Stat(filepath.Join(root, target))
		if errors.Is(err, fs.ErrNotExist) {
			broken = append(broken, fmt.Sprintf("%s:%d: %s does not exist", rel, l.Line, target))
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("link %s:%d: %w", rel, l.Line, err)
		}
		if l.Anchor == "" {
			continue
		}
		if info.IsDir() || !strings.HasSuffix(target, ".md") {
			broken = append(broken, fmt.Sprintf("%s:%d: %s has no headings for #%s", rel, l.Line, target, l.Anchor))
			continue
		}
		body, err := os.ReadFile(filepath.Join(root, target))
		if err != nil {
			return nil, fmt.Errorf("reading %s: %w", target, err)
		}
		if !Anchors(string(body))[l.Anchor] {
			broken = append(broken, fmt.Sprintf("%s:%d: %s has no heading for #%s", rel, l.Line, target, l.Anchor))
		}
	}
	return broken, nil
}
