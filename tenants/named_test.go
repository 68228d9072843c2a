package tenants_test

import (
	"context"
	"database/sql"
	"errors"
	"strings"
	"testing"

	"gorm.io/gorm"

	"github.com/praksis/praksis/tenants"
	"github.com/praksis/praksis/tenants/testdb"
)

// readProbe is a row of readProbeSQL.
type readProbe struct {
	N      int
	Label  string
	Twice  int
	School string
}

var readProbeSQL = tenants.NewNamed(`SELECT n, label, n + @n AS twice, current_schema()::text AS school
	FROM read_probe WHERE n = @n`)

// A named read runs on the scope's connection, in the school, in the round
// trips the route would take anyway; in a caller's own transaction GORM
// runs it, with the same answers.
func TestReadRowReadsInTheSchoolsScope(t *testing.T) {
	db := testdb.New(t)
	a := db.School(t, "read-row", "Skole A")
	db.Exec(t, "read-row", "CREATE TABLE IF NOT EXISTS read_probe (n int PRIMARY KEY, label text NOT NULL)")
	db.Exec(t, "read-row", "INSERT INTO read_probe VALUES (2, 'two') ON CONFLICT DO NOTHING")
	ctx, root, trips := tracedConnection(t, db)

	for _, tc := range []struct {
		name string
		n    int
		last bool
		// then runs after the read; trips are the round trips once the
		// statements are prepared.
		then    func(tx *gorm.DB) error
		wantErr error
		trips   string
	}{
		{"a read, then more work", 2, false, func(tx *gorm.DB) error { return tx.Exec("SELECT 1").Error }, nil,
			"begin+enter, query, query, commit"},
		{"a read that is the last statement commits with it", 2, true, nil, nil, "begin+enter, query+commit"},
		{"no row", 3, false, nil, sql.ErrNoRows, "begin+enter, query, rollback"},
		{"no row, last", 3, true, nil, sql.ErrNoRows, "begin+enter, query+commit"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			check := func(row *readProbe, err error) {
				t.Helper()
				if !errors.Is(err, tc.wantErr) {
					t.Fatalf("ReadRow: %v, want %v", err, tc.wantErr)
				}
				if tc.wantErr == nil && *row != (readProbe{N: 2, Label: "two", Twice: 4, School: a.SchemaName}) {
					t.Fatalf("read %+v", *row)
				}
			}
			for run := 0; run < 2; run++ {
				trips.take()
				_ = tenants.InScope(ctx, root, a, func(ctx context.Context, tx *gorm.DB) error {
					row, err := tenants.ReadRow[readProbe](ctx, readProbeSQL, map[string]any{"n": tc.n}, tc.last)
					check(row, err)
					if err == nil && tc.then != nil {
						return tc.then(tx)
					}
					return err
				})
				if got := summary(trips.take()); run == 1 && got != tc.trips {
					t.Errorf("round trips: %s; want %s", got, tc.trips)
				}
			}
			// In a caller's own transaction.
			err := root.WithContext(ctx).Transaction(func(own *gorm.DB) error {
				return tenants.InScope(ctx, own, a, func(ctx context.Context, _ *gorm.DB) error {
					row, err := tenants.ReadRow[readProbe](ctx, readProbeSQL, map[string]any{"n": tc.n}, tc.last)
					check(row, err)
					return nil
				})
			})
			if err != nil {
				t.Fatal(err)
			}
		})
	}

	t.Run("a statement after the last is refused", func(t *testing.T) {
		err := tenants.InScope(ctx, root, a, func(ctx context.Context, tx *gorm.DB) error {
			if _, err := tenants.ReadRow[readProbe](ctx, readProbeSQL, map[string]any{"n": 2}, true); err != nil {
				return err
			}
			if _, err := tenants.ReadRow[readProbe](ctx, readProbeSQL, map[string]any{"n": 2}, false); err == nil {
				t.Error("a read after the scope's last ran")
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	})
	t.Run("a missing argument is an error, and nothing runs", func(t *testing.T) {
		trips.take()
		err := tenants.InScope(ctx, root, a, func(ctx context.Context, _ *gorm.DB) error {
			_, err := tenants.ReadRow[readProbe](ctx, readProbeSQL, map[string]any{}, false)
			return err
		})
		if err == nil {
			t.Fatal("a read without its argument ran")
		}
		if got := summary(trips.take()); got != "begin+enter, rollback" {
			t.Errorf("round trips: %s", got)
		}
	})
	t.Run("each school's read carries its own school's tag", func(t *testing.T) {
		b := db.School(t, "read-row-b", "Skole B")
		db.Exec(t, "read-row-b", "CREATE TABLE IF NOT EXISTS read_probe (n int PRIMARY KEY, label text NOT NULL)")
		db.Exec(t, "read-row-b", "INSERT INTO read_probe VALUES (2, 'to') ON CONFLICT DO NOTHING")
		for _, school := range []*tenants.Tenant{a, b, a, b} {
			trips.take()
			var row *readProbe
			err := tenants.InScope(ctx, root, school, func(ctx context.Context, _ *gorm.DB) error {
				var err error
				row, err = tenants.ReadRow[readProbe](ctx, readProbeSQL, map[string]any{"n": 2}, true)
				return err
			})
			if err != nil {
				t.Fatal(err)
			}
			if row.School != school.SchemaName {
				t.Errorf("read in %s ran in %s", school.SchemaName, row.School)
			}
			tagged := false
			for _, trip := range trips.take() {
				for _, st := range strings.Split(trip, " | ") {
					if strings.Contains(st, "read_probe") {
						tagged = strings.HasPrefix(st, "/* "+school.SchemaName+" */ ")
					}
				}
			}
			if !tagged {
				t.Errorf("the read in %s was not sent with its tag", school.SchemaName)
			}
		}
	})
	if _, err := tenants.ReadRow[readProbe](context.Background(), readProbeSQL, map[string]any{"n": 2}, false); !errors.Is(err, tenants.ErrNoScope) {
		t.Fatalf("outside a scope: %v", err)
	}
}
