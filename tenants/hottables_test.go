package tenants_test

import (
	"context"
	"testing"

	"github.com/praksis/praksis/tenants/testdb"
)

// The tables that saves write are not vacuumed or analysed by the busiest
// hour of a school at semester end, because either would make every
// connection plan the school's statements on those tables again (see
// schema/tenant/00008_hot_tables.sql and 00010_rare_hot_table_maintenance.sql),
// and their pages keep room for updated rows, which then stay on their page
// (HOT) and need no vacuum to be reclaimed. The trigger points
// are computed as autovacuum computes them, from the table's own settings or
// else the server's, for the empty table of a new school.
func TestHotTablesAreNotVacuumedBySaves(t *testing.T) {
	db := testdb.New(t)
	school := db.School(t, "skole-a", "A")
	// An hour of 200 people (five classes of 40) saving every 5 s:
	// 144,000 saves of 1 to 3 answers each, a comment in one save of ten;
	// each of the 200 answering a form of 35 questions from scratch (its
	// answers inserted, then updated), every one signing in again and
	// delivering.
	const saves = 200 * 12 * 60
	tests := []struct {
		table         string
		changes       float64 // rows updated (or, for inserts, inserted) in that hour
		inserts       bool
		maxFillfactor int
	}{
		{table: "answers", changes: saves * 2, maxFillfactor: 80},
		{table: "answers", changes: 200 * 35, inserts: true, maxFillfactor: 80},
		{table: "answer_sets", changes: saves, maxFillfactor: 80},
		{table: "answer_sets", changes: 200 * 2, inserts: true, maxFillfactor: 80},
		{table: "comments", changes: saves / 10, maxFillfactor: 80},
		{table: "comments", changes: saves / 10, inserts: true, maxFillfactor: 80},
		{table: "users", changes: 200, maxFillfactor: 90},
		{table: "audit_log", changes: 200 + 200, inserts: true, maxFillfactor: 100},
	}
	sqlDB := db.SQL(t)
	for _, tc := range tests {
		name := tc.table + " updated"
		if tc.inserts {
			name = tc.table + " inserted"
		}
		t.Run(name, func(t *testing.T) {
			var fillfactor int
			var vacuumAfter, analyzeAfter, insertVacuumAfter float64
			err := sqlDB.QueryRowContext(context.Background(), `
				WITH opts AS (
				    SELECT c.reltuples, o.option_name AS name, o.option_value AS value
				      FROM pg_class c LEFT JOIN LATERAL pg_options_to_table(c.reloptions) o ON true
				     WHERE c.relnamespace = $1::regnamespace AND c.relname = $2),
				setting AS (SELECT max(greatest(reltuples, 0)) AS tuples,
				    max(value) FILTER (WHERE name = 'fillfactor') AS fillfactor,
				    max(value) FILTER (WHERE name = 'autovacuum_vacuum_threshold') AS vt,
				    max(value) FILTER (WHERE name = 'autovacuum_vacuum_scale_factor') AS vs,
				    max(value) FILTER (WHERE name = 'autovacuum_analyze_threshold') AS at,
				    max(value) FILTER (WHERE name = 'autovacuum_analyze_scale_factor') AS as_,
				    max(value) FILTER (WHERE name = 'autovacuum_vacuum_insert_threshold') AS it,
				    max(value) FILTER (WHERE name = 'autovacuum_vacuum_insert_scale_factor') AS is_
				  FROM opts)
				SELECT coalesce(fillfactor, '100')::int,
				       coalesce(vt, current_setting('autovacuum_vacuum_threshold'))::float8
				         + coalesce(vs, current_setting('autovacuum_vacuum_scale_factor'))::float8 * tuples,
				       coalesce(at, current_setting('autovacuum_analyze_threshold'))::float8
				         + coalesce(as_, current_setting('autovacuum_analyze_scale_factor'))::float8 * tuples,
				       coalesce(it, current_setting('autovacuum_vacuum_insert_threshold'))::float8
				         + coalesce(is_, current_setting('autovacuum_vacuum_insert_scale_factor'))::float8 * tuples
				  FROM setting`, school.SchemaName, tc.table).Scan(&fillfactor, &vacuumAfter, &analyzeAfter, &insertVacuumAfter)
			if err != nil {
				t.Fatalf("read the settings of %s: %v", tc.table, err)
			}
			if tc.inserts {
				if insertVacuumAfter <= tc.changes {
					t.Errorf("%s is vacuumed after %.0f inserted rows, within %.0f", tc.table, insertVacuumAfter, tc.changes)
				}
			} else if vacuumAfter <= tc.changes {
				t.Errorf("%s is vacuumed after %.0f changed rows, within %.0f", tc.table, vacuumAfter, tc.changes)
			}
			if analyzeAfter <= tc.changes {
				t.Errorf("%s is analysed after %.0f changed rows, within %.0f", tc.table, analyzeAfter, tc.changes)
			}
			if fillfactor > tc.maxFillfactor {
				t.Errorf("%s fills its pages to %d %%, want at most %d %% so that updates stay on their page", tc.table, fillfactor, tc.maxFillfactor)
			}
		})
	}
}
