package tenants_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"gorm.io/gorm"

	"github.com/praksis/praksis/tenants"
	"github.com/praksis/praksis/tenants/testdb"
)

func TestValidateSlug(t *testing.T) {
	cases := map[string]bool{
		"hvl": true, "oslomet": true, "a1": true, "nord-universitet": true, "a234567890123456789012345678901": true,
		"": false, "a": false, "1abc": false, "-abc": false, "Hvl": false, "hv_l": false, "hv l": false,
		"a2345678901234567890123456789012": false, "æøå": false,
		"control": false, "public": false, "river": false, "www": false, "api": false, "admin": false, "static": false,
	}
	for slug, ok := range cases {
		err := tenants.ValidateSlug(slug)
		if (err == nil) != ok {
			t.Errorf("ValidateSlug(%q) = %v, want ok=%v", slug, err, ok)
		}
	}
}

func TestNormalizeHost(t *testing.T) {
	cases := map[string]string{
		"Demo.Localhost:8080": "demo.localhost", "demo.localhost": "demo.localhost", "praksis.hvl.no.": "praksis.hvl.no",
		"[::1]:8080": "::1", "127.0.0.1:80": "127.0.0.1",
	}
	for in, want := range cases {
		if got := tenants.NormalizeHost(in); got != want {
			t.Errorf("NormalizeHost(%q) = %q, want %q", in, got, want)
		}
	}
}

// state is what a refused command must leave untouched.
type state struct{ tenants, hosts, schemas, roles int64 }

func snapshot(t *testing.T, db *testdb.DB) state {
	t.Helper()
	var s state
	db.Root.Raw("SELECT count(*) FROM control.tenants").Scan(&s.tenants)
	db.Root.Raw("SELECT count(*) FROM control.tenant_hosts").Scan(&s.hosts)
	db.Root.Raw("SELECT count(*) FROM pg_namespace WHERE nspname LIKE 't\\_%'").Scan(&s.schemas)
	db.Root.Raw("SELECT count(*) FROM pg_roles WHERE rolname LIKE ?", db.Name+"\\_t\\_%").Scan(&s.roles)
	return s
}

func TestCreateRefusesConflictsAndChangesNothing(t *testing.T) {
	db := testdb.New(t)
	ctx := context.Background()
	db.School(t, "hvl", "Praksis HVL", "praksis.hvl.no", "hvl.localhost")
	before := snapshot(t, db)
	if before != (state{1, 2, 1, 1}) {
		t.Fatalf("after one create: %+v", before)
	}
	cases := []struct {
		name   string
		params tenants.CreateParams
		want   string
	}{
		{"same slug", tenants.CreateParams{Slug: "hvl", Name: "Other", Hosts: []string{"other.localhost"}}, `slug "hvl" already exists`},
		{"same host", tenants.CreateParams{Slug: "oslomet", Name: "OsloMet", Hosts: []string{"oslomet.localhost", "praksis.hvl.no"}}, `host "praksis.hvl.no" already belongs to school "hvl"`},
		{"same host other case", tenants.CreateParams{Slug: "oslomet", Name: "OsloMet", Hosts: []string{"HVL.localhost"}}, `host "hvl.localhost" already belongs to school "hvl"`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := db.Service.Create(ctx, c.params)
			var conflict *tenants.ConflictError
			if !errors.As(err, &conflict) {
				t.Fatalf("want a conflict, got %v", err)
			}
			if !strings.Contains(err.Error(), c.want) {
				t.Errorf("message %q does not name the conflict %q", err, c.want)
			}
			if tenants.ExitCode(err) == 0 {
				t.Error("exit code must be non-zero")
			}
			if after := snapshot(t, db); after != before {
				t.Errorf("refused create changed something: before %+v, after %+v", before, after)
			}
		})
	}
	for _, bad := range []tenants.CreateParams{
		{Slug: "public", Name: "X", Hosts: []string{"x.localhost"}},
		{Slug: "Bad", Name: "X", Hosts: []string{"x.localhost"}},
		{Slug: "ok", Name: "", Hosts: []string{"x.localhost"}},
		{Slug: "ok", Name: "X", Hosts: nil},
		{Slug: "ok", Name: "X", Hosts: []string{"http://x.localhost"}},
		{Slug: "ok", Name: "X", Hosts: []string{"x.localhost"}, DefaultLanguage: "sv"},
		{Slug: "ok", Name: "X", Hosts: []string{"x.localhost"}, Theme: tenants.Theme{PrimaryColor: "blue"}},
	} {
		if _, err := db.Service.Create(ctx, bad); err == nil {
			t.Errorf("Create(%+v) was accepted", bad)
		}
	}
	if after := snapshot(t, db); after != before {
		t.Errorf("invalid creates changed something: %+v", after)
	}
}

func TestDeleteNeedsConfirmation(t *testing.T) {
	db := testdb.New(t)
	ctx := context.Background()
	db.School(t, "hvl", "Praksis HVL")
	before := snapshot(t, db)
	for _, confirm := range []string{"", "hv", "other"} {
		if err := db.Service.Delete(ctx, "hvl", confirm); err == nil {
			t.Fatalf("delete with --confirm %q was accepted", confirm)
		}
	}
	if after := snapshot(t, db); after != before {
		t.Fatalf("refused delete changed something: %+v", after)
	}
	if err := db.Service.Delete(ctx, "hvl", "hvl"); err != nil {
		t.Fatalf("delete: %v", err)
	}
	if after := snapshot(t, db); after != (state{}) {
		t.Fatalf("delete left something behind: %+v", after)
	}
	if err := db.Service.Delete(ctx, "hvl", "hvl"); !errors.Is(err, tenants.ErrNotFound) {
		t.Fatalf("deleting a deleted school: %v", err)
	}
}

func TestUpdateDisableEnable(t *testing.T) {
	db := testdb.New(t)
	ctx := context.Background()
	db.School(t, "hvl", "Praksis HVL", "hvl.localhost")
	db.School(t, "nord", "Praksis Nord", "nord.localhost")
	name, color := "Praksis Vestlandet", "#123456"
	got, err := db.Service.Update(ctx, "hvl", tenants.UpdateParams{Name: &name, PrimaryColor: &color, AddHosts: []string{"vest.localhost"}, RemoveHosts: []string{"hvl.localhost"}})
	if err != nil {
		t.Fatal(err)
	}
	if got.DisplayName != name || got.Theme.PrimaryColor != color || strings.Join(got.Hosts, ",") != "vest.localhost" {
		t.Errorf("update gave %+v", got)
	}
	if _, err := db.Service.Update(ctx, "hvl", tenants.UpdateParams{AddHosts: []string{"nord.localhost"}}); err == nil {
		t.Error("taking another school's host was accepted")
	}
	if _, err := db.Service.Update(ctx, "hvl", tenants.UpdateParams{RemoveHosts: []string{"vest.localhost"}}); err == nil {
		t.Error("removing the last host was accepted")
	}
	if err := db.Service.SetStatus(ctx, "hvl", tenants.Disabled); err != nil {
		t.Fatal(err)
	}
	if got, _ := db.Service.Get(ctx, "hvl"); got.Status != tenants.Disabled {
		t.Errorf("status %s after disable", got.Status)
	}
	if err := db.Service.SetStatus(ctx, "nope", tenants.Disabled); !errors.Is(err, tenants.ErrNotFound) {
		t.Errorf("disable unknown school: %v", err)
	}
}

// Two schools with rows of the same ids each see only their own, and inside
// one school's scope the other's tables are refused by the database itself.
func TestIsolation(t *testing.T) {
	db := testdb.New(t)
	ctx := context.Background()
	a := db.School(t, "skole-a", "Skole A")
	b := db.School(t, "skole-b", "Skole B")
	db.Exec(t, "skole-a", "INSERT INTO users (display_name, email) VALUES ('Anne fra A', 'anne@a.test')")
	db.Exec(t, "skole-b", "INSERT INTO users (display_name, email) VALUES ('Bjørn fra B', 'bjorn@b.test')")

	for _, c := range []struct {
		ten  *tenants.Tenant
		want string
	}{{a, "Anne fra A"}, {b, "Bjørn fra B"}} {
		var rows []struct {
			ID          int64
			DisplayName string
		}
		err := tenants.InScope(ctx, db.Root, c.ten, func(ctx context.Context, tx *gorm.DB) error {
			return tx.Raw("SELECT id, display_name FROM users ORDER BY id").Scan(&rows).Error
		})
		if err != nil {
			t.Fatal(err)
		}
		if len(rows) != 1 || rows[0].ID != 1 || rows[0].DisplayName != c.want {
			t.Errorf("%s sees %+v, want only id 1 %q", c.ten.Slug, rows, c.want)
		}
	}

	for _, q := range []string{
		"SELECT count(*) FROM t_skole_b.users",
		"INSERT INTO t_skole_b.users (display_name, email) VALUES ('x', 'x@x.test')",
		"SELECT count(*) FROM control.tenants",
		// Another school's session read, a function in its schema.
		"SELECT count(*) FROM t_skole_b.session_of('00000000-0000-4000-8000-000000000001', 1)",
	} {
		err := tenants.InScope(ctx, db.Root, a, func(ctx context.Context, tx *gorm.DB) error {
			var n int64
			return tx.Raw(q).Scan(&n).Error
		})
		if err == nil || !strings.Contains(err.Error(), "permission denied") {
			t.Errorf("in school A's scope %q: got %v, want permission denied", q, err)
		}
	}

	// Outside any scope the login role reaches no school's tables either:
	// it holds the tenant roles without inheriting their rights.
	var n int64
	if err := db.Root.Raw("SELECT count(*) FROM t_skole_a.users").Scan(&n).Error; err == nil || !strings.Contains(err.Error(), "permission denied") {
		t.Errorf("root handle read school A's users: %v", err)
	}
	// Nor its session read, whether called directly or by entering school
	// A's schema with school B's role (school B's role cannot look into
	// school A's schema, so to it the function is not there).
	for _, c := range []struct{ q, want string }{
		{"SELECT count(*) FROM t_skole_a.session_of('00000000-0000-4000-8000-000000000001', 1)", "permission denied"},
		{"SELECT count(*) FROM control.enter_school_v2('t_skole_a', '" + b.DBRole + "', '00000000-0000-4000-8000-000000000001', 1)",
			"function session_of(uuid, bigint) does not exist"},
	} {
		err := db.Root.Transaction(func(tx *gorm.DB) error { return tx.Raw(c.q).Scan(&n).Error })
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("root handle %q: got %v, want %s", c.q, err, c.want)
		}
	}

	// Scope settings are transaction-local: the pooled connection comes
	// back with no school attached.
	var role, path string
	db.Root.Raw("SELECT current_user, current_setting('search_path')").Row().Scan(&role, &path)
	if strings.Contains(role, "_t_") || strings.Contains(path, "t_skole") {
		t.Errorf("scope leaked out of its transaction: role %s, search_path %s", role, path)
	}
}

func TestMigrateAllIsIdempotentAndPerSchema(t *testing.T) {
	db := testdb.New(t)
	ctx := context.Background()
	for _, slug := range []string{"s-one", "s-two", "s-three"} {
		if _, err := db.Service.Create(ctx, tenants.CreateParams{Slug: slug, Name: slug, Hosts: []string{slug + ".localhost"}, NoMigrate: true}); err != nil {
			t.Fatal(err)
		}
	}
	reg := tenants.NewRegistry(db.Root, tenants.TenantTarget())
	if err := reg.Load(ctx); err != nil {
		t.Fatal(err)
	}
	ten, _ := reg.BySlug("s-one")
	if ok, why := ten.Serveable(reg.TargetVersion()); ok || why != "tenant.upgrading" {
		t.Errorf("an unmigrated school is serveable: %v %s", ok, why)
	}
	for range 2 {
		results, err := db.Migrator.MigrateAll(ctx, 2)
		if err != nil {
			t.Fatal(err)
		}
		if len(results) != 3 {
			t.Fatalf("migrated %d schools, want 3", len(results))
		}
	}
	list, _ := db.Service.List(ctx)
	for _, s := range list {
		if s.SchemaVersion != tenants.TenantTarget() || s.MigrationState != tenants.MigrationReady {
			t.Errorf("%s at version %d (%s)", s.Slug, s.SchemaVersion, s.MigrationState)
		}
		var n int64
		db.Root.Raw("SELECT count(*) FROM pg_tables WHERE schemaname = ? AND tablename = 'goose_db_version'", s.SchemaName).Scan(&n)
		if n != 1 {
			t.Errorf("%s has no version table of its own", s.Slug)
		}
	}
}

func TestAddAdminAndCatalogue(t *testing.T) {
	db := testdb.New(t)
	ctx := context.Background()
	db.School(t, "hvl", "Praksis HVL")
	id, err := db.Service.AddAdmin(ctx, "hvl", "Kari@HVL.no", "Kari Nordmann")
	if err != nil {
		t.Fatal(err)
	}
	again, err := db.Service.AddAdmin(ctx, "hvl", "kari@hvl.no", "Kari Nordmann")
	if err != nil || again != id {
		t.Fatalf("second add-admin: id %d (first %d), %v", again, id, err)
	}
	if _, err := db.Service.AddAdmin(ctx, "hvl", "not-an-email", "X"); err == nil {
		t.Error("a bad e-mail was accepted")
	}

	if _, err := db.Service.ImportCatalogue(ctx, "hvl", tenants.Catalogue{"nb": {"appName": "Praksis på Vestlandet"}, "en": {"appName": "Placement West", "aboutUrl": "https://hvl.no"}}, false); err != nil {
		t.Fatal(err)
	}
	for _, bad := range []tenants.Catalogue{
		{"sv": {"appName": "x"}},
		{"nb": {"noSuchKey": "x"}},
		{"nb": {"aboutUrl": "javascript:alert(1)"}},
		{"nb": {"contactEmail": "nope"}},
		{"nb": {"appName": strings.Repeat("x", 101)}},
	} {
		if _, err := db.Service.ImportCatalogue(ctx, "hvl", bad, true); err == nil {
			t.Errorf("catalogue %v was accepted", bad)
		}
	}
	got, err := db.Service.ExportCatalogue(ctx, "hvl")
	if err != nil {
		t.Fatal(err)
	}
	if got["nb"]["appName"] != "Praksis på Vestlandet" || got["en"]["aboutUrl"] != "https://hvl.no" || len(got["nb"])+len(got["en"]) != 3 {
		t.Errorf("exported catalogue %v (a refused import must change nothing)", got)
	}

	exp, err := db.Service.Export(ctx, "hvl")
	if err != nil {
		t.Fatal(err)
	}
	if len(exp.Tables["users"]) != 1 || len(exp.Tables["user_roles"]) != 1 || len(exp.Tables["catalogue_entries"]) != 3 {
		t.Errorf("export has users %d, roles %d, texts %d", len(exp.Tables["users"]), len(exp.Tables["user_roles"]), len(exp.Tables["catalogue_entries"]))
	}
	if _, ok := exp.Tables["goose_db_version"]; ok {
		t.Error("export includes the migration table")
	}
}

// Statements are never rendered with their arguments written in: GORM asks
// for that text on every Scan (for its logger), and the arguments are
// personal data. The rendering is also what made it costly.
func TestStatementsAreNotRenderedWithTheirArguments(t *testing.T) {
	db := testdb.New(t)
	text := db.Root.ToSQL(func(tx *gorm.DB) *gorm.DB {
		var n int64
		return tx.Raw("SELECT count(*) FROM control.tenants WHERE slug = ? AND id > ?", "kari.nordmann@example.no", 41).Scan(&n)
	})
	if strings.Contains(text, "kari.nordmann") || strings.Contains(text, "41") {
		t.Errorf("statement rendered with its arguments: %s", text)
	}
	if !strings.Contains(text, "slug = $1 AND id > $2") {
		t.Errorf("statement text %q, want it as sent", text)
	}
}
