//go:build citus

package tenants_test

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"io"
	"log/slog"
	"os"
	"strings"
	"testing"

	"gorm.io/gorm"

	"github.com/praksis/praksis/tenants"
)

// EnvCitusURL names the application's database on a Citus coordinator
// (scripts/citus-test sets it). These tests are built only with the citus
// tag, and fail without it set, so that they never pass without a cluster.
const EnvCitusURL = "PRAKSIS_TEST_CITUS_URL"

// citusCluster is the onboarding service on the Citus cluster, its
// migrator and its root handle.
type citusCluster struct {
	*tenants.Service
	migrator *tenants.Migrator
	root     *gorm.DB
}

// citusService opens the onboarding service on the Citus cluster.
func citusService(t *testing.T) *citusCluster {
	t.Helper()
	url := os.Getenv(EnvCitusURL)
	if url == "" {
		t.Fatalf("%s is not set: run scripts/citus-test, which starts a Citus cluster", EnvCitusURL)
	}
	ctx := context.Background()
	db, err := tenants.Open(ctx, url, 4)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { tenants.Close(db) })
	m := tenants.NewMigrator(url, db, slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err := m.MigrateControl(ctx); err != nil {
		t.Fatal(err)
	}
	s, err := tenants.NewService(ctx, db, m)
	if err != nil {
		t.Fatal(err)
	}
	return &citusCluster{Service: s, migrator: m, root: db}
}

// citusRun runs a tenant command on the Citus cluster.
func citusRun(t *testing.T, s *citusCluster, args ...string) (string, error) {
	t.Helper()
	return runOn(t, s.Service, args...)
}

// nodes lists the cluster's nodes (HOST:PORT) that match where, a
// condition on pg_dist_node.
func nodes(t *testing.T, s *citusCluster, where string) []string {
	t.Helper()
	var out []string
	if err := s.root.Raw("SELECT nodename || ':' || nodeport FROM pg_dist_node WHERE " + where + " ORDER BY 1").Scan(&out).Error; err != nil {
		t.Fatalf("nodes where %s: %v", where, err)
	}
	return out
}

// workers lists the cluster's workers as HOST:PORT.
func workers(t *testing.T, s *citusCluster) []string {
	t.Helper()
	out := nodes(t, s, "groupid <> 0 AND isactive")
	if len(out) < 2 {
		t.Fatalf("workers: %v; want two", out)
	}
	return out
}

func randomSlug(prefix string) string {
	b := make([]byte, 3)
	_, _ = rand.Read(b)
	return prefix + hex.EncodeToString(b)
}

// A new school on Citus is a distributed schema on a worker; a move takes
// it, with its data, to the other worker and says from where to where; the
// refusals change nothing.
func TestCitusMove(t *testing.T) {
	s := citusService(t)
	ctx := context.Background()
	slug := randomSlug("mv-")
	if _, err := citusRun(t, s, "create", "--slug", slug, "--name", "Flytteskolen", "--host", slug+".localhost"); err != nil {
		t.Fatalf("create: %v", err)
	}
	t.Cleanup(func() {
		if err := s.Delete(ctx, slug, slug); err != nil {
			t.Errorf("delete %s: %v", slug, err)
		}
	})
	before, err := s.Get(ctx, slug)
	if err != nil {
		t.Fatal(err)
	}
	ws := workers(t, s)
	if before.Node == "" || !strings.Contains(strings.Join(ws, " "), before.Node) {
		t.Fatalf("school on %q, want one of the workers %v", before.Node, ws)
	}
	if err := s.InScope(ctx, slug, func(ctx context.Context, tx *gorm.DB) error {
		return tx.Exec("INSERT INTO users (display_name, email) VALUES ('Kari Flytter', 'kari@flytt.test')").Error
	}); err != nil {
		t.Fatalf("write before the move: %v", err)
	}
	other := ws[0]
	if other == before.Node {
		other = ws[1]
	}

	refusals := []struct {
		name     string
		args     []string
		wantErr  string
		wantExit int
	}{
		{"unknown node", []string{"move", slug, "--to", "127.0.0.1:1"}, "is not an active worker", 3},
		{"the coordinator", []string{"move", slug, "--to", coordinator(t, s)}, "is not an active worker", 3},
		{"where it is", []string{"move", slug, "--to", before.Node}, "is on " + before.Node + " already", 3},
		{"unknown school", []string{"move", "nope-" + slug, "--to", other}, "no such school", 4},
		{"not HOST:PORT", []string{"move", slug, "--to", "worker-2"}, "must be a worker's HOST:PORT", 1},
	}
	for _, r := range refusals {
		_, err := citusRun(t, s, r.args...)
		if err == nil || !strings.Contains(err.Error(), r.wantErr) {
			t.Errorf("%s: error %v, want %q", r.name, err, r.wantErr)
		} else if got := tenants.ExitCode(err); got != r.wantExit {
			t.Errorf("%s: exit code %d, want %d", r.name, got, r.wantExit)
		}
		if now, err := s.Get(ctx, slug); err != nil || now.Node != before.Node {
			t.Errorf("%s: school on %q after the refusal (%v), want %s", r.name, now.Node, err, before.Node)
		}
	}

	out, err := citusRun(t, s, "move", slug, "--to", other)
	if err != nil {
		t.Fatalf("move: %v", err)
	}
	if want := "moved school " + slug + " from " + before.Node + " to " + other + " in "; !strings.Contains(out, want) {
		t.Errorf("move printed %q, want %q", out, want)
	}
	out, err = citusRun(t, s, "list")
	if err != nil || !strings.Contains(out, "NODE") || !strings.Contains(out, other) {
		t.Errorf("list: %v\n%s\nwant a node column with %s", err, out, other)
	}
	out, err = citusRun(t, s, "show", slug)
	if err != nil || !strings.Contains(out, `"node": "`+other+`"`) {
		t.Errorf("show: %v\n%s\nwant node %s", err, out, other)
	}
	var name string
	if err := s.InScope(ctx, slug, func(ctx context.Context, tx *gorm.DB) error {
		return tx.Raw("SELECT display_name FROM users WHERE email = 'kari@flytt.test'").Scan(&name).Error
	}); err != nil || name != "Kari Flytter" {
		t.Errorf("read after the move: %q, %v", name, err)
	}
}

// coordinator is the coordinator's HOST:PORT.
func coordinator(t *testing.T, s *citusCluster) string {
	t.Helper()
	out := nodes(t, s, "groupid = 0")
	if len(out) != 1 {
		t.Fatalf("coordinator: %v", out)
	}
	return out[0]
}

// A second migrate changes nothing on Citus: the schools stay where they
// are, their roles keep their passwords, the registry stays reference
// tables, and river and the version table stay on the coordinator.
func TestCitusMigrateTwice(t *testing.T) {
	s := citusService(t)
	ctx := context.Background()
	slug := randomSlug("mg-")
	if _, err := citusRun(t, s, "create", "--slug", slug, "--name", "Migreringsskolen", "--host", slug+".localhost"); err != nil {
		t.Fatalf("create: %v", err)
	}
	t.Cleanup(func() { _ = s.Delete(ctx, slug, slug) })
	snapshot := func() string {
		var out string
		err := s.root.Raw(`SELECT string_agg(x, ' ' ORDER BY x) FROM (
				SELECT 'schema:' || schemaid::regnamespace::text || '@' || colocationid AS x FROM pg_dist_schema
				UNION ALL SELECT 'auth:' || rolename || '=' || md5(authinfo) FROM pg_dist_authinfo
				UNION ALL SELECT 'table:' || logicalrelid::text || '/' || partmethod::text || repmodel::text FROM pg_dist_partition
				  WHERE logicalrelid::text LIKE 'control.%' OR logicalrelid::text LIKE 'river.%'
				UNION ALL SELECT 'placement:' || shardid || '@' || groupid FROM pg_dist_placement) s`).Scan(&out).Error
		if err != nil {
			t.Fatal(err)
		}
		return out
	}
	first := snapshot()
	for _, want := range []string{"table:control.tenants/nt", "table:control.tenant_hosts/nt", "table:control.secrets/nt", "table:control.signing_keys/nt"} {
		if !strings.Contains(first, want) {
			t.Errorf("%s missing in %s", want, first)
		}
	}
	for _, local := range []string{"control.goose_db_version", "river."} {
		if strings.Contains(first, "table:"+local) {
			t.Errorf("%s is distributed: %s", local, first)
		}
	}
	if _, err := s.migrator.MigrateAll(ctx, 2); err != nil {
		t.Fatalf("migrate: %v", err)
	}
	if second := snapshot(); second != first {
		t.Errorf("a second migrate changed the cluster:\nbefore %s\nafter  %s", first, second)
	}
}

// On Citus the pool leaves plan_cache_mode to Postgres (plain Postgres gets
// force_generic_plan: TestPoolAsksForItsPlannerSettings), so that a school's
// statement with parameters that writes in a CTE, as the sign-in's does,
// runs again and again on a kept connection.
func TestCitusPoolPlansStatementsThatWriteInCTEs(t *testing.T) {
	s := citusService(t)
	ctx := context.Background()
	slug := randomSlug("cte")
	if _, err := citusRun(t, s, "create", "--slug", slug, "--name", "CTE", "--host", slug+".localhost"); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _, _ = citusRun(t, s, "delete", slug, "--confirm", slug) })
	var mode string
	if err := s.root.Raw("SELECT current_setting('plan_cache_mode')").Scan(&mode).Error; err != nil {
		t.Fatal(err)
	}
	if mode == "force_generic_plan" {
		t.Errorf("plan_cache_mode %s on Citus", mode)
	}
	for i := range 8 {
		err := s.InScope(ctx, slug, func(_ context.Context, tx *gorm.DB) error {
			return tx.Exec(`WITH touched AS (UPDATE settings SET updated_at = now() WHERE key = ?)
				INSERT INTO settings (key, value) VALUES (?, ?::jsonb) ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
				"probe", "probe", "1").Error
		})
		if err != nil {
			t.Fatalf("run %d of a statement that writes in a CTE: %v", i+1, err)
		}
	}
}
