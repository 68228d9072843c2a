package tenants_test

import (
	"bytes"
	"context"
	"errors"
	"os"
	"strings"
	"testing"

	"gorm.io/gorm"

	"github.com/praksis/praksis/tenants"
	"github.com/praksis/praksis/tenants/testdb"
	"github.com/praksis/praksis/tenants/texts"
)

func run(t *testing.T, db *testdb.DB, args ...string) (string, error) {
	t.Helper()
	return runOn(t, db.Service, args...)
}

// runOn runs a tenant command on the service s.
func runOn(t *testing.T, s *tenants.Service, args ...string) (string, error) {
	t.Helper()
	cmd := tenants.Command(func(ctx context.Context) (*tenants.Service, func(), error) {
		return s, func() {}, nil
	})
	var out bytes.Buffer
	cmd.SetOut(&out)
	cmd.SetErr(&out)
	cmd.SetArgs(args)
	err := cmd.ExecuteContext(context.Background())
	return out.String(), err
}

func TestTenantCommands(t *testing.T) {
	db := testdb.New(t)
	steps := []struct {
		args     []string
		wantErr  string
		wantOut  string
		wantExit int
	}{
		{[]string{"create", "--slug", "hvl", "--name", "Praksis HVL", "--host", "hvl.localhost", "--org-number", "917 341 512"}, "", "created school hvl", 0},
		{[]string{"create", "--slug", "hvl", "--name", "Igjen", "--host", "igjen.localhost"}, `slug "hvl" already exists`, "", 3},
		{[]string{"create", "--slug", "nord", "--name", "Nord", "--host", "hvl.localhost"}, `host "hvl.localhost" already belongs to school "hvl"`, "", 3},
		{[]string{"create", "--slug", "www", "--name", "W", "--host", "w.localhost"}, "reserved", "", 1},
		{[]string{"list"}, "", "Praksis HVL", 0},
		{[]string{"show", "hvl"}, "", `"orgNumber": "917 341 512"`, 0},
		{[]string{"show", "nope"}, "no such school", "", 4},
		{[]string{"update", "hvl", "--name", "Praksis Vest"}, "", "updated school hvl", 0},
		{[]string{"disable", "hvl"}, "", "now disabled", 0},
		{[]string{"enable", "hvl"}, "", "now active", 0},
		{[]string{"add-admin", "--tenant", "hvl", "--email", "kari@hvl.no", "--name", "Kari Nordmann"}, "", "can now sign in", 0},
		{[]string{"catalogue", "export", "--tenant", "hvl", "-"}, "", `"nb": {}`, 0},
		{[]string{"export", "hvl", "-"}, "", `"kari@hvl.no"`, 0},
		{[]string{"move", "hvl", "--to", "127.0.0.1:5432"}, "not a Citus cluster", "", 5},
		{[]string{"move", "nope", "--to", "127.0.0.1:5432"}, "not a Citus cluster", "", 5},
		{[]string{"delete", "hvl"}, "--confirm hvl", "", 1},
		{[]string{"delete", "hvl", "--confirm", "nord"}, "--confirm hvl", "", 1},
		{[]string{"list"}, "", "Praksis Vest", 0},
		{[]string{"delete", "hvl", "--confirm", "hvl"}, "", "deleted school hvl", 0},
	}
	for _, s := range steps {
		out, err := run(t, db, s.args...)
		name := strings.Join(s.args, " ")
		if s.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), s.wantErr) {
				t.Errorf("%s: error %v, want %q", name, err, s.wantErr)
			} else if got := tenants.ExitCode(err); got != s.wantExit {
				t.Errorf("%s: exit code %d, want %d", name, got, s.wantExit)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if !strings.Contains(out, s.wantOut) {
			t.Errorf("%s: output %q lacks %q", name, out, s.wantOut)
		}
	}
}

// On plain Postgres nothing speaks of nodes: list has no node column, show
// no node, and a move is refused with nothing changed.
func TestNoNodesWithoutCitus(t *testing.T) {
	db := testdb.New(t)
	db.School(t, "plain", "Plain")
	out, err := run(t, db, "list")
	if err != nil || strings.Contains(out, "NODE") || !strings.Contains(out, "VERSION\n") {
		t.Errorf("list: %v, %q; want no node column", err, out)
	}
	out, err = run(t, db, "show", "plain")
	if err != nil || strings.Contains(out, `"node"`) {
		t.Errorf("show: %v, %q; want no node", err, out)
	}
	if _, err := run(t, db, "move", "plain", "--to", "127.0.0.1:5432"); !errors.Is(err, tenants.ErrNoCitus) {
		t.Errorf("move: %v, want %v", err, tenants.ErrNoCitus)
	}
	after, err := db.Service.Get(context.Background(), "plain")
	if err != nil || after.MigrationState != tenants.MigrationReady || after.Node != "" {
		t.Errorf("after the refused move: %+v, %v", after, err)
	}
}

// A Nynorsk school: created and updated with --default-language nn, its own
// texts imported and exported in three languages, a text missing in Nynorsk
// falling back to the school's Bokmål one; a language the service does not
// speak is refused.
func TestNynorskSchoolCommands(t *testing.T) {
	db := testdb.New(t)
	dir := t.TempDir()
	file := dir + "/texts.json"
	if err := os.WriteFile(file, []byte(`{"nb": {"appName": "Praksis Vest", "signingForm.intro": "Skolens innledning"},
		"nn": {"appName": "Praksis Vest på nynorsk"}, "en": {"appName": "Practice West"}}`), 0o600); err != nil {
		t.Fatal(err)
	}
	steps := []struct {
		args    []string
		wantErr string
		wantOut string
	}{
		{[]string{"create", "--slug", "vest", "--name", "Praksis Vest", "--host", "vest.localhost", "--default-language", "nn"}, "", "created school vest"},
		{[]string{"show", "vest"}, "", `"defaultLanguage": "nn"`},
		{[]string{"create", "--slug", "sv", "--name", "Svensk", "--host", "sv.localhost", "--default-language", "sv"}, "nb, nn, en", ""},
		{[]string{"update", "vest", "--default-language", "en"}, "", "updated school vest"},
		{[]string{"show", "vest"}, "", `"defaultLanguage": "en"`},
		{[]string{"update", "vest", "--default-language", "nn"}, "", "updated school vest"},
		{[]string{"update", "vest", "--default-language", "se"}, "nb, nn, en", ""},
		{[]string{"catalogue", "import", "--tenant", "vest", file}, "", ""},
		{[]string{"catalogue", "export", "--tenant", "vest", "-"}, "", `"appName": "Praksis Vest på nynorsk"`},
	}
	for _, s := range steps {
		out, err := run(t, db, s.args...)
		name := strings.Join(s.args, " ")
		if s.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), s.wantErr) {
				t.Errorf("%s: error %v, want %q", name, err, s.wantErr)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if !strings.Contains(out, s.wantOut) {
			t.Errorf("%s: output %q lacks %q", name, out, s.wantOut)
		}
	}
	ten, err := db.Service.Get(context.Background(), "vest")
	if err != nil {
		t.Fatal(err)
	}
	err = db.Service.InScope(context.Background(), "vest", func(ctx context.Context, tx *gorm.DB) error {
		st, err := tenants.LoadSchoolTexts(ctx, tx, ten)
		if err != nil {
			return err
		}
		info := st.Public("nn")
		if info.AppName != "Praksis Vest på nynorsk" || info.DefaultLanguage != "nn" {
			t.Errorf("public info in nn: %q, default %q", info.AppName, info.DefaultLanguage)
		}
		if got := st.Text("nn", "signingForm.intro"); got != "Skolens innledning" {
			t.Errorf("nn intro falls back to %q, want the school's Bokmål text", got)
		}
		if got := st.Text("nn", "signingForm.studentDeclaration"); got != texts.Base().T("nn", "signingForm.studentDeclaration", nil) {
			t.Errorf("nn declaration falls back to %q, want the base Nynorsk text", got)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
