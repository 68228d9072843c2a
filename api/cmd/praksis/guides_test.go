package main

import (
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/praksis/praksis/api/config"
	"github.com/praksis/praksis/docs"
)

const repoRoot = "../../.."

// variablePrefixes are the first words of the program's variables (PRAKSIS_
// for the scripts'); a guide's word that starts with one must be a variable
// that exists. OTEL_ is left out: those are the OpenTelemetry SDK's own.
func variablePrefixes() []string {
	prefixes := []string{"PRAKSIS"}
	seen := map[string]bool{"PRAKSIS": true}
	for _, v := range config.Vars {
		first, _, _ := strings.Cut(v.Name, "_")
		if first != "OTEL" && !seen[first] {
			prefixes = append(prefixes, first)
		}
		seen[first] = true
	}
	return prefixes
}

// knownVariables are the variables something reads: the configuration, a
// Go string literal (tests and commands reading their own), a script or CI
// step expanding or setting it, or a manifest setting it.
func knownVariables(t *testing.T) map[string]bool {
	t.Helper()
	known := map[string]bool{}
	for _, v := range config.Vars {
		known[v.Name] = true
	}
	add := func(re *regexp.Regexp, text string) {
		for _, m := range re.FindAllStringSubmatch(text, -1) {
			known[m[1]] = true
		}
	}
	goLiteral := regexp.MustCompile(`"([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)"`)
	shellUse := regexp.MustCompile(`(?:\$\{?|\b)([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)(?:[=:}\-]|\b)`)
	manifestName := regexp.MustCompile(`(?m)(?:name: |"name": "|^\s+)([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)(?:"|:|$)`)
	readers := func(rel string) *regexp.Regexp {
		switch {
		case rel == "api/cmd/praksis/guides_test.go":
			return nil // its bad samples name variables that do not exist
		case strings.HasSuffix(rel, ".go") && !strings.HasPrefix(rel, "docs/"):
			return goLiteral
		case strings.HasPrefix(rel, "scripts/") || strings.HasPrefix(rel, ".ci/"):
			return shellUse
		case strings.HasPrefix(rel, "deploy/k8s/") || rel == "deploy/cli-pod.json" || rel == "deploy/Dockerfile":
			return manifestName
		}
		return nil
	}
	files, err := docs.Files(repoRoot, func(rel string) bool { return readers(rel) != nil })
	if err != nil {
		t.Fatal(err)
	}
	for _, rel := range files {
		text, err := os.ReadFile(filepath.Join(repoRoot, rel))
		if err != nil {
			t.Fatal(err)
		}
		add(readers(rel), string(text))
	}
	return known
}

// unknownVariables lists the words of text that look like the program's
// variables and are not known.
func unknownVariables(text string, known map[string]bool) []string {
	var out []string
	for _, name := range docs.VariableNames(text, variablePrefixes()) {
		if !known[name] {
			out = append(out, name)
		}
	}
	return out
}

// Every `praksis` command line a guide shows names commands and flags that
// exist, and every variable a guide names is one the program or its scripts
// read.
func TestGuidesNameOnlyWhatExists(t *testing.T) {
	guides, err := docs.Guides(repoRoot)
	if err != nil {
		t.Fatal(err)
	}
	known := knownVariables(t)
	checked := map[string]bool{}
	for _, g := range guides {
		text, err := os.ReadFile(filepath.Join(repoRoot, g))
		if err != nil {
			t.Fatal(err)
		}
		for _, args := range docs.Invocations(docs.Code(string(text))) {
			if err := docs.CheckInvocation(newRootCmd(), args); err != nil {
				t.Errorf("%s: praksis %s: %v", g, strings.Join(args, " "), err)
			}
			if len(args) > 0 {
				checked[args[0]] = true
			}
		}
		for _, name := range unknownVariables(string(text), known) {
			t.Errorf("%s names %s, which nothing reads", g, name)
		}
	}
	// The guides show every top-level command, so finding none of one means
	// the command lines were not found.
	for _, c := range newRootCmd().Commands() {
		if !c.Hidden && c.Name() != "help" && c.Name() != "completion" && !checked[c.Name()] {
			t.Errorf("no guide shows a command line of praksis %s", c.Name())
		}
	}
}

// The checks above fail on a guide that names a command, a flag or a
// variable that does not exist.
func TestGuideChecksCatchWhatDoesNotExist(t *testing.T) {
	bad := "Run `praksis tenant create --slug x --colour red`, then `praksis tenant rename x y`" +
		" and `praksis serve --port 80` with `PRAKSIS_NO_SUCH=1` and `DB_MAX_CONNECTIONS=4`; `DB_MAX_CONNS` exists."
	var found []string
	for _, args := range docs.Invocations(docs.Code(bad)) {
		if err := docs.CheckInvocation(newRootCmd(), args); err != nil {
			found = append(found, err.Error())
		}
	}
	found = append(found, unknownVariables(bad, knownVariables(t))...)
	want := []string{"praksis tenant create has no flag --colour", `praksis tenant has no command "rename"`,
		"praksis serve has no flag --port", "PRAKSIS_NO_SUCH", "DB_MAX_CONNECTIONS"}
	if !reflect.DeepEqual(found, want) {
		t.Errorf("found %q, want %q", found, want)
	}
}
