package schema

import (
	"fmt"
	"io/fs"
	"regexp"
	"strings"
	"testing"
)

// The tenant migrations run in every school's schema with search_path and
// role set to that school's. To stay distributable as a Citus tenant schema
// (citus_schema_distribute, citus_schema_move; see deploy/CITUS.md) they
// must not reach outside that schema or change database-wide state. These
// rules check the SQL text, outside comments and string literals (function
// bodies between dollar quotes are checked like any other SQL).
var tenantRules = []struct {
	re   *regexp.Regexp
	why  string
	skip func(code string, loc []int) bool
}{
	{re: regexp.MustCompile(`\b(control|public|river|pg_temp|t_[a-z0-9_]+)\s*\.\s*[a-z_]`),
		why: "schema-qualified name: a tenant migration names only its own schema's objects, unqualified"},
	{re: regexp.MustCompile(`\breferences\s+[a-z_][a-z0-9_$]*\s*\.`),
		why: "foreign key to a table in another schema: a distributed tenant schema may only reference its own tables"},
	{re: regexp.MustCompile(`\bcreate\s+extension\b`),
		why: "CREATE EXTENSION: extensions are database-wide; the operator installs them once (see deploy/CITUS.md)"},
	{re: regexp.MustCompile(`\b(create|alter|drop)\s+(role|user|group)\b`),
		why: "role management: roles are made by `praksis tenant create`, never by a migration"},
	{re: regexp.MustCompile(`\b(grant|revoke)\b`),
		why: "GRANT/REVOKE: a school's schema belongs to its role; privileges are set by `praksis tenant create`"},
	{re: regexp.MustCompile(`\bowner\s+to\b`),
		why: "OWNER TO: objects belong to the role the migration runs as"},
	{re: regexp.MustCompile(`\bset\s+(session\s+)?authorization\b`),
		why: "SET SESSION AUTHORIZATION: the migration runs as the school's role"},
	{re: regexp.MustCompile(`\b(set|reset)\s+(local\s+|session\s+)?search_path\b`),
		why: "SET search_path: the migrator sets it; a migration that changes it escapes its schema"},
	// SET ROLE only as a statement, so that UPDATE … SET role = … passes.
	{re: regexp.MustCompile(`(?m)(^|;|\bbegin\b|\bthen\b|\belse\b|\bloop\b)\s*(set|reset)\s+(local\s+|session\s+)?role\b`),
		why: "SET ROLE: the migration runs as the school's role and must not leave it"},
	{re: regexp.MustCompile(`\bset_config\s*\(`),
		why: "set_config(): the migrator sets search_path and role; a migration must not change session state"},
	{re: regexp.MustCompile(`\b(create|alter|drop)\s+schema\b`),
		why: "schema DDL: the school's schema is made by `praksis tenant create`"},
	{re: regexp.MustCompile(`\bset\s+schema\b`),
		why: "SET SCHEMA: moving objects between schemas is refused for distributed tenant schemas"},
	{re: regexp.MustCompile(`\bcreate\s+(foreign\s+table|server)\b`),
		why: "foreign tables cannot live in a distributed schema"},
	{re: regexp.MustCompile(`\binherits\s*\(`),
		why: "table inheritance is refused in a distributed schema"},
	{re: regexp.MustCompile(`\bcreate\s+(or\s+replace\s+)?(constraint\s+)?trigger\b[^;]*\b(truncate|for\s+each\s+statement)\b`),
		why: "statement-level or TRUNCATE trigger: Citus supports row-level triggers only on distributed tables"},
	{re: regexp.MustCompile(`\bgenerated\s+(always|by\s+default)\s+as\s+identity\b`),
		why:  "identity column that is not bigint: on distributed tables Citus takes inserts from every node only into bigint identity columns",
		skip: identityIsBigint},
}

// identityIsBigint reports whether the column definition an identity clause
// belongs to (back to the previous comma or opening parenthesis) is bigint.
func identityIsBigint(code string, loc []int) bool {
	start := strings.LastIndexAny(code[:loc[0]], ",(") + 1
	return regexp.MustCompile(`\b(bigint|int8)\b`).MatchString(code[start:loc[0]])
}

// stripSQL lower-cases sql and blanks out comments, string literals and
// quoted-identifier quotes, keeping line breaks so that offsets still map to
// lines. Dollar-quote delimiters are blanked but the body is kept: a function
// body is SQL too.
func stripSQL(sql string) string {
	b := []byte(sql)
	out := make([]byte, len(b))
	copy(out, b)
	blank := func(from, to int) {
		for i := from; i < to && i < len(out); i++ {
			if out[i] != '\n' {
				out[i] = ' '
			}
		}
	}
	dollar := regexp.MustCompile(`^\$([A-Za-z_][A-Za-z0-9_]*)?\$`)
	isIdent := func(c byte) bool {
		return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
	}
	for i := 0; i < len(b); {
		switch {
		case b[i] == '-' && i+1 < len(b) && b[i+1] == '-':
			end := strings.IndexByte(sql[i:], '\n')
			if end < 0 {
				end = len(b) - i
			}
			blank(i, i+end)
			i += end
		case b[i] == '/' && i+1 < len(b) && b[i+1] == '*':
			depth, j := 1, i+2
			for j < len(b) && depth > 0 {
				switch {
				case b[j] == '/' && j+1 < len(b) && b[j+1] == '*':
					depth++
					j += 2
				case b[j] == '*' && j+1 < len(b) && b[j+1] == '/':
					depth--
					j += 2
				default:
					j++
				}
			}
			blank(i, j)
			i = j
		case b[i] == '\'':
			escapes := i > 0 && (b[i-1] == 'e' || b[i-1] == 'E') && (i < 2 || !isIdent(b[i-2]))
			j := i + 1
			for j < len(b) {
				if escapes && b[j] == '\\' {
					j += 2
					continue
				}
				if b[j] == '\'' {
					if j+1 < len(b) && b[j+1] == '\'' {
						j += 2
						continue
					}
					break
				}
				j++
			}
			blank(i, j+1)
			i = j + 1
		case b[i] == '"':
			j := strings.IndexByte(sql[i+1:], '"')
			if j < 0 {
				j = len(b) - i - 1
			}
			out[i] = ' '
			if i+1+j < len(out) {
				out[i+1+j] = ' '
			}
			i += j + 2
		case b[i] == '$' && (i == 0 || !isIdent(b[i-1])):
			if m := dollar.Find(b[i:]); m != nil {
				blank(i, i+len(m))
				i += len(m)
				continue
			}
			i++
		default:
			i++
		}
	}
	return strings.ToLower(string(out))
}

// checkTenantSQL returns one message per rule a migration breaks.
func checkTenantSQL(name, sql string) []string {
	code := stripSQL(sql)
	var problems []string
	for _, r := range tenantRules {
		for _, loc := range r.re.FindAllStringIndex(code, -1) {
			if r.skip != nil && r.skip(code, loc) {
				continue
			}
			line := strings.Count(code[:loc[0]], "\n") + 1
			snippet := strings.TrimSpace(strings.Split(sql, "\n")[line-1])
			problems = append(problems, fmt.Sprintf("%s:%d: %s\n\t%s", name, line, r.why, snippet))
		}
	}
	return problems
}

func TestTenantMigrationsStayInTheirSchema(t *testing.T) {
	files, err := fs.Glob(Tenant, "tenant/*.sql")
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no tenant migrations embedded")
	}
	for _, name := range files {
		b, err := fs.ReadFile(Tenant, name)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range checkTenantSQL(name, string(b)) {
			t.Error(p)
		}
	}
}

func TestTenantRulesCatchWhatTheyShould(t *testing.T) {
	bad := map[string]string{
		"qualified table":        "create table x (id bigint); insert into control.tenants values (1);",
		"qualified public":       "select * from public.users;",
		"qualified river":        "insert into river.river_job (kind) values ('x');",
		"another school":         "select count(*) from t_other_school.users;",
		"quoted qualifier":       `select * from "control"."tenants";`,
		"spaced qualifier":       "select * from control . tenants;",
		"fk to other schema":     "create table a (id bigint references shared.things (id));",
		"extension":              "CREATE EXTENSION IF NOT EXISTS pgcrypto;",
		"create role":            "create role x;",
		"alter role":             "ALTER ROLE x SET work_mem = '1MB';",
		"grant":                  "grant select on users to someone;",
		"revoke":                 "revoke all on users from public;",
		"owner to":               "alter table users owner to someone;",
		"set search_path":        "SET search_path = other;",
		"set local search_path":  "set local search_path to other;",
		"set role":               "set role other;",
		"reset role":             "select 1; reset role;",
		"set role in function":   "create function f() returns void language plpgsql as $$ begin set local role other; end $$;",
		"set_config":             "select set_config('search_path', 'other', true);",
		"function search_path":   "create function f() returns int language sql set search_path = other as $$ select 1 $$;",
		"create schema":          "create schema other;",
		"set schema":             "alter table users set schema other;",
		"foreign table":          "create foreign table f (id int) server s;",
		"inherits":               "create table child () inherits (users);",
		"truncate trigger":       "create trigger t before truncate on users execute function f();",
		"statement trigger":      "create trigger t after insert on users for each statement execute function f();",
		"integer identity":       "create table a (id integer generated always as identity primary key);",
		"smallint identity":      "create table a (name text, id smallint not null generated by default as identity);",
		"qualified in function":  "create function f() returns int language plpgsql as $fn$ begin return (select count(*) from control.tenants); end $fn$;",
		"qualified after string": "select 'a''b', x from public.y;",
	}
	for name, sql := range bad {
		if len(checkTenantSQL(name, sql)) == 0 {
			t.Errorf("%s: not caught: %s", name, sql)
		}
	}
	good := map[string]string{
		"upsert excluded":    "insert into settings (key, value) values ('a', '1') on conflict (key) do update set value = excluded.value;",
		"alias":              "select r.id, u.email from roles r join users u on u.id = r.id;",
		"trigger row":        "create trigger t before update or delete on audit_log for each row execute function f();",
		"comment":            "-- insert into control.tenants; grant all; create extension x\nselect 1;",
		"block comment":      "/* set search_path = x; public.y */ select 1;",
		"string":             "select 'control.tenants', 'grant all to x', E'it\\'s public.x';",
		"bigint identity":    "create table a (id bigint generated always as identity primary key, n integer not null);",
		"int8 identity":      "create table a (x text, id int8 generated by default as identity);",
		"new row":            "create function f() returns trigger language plpgsql as $$ begin new.updated_at = now(); return new; end $$;",
		"function string":    "create function f() returns trigger language plpgsql as $$ begin raise exception 'public.x %', tg_op; end; $$;",
		"schema-less fk":     "create table a (id bigint references users (id));",
		"table named grants": "create table grant_requests (id bigint);",
		"column type":        "create table a (at timestamptz, ip inet);",
		"param":              "select $1::text;",
		"column named role":  "update members set role = 'x' where id = 1;",
	}
	for name, sql := range good {
		if p := checkTenantSQL(name, sql); len(p) > 0 {
			t.Errorf("%s: false alarm: %v", name, p)
		}
	}
}
