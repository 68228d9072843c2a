package schema_test

import (
	"context"
	"net/url"
	"os"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"
	"gorm.io/gorm"

	"github.com/praksis/praksis/tenants"
	"github.com/praksis/praksis/tenants/testdb"
)

// crossSchemaFKs lists the foreign keys that join a table of the schema to
// a table of another schema, in either direction. Citus refuses to
// distribute a schema with any of them (other than to reference tables,
// which the tenant schema does not use).
const crossSchemaFKs = `
SELECT format('%I.%I -> %I.%I (%s)', cn.nspname, c.relname, pn.nspname, p.relname, k.conname)
FROM pg_constraint k
JOIN pg_class c ON c.oid = k.conrelid
JOIN pg_namespace cn ON cn.oid = c.relnamespace
JOIN pg_class p ON p.oid = k.confrelid
JOIN pg_namespace pn ON pn.oid = p.relnamespace
WHERE k.contype = 'f' AND (cn.nspname = $1) <> (pn.nspname = $1)
ORDER BY 1`

// crossSchemaDeps lists objects of the schema (tables, columns, defaults,
// constraints, indexes, triggers, functions, types) that depend on a table,
// sequence, function or type in another schema than pg_catalog: a column
// of a type from control, a default calling a function in public, a
// trigger running a function elsewhere. Moving the schema to another node
// would leave such a dependency behind.
const crossSchemaDeps = `
WITH dep AS (
  SELECT d.classid, d.objid, d.objsubid, d.refclassid, d.refobjid,
    CASE d.classid
      WHEN 'pg_class'::regclass THEN (SELECT relnamespace FROM pg_class WHERE oid = d.objid)
      WHEN 'pg_attrdef'::regclass THEN (SELECT c.relnamespace FROM pg_attrdef a JOIN pg_class c ON c.oid = a.adrelid WHERE a.oid = d.objid)
      WHEN 'pg_constraint'::regclass THEN (SELECT connamespace FROM pg_constraint WHERE oid = d.objid)
      WHEN 'pg_trigger'::regclass THEN (SELECT c.relnamespace FROM pg_trigger g JOIN pg_class c ON c.oid = g.tgrelid WHERE g.oid = d.objid)
      WHEN 'pg_proc'::regclass THEN (SELECT pronamespace FROM pg_proc WHERE oid = d.objid)
      WHEN 'pg_type'::regclass THEN (SELECT typnamespace FROM pg_type WHERE oid = d.objid)
    END AS nsp,
    CASE d.refclassid
      WHEN 'pg_class'::regclass THEN (SELECT relnamespace FROM pg_class WHERE oid = d.refobjid)
      WHEN 'pg_proc'::regclass THEN (SELECT pronamespace FROM pg_proc WHERE oid = d.refobjid)
      WHEN 'pg_type'::regclass THEN (SELECT typnamespace FROM pg_type WHERE oid = d.refobjid)
    END AS refnsp
  FROM pg_depend d
  WHERE d.deptype IN ('n', 'a')
)
SELECT format('%s depends on %s %s', pg_describe_object(classid, objid, objsubid), r.type, r.identity)
FROM dep, pg_identify_object(refclassid, refobjid, 0) r
WHERE nsp = $1::regnamespace AND refnsp IS NOT NULL
  AND refnsp NOT IN ($1::regnamespace, 'pg_catalog'::regnamespace)
ORDER BY 1`

func problems(t *testing.T, conn *pgx.Conn, schemaName string) []string {
	t.Helper()
	var out []string
	for _, q := range []string{crossSchemaFKs, crossSchemaDeps} {
		rows, err := conn.Query(context.Background(), q, schemaName)
		if err != nil {
			t.Fatalf("query: %v", err)
		}
		found, err := pgx.CollectRows(rows, pgx.RowTo[string])
		if err != nil {
			t.Fatalf("query: %v", err)
		}
		out = append(out, found...)
	}
	return out
}

// superuser connects to the test database as the cluster's superuser, to
// plant violations the application role may not make.
func superuser(t *testing.T, db *testdb.DB) *pgx.Conn {
	t.Helper()
	u, err := url.Parse(os.Getenv(testdb.EnvAdminURL))
	if err != nil {
		t.Fatal(err)
	}
	u.Path = "/" + db.Name
	conn, err := pgx.Connect(context.Background(), u.String())
	if err != nil {
		t.Fatalf("connect as superuser: %v", err)
	}
	t.Cleanup(func() { conn.Close(context.Background()) })
	return conn
}

func TestTenantSchemaHasNoTiesToOtherSchemas(t *testing.T) {
	db := testdb.New(t)
	ten := db.School(t, "skole", "Skole")
	if ten.SchemaVersion != tenants.TenantTarget() {
		t.Fatalf("school at version %d, want %d", ten.SchemaVersion, tenants.TenantTarget())
	}
	conn := superuser(t, db)
	ctx := context.Background()

	var tables int
	if err := conn.QueryRow(ctx, "SELECT count(*) FROM pg_tables WHERE schemaname = $1", ten.SchemaName).Scan(&tables); err != nil {
		t.Fatal(err)
	}
	if tables < 10 {
		t.Fatalf("schema %s has %d tables; the check needs the migrated schema", ten.SchemaName, tables)
	}
	var ownFKs int
	if err := conn.QueryRow(ctx, `SELECT count(*) FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid
		WHERE k.contype = 'f' AND c.relnamespace = $1::regnamespace`, ten.SchemaName).Scan(&ownFKs); err != nil {
		t.Fatal(err)
	}
	if ownFKs == 0 {
		t.Fatal("no foreign keys found in the school's schema: the query is looking in the wrong place")
	}
	for _, p := range problems(t, conn, ten.SchemaName) {
		t.Errorf("schema %s is tied to another schema: %s", ten.SchemaName, p)
	}
	// Moving a school online replicates its rows by their replica identity.
	rows, err := conn.Query(ctx, `SELECT c.relname FROM pg_class c
		WHERE c.relnamespace = $1::regnamespace AND c.relkind IN ('r', 'p')
		  AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conrelid = c.oid AND k.contype = 'p')
		ORDER BY 1`, ten.SchemaName)
	if err != nil {
		t.Fatal(err)
	}
	noPK, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range noPK {
		t.Errorf("table %s.%s has no primary key: a school could not be moved online", ten.SchemaName, name)
	}

	// The check must see what it guards against: plant each kind of tie in
	// a second school and expect every one to be reported.
	other := db.School(t, "plantet", "Plantet")
	s := pgx.Identifier{other.SchemaName}.Sanitize()
	for _, stmt := range []string{
		"CREATE TABLE public.shared_things (id bigint PRIMARY KEY)",
		"CREATE FUNCTION public.shared_default() RETURNS bigint LANGUAGE sql AS 'SELECT 1::bigint'",
		"CREATE TYPE public.shared_kind AS ENUM ('a', 'b')",
		"ALTER TABLE " + s + ".users ADD COLUMN thing_id bigint REFERENCES public.shared_things (id)",
		"ALTER TABLE " + s + ".users ADD COLUMN n bigint DEFAULT public.shared_default()",
		"ALTER TABLE " + s + ".users ADD COLUMN kind public.shared_kind",
		"ALTER TABLE public.shared_things ADD COLUMN user_id bigint REFERENCES " + s + ".users (id)",
	} {
		if _, err := conn.Exec(ctx, stmt); err != nil {
			t.Fatalf("%s: %v", stmt, err)
		}
	}
	found := strings.Join(problems(t, conn, other.SchemaName), "\n")
	for _, want := range []string{
		other.SchemaName + ".users -> public.shared_things",
		"public.shared_things -> " + other.SchemaName + ".users",
		"depends on function public.shared_default()",
		"depends on type public.shared_kind",
	} {
		if !strings.Contains(found, want) {
			t.Errorf("planted tie %q not reported; reported:\n%s", want, found)
		}
	}
	// The first school is still clean: the check is per schema.
	for _, p := range problems(t, conn, ten.SchemaName) {
		t.Errorf("schema %s: %s", ten.SchemaName, p)
	}

	// And the application's own scope cannot see the planted table at all.
	err = db.InScopeTest("skole", func(ctx context.Context, tx *gorm.DB) error {
		return tx.Exec("SELECT 1 FROM public.shared_things").Error
	})
	if err == nil || !strings.Contains(err.Error(), "permission denied") {
		t.Errorf("a school's scope reached public.shared_things: %v", err)
	}
}

// triggersBeyondTheirRow lists the school's triggers whose function names
// another table (or sequence, or view) of the schema, or runs dynamic SQL
// (EXECUTE) that could. On a Citus worker a trigger runs inside the statement
// on its own table's shard, without the school's search_path, and Citus runs
// no query on another of the school's tables from there: such a trigger
// breaks every write to its table. A trigger may look at and set only its
// own row (NEW and OLD).
const triggersBeyondTheirRow = `
SELECT format('trigger %s on %s runs %s, which %s', g.tgname, c.relname, p.proname,
	coalesce('names ' || o.relname, 'runs dynamic SQL'))
FROM pg_trigger g
JOIN pg_class c ON c.oid = g.tgrelid
JOIN pg_proc p ON p.oid = g.tgfoid
LEFT JOIN pg_class o ON o.relnamespace = c.relnamespace AND o.relkind IN ('r', 'p', 'v', 'm', 'S', 'f') AND o.oid <> c.oid
	AND p.prosrc ~* ('\m' || o.relname || '\M')
WHERE NOT g.tgisinternal AND c.relnamespace = $1::regnamespace
  AND (o.oid IS NOT NULL OR p.prosrc ~* '\mexecute\M')
ORDER BY 1`

func beyondTheirRow(t *testing.T, conn *pgx.Conn, schemaName string) []string {
	t.Helper()
	rows, err := conn.Query(context.Background(), triggersBeyondTheirRow, schemaName)
	if err != nil {
		t.Fatalf("query: %v", err)
	}
	found, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		t.Fatalf("query: %v", err)
	}
	return found
}

// A school's triggers touch only their own row, so that every write works
// on a Citus worker (deploy/CITUS.md): no trigger function of a migrated
// school names another of its tables, and the check reports both a trigger
// that updates another table and one that runs dynamic SQL.
func TestTenantTriggersTouchOnlyTheirOwnRow(t *testing.T) {
	db := testdb.New(t)
	ten := db.School(t, "skole", "Skole")
	conn := superuser(t, db)
	ctx := context.Background()

	var triggers int
	if err := conn.QueryRow(ctx, `SELECT count(*) FROM pg_trigger g JOIN pg_class c ON c.oid = g.tgrelid
		WHERE NOT g.tgisinternal AND c.relnamespace = $1::regnamespace`, ten.SchemaName).Scan(&triggers); err != nil {
		t.Fatal(err)
	}
	if triggers == 0 {
		t.Fatal("no triggers found in the school's schema: the check is looking in the wrong place")
	}
	for _, p := range beyondTheirRow(t, conn, ten.SchemaName) {
		t.Errorf("schema %s: %s", ten.SchemaName, p)
	}

	other := db.School(t, "plantet", "Plantet")
	s := pgx.Identifier{other.SchemaName}.Sanitize()
	for _, stmt := range []string{
		"CREATE FUNCTION " + s + ".touch_forms() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN UPDATE forms SET updated_at = now(); RETURN NULL; END $$",
		"CREATE TRIGGER questions_touch_forms AFTER INSERT ON " + s + ".questions FOR EACH ROW EXECUTE FUNCTION " + s + ".touch_forms()",
		"CREATE FUNCTION " + s + ".dynamic() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN EXECUTE 'SELECT 1'; RETURN NEW; END $$",
		"CREATE TRIGGER users_dynamic BEFORE UPDATE ON " + s + ".users FOR EACH ROW EXECUTE FUNCTION " + s + ".dynamic()",
	} {
		if _, err := conn.Exec(ctx, stmt); err != nil {
			t.Fatalf("%s: %v", stmt, err)
		}
	}
	found := strings.Join(beyondTheirRow(t, conn, other.SchemaName), "\n")
	for _, want := range []string{
		"trigger questions_touch_forms on questions runs touch_forms, which names forms",
		"trigger users_dynamic on users runs dynamic, which runs dynamic SQL",
	} {
		if !strings.Contains(found, want) {
			t.Errorf("planted trigger %q not reported; reported:\n%s", want, found)
		}
	}
}
