package tenants_test

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"gorm.io/gorm"

	"github.com/praksis/praksis/tenants"
	"github.com/praksis/praksis/tenants/testdb"
)

// A request gets the connection that last served its school when it is
// idle, and a connection that served another school first sees only the
// new school's tables: nothing of the scope outlives its transaction.
func TestAffinityKeepsConnectionsPerSchool(t *testing.T) {
	db, reg, a, b := twoNamedSchools(t)
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
	oneConnectionEach(reg, a, b)
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

// A request whose school has no connection of its own idle takes one that
// served the school before, though another has been idle longer: that one
// would have to meet the school's tables and plans afresh.
func TestAffinityPrefersAConnectionThatMetTheSchool(t *testing.T) {
	db, reg, a, b := twoNamedSchools(t)
	if err := reg.UseAffinity(2); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(reg.Close)
	pid := func(ten *tenants.Tenant) int {
		var p int
		if err := reg.Scope(context.Background(), ten, func(_ context.Context, tx *gorm.DB) error {
			return tx.Raw("SELECT pg_backend_pid()").Row().Scan(&p)
		}); err != nil {
			t.Fatal(err)
		}
		return p
	}
	oneConnectionEach(reg, a, b)
	ofA := pid(a)
	ofB := pid(b) // now B's is the newest idle and A's the oldest
	if ofA == ofB {
		t.Fatalf("both schools on one connection (%d)", ofA)
	}
	c := db.School(t, "skole-c", "C")
	if err := reg.Load(context.Background()); err != nil {
		t.Fatal(err)
	}
	// C takes the one idle the longest, A's, which then last served C.
	if got := pid(c); got != ofA {
		t.Fatalf("school C on connection %d, want the one idle the longest (%d)", got, ofA)
	}
	// B's connection has now been idle longer, but A's has met A.
	if got := pid(a); got != ofA {
		t.Errorf("school A on connection %d, want %d, which served A before (%d never did)", got, ofA, ofB)
	}
}

// When every connection is out, a connection given back goes to the first
// waiting request of the school it served, ahead of requests of other
// schools that waited longer; and those are passed over at most once a
// connection (here one), so a quiet school is never starved by a busy one.
// A request that stops waiting leaves the line.
func TestAffinityHandsConnectionsToTheSameSchool(t *testing.T) {
	db := testdb.New(t)
	a := db.School(t, "skole-a", "A")
	b := db.School(t, "skole-b", "B")
	reg := affineRegistry(t, db, 1)

	var mu sync.Mutex
	var order []string
	pids := map[string]int{}
	entered := make(chan struct{}, 1)
	run := func(name string, ten *tenants.Tenant, hold <-chan struct{}) error {
		return reg.Scope(context.Background(), ten, func(_ context.Context, tx *gorm.DB) error {
			var pid int
			if err := tx.Raw("SELECT pg_backend_pid()").Scan(&pid).Error; err != nil {
				return err
			}
			mu.Lock()
			order, pids[name] = append(order, name), pid
			mu.Unlock()
			if hold != nil {
				entered <- struct{}{}
				<-hold
			}
			return nil
		})
	}
	waitFor := func(n int) {
		t.Helper()
		deadline := time.Now().Add(10 * time.Second)
		for tenants.Waiting(reg) != n {
			if time.Now().After(deadline) {
				t.Fatalf("%d requests waiting, want %d", tenants.Waiting(reg), n)
			}
			time.Sleep(time.Millisecond)
		}
	}

	// School A holds the only connection; B, then A twice, line up.
	hold := make(chan struct{})
	var wg sync.WaitGroup
	start := func(name string, ten *tenants.Tenant, h <-chan struct{}) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := run(name, ten, h); err != nil {
				t.Errorf("%s: %v", name, err)
			}
		}()
	}
	start("holder A", a, hold)
	<-entered
	start("B", b, nil)
	waitFor(1)
	start("A1", a, nil)
	waitFor(2)
	start("A2", a, nil)
	waitFor(3)
	// A request that gives up leaves the line.
	ctx, cancel := context.WithCancel(context.Background())
	gaveUp := make(chan error, 1)
	go func() {
		gaveUp <- reg.Scope(ctx, b, func(context.Context, *gorm.DB) error { return nil })
	}()
	waitFor(4)
	cancel()
	if err := <-gaveUp; !errors.Is(err, context.Canceled) {
		t.Errorf("a request that gave up: %v", err)
	}
	waitFor(3)

	close(hold)
	wg.Wait()
	if got := strings.Join(order, ", "); got != "holder A, A1, B, A2" {
		t.Errorf("served in the order %s, want holder A, A1, B, A2", got)
	}
	if pids["A1"] != pids["holder A"] {
		t.Errorf("A1 ran on connection %d, not A's %d", pids["A1"], pids["holder A"])
	}
	if tenants.Waiting(reg) != 0 {
		t.Errorf("%d still waiting", tenants.Waiting(reg))
	}
}

// twoNamedSchools makes the schools skole-a and skole-b, each with its own
// name ("A", "B") as appName in its catalogue, and a registry that knows
// them.
// oneConnectionEach leaves an idle connection for each of the schools, by
// running a scope of each at once.
func oneConnectionEach(reg *tenants.Registry, schools ...*tenants.Tenant) {
	var wg sync.WaitGroup
	hold := make(chan struct{})
	for _, ten := range schools {
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
}

func twoNamedSchools(t *testing.T) (*testdb.DB, *tenants.Registry, *tenants.Tenant, *tenants.Tenant) {
	t.Helper()
	db := testdb.New(t)
	a := db.School(t, "skole-a", "A")
	b := db.School(t, "skole-b", "B")
	db.Exec(t, "skole-a", "INSERT INTO catalogue_entries (language, key, value) VALUES ('nb', 'appName', 'A')")
	db.Exec(t, "skole-b", "INSERT INTO catalogue_entries (language, key, value) VALUES ('nb', 'appName', 'B')")
	reg := tenants.NewRegistry(db.Root, tenants.TenantTarget())
	if err := reg.Load(context.Background()); err != nil {
		t.Fatal(err)
	}
	return db, reg, a, b
}

// affineRegistry is the registry of db's schools, its requests on at most
// max connections of the school-affine pool.
func affineRegistry(t *testing.T, db *testdb.DB, max int) *tenants.Registry {
	t.Helper()
	reg := tenants.NewRegistry(db.Root, tenants.TenantTarget())
	if err := reg.Load(context.Background()); err != nil {
		t.Fatal(err)
	}
	if err := reg.UseAffinity(max); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(reg.Close)
	return reg
}

// A request whose handler panics (the HTTP layer recovers) gives its
// connection's place back: with one place, the next request still runs.
func TestAffinityGivesBackThePlaceOfARequestThatPanicked(t *testing.T) {
	db := testdb.New(t)
	a := db.School(t, "skole-a", "A")
	reg := affineRegistry(t, db, 1)
	runsAfterPanics(t, func(ctx context.Context, fn func(context.Context, *gorm.DB) error) error {
		return reg.Scope(ctx, a, fn)
	})
}
