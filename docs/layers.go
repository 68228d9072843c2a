package docs

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"sort"
	"strings"
)

// Layer is one floor of the layering docs/architecture.md draws: the
// packages whose import path (below the module) starts with one of Prefixes.
// A package belongs to the layer of its longest matching prefix.
type Layer struct {
	Level    int
	Name     string
	Prefixes []string
}

// Package is what the layering check needs of a Go package: its path below
// the module and what its code, and its tests, import from the module.
type Package struct {
	Path        string
	Imports     []string
	TestImports []string
}

// LayerOf is the layer of a package path, false when no layer claims it.
func LayerOf(layers []Layer, path string) (Layer, bool) {
	best, bestLen, found := Layer{}, -1, false
	for _, l := range layers {
		for _, p := range l.Prefixes {
			if (path == p || strings.HasPrefix(path, p+"/")) && len(p) > bestLen {
				best, bestLen, found = l, len(p), true
			}
		}
	}
	return best, found
}

// Violations lists every import of a package from a layer above its own,
// and every package no layer claims. With testsToo, the imports of the
// package's tests count as well.
func Violations(layers []Layer, pkgs []Package, testsToo func(Layer) bool) []string {
	var out []string
	for _, p := range pkgs {
		from, ok := LayerOf(layers, p.Path)
		if !ok {
			out = append(out, fmt.Sprintf("%s is in no layer", p.Path))
			continue
		}
		imports := p.Imports
		if testsToo(from) {
			imports = append(append([]string{}, imports...), p.TestImports...)
		}
		for _, imp := range imports {
			to, ok := LayerOf(layers, imp)
			if ok && to.Level > from.Level {
				out = append(out, fmt.Sprintf("%s (%s) imports %s (%s, above it)", p.Path, from.Name, imp, to.Name))
			}
		}
	}
	sort.Strings(out)
	return out
}

// ListPackages runs `go list` on the module at root and gives each package
// with its imports from the module, paths below the module.
func ListPackages(root string) ([]Package, error) {
	cmd := exec.Command("go", "list", "-json=ImportPath,Module,Imports,TestImports,XTestImports", "./...")
	cmd.Dir = root
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("go list: %w: %s", err, stderr.String())
	}
	type listed struct {
		ImportPath   string
		Module       struct{ Path string }
		Imports      []string
		TestImports  []string
		XTestImports []string
	}
	var pkgs []Package
	dec := json.NewDecoder(bytes.NewReader(out))
	for {
		var l listed
		if err := dec.Decode(&l); errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			return nil, fmt.Errorf("go list output: %w", err)
		}
		mod := l.Module.Path + "/"
		if strings.Contains(l.ImportPath, "/node_modules/") {
			continue // a Go package an npm package ships, not the project's
		}
		local := func(paths []string) []string {
			var in []string
			for _, p := range paths {
				if rest, ok := strings.CutPrefix(p, mod); ok && rest != strings.TrimPrefix(l.ImportPath, mod) {
					in = append(in, rest)
				}
			}
			return in
		}
		pkgs = append(pkgs, Package{
			Path:        strings.TrimPrefix(l.ImportPath, mod),
			Imports:     local(l.Imports),
			TestImports: local(append(l.TestImports, l.XTestImports...)),
		})
	}
	return pkgs, nil
}
