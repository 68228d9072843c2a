package tenants_test

import (
	"context"
	"sync"
	"testing"

	"gorm.io/gorm"

	"github.com/praksis/praksis/tenants"
	"github.com/praksis/praksis/tenants/testdb"
)

// A request gets the connection that last served its school when it is
// idle, and a connection that served another school first sees only the
// new school's tables: nothing of the scope outlives its transaction.
func TestAffinityKeepsConnectionsPerSchool(t *testing.T) {
	db := testdb.New(t)
	a := db.School(t, "skole-a", "A")
	b := db.School(t, "skole-b", "B")
	db.Exec(t, "skole-a", "INSERT INTO catalogue_entries (language, key, value) VALUES ('nb', 'appName', 'A')")
	db.Exec(t, "skole-b", "INSERT INTO catalogue_entries (language, key, value) VALUES ('nb', 'appName', 'B')")
	reg := tenants.NewRegistry(db.Root, tenants.TenantTarget())
	if err := reg.Load(context.Background()); err != nil {
		t.Fatal(err)
	}
	if err := reg.UseAffinity(2); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(reg.Close)
	type seen struct {
		pid  int
		name string
		role string
	}
	in := func(ten *tenants.Tenant) seen {
		var s seen
		err := reg.Scope(context.Background(), ten, func(_ context.Context, tx *gorm.DB) error {
			return tx.Raw(`SELECT pg_backend_pid() AS pid, current_user AS role,
				(SELECT value FROM catalogue_entries WHERE key = 'appName') AS name`).Row().Scan(&s.pid, &s.role, &s.name)
		})
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	// Two connections, one per school, by running both at once.
	var wg sync.WaitGroup
	hold := make(chan struct{})
	for _, ten := range []*tenants.Tenant{a, b} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_ = reg.Scope(context.Background(), ten, func(_ context.Context, tx *gorm.DB) error {
				<-hold
				return tx.Exec("SELECT 1").Error
			})
		}()
	}
	close(hold)
	wg.Wait()
	first := map[string]seen{"A": in(a), "B": in(b)}
	if first["A"].pid == first["B"].pid {
		t.Fatalf("both schools on one connection: %+v", first)
	}
	for range 5 {
		if got := in(a); got.pid != first["A"].pid || got.name != "A" || got.role != a.DBRole {
			t.Errorf("school A: %+v, want connection %d, name A, role %s", got, first["A"].pid, a.DBRole)
		}
		if got := in(b); got.pid != first["B"].pid || got.name != "B" || got.role != b.DBRole {
			t.Errorf("school B: %+v, want connection %d, name B, role %s", got, first["B"].pid, b.DBRole)
		}
	}
	// A third school's request takes A's or B's connection and sees only
	// its own tables, as its own role.
	c := db.School(t, "skole-c", "C")
	db.Exec(t, "skole-c", "INSERT INTO catalogue_entries (language, key, value) VALUES ('nb', 'appName', 'C')")
	if err := reg.Load(context.Background()); err != nil {
		t.Fatal(err)
	}
	if got := in(c); got.name != "C" || got.role != c.DBRole {
		t.Errorf("school C: %+v", got)
	}
}
