package config

import (
	"os"
	"strings"
	"testing"
)

func TestLoad(t *testing.T) {
	base := map[string]string{"DATABASE_URL": "postgres://praksis@127.0.0.1:5432/praksis"}
	cases := []struct {
		name    string
		env     map[string]string
		wantErr string // the variable the message must name; "" for success
	}{
		{"minimal", nil, ""},
		{"missing database", map[string]string{"DATABASE_URL": " "}, "DATABASE_URL"},
		{"database not postgres", map[string]string{"DATABASE_URL": "mysql://x"}, "DATABASE_URL"},
		{"bad addr", map[string]string{"HTTP_ADDR": "8080"}, "HTTP_ADDR"},
		{"bad env", map[string]string{"PRAKSIS_ENV": "staging"}, "PRAKSIS_ENV"},
		{"bad log level", map[string]string{"LOG_LEVEL": "loud"}, "LOG_LEVEL"},
		{"smtp without from", map[string]string{"SMTP_URL": "smtp://mail.example:25"}, "MAIL_FROM"},
		{"bad smtp", map[string]string{"SMTP_URL": "mail.example", "MAIL_FROM": "a@b.no"}, "SMTP_URL"},
		{"feide without client", map[string]string{"FEIDE_ISSUER": "https://auth.dataporten.no"}, "FEIDE_CLIENT_ID"},
		{"vipps without secret", map[string]string{"VIPPS_ISSUER": "https://api.vipps.no/access-management-1.0/access", "VIPPS_CLIENT_ID": "x"}, "VIPPS_CLIENT_SECRET"},
		{"bad proxy", map[string]string{"TRUSTED_PROXIES": "10.0.0.0/8, not-an-ip"}, "TRUSTED_PROXIES"},
		{"mock idp in production", map[string]string{"DEV_MOCK_IDP": "true"}, "DEV_MOCK_IDP"},
		{"mock idp in development", map[string]string{"DEV_MOCK_IDP": "true", "PRAKSIS_ENV": "development"}, ""},
		{"test integrasjonspunkt in production", map[string]string{"DEV_MOCK_EFORMIDLING": "true"}, "DEV_MOCK_EFORMIDLING"},
		{"test integrasjonspunkt in development", map[string]string{"DEV_MOCK_EFORMIDLING": "true", "PRAKSIS_ENV": "development"}, ""},
		{"archive delay in production", map[string]string{"DEV_ARCHIVE_DELAY": "1m"}, "DEV_ARCHIVE_DELAY"},
		{"bad archive delay", map[string]string{"DEV_ARCHIVE_DELAY": "soon", "PRAKSIS_ENV": "development"}, "DEV_ARCHIVE_DELAY"},
		{"archive delay in development", map[string]string{"DEV_ARCHIVE_DELAY": "1m", "PRAKSIS_ENV": "development"}, ""},
		{"contract check in production", map[string]string{"DEV_CONTRACT_CHECK": "true"}, "DEV_CONTRACT_CHECK"},
		{"contract check in development", map[string]string{"DEV_CONTRACT_CHECK": "true", "PRAKSIS_ENV": "development"}, ""},
		{"mail catcher in production", map[string]string{"DEV_MAIL_CATCHER": "true"}, "DEV_MAIL_CATCHER"},
		{"mail catcher in development", map[string]string{"DEV_MAIL_CATCHER": "true", "PRAKSIS_ENV": "development"}, ""},
		{"mail catcher with smtp", map[string]string{"DEV_MAIL_CATCHER": "true", "PRAKSIS_ENV": "development", "SMTP_URL": "smtp://mail.example:25", "MAIL_FROM": "a@b.no"}, "DEV_MAIL_CATCHER"},
		{"bad groups api", map[string]string{"FEIDE_GROUPS_API": "groups"}, "FEIDE_GROUPS_API"},
		{"bad pool", map[string]string{"DB_MAX_CONNS": "0"}, "DB_MAX_CONNS"},
		{"bad duration", map[string]string{"REGISTRY_REFRESH": "soon"}, "REGISTRY_REFRESH"},
		{"missing key file", map[string]string{"JWT_KEY_FILE": "/no/such/file.pem"}, "JWT_KEY_FILE"},
		{"bad public port", map[string]string{"PUBLIC_PORT": "http"}, "PUBLIC_PORT"},
		{"export dir without key", map[string]string{"RESULT_EXPORT_DIR": os.TempDir()}, "RESULT_SIGNING_KEY"},
		{"webhook without key", map[string]string{"RESULT_WEBHOOK_URL": "https://fs.example/results"}, "RESULT_SIGNING_KEY"},
		{"short signing key", map[string]string{"RESULT_WEBHOOK_URL": "https://fs.example/results", "RESULT_SIGNING_KEY": "short"}, "RESULT_SIGNING_KEY"},
		{"relative export dir", map[string]string{"RESULT_EXPORT_DIR": "results", "RESULT_SIGNING_KEY": strings.Repeat("k", 32)}, "RESULT_EXPORT_DIR"},
		{"missing export dir", map[string]string{"RESULT_EXPORT_DIR": "/no/such/dir", "RESULT_SIGNING_KEY": strings.Repeat("k", 32)}, "RESULT_EXPORT_DIR"},
		{"http webhook in production", map[string]string{"RESULT_WEBHOOK_URL": "http://fs.example/results", "RESULT_SIGNING_KEY": strings.Repeat("k", 32)}, "RESULT_WEBHOOK_URL"},
		{"http webhook in development", map[string]string{"RESULT_WEBHOOK_URL": "http://127.0.0.1:9000/results", "RESULT_SIGNING_KEY": strings.Repeat("k", 32), "PRAKSIS_ENV": "development"}, ""},
		{"both exporters", map[string]string{"RESULT_EXPORT_DIR": os.TempDir(), "RESULT_WEBHOOK_URL": "https://fs.example/results", "RESULT_SIGNING_KEY": strings.Repeat("k", 32)}, ""},
		{"key alone", map[string]string{"RESULT_SIGNING_KEY": "short"}, ""},
		{"profiler on loopback", map[string]string{"DEBUG_PPROF_ADDR": "127.0.0.1:6060"}, ""},
		{"profiler on localhost", map[string]string{"DEBUG_PPROF_ADDR": "localhost:6060"}, ""},
		{"profiler on every address", map[string]string{"DEBUG_PPROF_ADDR": "0.0.0.0:6060"}, "DEBUG_PPROF_ADDR"},
		{"profiler without port", map[string]string{"DEBUG_PPROF_ADDR": "127.0.0.1"}, "DEBUG_PPROF_ADDR"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			env := map[string]string{}
			for k, v := range base {
				env[k] = v
			}
			for k, v := range c.env {
				env[k] = v
			}
			cfg, err := Load(func(k string) string { return env[k] })
			if c.wantErr == "" {
				if err != nil {
					t.Fatalf("unexpected error: %v", err)
				}
				if cfg.HTTPAddr != "127.0.0.1:8080" || cfg.Env == "" {
					t.Errorf("defaults not applied: %+v", cfg)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), c.wantErr+":") {
				t.Fatalf("error %v does not name %s", err, c.wantErr)
			}
		})
	}
}

func TestLoadReportsEveryBadVariable(t *testing.T) {
	env := map[string]string{"HTTP_ADDR": "x", "LOG_LEVEL": "x"}
	_, err := Load(func(k string) string { return env[k] })
	for _, name := range []string{"DATABASE_URL", "HTTP_ADDR", "LOG_LEVEL"} {
		if err == nil || !strings.Contains(err.Error(), name) {
			t.Errorf("error %v does not name %s", err, name)
		}
	}
}

func TestEveryVariableIsDescribed(t *testing.T) {
	seen := map[string]bool{}
	for _, v := range Vars {
		if v.Help == "" || seen[v.Name] {
			t.Errorf("variable %s: missing help or listed twice", v.Name)
		}
		seen[v.Name] = true
	}
}

// missingFromTable lists the variables the program reads that a guide's
// configuration table has no row for.
func missingFromTable(guide string) []string {
	var missing []string
	for _, v := range Vars {
		if !strings.Contains(guide, "| `"+v.Name+"` |") {
			missing = append(missing, v.Name)
		}
	}
	return missing
}

// The operators' configuration table lists every variable the service reads.
func TestConfigurationTableListsEveryVariable(t *testing.T) {
	guide, err := os.ReadFile("../../docs/operating.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range missingFromTable(string(guide)) {
		t.Errorf("docs/operating.md does not document %s", name)
	}
}

// A table without a row for a variable, or naming it only in passing, is
// caught.
func TestMissingFromTableCatchesAMissingRow(t *testing.T) {
	var rows []string
	for _, v := range Vars {
		if v.Name != "SHUTDOWN_GRACE" {
			rows = append(rows, "| `"+v.Name+"` | x | y |")
		}
	}
	table := strings.Join(rows, "\n") + "\nSet `SHUTDOWN_GRACE` for longer shutdowns."
	if got := missingFromTable(table); len(got) != 1 || got[0] != "SHUTDOWN_GRACE" {
		t.Errorf("missing %v, want [SHUTDOWN_GRACE]", got)
	}
}
