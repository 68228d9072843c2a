package tenants_test

import (
	"context"
	"database/sql/driver"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"gorm.io/gorm"

	"github.com/praksis/praksis/tenants"
	"github.com/praksis/praksis/tenants/statements"
	"github.com/praksis/praksis/tenants/testdb"
)

// errRefused is what the session check of these tests answers for a
// session that is not live.
var errRefused = errors.New("session refused")

// nameRead reads a user's name, as the school's role, the way the hot
// routes read: a tenants.Named statement through ReadRow.
var nameRead = tenants.NewNamed("SELECT display_name AS name, current_user::text AS role FROM users WHERE id = @id")

type nameRow struct {
	Name string
	Role string
}

// readsFirstPool is a one-connection pool with a counter, a school with
// Kari and her live session, and a revoked session of hers.
func readsFirstPool(t *testing.T) (*testdb.DB, *gorm.DB, *statements.Counter, *tenants.Tenant, int64) {
	t.Helper()
	db := testdb.New(t)
	a := db.School(t, "first-a", "Skole A")
	kari := userWithSession(t, db, "first-a")
	db.Exec(t, "first-a", "INSERT INTO sessions (id, user_id, sign_in_method, revoked_at) SELECT '5f0c3f4e-0000-4000-8000-000000000002', id, 'code', now() FROM users")
	counter := &statements.Counter{}
	root, err := tenants.Open(context.Background(), db.URL, 1, counter)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if sqlDB, err := root.DB(); err == nil {
			_ = sqlDB.Close()
		}
	})
	return db, root, counter, a, kari
}

// inReadsFirst runs fn in a's scope as a request that reads first, with a
// check that refuses sessions not found; checked records the session the
// check saw. A scope on a connection that has been idle reads the session
// as it begins (deferScope); when kept is set, the scope follows another
// at once and must keep it back.
func inReadsFirst(root *gorm.DB, a *tenants.Tenant, probe tenants.SessionProbe, kept bool, checked *[]string, fn func(ctx context.Context, tx *gorm.DB) error) error {
	ctx := tenants.PerSchoolStatements(tenants.ReadsFirst(context.Background()))
	return tenants.InScopeAs(ctx, root, a, &probe, func(ctx context.Context, tx *gorm.DB) error {
		if kept && !tenants.SessionPending(ctx) {
			return errors.New("the session was read before the first statement")
		}
		if err := tenants.OnSessionRead(ctx, func(read *tenants.SessionRead) error {
			*checked = append(*checked, read.Probe.ID)
			if !read.Found {
				return errRefused
			}
			return nil
		}); err != nil {
			return err
		}
		err := fn(ctx, tx)
		if cerr := tenants.SessionChecked(ctx); cerr != nil {
			return cerr
		}
		return err
	})
}

const (
	liveSession    = "5f0c3f4e-0000-4000-8000-000000000001"
	revokedSession = "5f0c3f4e-0000-4000-8000-000000000002"
)

// A request that reads first sends BEGIN, the statement that enters the
// school and reads the session, its read and COMMIT in one round trip once
// the read is prepared on the connection; the row reaches the handler only
// after the session's check has passed.
func TestReadsFirstSendsTheBeginningWithTheRead(t *testing.T) {
	_, root, counter, a, kari := readsFirstPool(t)
	for i, want := range []struct{ trips, statements int }{
		// New to the connection: the beginning goes first, alone, and the
		// read is prepared in the school (pgx prepares, then runs it).
		{2, 4},
		// Warm: one round trip.
		{1, 4},
	} {
		counter.Reset()
		var checked []string
		var got *nameRow
		err := inReadsFirst(root, a, tenants.SessionProbe{ID: liveSession, UserID: kari}, i == 1, &checked, func(ctx context.Context, _ *gorm.DB) error {
			row, err := tenants.ReadRow[nameRow](ctx, nameRead, map[string]any{"id": kari}, true)
			if len(checked) != 1 {
				t.Errorf("request %d: the row came before the session's check", i)
			}
			if read := tenants.SessionFrom(ctx); read == nil || !read.Found || read.UserID != kari {
				t.Errorf("request %d: session after the read: %+v", i, read)
			}
			got = row
			return err
		})
		if err != nil {
			t.Fatalf("request %d: %v", i, err)
		}
		if got == nil || got.Name != "Kari" || got.Role != a.DBRole {
			t.Fatalf("request %d: read %+v", i, got)
		}
		sqls := counter.SQL()
		if i == 1 {
			if counter.RoundTrips() != want.trips || len(sqls) != want.statements || sqls[0] != "begin read only" || sqls[3] != "commit" {
				t.Errorf("warm request: %d round trips, statements:\n  %s", counter.RoundTrips(), strings.Join(sqls, "\n  "))
			}
		} else if counter.RoundTrips() != want.trips || len(sqls) != want.statements {
			t.Errorf("first request: %d round trips, statements:\n  %s", counter.RoundTrips(), strings.Join(sqls, "\n  "))
		}
	}
}

// A session that is not live refuses a request that reads first before
// anything it read, or would write, reaches the handler or the database;
// the connection is left with no transaction and none of the school's
// settings.
func TestReadsFirstRefusesASessionThatIsNotLive(t *testing.T) {
	db, root, _, a, kari := readsFirstPool(t)
	warm := func() {
		var checked []string
		for _, last := range []bool{true, false} {
			if err := inReadsFirst(root, a, tenants.SessionProbe{ID: liveSession, UserID: kari}, false, &checked, func(ctx context.Context, _ *gorm.DB) error {
				_, err := tenants.ReadRow[nameRow](ctx, nameRead, map[string]any{"id": kari}, last)
				return err
			}); err != nil {
				t.Fatal(err)
			}
		}
	}
	for _, tc := range []struct {
		name  string
		probe tenants.SessionProbe
		fn    func(ctx context.Context, tx *gorm.DB) error
	}{
		{"a read that commits", tenants.SessionProbe{ID: revokedSession, UserID: kari}, func(ctx context.Context, _ *gorm.DB) error {
			row, err := tenants.ReadRow[nameRow](ctx, nameRead, map[string]any{"id": kari}, true)
			if row != nil {
				t.Errorf("a refused session's read reached the handler: %+v", row)
			}
			return err
		}},
		{"a read, then a write the handler tries anyway", tenants.SessionProbe{ID: revokedSession, UserID: kari}, func(ctx context.Context, tx *gorm.DB) error {
			row, err := tenants.ReadRow[nameRow](ctx, nameRead, map[string]any{"id": kari}, false)
			if row != nil || !errors.Is(err, errRefused) {
				t.Errorf("a refused session's read: %+v, %v", row, err)
			}
			if werr := tx.Exec("UPDATE users SET display_name = 'Endret'").Error; werr == nil {
				t.Error("a write after the refusal ran")
			}
			return nil // the handler drops the error; the scope is refused all the same
		}},
		{"a write first", tenants.SessionProbe{ID: revokedSession, UserID: kari}, func(ctx context.Context, tx *gorm.DB) error {
			return tx.Exec("UPDATE users SET display_name = 'Endret'").Error
		}},
		{"no statement at all", tenants.SessionProbe{ID: revokedSession, UserID: kari}, func(context.Context, *gorm.DB) error {
			return nil
		}},
		{"another user's claim on the session", tenants.SessionProbe{ID: liveSession, UserID: kari + 1}, func(ctx context.Context, _ *gorm.DB) error {
			_, err := tenants.ReadRow[nameRow](ctx, nameRead, map[string]any{"id": kari}, true)
			return err
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			warm()
			var checked []string
			err := inReadsFirst(root, a, tc.probe, true, &checked, tc.fn)
			if !errors.Is(err, errRefused) {
				t.Fatalf("got %v, want the check's refusal", err)
			}
			if len(checked) != 1 {
				t.Errorf("the session was checked %d times", len(checked))
			}
			var n int64
			if err := db.InScopeTest("first-a", func(_ context.Context, tx *gorm.DB) error {
				return tx.Raw("SELECT count(*) FROM users WHERE display_name = 'Endret'").Row().Scan(&n)
			}); err != nil || n != 0 {
				t.Fatalf("a refused request wrote: %d rows (%v)", n, err)
			}
			var path, user string
			var status byte
			onTheConnection(t, root, func(dc any) error {
				pc, _ := tenants.PgxConn(dc)
				status = pc.PgConn().TxStatus()
				return pc.QueryRow(context.Background(), "SELECT current_setting('search_path'), current_user::text").Scan(&path, &user)
			})
			if path == a.SchemaName || user == a.DBRole || status != 'I' {
				t.Fatalf("the connection kept the refused scope: search_path %q, role %q, transaction status %c", path, user, status)
			}
			// The connection serves the next request as before.
			warm()
		})
	}
}

// A read that pgx's statement cache has let go is prepared again in the
// school: the beginning goes first, and the read runs, with no error.
func TestReadsFirstPreparesAReadTheConnectionLetGo(t *testing.T) {
	_, root, counter, a, kari := readsFirstPool(t)
	// A scope with no read makes the connection a recent one, which keeps
	// the next beginning back.
	var checked []string
	if err := inReadsFirst(root, a, tenants.SessionProbe{ID: liveSession, UserID: kari}, false, &checked, func(_ context.Context, tx *gorm.DB) error {
		return tx.Exec("SELECT 1").Error
	}); err != nil {
		t.Fatal(err)
	}
	query := tenants.SchoolTag(a.SchemaName) + "SELECT display_name AS name, current_user::text AS role FROM users WHERE id = $1"
	onTheConnection(t, root, func(dc any) error { tenants.MarkWarm(dc, query); return nil })
	for i := range 2 {
		counter.Reset()
		var got *nameRow
		if err := inReadsFirst(root, a, tenants.SessionProbe{ID: liveSession, UserID: kari}, true, &checked, func(ctx context.Context, _ *gorm.DB) error {
			row, err := tenants.ReadRow[nameRow](ctx, nameRead, map[string]any{"id": kari}, true)
			got = row
			return err
		}); err != nil {
			t.Fatalf("request %d: %v", i, err)
		}
		if got == nil || got.Name != "Kari" {
			t.Fatalf("request %d: read %+v", i, got)
		}
	}
	if n := counter.RoundTrips(); n != 1 {
		t.Errorf("once prepared again, the read took %d round trips, want 1:\n  %s", n, strings.Join(counter.SQL(), "\n  "))
	}
}

// onTheConnection runs fn on the driver connection of root's one-connection
// pool.
func onTheConnection(t *testing.T, root *gorm.DB, fn func(dc any) error) {
	t.Helper()
	sqlDB, err := root.DB()
	if err != nil {
		t.Fatal(err)
	}
	conn, err := sqlDB.Conn(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = conn.Close() }()
	if err := conn.Raw(fn); err != nil {
		t.Fatal(err)
	}
}

// A connection that Postgres closed under the pool fails the request that
// finds it as its kept-back beginning is sent, at once and as the database
// being away (the handler may have read the request's body, so the scope
// cannot run again); the next request gets a fresh connection. A connection
// that has been idle, or that was last used before a break was found, is
// checked before the handler runs, and the scope moves to a fresh one
// without failing.
func TestReadsFirstOnAConnectionPostgresClosed(t *testing.T) {
	db, root, _, a, kari := readsFirstPool(t)
	var checked []string
	read := func() error {
		return inReadsFirst(root, a, tenants.SessionProbe{ID: liveSession, UserID: kari}, false, &checked, func(ctx context.Context, _ *gorm.DB) error {
			_, err := tenants.ReadRow[nameRow](ctx, nameRead, map[string]any{"id": kari}, true)
			return err
		})
	}
	closeTheConnection := func() {
		var pid int
		onTheConnection(t, root, func(dc any) error {
			pc, _ := tenants.PgxConn(dc)
			pid = int(pc.PgConn().PID())
			return nil
		})
		terminate(t, db, "pid = ?", pid)
	}
	// within reports read's error, failing the test if it takes 10 s.
	within := func() error {
		done := make(chan error, 1)
		go func() { done <- read() }()
		select {
		case err := <-done:
			return err
		case <-time.After(10 * time.Second):
			t.Fatal("the request hung on the closed connection")
			return nil
		}
	}
	for range 2 {
		if err := read(); err != nil {
			t.Fatal(err)
		}
	}
	closeTheConnection()
	if err := within(); !errors.Is(err, driver.ErrBadConn) {
		t.Fatalf("on the closed connection: %v, want a broken connection", err)
	}
	if err := within(); err != nil {
		t.Fatalf("the next request: %v", err)
	}
	closeTheConnection()
	time.Sleep(1200 * time.Millisecond)
	if err := within(); err != nil {
		t.Fatalf("after the connection was idle: %v", err)
	}
	// Postgres restarting closes every connection. The school-affine pool
	// keeps its connections out of database/sql's, which would ping one
	// idle for a second: its second connection, used before the first
	// found the break, checks itself all the same.
	sqlDB, err := root.DB()
	if err != nil {
		t.Fatal(err)
	}
	sqlDB.SetMaxOpenConns(2)
	reg := tenants.NewRegistry(root, tenants.TenantTarget())
	if err := reg.Load(context.Background()); err != nil {
		t.Fatal(err)
	}
	if err := reg.UseAffinity(2); err != nil {
		t.Fatal(err)
	}
	defer reg.Close()
	viaRegistry := func(hold time.Duration) error {
		ctx := tenants.PerSchoolStatements(tenants.ReadsFirst(context.Background()))
		probe := tenants.SessionProbe{ID: liveSession, UserID: kari}
		return reg.ScopeAs(ctx, a, &probe, func(ctx context.Context, _ *gorm.DB) error {
			_, err := tenants.ReadRow[nameRow](ctx, nameRead, map[string]any{"id": kari}, true)
			time.Sleep(hold)
			if cerr := tenants.SessionChecked(ctx); cerr != nil {
				return cerr
			}
			return err
		})
	}
	for range 2 {
		var wg sync.WaitGroup
		for range 2 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				// Two at once, so that both connections serve one.
				if err := viaRegistry(100 * time.Millisecond); err != nil {
					t.Error(err)
				}
			}()
		}
		wg.Wait()
	}
	terminateAll(t, db)
	failed := 0
	for range 3 {
		if err := viaRegistry(0); errors.Is(err, driver.ErrBadConn) {
			failed++
		} else if err != nil {
			t.Fatal(err)
		}
	}
	if failed != 1 {
		t.Errorf("%d requests failed after every connection was closed, want the one that found it", failed)
	}
}

// terminateAll closes every other connection of the test's role to its
// database from Postgres' side, as a restart does.
func terminateAll(t *testing.T, db *testdb.DB) {
	t.Helper()
	terminate(t, db, "usename = current_user AND pid <> pg_backend_pid() AND backend_type = 'client backend' AND datname = current_database()")
}

// terminate closes the connections that where picks from pg_stat_activity
// and waits until they are gone.
func terminate(t *testing.T, db *testdb.DB, where string, args ...any) {
	t.Helper()
	var pids []int64
	if err := db.Root.Raw("SELECT pid FROM pg_stat_activity WHERE "+where, args...).Scan(&pids).Error; err != nil {
		t.Fatal(err)
	}
	if len(pids) == 0 {
		t.Fatal("no connection to close")
	}
	for _, pid := range pids {
		if err := db.Root.Exec("SELECT pg_terminate_backend(?)", pid).Error; err != nil {
			t.Fatal(err)
		}
	}
	for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(10 * time.Millisecond) {
		var left int64
		if err := db.Root.Raw("SELECT count(*) FROM pg_stat_activity WHERE pid IN ?", pids).Scan(&left).Error; err != nil {
			t.Fatal(err)
		}
		if left == 0 {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d connections still there", left)
		}
	}
}
