package tenants_test

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"net/url"
	"os"
	"testing"

	"github.com/jackc/pgx/v5"
	"gorm.io/gorm"

	"github.com/praksis/praksis/tenants"
	"github.com/praksis/praksis/tenants/testdb"
)

// A connection that moves between schools keeps each school's plan of a
// statement: twenty runs of one statement, alternating between two schools
// on one connection, are planned twice (once per school), not twenty times.
// Postgres drops a plan made under another search path, so without each
// school's statement kept apart every switch would plan again; without
// generic plans each school's statement would be planned five more times
// with its parameters first. The scope's isolation is unchanged: each run
// still sees only its own school's rows.
func TestPlansSurviveSchoolSwitches(t *testing.T) {
	db := testdb.New(t)
	a := db.School(t, "skole-a", "A")
	b := db.School(t, "skole-b", "B")
	db.Exec(t, "skole-a", "INSERT INTO catalogue_entries (language, key, value) VALUES ('nb', 'appName', 'A')")
	db.Exec(t, "skole-b", "INSERT INTO catalogue_entries (language, key, value) VALUES ('nb', 'appName', 'B')")
	statistics := statementStatistics(t, db)

	sqlDB, err := db.Root.DB()
	if err != nil {
		t.Fatal(err)
	}
	sqlDB.SetMaxOpenConns(1)
	reg := tenants.NewRegistry(db.Root, tenants.TenantTarget())
	if err := reg.Load(context.Background()); err != nil {
		t.Fatal(err)
	}
	marker := make([]byte, 6)
	_, _ = rand.Read(marker)
	// A unique alias finds this statement among the cluster's.
	alias := "probe_" + hex.EncodeToString(marker)
	query := "SELECT value AS " + alias + " FROM catalogue_entries WHERE key = ? AND language = ?"
	want := map[string]string{a.Slug: "A", b.Slug: "B"}
	for i := 0; i < 10; i++ {
		for _, ten := range []*tenants.Tenant{a, b} {
			var got string
			err := reg.Scope(context.Background(), ten, func(_ context.Context, tx *gorm.DB) error {
				return tx.Raw(query, "appName", "nb").Row().Scan(&got)
			})
			if err != nil {
				t.Fatalf("run %d in %s: %v", i, ten.Slug, err)
			}
			if got != want[ten.Slug] {
				t.Fatalf("run %d in %s read %q, want %q", i, ten.Slug, got, want[ten.Slug])
			}
		}
	}

	var calls, plans int64
	err = statistics.QueryRow(context.Background(), `SELECT coalesce(sum(calls), 0), coalesce(sum(plans), 0)
		FROM pg_stat_statements WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
		AND query LIKE '%' || $1 || '%'`, alias).Scan(&calls, &plans)
	if err != nil {
		t.Fatal(err)
	}
	if calls != 20 {
		t.Fatalf("pg_stat_statements counted %d runs of the statement, want 20", calls)
	}
	if plans > 2 {
		t.Errorf("20 runs over 2 schools on one connection were planned %d times, want at most 2 (one per school)", plans)
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
