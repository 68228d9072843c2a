package tenants_test

import (
	"context"
	"testing"

	"gorm.io/gorm"

	"github.com/praksis/praksis/tenants"
)

// A sweep over every school runs on the sweeps' own connections, never on a
// request's, and each school's part of it sees only that school, as its
// role: the requests' connections keep only the schools they serve.
func TestSweepsRunOnTheirOwnConnections(t *testing.T) {
	db, reg, a, b := twoNamedSchools(t)
	if err := reg.UseAffinity(1); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(reg.Close)
	sweepDB, err := tenants.Open(context.Background(), db.URL, 1)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { tenants.Close(sweepDB) })
	sweeps := reg.Sweeps(sweepDB)

	type seen struct {
		pid        int
		name, role string
	}
	look := func(scope func(context.Context, *tenants.Tenant, func(context.Context, *gorm.DB) error) error, ten *tenants.Tenant) seen {
		t.Helper()
		var s seen
		err := scope(context.Background(), ten, func(_ context.Context, tx *gorm.DB) error {
			return tx.Raw(`SELECT pg_backend_pid(), current_user,
				(SELECT value FROM catalogue_entries WHERE key = 'appName')`).Row().Scan(&s.pid, &s.role, &s.name)
		})
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	request := look(reg.Scope, a)
	for _, ten := range []*tenants.Tenant{a, b} {
		got := look(sweeps.Scope, ten)
		if got.pid == request.pid {
			t.Errorf("the sweep of %s ran on the requests' connection %d", ten.Slug, got.pid)
		}
		if want := map[string]string{"skole-a": "A", "skole-b": "B"}[ten.Slug]; got.name != want || got.role != ten.DBRole {
			t.Errorf("the sweep of %s saw school %q as %s, want %q as %s", ten.Slug, got.name, got.role, want, ten.DBRole)
		}
	}
	if got := look(reg.Scope, a); got.pid != request.pid {
		t.Errorf("after the sweep, school A's request ran on connection %d, want %d", got.pid, request.pid)
	}
}
