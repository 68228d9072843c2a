package tenants_test

import (
	"context"
	"errors"
	"testing"

	"github.com/jackc/pgx/v5"
	"gorm.io/gorm"

	"github.com/praksis/praksis/tenants"
	"github.com/praksis/praksis/tenants/testdb"
)

// A request's transaction begins with BEGIN and the settings (with the
// session read) in one round trip (beginScope), or with its first read
// as well (ReadsFirst). Postgres also runs the statements sent together
// before one Sync as one transaction, and transaction-local settings last
// exactly that long, so the scope and a route's read could go in one round
// trip with no BEGIN or COMMIT at all. The function and test below measure
// and check that way (BenchmarkScope's "pipelined" rows); the requests keep
// BEGIN and COMMIT, which the job queue's work in the transaction needs.

// enterScopeSQL sets the school's search path and role for the current
// transaction only, as InScope does.
const enterScopeSQL = tenants.EnterScopeSQL

// prepared is what inScopePipelined has prepared on each connection.
var prepared = map[*pgx.Conn]map[string]bool{}

// inScopePipelined sends the settings and query in one round trip, in one
// implicit transaction, and scans query's single row into dest.
func inScopePipelined(ctx context.Context, root *gorm.DB, t *tenants.Tenant, query string, args []any, dest ...any) error {
	sqlDB, err := root.DB()
	if err != nil {
		return err
	}
	conn, err := sqlDB.Conn(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()
	return conn.Raw(func(dc any) error {
		pc, ok := tenants.PgxConn(dc)
		if !ok {
			return errors.New("not a pgx connection")
		}
		// Names in a statement resolve when it is prepared: the school's
		// statement (its text marked with the school, as the requests'
		// are) is prepared once per connection inside the scope, and the
		// batch runs it by name. In exec mode (behind PgBouncer) nothing is
		// prepared and each statement is parsed in its place in the batch.
		query = "/* " + t.SchemaName + " */ " + query
		if pc.Config().DefaultQueryExecMode != pgx.QueryExecModeExec {
			if _, ok := prepared[pc]; !ok {
				prepared[pc] = map[string]bool{}
			}
			if !prepared[pc][query] {
				err := pgx.BeginFunc(ctx, pc, func(tx pgx.Tx) error {
					if _, err := tx.Exec(ctx, enterScopeSQL, t.SchemaName, t.DBRole); err != nil {
						return err
					}
					_, err := tx.Prepare(ctx, query, query)
					return err
				})
				if err != nil {
					return err
				}
				prepared[pc][query] = true
			}
		}
		b := &pgx.Batch{}
		b.Queue(enterScopeSQL, t.SchemaName, t.DBRole)
		b.Queue(query, args...)
		br := pc.SendBatch(ctx, b)
		if _, err := br.Exec(); err != nil {
			br.Close()
			return err
		}
		if err := br.QueryRow().Scan(dest...); err != nil {
			br.Close()
			return err
		}
		return br.Close()
	})
}

func TestPipelinedScopeLastsOnlyItsBatch(t *testing.T) {
	db := testdb.New(t)
	a := db.School(t, "pipe-a", "Skole A")
	b := db.School(t, "pipe-b", "Skole B")
	db.Exec(t, "pipe-a", "CREATE TABLE IF NOT EXISTS pipeline_probe (school text)")
	db.Exec(t, "pipe-a", "INSERT INTO pipeline_probe VALUES ('a')")
	db.Exec(t, "pipe-b", "CREATE TABLE IF NOT EXISTS pipeline_probe (school text)")
	db.Exec(t, "pipe-b", "INSERT INTO pipeline_probe VALUES ('b')")
	ctx := context.Background()
	sqlDB, err := db.Root.DB()
	if err != nil {
		t.Fatal(err)
	}
	// One connection, so that what a batch leaves behind would show.
	sqlDB.SetMaxOpenConns(1)

	for _, tc := range []struct {
		school *tenants.Tenant
		want   string
	}{{a, "a"}, {b, "b"}, {a, "a"}} {
		var school, role string
		err := inScopePipelined(ctx, db.Root, tc.school, "SELECT school, current_user::text FROM pipeline_probe", nil, &school, &role)
		if err != nil {
			t.Fatalf("%s: %v", tc.school.Slug, err)
		}
		if school != tc.want || role != tc.school.DBRole {
			t.Fatalf("%s: read %q as %q, want %q as %q", tc.school.Slug, school, role, tc.want, tc.school.DBRole)
		}
		// After the batch the connection is back to its own settings:
		// the table is in no schema it sees, and it is its own role.
		var path, user string
		if err := db.Root.WithContext(ctx).Raw("SELECT current_setting('search_path'), current_user::text").Row().Scan(&path, &user); err != nil {
			t.Fatal(err)
		}
		if user == tc.school.DBRole || path == tc.school.SchemaName {
			t.Fatalf("after %s's batch the connection kept its scope: search_path %q, role %q", tc.school.Slug, path, user)
		}
		var n int
		err = db.Root.WithContext(ctx).Raw("SELECT count(*) FROM pipeline_probe").Row().Scan(&n)
		if err == nil {
			t.Fatalf("after %s's batch an unqualified name still reached the school's table", tc.school.Slug)
		}
	}

	// A scope that cannot be entered runs nothing after it.
	bad := *a
	bad.DBRole = "no_such_role"
	var school, role string
	err = inScopePipelined(ctx, db.Root, &bad, "SELECT school, current_user::text FROM pipeline_probe", nil, &school, &role)
	if err == nil || school != "" {
		t.Fatalf("entering as an unknown role: err %v, read %q", err, school)
	}
}
