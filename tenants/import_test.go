package tenants_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"gorm.io/gorm"

	"github.com/praksis/praksis/schema"
	"github.com/praksis/praksis/tenants"
	"github.com/praksis/praksis/tenants/testdb"
)

// extraRows fills what the demo data leaves empty, with the awkward types
// (bytea that is not UTF-8, inet, uuid, jsonb, identity ids with gaps), so
// that the round trip covers every table and type.
const extraRows = `
insert into forms (name, guidance_pdf, guidance_pdf_name, category)
values ('Veiledning med vedlegg', '\x255044462d00ff10fe'::bytea, 'veiledning.pdf', 'Vedlegg');
insert into sessions (user_id, sign_in_method, user_agent)
select id, 'code', 'Mozilla/5.0 (æøå)' from users where email = 'admin@demo.test';
insert into one_time_codes (email, code_hash, requested_from, failed_attempts)
values ('admin@demo.test', 'hash-1', '2001:db8::7', 2), ('nobody@demo.test', 'hash-2', '192.0.2.10', 0);
delete from one_time_codes where code_hash = 'hash-1';
insert into mail_outbox (to_address, subject, text_body, html_body)
values ('admin@demo.test', 'Kode', 'Koden er 123456', '<p>Koden er <b>123456</b></p>');
insert into feide_profiles (user_id, feide_id, claims, groups)
select id, feide_id, '{"name": "Ola Nordmann", "nested": {"a": [1, 2.5, null]}}',
       '[{"id": "fc:fs:fs:emne:demo.test:SYKP2100:1", "membership": {"fsroles": ["STUDENT"]}}]'
from users where feide_id = 'ola.nordmann@demo.test';
insert into settings (key, value) values ('reports.columns', '{"order": ["name", "class"], "wide": true}');
insert into audit_log (action, entity, entity_id, details) values ('test.extra', 'user', 1, '{"by": "test"}');
-- More rows than one INSERT takes.
insert into audit_log (action, entity, entity_id, details)
select 'test.bulk', 'user', g, jsonb_build_object('n', g) from generate_series(1, 1100) g;
`

// tablesWithRows are the tables that must hold rows before the round trip,
// so that none of them is compared empty. A table added later is compared
// too; add it here once the seed gives it rows.
var tablesWithRows = []string{
	"answer_sets", "answers", "assignments", "audit_log", "catalogue_entries", "class_advisors", "class_forms",
	"class_students", "class_teachers", "classes", "comments", "expectations", "feide_profiles", "forms",
	"mail_outbox", "one_time_codes", "periods", "question_group_options", "question_groups", "questions",
	"roles", "sessions", "settings", "signing_forms", "student_references", "subjects",
	"supervisor_invitations", "user_roles", "users", "warnings",
}

func seedDemo(t *testing.T, db *testdb.DB, slug string) {
	t.Helper()
	seed, err := fs.ReadFile(schema.Demo, "demo/seed.sql")
	if err != nil {
		t.Fatal(err)
	}
	db.Exec(t, slug, string(seed))
	db.Exec(t, slug, extraRows)
}

func export(t *testing.T, db *testdb.DB, slug string) *tenants.Export {
	t.Helper()
	e, err := db.Service.Export(context.Background(), slug)
	if err != nil {
		t.Fatalf("export %s: %v", slug, err)
	}
	return e
}

// writeExport writes e as `tenant export` does and returns the file.
func writeExport(t *testing.T, e any) string {
	t.Helper()
	b, err := json.MarshalIndent(e, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	name := filepath.Join(t.TempDir(), "export.json")
	if err := os.WriteFile(name, b, 0o600); err != nil {
		t.Fatal(err)
	}
	return name
}

// sortedRows gives a table's rows as sorted JSON texts: the export orders
// by the first column only, which need not be unique.
func sortedRows(rows []json.RawMessage) []string {
	out := make([]string, len(rows))
	for i, r := range rows {
		out[i] = string(r)
	}
	slices.Sort(out)
	return out
}

func TestImportRestoresEveryRowExactly(t *testing.T) {
	db := testdb.New(t)
	ctx := context.Background()
	db.School(t, "kilde", "Praksis Kilde", "kilde.test.localhost")
	if _, err := db.Service.AddAdmin(ctx, "kilde", "operator@kilde.test", "Operatør"); err != nil {
		t.Fatal(err)
	}
	seedDemo(t, db, "kilde")
	if _, err := db.Service.Update(ctx, "kilde", tenants.UpdateParams{FeideRealms: &[]string{"kilde.test"}}); err != nil {
		t.Fatal(err)
	}
	before := export(t, db, "kilde")
	for _, name := range tablesWithRows {
		if len(before.Tables[name]) == 0 {
			t.Errorf("table %s has no rows before the round trip; seed some", name)
		}
	}
	file := writeExport(t, before)

	out, err := run(t, db, "import", "kopi", file, "--host", "kopi.test.localhost", "--host", "kopi2.test.localhost", "--name", "Praksis Kopi")
	if err != nil {
		t.Fatalf("import: %v", err)
	}
	if !strings.Contains(out, "into school kopi") || !strings.Contains(out, "now active") {
		t.Errorf("import output %q", out)
	}

	after := export(t, db, "kopi")
	if after.SchemaVersion != before.SchemaVersion || after.Slug != "kopi" {
		t.Errorf("after: slug %q version %d, want kopi and %d", after.Slug, after.SchemaVersion, before.SchemaVersion)
	}
	if len(after.Tables) != len(before.Tables) {
		t.Errorf("%d tables after, %d before", len(after.Tables), len(before.Tables))
	}
	for name, rows := range before.Tables {
		got, want := sortedRows(after.Tables[name]), sortedRows(rows)
		if !slices.Equal(got, want) {
			t.Errorf("table %s differs after the round trip:\n got %d rows %.600s\nwant %d rows %.600s",
				name, len(got), strings.Join(got, "\n"), len(want), strings.Join(want, "\n"))
		}
	}

	// The registry: new slug, hosts and name; the rest as exported.
	reg := after.Registry
	if reg.DisplayName != "Praksis Kopi" || !slices.Equal(reg.Hosts, []string{"kopi.test.localhost", "kopi2.test.localhost"}) ||
		reg.Status != tenants.Active || reg.MigrationState != tenants.MigrationReady || reg.SchemaVersion != tenants.TenantTarget() ||
		!slices.Equal(reg.FeideRealms, []string{"kilde.test"}) || reg.SchemaName != "t_kopi" {
		t.Errorf("registry of the copy: %+v", reg)
	}

	// Sequences continue after the restored ids, and the copy is its own
	// school: the source is untouched.
	err = db.InScopeTest("kopi", func(ctx context.Context, tx *gorm.DB) error {
		var maxID, newID int64
		if err := tx.Raw("SELECT max(id) FROM users").Scan(&maxID).Error; err != nil {
			return err
		}
		if err := tx.Raw("INSERT INTO users (display_name, email) VALUES ('Ny', 'ny@kopi.test') RETURNING id").Scan(&newID).Error; err != nil {
			return err
		}
		if newID != maxID+1 {
			t.Errorf("new user id %d, want %d (sequence not reset)", newID, maxID+1)
		}
		return tx.Exec("INSERT INTO audit_log (action, entity) VALUES ('test.after', 'user')").Error
	})
	if err != nil {
		t.Fatal(err)
	}
	if again := export(t, db, "kilde"); len(again.Tables["users"]) != len(before.Tables["users"]) {
		t.Errorf("the source school changed: %d users, was %d", len(again.Tables["users"]), len(before.Tables["users"]))
	}

	// Without --host the export's hosts are used; the source still has them.
	_, err = run(t, db, "import", "kopi3", file)
	var conflict *tenants.ConflictError
	if !errors.As(err, &conflict) || !strings.Contains(err.Error(), `host "kilde.test.localhost" already belongs to school "kilde"`) ||
		tenants.ExitCode(err) != 3 {
		t.Errorf("import with the source's hosts: %v", err)
	}
}

func TestImportRefuses(t *testing.T) {
	db := testdb.New(t)
	ctx := context.Background()
	db.School(t, "kilde", "Praksis Kilde", "kilde.test.localhost")
	if _, err := db.Service.AddAdmin(ctx, "kilde", "operator@kilde.test", "Operatør"); err != nil {
		t.Fatal(err)
	}
	good := export(t, db, "kilde")
	v := tenants.TenantTarget()
	if good.SchemaVersion != v {
		t.Fatalf("export at version %d, binary at %d", good.SchemaVersion, v)
	}
	file := writeExport(t, good)

	older := *good
	older.SchemaVersion = good.SchemaVersion - 1
	newer := *good
	newer.SchemaVersion = good.SchemaVersion + 1
	extraTable := *good
	extraTable.Tables = map[string][]json.RawMessage{"not_a_table": nil}
	for k, v := range good.Tables {
		extraTable.Tables[k] = v
	}
	badRow := *good
	badRow.Tables = map[string][]json.RawMessage{}
	for k, v := range good.Tables {
		badRow.Tables[k] = v
	}
	badRow.Tables["settings"] = []json.RawMessage{json.RawMessage(`{"key": "a", "value": 1, "updated_at": "2026-01-01T00:00:00Z", "extra": 1}`)}
	catalogue := writeExport(t, map[string]any{"nb": map[string]string{"appName": "X"}})
	noTables := writeExport(t, map[string]any{"slug": "x", "schemaVersion": good.SchemaVersion, "registry": good.Registry})

	before := snapshot(t, db)
	cases := []struct {
		name, file string
		args       []string
		want       string
		exit       int
	}{
		{"older version", writeExport(t, older), []string{"--host", "a.test.localhost"}, fmt.Sprintf(
			"has tenant schema version %d, this binary has %d: import it with the praksis release whose tenant schema version is %d", v-1, v, v-1), 1},
		{"newer version", writeExport(t, newer), []string{"--host", "a.test.localhost"}, fmt.Sprintf(
			"has tenant schema version %d, newer than this binary's %d: import it with the praksis release whose tenant schema version is %d", v+1, v, v+1), 1},
		{"catalogue file", catalogue, nil, `not a school export`, 1},
		{"no tables", noTables, nil, `it has no "tables"`, 1},
		{"not JSON", writeExport(t, "just a string"), nil, `not a school export`, 1},
		{"taken slug", file, []string{"--host", "a.test.localhost"}, `slug "kilde" already exists`, 3},
		{"taken host", file, []string{"--host", "kilde.test.localhost"}, `host "kilde.test.localhost" already belongs to school "kilde"`, 3},
		{"unknown table", writeExport(t, extraTable), []string{"--host", "a.test.localhost"}, "tables this schema lacks: not_a_table", 1},
		{"bad row", writeExport(t, badRow), []string{"--host", "a.test.localhost"}, "table settings, row 1: columns", 1},
	}
	for _, c := range cases {
		slug := "ny"
		if c.name == "taken slug" {
			slug = "kilde"
		}
		_, err := run(t, db, append([]string{"import", slug, c.file}, c.args...)...)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want %q", c.name, err, c.want)
			continue
		}
		if got := tenants.ExitCode(err); got != c.exit {
			t.Errorf("%s: exit code %d, want %d", c.name, got, c.exit)
		}
		if after := snapshot(t, db); after != before {
			t.Errorf("%s: refused import left changes: %+v, before %+v", c.name, after, before)
		}
	}
}
