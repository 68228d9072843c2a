package main

import (
	"go/parser"
	"go/token"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/praksis/praksis/api/config"
	"github.com/praksis/praksis/api/httpapi"
)

// filesImportingDev lists the Go files of dir, tests left out, that import
// a package under dev/.
func filesImportingDev(t *testing.T, dir string) []string {
	t.Helper()
	names, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, name := range names {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), name, nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, imp := range f.Imports {
			path, _ := strconv.Unquote(imp.Path.Value)
			if strings.HasPrefix(path, "github.com/praksis/praksis/dev/") {
				out = append(out, filepath.Base(name))
				break
			}
		}
	}
	return out
}

// Development mode is wired in one file: only devmode.go imports the
// doubles and demo data.
func TestOnlyDevModeImportsTheDoubles(t *testing.T) {
	if got := filesImportingDev(t, "."); !slices.Equal(got, []string{"devmode.go"}) {
		t.Errorf("files importing dev/: %v, want only devmode.go", got)
	}
	dir := t.TempDir()
	for name, src := range map[string]string{
		"devmode.go":  "package main\nimport _ \"github.com/praksis/praksis/dev/demo\"\n",
		"serve.go":    "package main\nimport _ \"github.com/praksis/praksis/dev/mockidp\"\n",
		"plain.go":    "package main\nimport _ \"github.com/praksis/praksis/api/mail\"\n",
		"dev_test.go": "package main\nimport _ \"github.com/praksis/praksis/dev/demo\"\n",
	} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if got := filesImportingDev(t, dir); !slices.Equal(got, []string{"devmode.go", "serve.go"}) {
		t.Errorf("in the sample: %v, want devmode.go and serve.go", got)
	}
}

// The development clock is handed to the server only in development: in
// production its routes do not exist and every school runs on the
// machine's clock.
func TestDevClockOnlyInDevelopment(t *testing.T) {
	for _, c := range []struct {
		env  config.Environment
		want bool
	}{{config.Development, true}, {config.Production, false}} {
		var opts httpapi.Options
		if err := serveDoubles(&config.Config{Env: c.env}, slog.New(slog.NewTextHandler(io.Discard, nil)), nil, &opts); err != nil {
			t.Fatal(err)
		}
		if got := opts.DevClock != nil; got != c.want {
			t.Errorf("%s: development clock handed in %v, want %v", c.env, got, c.want)
		}
	}
}
