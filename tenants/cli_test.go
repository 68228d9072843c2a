package tenants_test

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/praksis/praksis/tenants"
	"github.com/praksis/praksis/tenants/testdb"
)

func run(t *testing.T, db *testdb.DB, args ...string) (string, error) {
	t.Helper()
	cmd := tenants.Command(func(ctx context.Context) (*tenants.Service, func(), error) {
		return db.Service, func() {}, nil
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
