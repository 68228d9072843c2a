package testdb_test

import (
	"context"
	"strings"
	"testing"

	"gorm.io/gorm"

	"github.com/praksis/praksis/tenants/testdb"
)

// Copies of a template start alike and then go their own ways: a row one
// test writes is not in another's copy, and a school a test creates gets a
// role named after its own copy, dropped with it.
func TestCopiesOfATemplateAreIndependent(t *testing.T) {
	builds := 0
	build := func(t testing.TB, db *testdb.DB) {
		builds++
		db.School(t, "skole-a", "Skole A", "a.localhost")
		db.Exec(t, "skole-a", "INSERT INTO catalogue_entries (language, key, value) VALUES ('nb', 'appName', 'Skole A')")
	}
	first := testdb.NewFrom(t, t.Name(), build)
	second := testdb.NewFrom(t, t.Name(), build)
	if builds != 1 {
		t.Fatalf("the template was built %d times, want once", builds)
	}
	if first.Name == second.Name {
		t.Fatalf("both copies are database %s", first.Name)
	}

	first.Exec(t, "skole-a", "INSERT INTO catalogue_entries (language, key, value) VALUES ('en', 'appName', 'School A')")
	count := func(db *testdb.DB) int64 {
		var n int64
		if err := db.InScopeTest("skole-a", func(_ context.Context, tx *gorm.DB) error {
			return tx.Raw("SELECT count(*) FROM catalogue_entries WHERE key = 'appName'").Scan(&n).Error
		}); err != nil {
			t.Fatal(err)
		}
		return n
	}
	if a, b := count(first), count(second); a != 2 || b != 1 {
		t.Fatalf("appName rows: %d in the first copy, %d in the second; want 2 and 1", a, b)
	}

	created := second.School(t, "skole-b", "Skole B", "b.localhost")
	if !strings.HasPrefix(created.DBRole, second.Name+"_") {
		t.Fatalf("a school created in copy %s has role %s, want one named after the copy", second.Name, created.DBRole)
	}
	if _, err := first.Service.Get(context.Background(), "skole-b"); err == nil {
		t.Fatal("a school created in one copy is registered in another")
	}
}
