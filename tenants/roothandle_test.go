package tenants_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"testing"
)

// The root handle (the pool tenants.Open returns) reaches the control schema
// and, through the login role, can take any school's role: a handler holding
// it could read another school. Handlers get their database only from
// tenants.DB(ctx), the request's scoped transaction. This test keeps it so
// for every package under api/, by type: it knows what each name denotes, so
// an import alias or a promoted field does not hide a use.
//
// A package under api/ (test files aside) may not:
//   - call or refer to a function that opens a pool or needs the root handle
//     (rootFuncs);
//   - take the pool back out of a gorm handle: on the scoped transaction
//     itself, (*gorm.DB).DB() and the ConnPool and Dialector fields of
//     gorm.Config give the shared root pool, not the transaction
//     (rootFuncs, rootFields);
//   - keep a root-capable value in a struct field, a package variable or a
//     function-typed field's results, or declare an interface method that
//     returns one (rootTypes): that is how a handle opened by main would be
//     handed to handlers.
//
// Parameters of type *gorm.DB are fine: every caller passes the handle it
// got from tenants.DB(ctx) or from the scope's callback.
//
// Reflection and unsafe are out of its sight; review covers those.

// rootAllowed are the packages that may reach the root handle, and why.
var rootAllowed = map[string]string{
	// main wires the process: it opens the pool and hands the rest only the
	// registry (which gives out scoped transactions), the job queue and
	// closures.
	"github.com/praksis/praksis/api/cmd/praksis": "wiring",
	// River keeps the job queue in its own schema and needs the pool to
	// work it; what handlers call, Queue.Enqueue, uses only the request's
	// own transaction. Its metrics collector reads the pool's queue tables.
	"github.com/praksis/praksis/api/jobs": "the job queue",
	// The WAL archiver's metrics read pg_stat_archiver, the cluster's and
	// no school's, through the pool main hands the metrics registry.
	"github.com/praksis/praksis/api/walarchive": "the archiver's metrics",
	// The load generator is a program of its own, not the service: its
	// verify mode reads a database restored from a backup.
	"github.com/praksis/praksis/api/cmd/loadgen": "a separate program",
}

// rootFuncs are the functions and methods, by types.Func.FullName, that
// open a pool or hand out the root one.
var rootFuncs = map[string]bool{
	"github.com/praksis/praksis/tenants.Open":         true,
	"github.com/praksis/praksis/tenants.Close":        true,
	"github.com/praksis/praksis/tenants.InScope":      true,
	"github.com/praksis/praksis/tenants.NewRegistry":  true,
	"github.com/praksis/praksis/tenants.NewService":   true,
	"github.com/praksis/praksis/tenants.NewMigrator":  true,
	"gorm.io/gorm.Open":                               true,
	"(*gorm.io/gorm.DB).DB":                           true,
	"(*gorm.io/gorm.DB).Connection":                   true,
	"gorm.io/driver/postgres.Open":                    true,
	"gorm.io/driver/postgres.New":                     true,
	"database/sql.Open":                               true,
	"database/sql.OpenDB":                             true,
	"github.com/jackc/pgx/v5.Connect":                 true,
	"github.com/jackc/pgx/v5.ConnectConfig":           true,
	"github.com/jackc/pgx/v5/pgxpool.New":             true,
	"github.com/jackc/pgx/v5/pgxpool.NewWithConfig":   true,
	"github.com/jackc/pgx/v5/stdlib.OpenDB":           true,
	"github.com/jackc/pgx/v5/stdlib.OpenDBFromPool":   true,
	"github.com/jackc/pgx/v5/stdlib.GetConnector":     true,
	"github.com/jackc/pgx/v5/stdlib.GetPoolConnector": true,
}

// rootFields are struct fields, as "package.Struct.Field", that hold the
// root pool even on a scoped handle.
var rootFields = []string{"gorm.io/gorm.Config.ConnPool", "gorm.io/gorm.Config.Dialector"}

// rootTypes are the types whose values are, or hold, the root pool.
var rootTypes = map[string]bool{
	"gorm.io/gorm.DB":                             true,
	"database/sql.DB":                             true,
	"database/sql.Conn":                           true,
	"github.com/jackc/pgx/v5.Conn":                true,
	"github.com/jackc/pgx/v5/pgxpool.Pool":        true,
	"github.com/praksis/praksis/tenants.Service":  true,
	"github.com/praksis/praksis/tenants.Migrator": true,
}

const apiPrefix = "github.com/praksis/praksis/api/"

// listedPackage is what `go list -json` says of one package.
type listedPackage struct {
	ImportPath string
	Dir        string
	Export     string
	GoFiles    []string
	DepOnly    bool
}

// loader type-checks packages from source against the compiler's export
// data of their imports, which `go list -export` builds (from the build
// cache when it is warm).
type loader struct {
	fset    *token.FileSet
	imp     types.Importer
	targets []listedPackage
}

func newLoader(t *testing.T, patterns ...string) *loader {
	t.Helper()
	goCmd, err := exec.LookPath("go")
	if err != nil {
		goCmd = filepath.Join(runtime.GOROOT(), "bin", "go")
	}
	args := append([]string{"list", "-e", "-export", "-deps", "-json=ImportPath,Dir,Export,GoFiles,DepOnly"}, patterns...)
	cmd := exec.Command(goCmd, args...)
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	exports := map[string]string{}
	l := &loader{fset: token.NewFileSet()}
	dec := json.NewDecoder(strings.NewReader(string(out)))
	for {
		var p listedPackage
		if err := dec.Decode(&p); errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			t.Fatalf("read go list output: %v", err)
		}
		exports[p.ImportPath] = p.Export
		if !p.DepOnly {
			l.targets = append(l.targets, p)
		}
	}
	l.imp = importer.ForCompiler(l.fset, "gc", func(path string) (io.ReadCloser, error) {
		file, ok := exports[path]
		if !ok || file == "" {
			return nil, fmt.Errorf("no export data for %s", path)
		}
		return os.Open(file)
	})
	return l
}

// check type-checks one package's files and returns what it finds against
// the rule, one line per finding.
func (l *loader) check(path string, files []*ast.File) ([]string, error) {
	info := &types.Info{Uses: map[*ast.Ident]types.Object{}, Defs: map[*ast.Ident]types.Object{}}
	conf := types.Config{Importer: l.imp}
	pkg, err := conf.Check(path, l.fset, files, info)
	if err != nil {
		return nil, fmt.Errorf("type-check %s: %w", path, err)
	}
	fields, err := l.rootFieldVars()
	if err != nil {
		return nil, err
	}
	var found []string
	report := func(pos token.Pos, format string, args ...any) {
		found = append(found, fmt.Sprintf("%s: %s", l.fset.Position(pos), fmt.Sprintf(format, args...)))
	}
	for id, obj := range info.Uses {
		switch o := obj.(type) {
		case *types.Func:
			if rootFuncs[o.Origin().FullName()] {
				report(id.Pos(), "uses %s, which opens or hands out the root database handle; use tenants.DB(ctx)", o.FullName())
			}
		case *types.Var:
			if fields[o.Origin()] {
				report(id.Pos(), "reads gorm's %s, which is the root pool even on the scoped transaction", o.Name())
			}
		}
	}
	for id, obj := range info.Defs {
		v, ok := obj.(*types.Var)
		if !ok {
			if tn, ok := obj.(*types.TypeName); ok && tn.Parent() == pkg.Scope() {
				if iface, ok := tn.Type().Underlying().(*types.Interface); ok {
					for i := range iface.NumExplicitMethods() {
						m := iface.ExplicitMethod(i)
						if name, ok := mentionsRoot(m.Type().(*types.Signature).Results(), map[types.Type]bool{}); ok {
							report(m.Pos(), "interface method %s.%s returns %s, a root database handle", tn.Name(), m.Name(), name)
						}
					}
				}
			}
			continue
		}
		if !v.IsField() && v.Parent() != pkg.Scope() {
			continue
		}
		if name, ok := mentionsRoot(v.Type(), map[types.Type]bool{}); ok {
			kind := "package variable"
			if v.IsField() {
				kind = "field"
			}
			report(id.Pos(), "%s %s holds %s, a root database handle; get the scoped one from tenants.DB(ctx) when needed", kind, v.Name(), name)
		}
	}
	sort.Strings(found)
	return found, nil
}

// rootFieldVars finds the objects of rootFields, so that a field is known
// by what it is whichever struct it is promoted through.
func (l *loader) rootFieldVars() (map[*types.Var]bool, error) {
	out := map[*types.Var]bool{}
	for _, f := range rootFields {
		i := strings.LastIndex(f, ".")
		j := strings.LastIndex(f[:i], ".")
		pkgPath, typeName, field := f[:j], f[j+1:i], f[i+1:]
		pkg, err := l.imp.Import(pkgPath)
		if err != nil {
			return nil, fmt.Errorf("import %s: %w", pkgPath, err)
		}
		st, ok := pkg.Scope().Lookup(typeName).Type().Underlying().(*types.Struct)
		if !ok {
			return nil, fmt.Errorf("%s.%s is not a struct", pkgPath, typeName)
		}
		n := len(out)
		for k := range st.NumFields() {
			if st.Field(k).Name() == field {
				out[st.Field(k)] = true
			}
		}
		if len(out) == n {
			return nil, fmt.Errorf("%s has no field %s", typeName, field)
		}
	}
	return out, nil
}

// mentionsRoot reports whether a value of type t holds or yields a root
// type: directly, behind pointers, in containers or anonymous structs, or
// as a result of a function. Named types are not opened: each is checked
// where it is declared.
func mentionsRoot(t types.Type, seen map[types.Type]bool) (string, bool) {
	if t == nil || seen[t] {
		return "", false
	}
	seen[t] = true
	switch t := types.Unalias(t).(type) {
	case *types.Named:
		if obj := t.Obj(); obj.Pkg() != nil && rootTypes[obj.Pkg().Path()+"."+obj.Name()] {
			return obj.Pkg().Name() + "." + obj.Name(), true
		}
	case *types.Pointer:
		return mentionsRoot(t.Elem(), seen)
	case *types.Slice:
		return mentionsRoot(t.Elem(), seen)
	case *types.Array:
		return mentionsRoot(t.Elem(), seen)
	case *types.Chan:
		return mentionsRoot(t.Elem(), seen)
	case *types.Map:
		if name, ok := mentionsRoot(t.Key(), seen); ok {
			return name, ok
		}
		return mentionsRoot(t.Elem(), seen)
	case *types.Struct:
		for i := range t.NumFields() {
			if name, ok := mentionsRoot(t.Field(i).Type(), seen); ok {
				return name, ok
			}
		}
	case *types.Signature:
		return mentionsRoot(t.Results(), seen)
	case *types.Tuple:
		for i := range t.Len() {
			if name, ok := mentionsRoot(t.At(i).Type(), seen); ok {
				return name, ok
			}
		}
	}
	return "", false
}

func (l *loader) parse(p listedPackage) ([]*ast.File, error) {
	var files []*ast.File
	for _, name := range p.GoFiles {
		f, err := parser.ParseFile(l.fset, filepath.Join(p.Dir, name), nil, parser.SkipObjectResolution)
		if err != nil {
			return nil, err
		}
		files = append(files, f)
	}
	return files, nil
}

func TestRootHandleNeverReachesHandlers(t *testing.T) {
	l := newLoader(t, apiPrefix+"...")
	checked := 0
	for _, p := range l.targets {
		if !strings.HasPrefix(p.ImportPath, apiPrefix) {
			continue
		}
		if _, ok := rootAllowed[p.ImportPath]; ok {
			continue
		}
		files, err := l.parse(p)
		if err != nil {
			t.Fatal(err)
		}
		found, err := l.check(p.ImportPath, files)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range found {
			t.Error(f)
		}
		checked++
	}
	// Guards the listing itself: an empty walk would pass anything.
	if checked < 10 {
		t.Fatalf("checked only %d packages under api/", checked)
	}
}

// TestRootHandleRuleCatches runs the same check on small packages posing
// as api/httpapi, so the rule is known to bite.
func TestRootHandleRuleCatches(t *testing.T) {
	l := newLoader(t, apiPrefix+"...")
	const header = `package httpapi

import (
	"context"
	"database/sql"

	db "gorm.io/gorm"

	"github.com/praksis/praksis/tenants"
)

var _ = context.Background
var _ *sql.Tx
var _ *db.DB
var _ = tenants.DB
`
	tests := []struct {
		name string
		src  string
		want string // "" is clean
	}{
		{"scoped handle from the context", `
func list(ctx context.Context) error {
	tx, err := tenants.DB(ctx)
	if err != nil {
		return err
	}
	return helper(tx)
}
func helper(tx *db.DB) error { return tx.Exec("SELECT 1").Error }`, ""},
		{"the request's own transaction", `
func raw(ctx context.Context) (*sql.Tx, bool) {
	tx, _ := tenants.DB(ctx)
	s, ok := tx.Statement.ConnPool.(*sql.Tx)
	return s, ok
}`, ""},
		{"opening the pool", `
func open(ctx context.Context) { _, _ = tenants.Open(ctx, "postgres://", 1) }`, "tenants.Open"},
		{"opening the pool as a value", `
var opener = tenants.Open`, "tenants.Open"},
		{"the pool behind the scoped handle", `
func pool(ctx context.Context) {
	tx, _ := tenants.DB(ctx)
	sqlDB, _ := tx.DB()
	_ = sqlDB
}`, "(*gorm.io/gorm.DB).DB"},
		{"the promoted ConnPool field", `
func pool(ctx context.Context) {
	tx, _ := tenants.DB(ctx)
	_ = tx.ConnPool
}`, "ConnPool"},
		{"the Dialector field through Config", `
func pool(ctx context.Context) {
	tx, _ := tenants.DB(ctx)
	_ = tx.Config.Dialector
}`, "Dialector"},
		{"a handle kept in a field", `
type Handlers struct{ root *db.DB }`, "field root holds gorm.DB"},
		{"a tenants.Service kept in a field", `
type Handlers struct{ schools *tenants.Service }`, "field schools holds tenants.Service"},
		{"a pool behind a function field", `
type Handlers struct{ pool func() (*sql.DB, error) }`, "field pool holds sql.DB"},
		{"a package variable", `
var pools = map[string]*sql.DB{}`, "package variable pools holds sql.DB"},
		{"an interface that hands one out", `
type rooter interface{ Root() *db.DB }`, "interface method rooter.Root returns gorm.DB"},
	}
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			name := fmt.Sprintf("case%d.go", i)
			f, err := parser.ParseFile(l.fset, name, header+tt.src, parser.SkipObjectResolution)
			if err != nil {
				t.Fatal(err)
			}
			found, err := l.check(apiPrefix+"httpapi", []*ast.File{f})
			if err != nil {
				t.Fatal(err)
			}
			switch {
			case tt.want == "" && len(found) > 0:
				t.Errorf("clean code reported: %v", found)
			case tt.want != "" && len(found) == 0:
				t.Errorf("not reported, want %q", tt.want)
			case tt.want != "" && !strings.Contains(strings.Join(found, "\n"), tt.want):
				t.Errorf("reported %v, want a finding naming %q", found, tt.want)
			}
		})
	}
}
