package tenants_test

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"net/url"
	"os"
	"testing"

	"github.com/jackc/pgx/v5"
	"gorm.io/gorm"

	"github.com/praksis/praksis/tenants"
	"github.com/praksis/praksis/tenants/testdb"
)

// A request's connection that moves between schools keeps each school's
// plan of a statement: twenty runs of one statement, alternating between two
// schools on one connection, are planned twice (once per school), not twenty
// times. Postgres drops a plan made under another search path, so without
// each school's statement kept apart every switch would plan again; without
// generic plans each school's statement would be planned five more times
// with its parameters first. Work outside requests (sweeps over every
// school, jobs) shares one prepared statement between the schools, so that
// it does not fill the connection's statement cache. The scope's isolation
// is the same either way: each run sees only its own school's rows.
func TestPlansSurviveSchoolSwitches(t *testing.T) {
	db, reg, a, b := twoNamedSchools(t)
	statistics := statementStatistics(t, db)
	// One connection, so that every run after the first moves it between
	// the schools.
	sqlDB, err := db.Root.DB()
	if err != nil {
		t.Fatal(err)
	}
	sqlDB.SetMaxOpenConns(1)
	// pg_stat_statements tells statements apart by their shape, not their
	// names, so each case's statement has a shape of its own.
	tests := []struct {
		name     string
		ctx      context.Context
		query    string
		args     []any
		maxPlans int64
		prepared int64
	}{
		{"requests", tenants.PerSchoolStatements(context.Background()),
			"SELECT value AS %s FROM catalogue_entries WHERE key = ? AND language = ?", []any{"appName", "nb"}, 2, 2},
		{"other work", context.Background(),
			"SELECT value AS %s FROM catalogue_entries WHERE language = ? AND key = ? AND value IS NOT NULL", []any{"nb", "appName"}, 20, 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			marker := make([]byte, 6)
			_, _ = rand.Read(marker)
			// A unique alias finds this statement among the cluster's.
			alias := "probe_" + hex.EncodeToString(marker)
			query := fmt.Sprintf(tc.query, alias)
			want := map[string]string{a.Slug: "A", b.Slug: "B"}
			var prepared int64
			for i := 0; i < 10; i++ {
				for _, ten := range []*tenants.Tenant{a, b} {
					var got string
					err := reg.Scope(tc.ctx, ten, func(_ context.Context, tx *gorm.DB) error {
						if err := tx.Raw(query, tc.args...).Row().Scan(&got); err != nil {
							return err
						}
						return tx.Raw("SELECT count(*) FROM pg_prepared_statements WHERE statement LIKE '%' || ? || '%'", alias).
							Row().Scan(&prepared)
					})
					if err != nil {
						t.Fatalf("run %d in %s: %v", i, ten.Slug, err)
					}
					if got != want[ten.Slug] {
						t.Fatalf("run %d in %s read %q, want %q", i, ten.Slug, got, want[ten.Slug])
					}
				}
			}
			if prepared != tc.prepared {
				t.Errorf("the connection holds %d prepared statements of the query, want %d", prepared, tc.prepared)
			}
			var calls, plans int64
			err := statistics.QueryRow(context.Background(), `SELECT coalesce(sum(calls), 0), coalesce(sum(plans), 0)
				FROM pg_stat_statements WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
				AND query LIKE '%' || $1 || '%' AND query NOT LIKE '%pg_prepared_statements%'`, alias).Scan(&calls, &plans)
			if err != nil {
				t.Fatal(err)
			}
			if calls != 20 {
				t.Fatalf("pg_stat_statements counted %d runs of the statement, want 20", calls)
			}
			if plans > tc.maxPlans {
				t.Errorf("20 runs over 2 schools on one connection were planned %d times, want at most %d", plans, tc.maxPlans)
			}
		})
	}
}

// statementStatistics connects to the test's database as the cluster's
// superuser with pg_stat_statements created in it. scripts/test starts the
// cluster with the module loaded and planning tracked.
func statementStatistics(t *testing.T, db *testdb.DB) *pgx.Conn {
	t.Helper()
	u, err := url.Parse(os.Getenv(testdb.EnvAdminURL))
	if err != nil {
		t.Fatal(err)
	}
	u.Path = "/" + db.Name
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, u.String())
	if err != nil {
		t.Fatalf("connect as superuser: %v", err)
	}
	t.Cleanup(func() { _ = conn.Close(context.Background()) })
	if _, err := conn.Exec(ctx, "CREATE EXTENSION IF NOT EXISTS pg_stat_statements"); err != nil {
		t.Fatalf("pg_stat_statements: %v", err)
	}
	var tracking string
	if err := conn.QueryRow(ctx, "SELECT current_setting('pg_stat_statements.track_planning')").Scan(&tracking); err != nil {
		t.Fatalf("pg_stat_statements is not loaded (scripts/test loads it): %v", err)
	}
	if tracking != "on" {
		t.Fatalf("pg_stat_statements.track_planning is %s; scripts/test turns it on", tracking)
	}
	return conn
}

// Entering a school reads the caller's session inside a function, where
// Postgres keeps one plan of the read per connection and makes it again
// whenever the search path has changed since. Each school therefore has
// the read in a function of its own (session_of), so twenty entries
// alternating between two schools on one connection plan the read twice,
// once per school. With the read in the one shared function every move
// between the schools planned it again: twenty times.
func TestEnteringASchoolKeepsEachSchoolsPlanOfTheSessionRead(t *testing.T) {
	db, reg, a, b := twoNamedSchools(t)
	statistics := statementStatistics(t, db)
	ctx := context.Background()
	// Statements inside functions are counted only when tracking reaches
	// them; new connections of this database pick the setting up.
	if _, err := statistics.Exec(ctx, fmt.Sprintf("ALTER DATABASE %s SET pg_stat_statements.track = 'all'",
		pgx.Identifier{db.Name}.Sanitize())); err != nil {
		t.Fatal(err)
	}
	sqlDB, err := db.Root.DB()
	if err != nil {
		t.Fatal(err)
	}
	sqlDB.SetMaxIdleConns(0) // closes the connections opened before the setting
	sqlDB.SetMaxIdleConns(1)
	sqlDB.SetMaxOpenConns(1)
	if _, err := statistics.Exec(ctx, "SELECT pg_stat_statements_reset()"); err != nil {
		t.Fatal(err)
	}
	var school string
	for i := 0; i < 10; i++ {
		for _, ten := range []*tenants.Tenant{a, b} {
			// No such session: the read finds nothing, but is planned and
			// run all the same.
			probe := &tenants.SessionProbe{ID: "00000000-0000-4000-8000-000000000001", UserID: 1}
			err := reg.ScopeAs(ctx, ten, probe, func(ctx context.Context, tx *gorm.DB) error {
				if tenants.SessionFrom(ctx).Found {
					return fmt.Errorf("found a session that does not exist")
				}
				return tx.Raw("SELECT current_schema()").Row().Scan(&school)
			})
			if err != nil {
				t.Fatalf("run %d in %s: %v", i, ten.Slug, err)
			}
			if school != ten.SchemaName {
				t.Fatalf("run %d in %s ran in schema %s", i, ten.Slug, school)
			}
		}
	}
	var calls, plans int64
	err = statistics.QueryRow(ctx, `SELECT coalesce(sum(calls), 0), coalesce(sum(plans), 0)
		FROM pg_stat_statements WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
		AND NOT toplevel AND query LIKE '%FROM sessions s JOIN users u%'`).Scan(&calls, &plans)
	if err != nil {
		t.Fatal(err)
	}
	if calls != 20 {
		t.Fatalf("pg_stat_statements counted %d runs of the session read, want 20", calls)
	}
	if plans > 2 {
		t.Errorf("20 entries alternating between 2 schools on one connection planned the session read %d times, want at most 2", plans)
	}
}
