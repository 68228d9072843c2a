package deploy

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/moby/buildkit/frontend/dockerfile/instructions"
	"github.com/moby/buildkit/frontend/dockerfile/linter"
	"github.com/moby/buildkit/frontend/dockerfile/parser"
	"github.com/moby/patternmatcher"
	"github.com/moby/patternmatcher/ignorefile"
)

// repoRoot is the repository root: the build context of deploy/Dockerfile.
const repoRoot = ".."

// dockerfile parses deploy/Dockerfile as BuildKit does, failing the test on
// a syntax error, a parser warning or a build check (the checks `docker
// build --check` runs while parsing: casing, JSON arguments, deprecated and
// malformed instructions, unknown flags).
func dockerfile(t *testing.T) []instructions.Stage {
	t.Helper()
	f, err := os.Open("Dockerfile")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	res, err := parser.Parse(f)
	if err != nil {
		t.Fatalf("Dockerfile: %v", err)
	}
	for _, w := range res.Warnings {
		t.Errorf("Dockerfile: parser warning: %s", w.Short)
	}
	lint := linter.New(&linter.Config{ExperimentalAll: true, Warn: func(rule, _, _, msg string, loc []parser.Range) {
		line := 0
		if len(loc) > 0 {
			line = loc[0].Start.Line
		}
		t.Errorf("Dockerfile:%d: build check %s: %s", line, rule, msg)
	}})
	stages, _, err := instructions.Parse(res.AST, lint)
	if err != nil {
		t.Fatalf("Dockerfile: %v", err)
	}
	return stages
}

// pinned reports whether an image reference names a tag other than latest
// or a digest.
func pinned(ref string) bool {
	if strings.Contains(ref, "@sha256:") {
		return true
	}
	name := ref[strings.LastIndex(ref, "/")+1:]
	i := strings.LastIndex(name, ":")
	return i > 0 && name[i+1:] != "" && name[i+1:] != "latest" && !strings.Contains(name[i+1:], "$")
}

func stageByName(stages []instructions.Stage, name string) *instructions.Stage {
	for i := range stages {
		if stages[i].Name == name {
			return &stages[i]
		}
	}
	return nil
}

func runLines(s *instructions.Stage) string {
	var b strings.Builder
	for _, c := range s.Commands {
		if r, ok := c.(*instructions.RunCommand); ok {
			b.WriteString(strings.Join(r.CmdLine, " "))
			b.WriteString("\n")
		}
	}
	return b.String()
}

func TestDockerfile(t *testing.T) {
	stages := dockerfile(t)
	if len(stages) < 3 {
		t.Fatalf("%d stages; want the web app, the binary and a minimal final stage", len(stages))
	}
	seen := map[string]bool{}
	for _, s := range stages {
		if !seen[s.BaseName] && !pinned(s.BaseName) {
			t.Errorf("FROM %s: pin the base image by tag or digest (not latest)", s.BaseName)
		}
		for _, c := range s.Commands {
			switch c := c.(type) {
			case *instructions.AddCommand:
				for _, src := range c.SourcePaths {
					if regexp.MustCompile(`^(https?|git)://|^git@|\.git(#|$)`).MatchString(src) {
						t.Errorf("ADD %s: fetch remote files in a stage with a checksum, not with ADD", src)
					}
				}
			case *instructions.CopyCommand:
				if c.From != "" && !seen[c.From] {
					t.Errorf("COPY --from=%s: no earlier stage of that name", c.From)
				}
			}
		}
		if s.Name != "" {
			seen[s.Name] = true
		}
	}

	web := stageByName(stages, "web")
	build := stageByName(stages, "build")
	if web == nil || build == nil {
		t.Fatal("stages named web (npm) and build (go) are expected")
	}
	for _, want := range []string{"npm ci", "npm run build"} {
		if !strings.Contains(runLines(web), want) {
			t.Errorf("web stage does not run %q", want)
		}
	}
	goBuild := runLines(build)
	for _, want := range []string{"CGO_ENABLED=0", "-trimpath", "go build", "./api/cmd/praksis"} {
		if !strings.Contains(goBuild, want) {
			t.Errorf("build stage: the go build lacks %q", want)
		}
	}

	final := stages[len(stages)-1]
	if seen[final.BaseName] || !regexp.MustCompile(`^(scratch|gcr\.io/distroless/static)`).MatchString(final.BaseName) {
		t.Errorf("final stage FROM %s: want a minimal image (distroless static or scratch)", final.BaseName)
	}
	var user, entrypoint, cmd string
	var exposed []string
	env := map[string]string{}
	for _, c := range final.Commands {
		switch c := c.(type) {
		case *instructions.UserCommand:
			user = c.User
		case *instructions.EntrypointCommand:
			entrypoint = fmt.Sprint(c.CmdLine, c.PrependShell)
		case *instructions.CmdCommand:
			cmd = fmt.Sprint(c.CmdLine, c.PrependShell)
		case *instructions.ExposeCommand:
			exposed = append(exposed, c.Ports...)
		case *instructions.EnvCommand:
			for _, kv := range c.Env {
				env[kv.Key] = kv.Value
			}
		case *instructions.RunCommand:
			t.Errorf("final stage runs %q: it has no shell; do the work in a build stage", strings.Join(c.CmdLine, " "))
		}
	}
	uid, err := strconv.Atoi(strings.SplitN(user, ":", 2)[0])
	if err != nil || uid < 1000 {
		t.Errorf("final stage USER %q: want a numeric non-root user (65532), so runAsNonRoot can check it", user)
	}
	if entrypoint != "[/praksis] false" {
		t.Errorf(`ENTRYPOINT: got %s, want ["/praksis"] (exec form)`, entrypoint)
	}
	if cmd != "[serve] false" {
		t.Errorf(`CMD: got %s, want ["serve"]`, cmd)
	}
	if !slices.Contains(exposed, "8080") || env["HTTP_ADDR"] != "0.0.0.0:8080" {
		t.Errorf("final stage: EXPOSE %v, HTTP_ADDR=%q; want 8080 and 0.0.0.0:8080", exposed, env["HTTP_ADDR"])
	}
}

// contextMatcher reads deploy/Dockerfile.dockerignore.
func contextMatcher(t *testing.T) *patternmatcher.PatternMatcher {
	t.Helper()
	f, err := os.Open("Dockerfile.dockerignore")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	patterns, err := ignorefile.ReadAll(f)
	if err != nil {
		t.Fatal(err)
	}
	pm, err := patternmatcher.New(patterns)
	if err != nil {
		t.Fatal(err)
	}
	return pm
}

func inContext(t *testing.T, pm *patternmatcher.PatternMatcher, rel string) bool {
	t.Helper()
	excluded, err := pm.MatchesOrParentMatches(filepath.ToSlash(rel))
	if err != nil {
		t.Fatal(err)
	}
	return !excluded
}

// copied reports whether COPY sources (relative to the context) include rel.
func copied(sources []string, rel string) bool {
	for _, src := range sources {
		src = strings.TrimSuffix(path.Clean(src), "/")
		if rel == src || strings.HasPrefix(rel, src+"/") {
			return true
		}
	}
	return false
}

func contextSources(s *instructions.Stage) []string {
	var out []string
	for _, c := range s.Commands {
		if c, ok := c.(*instructions.CopyCommand); ok && c.From == "" {
			out = append(out, c.SourcePaths...)
		}
	}
	return out
}

func TestDockerBuildContext(t *testing.T) {
	stages := dockerfile(t)
	pm := contextMatcher(t)

	// Every file a COPY names is sent, and what must stay out stays out.
	for _, s := range stages {
		for _, src := range contextSources(&s) {
			if !inContext(t, pm, path.Clean(src)) {
				t.Errorf("COPY %s: left out of the build context by Dockerfile.dockerignore", src)
			}
		}
	}
	for _, rel := range []string{"go.mod", "go.sum", "package.json", "package-lock.json", "frontend/package.json",
		"frontend/index.html", "frontend/src", "api/cmd/praksis/main.go", "schema/tenant/00001_init.sql"} {
		if !inContext(t, pm, rel) {
			t.Errorf("%s is left out of the build context", rel)
		}
	}
	for _, rel := range []string{".git/HEAD", "node_modules/react/package.json", "frontend/node_modules/x",
		"frontend/dist/index.html", "bin/praksis", ".data/pg/data/PG_VERSION", "deploy/Dockerfile", "scripts/test",
		"api/httpapi/server_test.go", "README.md"} {
		if inContext(t, pm, rel) {
			t.Errorf("%s is sent with the build context; leave it out", rel)
		}
	}

	// Every file the Go build needs (the binary's own packages and the files
	// they embed) is sent and copied into the build stage, except the web
	// app, which comes from the web stage.
	build := stageByName(stages, "build")
	if build == nil {
		t.Fatal("no build stage")
	}
	sources := contextSources(build)
	goCmd, err := exec.LookPath("go")
	if err != nil {
		t.Fatalf("go not found: %v", err)
	}
	out, err := exec.Command(goCmd, "list", "-deps", "-json=ImportPath,Dir,Module,GoFiles,EmbedFiles", "../api/cmd/praksis").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	root, err := filepath.Abs(repoRoot)
	if err != nil {
		t.Fatal(err)
	}
	dec := json.NewDecoder(bytes.NewReader(out))
	own := 0
	for dec.More() {
		var p struct {
			ImportPath, Dir     string
			Module              *struct{ Main bool }
			GoFiles, EmbedFiles []string
		}
		if err := dec.Decode(&p); err != nil {
			t.Fatal(err)
		}
		if p.Module == nil || !p.Module.Main {
			continue
		}
		own++
		dir, err := filepath.Rel(root, p.Dir)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range append(slices.Clone(p.GoFiles), p.EmbedFiles...) {
			rel := filepath.ToSlash(filepath.Join(dir, f))
			if strings.HasPrefix(rel, "frontend/dist/") {
				continue
			}
			if !copied(sources, rel) {
				t.Errorf("%s (package %s) is not copied into the build stage", rel, p.ImportPath)
			} else if !inContext(t, pm, rel) {
				t.Errorf("%s (package %s) is left out of the build context by Dockerfile.dockerignore", rel, p.ImportPath)
			}
		}
	}
	if own < 5 {
		t.Fatalf("go list found %d packages of this module behind the binary", own)
	}
}
