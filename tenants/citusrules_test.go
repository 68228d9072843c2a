package tenants_test

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// doUpdateMutable finds an ON CONFLICT … DO UPDATE SET whose assignments
// (up to the statement's end, a WHERE or RETURNING) call a function that is
// not immutable. Citus refuses such an upsert on a distributed table (a
// school's on a Citus cluster), and on Debian's Postgres 15 with Citus
// 13.2.2 a prepared one even ends the coordinator's backend. The new row's
// value (excluded.updated_at, which the column's default fills) says the
// same.
var doUpdateMutable = regexp.MustCompile(`(?is)DO\s+UPDATE\s+SET\s+(?:[^;` + "`" + `]*?)\b(now|random|clock_timestamp|statement_timestamp|gen_random_uuid|nextval|current_timestamp)\b`)

// doUpdateEnd is where an upsert's SET list ends.
var doUpdateEnd = regexp.MustCompile(`(?is)\b(WHERE|RETURNING)\b|` + "`")

// Every upsert of the service works on Citus: no DO UPDATE SET calls a
// function that is not immutable, in any statement of the Go sources; and
// the check finds one planted.
func TestUpsertsSetNothingMutable(t *testing.T) {
	planted := "`INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = now()`"
	if len(mutableUpserts(planted)) != 1 {
		t.Fatalf("the check misses %s", planted)
	}
	fine := "`INSERT INTO settings (key, value) VALUES (?, now()) ON CONFLICT (key) DO UPDATE SET value = excluded.value WHERE settings.updated_at < now() RETURNING now()`"
	if found := mutableUpserts(fine); len(found) != 0 {
		t.Fatalf("the check reports %s in %s", found, fine)
	}
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	files := 0
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "node_modules" || strings.HasPrefix(d.Name(), ".")) {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		files++
		for _, m := range mutableUpserts(string(b)) {
			rel, _ := filepath.Rel(root, path)
			t.Errorf("%s: an upsert sets %s(), which Citus refuses; set the new row's value (excluded.…) instead", rel, m)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if files < 50 {
		t.Fatalf("read %d Go files; the check is looking in the wrong place", files)
	}
}

// mutableUpserts lists the functions that are not immutable called in the
// SET lists of the upserts in src.
func mutableUpserts(src string) []string {
	var found []string
	for _, loc := range regexp.MustCompile(`(?is)DO\s+UPDATE\s+SET\s+`).FindAllStringIndex(src, -1) {
		rest := src[loc[1]:]
		if end := doUpdateEnd.FindStringIndex(rest); end != nil {
			rest = rest[:end[0]]
		}
		if m := doUpdateMutable.FindStringSubmatch("DO UPDATE SET " + rest); m != nil {
			found = append(found, strings.ToLower(m[1]))
		}
	}
	return found
}
