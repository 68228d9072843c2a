package tenants_test

import (
	"context"
	"net/url"
	"testing"

	"github.com/jackc/pgx/v5"

	"github.com/praksis/praksis/tenants"
	"github.com/praksis/praksis/tenants/testdb"
)

// The pool's connections ask Postgres for generic plans and for index reads
// priced as reads of data in memory, unless the URL chooses otherwise.
// A connection whose statements are not kept asks for neither:
// that is the mode used behind a transaction-mode pooler, which passes no
// settings on.
func TestPoolAsksForItsPlannerSettings(t *testing.T) {
	db := testdb.New(t)
	with := func(params map[string]string) string {
		u, err := url.Parse(db.URL)
		if err != nil {
			t.Fatal(err)
		}
		q := u.Query()
		for k, v := range params {
			q.Set(k, v)
		}
		u.RawQuery = q.Encode()
		return u.String()
	}
	// What a connection that asks for nothing gets: the cluster's own.
	conn, err := pgx.Connect(context.Background(), db.URL)
	if err != nil {
		t.Fatal(err)
	}
	clusterPlanCache, clusterPageCost := settings(t, conn.QueryRow(context.Background(), settingsSQL))
	_ = conn.Close(context.Background())
	if clusterPageCost == "1.1" {
		t.Fatal("the test cluster itself prices index reads at 1.1; nothing to tell apart")
	}

	tests := []struct {
		name      string
		params    map[string]string
		planCache string
		pageCost  string
	}{
		{"by default", nil, "force_generic_plan", "1.1"},
		{"the URL's page cost", map[string]string{"random_page_cost": "2"}, "force_generic_plan", "2"},
		{"the URL's plan mode", map[string]string{"plan_cache_mode": "auto"}, "auto", "1.1"},
		{"statements not kept", map[string]string{"default_query_exec_mode": "exec"}, clusterPlanCache, clusterPageCost},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			pool, err := tenants.Open(context.Background(), with(tc.params), 1)
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { tenants.Close(pool) })
			planCache, pageCost := settings(t, pool.Raw(settingsSQL).Row())
			if planCache != tc.planCache || pageCost != tc.pageCost {
				t.Errorf("plan_cache_mode %s and random_page_cost %s, want %s and %s",
					planCache, pageCost, tc.planCache, tc.pageCost)
			}
		})
	}
}

// settingsSQL reads the two planner settings of a connection.
const settingsSQL = "SELECT current_setting('plan_cache_mode'), current_setting('random_page_cost')"

// settings scans the row of settingsSQL.
func settings(t *testing.T, row interface{ Scan(...any) error }) (planCache, pageCost string) {
	t.Helper()
	if err := row.Scan(&planCache, &pageCost); err != nil {
		t.Fatal(err)
	}
	return planCache, pageCost
}
