package tenants_test

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"gorm.io/gorm"

	"github.com/praksis/praksis/tenants"
	"github.com/praksis/praksis/tenants/testdb"
)

// roundTrips records what each round trip to Postgres carried: one entry
// per statement sent alone, one per batch (its statements joined by " | ").
// Preparing a statement the first time is left out: it happens once per
// connection.
type roundTrips struct {
	mu    sync.Mutex
	trips []string
	batch []string
}

func (r *roundTrips) TraceQueryStart(ctx context.Context, _ *pgx.Conn, data pgx.TraceQueryStartData) context.Context {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.trips = append(r.trips, strings.ToLower(data.SQL))
	return ctx
}

func (r *roundTrips) TraceQueryEnd(context.Context, *pgx.Conn, pgx.TraceQueryEndData) {}

func (r *roundTrips) TraceBatchStart(ctx context.Context, _ *pgx.Conn, _ pgx.TraceBatchStartData) context.Context {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.batch = nil
	return ctx
}

func (r *roundTrips) TraceBatchQuery(_ context.Context, _ *pgx.Conn, data pgx.TraceBatchQueryData) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.batch = append(r.batch, strings.ToLower(data.SQL))
}

func (r *roundTrips) TraceBatchEnd(context.Context, *pgx.Conn, pgx.TraceBatchEndData) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.trips = append(r.trips, strings.Join(r.batch, " | "))
}

func (r *roundTrips) take() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	t := r.trips
	r.trips = nil
	return t
}

// summary names each round trip by what it did.
func summary(trips []string) string {
	var out []string
	for _, trip := range trips {
		var parts []string
		for _, s := range strings.Split(trip, " | ") {
			switch {
			case s == "begin", s == "commit", s == "rollback":
				parts = append(parts, s)
			case strings.Contains(s, "enter_school_v2"):
				parts = append(parts, "enter+session")
			case strings.Contains(s, "set_config('search_path'"):
				parts = append(parts, "enter")
			default:
				parts = append(parts, "query")
			}
		}
		out = append(out, strings.Join(parts, "+"))
	}
	return strings.Join(out, ", ")
}

func TestEnteringASchoolBeginsTheTransactionInTheSameRoundTrip(t *testing.T) {
	db := testdb.New(t)
	a := db.School(t, "begin-a", "Skole A")
	kari := userWithSession(t, db, "begin-a")
	ctx := context.Background()
	trips := &roundTrips{}
	root, err := tenants.Open(ctx, db.URL, 2, trips)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { tenants.Close(root) })
	sqlDB, err := root.DB()
	if err != nil {
		t.Fatal(err)
	}
	conn, err := sqlDB.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = conn.Close() })
	onConn := root.WithContext(ctx)
	onConn.Statement.ConnPool = conn

	probe := &tenants.SessionProbe{ID: "5f0c3f4e-0000-4000-8000-000000000001", UserID: kari}
	for _, tc := range []struct {
		name  string
		root  *gorm.DB
		probe *tenants.SessionProbe
		want  string
	}{
		{"a request's connection, with the session", onConn, probe, "begin+enter+session, query, commit"},
		{"a request's connection, without", onConn, nil, "begin+enter, query, commit"},
		{"the pool, with the session", root, probe, "begin+enter+session, query, commit"},
		{"the pool, without", root, nil, "begin+enter, query, commit"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			// The first run prepares the statements, once per connection.
			for run := 0; run < 2; run++ {
				trips.take()
				var user string
				err := tenants.InScopeAs(ctx, tc.root, a, tc.probe, func(ctx context.Context, tx *gorm.DB) error {
					if read := tenants.SessionFrom(ctx); tc.probe != nil && (read == nil || !read.Found || read.UserID != kari) {
						t.Errorf("session read %+v", read)
					}
					if _, err := tenants.SQLTx(ctx); err != nil {
						t.Errorf("the scope's transaction is not database/sql's: %v", err)
					}
					return tx.Raw("SELECT current_user::text").Row().Scan(&user)
				})
				if err != nil || user != a.DBRole {
					t.Fatalf("InScopeAs: %v (ran as %q)", err, user)
				}
				if got := summary(trips.take()); run == 1 && got != tc.want {
					t.Fatalf("round trips: %s; want %s", got, tc.want)
				}
			}
		})
	}
}

func TestAScopeLeavesNoTransactionBehind(t *testing.T) {
	db := testdb.New(t)
	a := db.School(t, "begin-left", "Skole A")
	db.Exec(t, "begin-left", "CREATE TABLE IF NOT EXISTS begin_probe (n int)")
	ctx := context.Background()
	sqlDB, err := db.Root.DB()
	if err != nil {
		t.Fatal(err)
	}
	// One connection, so that what a scope left behind would show.
	sqlDB.SetMaxOpenConns(1)
	bad := *a
	bad.DBRole = "no_such_role"
	errFn := errors.New("the route refused")

	for _, tc := range []struct {
		name    string
		school  *tenants.Tenant
		fn      func(tx *gorm.DB) error
		wantErr bool
	}{
		{"a scope that cannot be entered", &bad, func(*gorm.DB) error { t.Error("ran in a scope not entered"); return nil }, true},
		{"a route that fails", a, func(tx *gorm.DB) error {
			if err := tx.Exec("INSERT INTO begin_probe VALUES (1)").Error; err != nil {
				return err
			}
			return errFn
		}, true},
		{"a statement that fails", a, func(tx *gorm.DB) error { return tx.Exec("SELECT 1/0").Error }, true},
		{"a route that succeeds", a, func(tx *gorm.DB) error { return tx.Exec("INSERT INTO begin_probe VALUES (2)").Error }, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := tenants.InScope(ctx, db.Root, tc.school, func(_ context.Context, tx *gorm.DB) error { return tc.fn(tx) })
			if (err != nil) != tc.wantErr {
				t.Fatalf("InScope: %v", err)
			}
			// The connection is back in no transaction and no scope: a
			// savepoint is refused outside a transaction block.
			var pgErr *pgconn.PgError
			if err := db.Root.WithContext(ctx).Exec("SAVEPOINT probe").Error; !errors.As(err, &pgErr) || pgErr.Code != "25P01" {
				t.Fatalf("the connection kept a transaction open after the scope (SAVEPOINT: %v)", err)
			}
			var user string
			if err := db.Root.WithContext(ctx).Raw("SELECT current_user::text").Row().Scan(&user); err != nil || user == a.DBRole {
				t.Fatalf("the connection after the scope: %v (user %q)", err, user)
			}
		})
	}
	var kept []int
	if err := db.InScopeTest("begin-left", func(_ context.Context, tx *gorm.DB) error {
		return tx.Raw("SELECT n FROM begin_probe ORDER BY n").Scan(&kept).Error
	}); err != nil {
		t.Fatal(err)
	}
	if len(kept) != 1 || kept[0] != 2 {
		t.Fatalf("rows kept: %v, want only the successful route's", kept)
	}
}

// tracedConnection is a pool of one connection whose round trips trips
// records, and a context in which each school's statements are its own.
func tracedConnection(t *testing.T, db *testdb.DB) (context.Context, *gorm.DB, *roundTrips) {
	t.Helper()
	ctx := tenants.PerSchoolStatements(context.Background())
	trips := &roundTrips{}
	root, err := tenants.Open(ctx, db.URL, 1, trips)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { tenants.Close(root) })
	return ctx, root, trips
}

// insertLast inserts n into last_probe as the scope's last statement and
// returns what the insert gave back.
func insertLast(ctx context.Context, n int) (int, error) {
	var got int
	err := tenants.QueryAndCommit(ctx, "INSERT INTO last_probe VALUES ($1) RETURNING n", []any{n}, &got)
	return got, err
}

func TestTheLastStatementCommitsInItsOwnRoundTrip(t *testing.T) {
	db := testdb.New(t)
	a := db.School(t, "begin-last", "Skole A")
	db.Exec(t, "begin-last", "CREATE TABLE IF NOT EXISTS last_probe (n int PRIMARY KEY)")
	ctx, root, trips := tracedConnection(t, db)
	errAfter := errors.New("the route failed after its last statement")

	for _, tc := range []struct {
		name string
		// fn is the route; it inserts n.
		fn func(ctx context.Context, tx *gorm.DB, n int) error
		// kept is whether n is stored; trips the round trips once the
		// statements are prepared.
		kept    bool
		wantErr bool
		trips   string
	}{
		{"a route that ends with its write", func(ctx context.Context, tx *gorm.DB, n int) error {
			got, err := insertLast(ctx, n)
			if err != nil {
				return err
			}
			if got != n {
				t.Errorf("returned %d, want %d", got, n)
			}
			return nil
		}, true, false, "begin+enter, query+commit"},
		{"a route that fails after it: the write is kept", func(ctx context.Context, tx *gorm.DB, n int) error {
			if _, err := insertLast(ctx, n); err != nil {
				return err
			}
			return errAfter
		}, true, true, "begin+enter, query+commit"},
		{"a statement after the last is refused", func(ctx context.Context, tx *gorm.DB, n int) error {
			if _, err := insertLast(ctx, n); err != nil {
				return err
			}
			if err := tx.Exec("INSERT INTO last_probe VALUES (?)", n+1000).Error; err == nil {
				t.Error("a statement after the scope's last ran")
			}
			return nil
		}, true, false, "begin+enter, query+commit"},
		{"a last statement that fails rolls the scope back", func(ctx context.Context, tx *gorm.DB, n int) error {
			if err := tx.Exec("INSERT INTO last_probe VALUES (?)", n).Error; err != nil {
				return err
			}
			_, err := insertLast(ctx, n)
			return err
			// Postgres skips the COMMIT sent with the failed statement, and
			// the tracer hears only of the statement.
		}, false, true, "begin+enter, query, query, rollback"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			// The first run prepares the statements, once per connection.
			for run := 0; run < 2; run++ {
				n := 10*len(tc.name) + run
				trips.take()
				err := tenants.InScope(ctx, root, a, func(ctx context.Context, tx *gorm.DB) error { return tc.fn(ctx, tx, n) })
				if (err != nil) != tc.wantErr {
					t.Fatalf("InScope: %v", err)
				}
				if got := summary(trips.take()); run == 1 && got != tc.trips {
					t.Errorf("round trips: %s; want %s", got, tc.trips)
				}
				var kept int64
				if err := db.InScopeTest("begin-last", func(_ context.Context, tx *gorm.DB) error {
					return tx.Raw("SELECT count(*) FROM last_probe WHERE n = ?", n).Row().Scan(&kept)
				}); err != nil {
					t.Fatal(err)
				}
				if (kept == 1) != tc.kept {
					t.Fatalf("row %d kept: %v, want %v", n, kept == 1, tc.kept)
				}
				// The one connection is back in no transaction and no school.
				var pgErr *pgconn.PgError
				if err := root.WithContext(ctx).Exec("SAVEPOINT probe").Error; !errors.As(err, &pgErr) || pgErr.Code != "25P01" {
					t.Fatalf("the connection kept a transaction open after the scope (SAVEPOINT: %v)", err)
				}
			}
		})
	}

	// In a caller's own transaction the statement only runs: the caller's
	// transaction commits, or rolls back, when it ends.
	var got int
	err := root.WithContext(ctx).Transaction(func(own *gorm.DB) error {
		return tenants.InScope(ctx, own, a, func(ctx context.Context, tx *gorm.DB) error {
			var err error
			got, err = insertLast(ctx, 7)
			return err
		})
	})
	if err != nil || got != 7 {
		t.Fatalf("in a caller's transaction: %v (returned %d)", err, got)
	}
}

// A scope on the pool whose work panics gives its connection back: with
// one connection, the next scope still runs.
func TestAScopeThatPanicsGivesItsConnectionBack(t *testing.T) {
	db := testdb.New(t)
	a := db.School(t, "begin-panic", "Skole A")
	sqlDB, err := db.Root.DB()
	if err != nil {
		t.Fatal(err)
	}
	sqlDB.SetMaxOpenConns(1)
	runsAfterPanics(t, func(ctx context.Context, fn func(context.Context, *gorm.DB) error) error {
		return tenants.InScope(ctx, db.Root, a, fn)
	})
}

// runsAfterPanics runs three scopes whose work panics, each followed by
// one that must run within 5 s: a scope that panicked gave its connection
// back, and the panic went on to the caller.
func runsAfterPanics(t *testing.T, scope func(ctx context.Context, fn func(context.Context, *gorm.DB) error) error) {
	t.Helper()
	for i := range 3 {
		func() {
			defer func() {
				if recover() == nil {
					t.Fatal("the work's panic was swallowed")
				}
			}()
			_ = scope(context.Background(), func(context.Context, *gorm.DB) error { panic("handler bug") })
		}()
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		var one int
		err := scope(ctx, func(_ context.Context, tx *gorm.DB) error {
			return tx.Raw("SELECT 1").Row().Scan(&one)
		})
		cancel()
		if err != nil || one != 1 {
			t.Fatalf("after panic %d the next scope: %v", i+1, err)
		}
	}
}
