package docs

import (
	"slices"
	"strings"
	"testing"
)

// layers is the layering docs/architecture.md draws, from the floor up. A
// package imports only from its own layer and those below it.
var layers = []Layer{
	{0, "the floor", []string{"tenants", "schema", "frontend"}},
	{1, "the domain", []string{"api"}},
	{2, "the HTTP API", []string{"api/httpapi"}},
	{3, "development doubles", []string{"dev"}},
	{4, "commands", []string{"api/cmd", "dev/cmd"}},
	{5, "checks of the deployment and the guides", []string{"deploy", "docs"}},
}

// devWiring are the packages outside dev/ that may import it: the binary,
// whose development mode serves the doubles, and the load generator, which
// reads the shared mail catcher.
var devWiring = []string{"api/cmd/praksis", "api/cmd/loadgen"}

// testsCount says whose tests keep to the layering too: the floor's, so
// that tenants stands on nothing above it even in its tests. The tests
// above it may use the demo data and the doubles.
func testsCount(l Layer) bool { return l.Level == 0 }

// devImporters lists the packages outside dev/ whose code imports dev/ and
// may not.
func devImporters(pkgs []Package) []string {
	var out []string
	for _, p := range pkgs {
		if p.Path == "dev" || strings.HasPrefix(p.Path, "dev/") || slices.Contains(devWiring, p.Path) {
			continue
		}
		for _, imp := range p.Imports {
			if imp == "dev" || strings.HasPrefix(imp, "dev/") {
				out = append(out, p.Path+" imports "+imp)
			}
		}
	}
	return out
}

// No package imports one above it, tenants and its tests import nothing
// from api/, and only the binary's wiring imports the development doubles.
func TestImportsGoDown(t *testing.T) {
	pkgs, err := ListPackages("..")
	if err != nil {
		t.Fatal(err)
	}
	if len(pkgs) < 20 {
		t.Fatalf("go list found only %d packages", len(pkgs))
	}
	for _, v := range Violations(layers, pkgs, testsCount) {
		t.Error(v)
	}
	for _, v := range devImporters(pkgs) {
		t.Error(v)
	}
	for _, want := range []string{"tenants", "api/httpapi", "dev/mockidp", "api/cmd/praksis"} {
		if !slices.ContainsFunc(pkgs, func(p Package) bool { return p.Path == want }) {
			t.Errorf("go list did not list %s", want)
		}
	}
}

// The checks catch an import upwards, a test of the floor that reaches into
// the domain, a package no layer claims and a double imported by production
// code; an import sideways or down, and a test of the HTTP API using a
// double, pass.
func TestLayeringCatchesImportsUpwards(t *testing.T) {
	sample := []Package{
		{Path: "tenants", Imports: []string{"api/edge"}},
		{Path: "api/results", TestImports: []string{"dev/demo"}},
		{Path: "tenants/testdb", TestImports: []string{"api/jobs"}},
		{Path: "api/answers", Imports: []string{"api/edge", "tenants", "api/httpapi"}},
		{Path: "api/httpapi", Imports: []string{"api/answers", "dev/mailcatcher"}, TestImports: []string{"dev/mockidp"}},
		{Path: "api/cmd/praksis", Imports: []string{"dev/mockidp", "api/httpapi"}},
		{Path: "tools/x"},
	}
	got := append(Violations(layers, sample, testsCount), devImporters(sample)...)
	expectLines(t, got, `
api/answers (the domain) imports api/httpapi (the HTTP API, above it)
api/httpapi (the HTTP API) imports dev/mailcatcher (development doubles, above it)
tenants (the floor) imports api/edge (the domain, above it)
tenants/testdb (the floor) imports api/jobs (the domain, above it)
tools/x is in no layer
api/httpapi imports dev/mailcatcher`)
}
