// Package config reads the service's configuration from the environment and
// validates all of it at start, so a missing or bad variable stops the process
// with a message that names it instead of failing on first use.
package config

import (
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/netip"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// Environment tells production from development. Development-only features
// (the mock identity provider, the mail catcher) refuse to start otherwise.
type Environment string

// The environments.
const (
	Production  Environment = "production"
	Development Environment = "development"
)

// Config is the whole configuration of a praksis process.
type Config struct {
	Env         Environment
	DatabaseURL string
	HTTPAddr    string
	// PublicScheme is how browsers reach the service ("https" in production),
	// used to build absolute links in e-mails and OIDC redirects.
	PublicScheme string
	// PublicPort is appended to tenant hosts in absolute links when set
	// (development serves demo.localhost:8080).
	PublicPort string

	SMTPURL  string
	MailFrom string

	JWTKeyFile string

	FeideIssuer       string
	FeideClientID     string
	FeideClientSecret string
	VippsIssuer       string
	VippsClientID     string
	VippsClientSecret string
	// FeideGroupsAPI is the base URL of the Feide groups API.
	FeideGroupsAPI string

	TrustedProxies []netip.Prefix
	LogLevel       slog.Level
	// SecurityContact is the Contact of /.well-known/security.txt (RFC 9116),
	// a mailto: or https:// URL; empty, the file is not served.
	SecurityContact string
	DevMockIDP      bool
	// DevMockEFormidling serves a test double of the schools'
	// integrasjonspunkt under /dev/eformidling (development only).
	DevMockEFormidling bool
	// DevArchiveDelay replaces the three days between locking and archiving
	// (development only; 0 keeps them).
	DevArchiveDelay time.Duration
	// DevReminderInterval replaces the hour between deadline reminder
	// sweeps (development only; 0 keeps the hour).
	DevReminderInterval time.Duration
	// DevMailCatcher keeps outgoing e-mail in an in-process catcher shown
	// at /dev/mail instead of sending it (development only).
	DevMailCatcher bool
	// DevContractCheck checks every API request and answer against the
	// OpenAPI document and logs each mismatch as "contract breach"
	// (development only: the browser journeys run with it).
	DevContractCheck bool

	// ResultExportDir, when set, is the directory the file exporter writes
	// signed results to, as <school>/<signingFormId>.json.
	ResultExportDir string
	// ResultWebhookURL, when set, is where the web-hook exporter POSTs
	// signed results.
	ResultWebhookURL string
	// ResultSigningKey is the HMAC-SHA256 key that signs exported results;
	// required when either exporter is set.
	ResultSigningKey string

	// DBMaxConns caps the shared connection pool of one replica.
	DBMaxConns int
	// DBSchoolAffinity gives each request a connection that last served its
	// school, so that it finds the school's statements prepared (DB_SCHOOL_AFFINITY).
	DBSchoolAffinity bool
	// JobListenURL is where the job workers LISTEN for new jobs (empty: they
	// poll), from JOB_WAKEUP and JOB_LISTEN_URL.
	JobListenURL string
	// MigrateParallelism bounds how many tenant schemas migrate at once.
	MigrateParallelism int
	// RegistryRefresh is how often a replica re-reads the tenant registry.
	RegistryRefresh time.Duration
	// ShutdownGrace is how long in-flight requests get on shutdown.
	ShutdownGrace time.Duration
	// PprofAddr, when set, is the loopback address where Go's profiler
	// (net/http/pprof) is served, for performance work; unset, it is off.
	PprofAddr string
	// OTLPEndpoint, when set, is the OpenTelemetry collector (OTLP over
	// HTTP) that traces of requests and statements are sent to.
	OTLPEndpoint string
}

// Var describes one environment variable, for validation and the configuration table of docs/operating.md.
type Var struct {
	Name     string
	Default  string
	Required bool
	Help     string
}

// Vars lists every variable the service reads.
var Vars = []Var{
	{Name: "PRAKSIS_ENV", Default: "production", Help: "production or development; development-only features refuse to run in production"},
	{Name: "DATABASE_URL", Required: true, Help: "Postgres URL of the application's login role (CREATEROLE, NOINHERIT, owner of the database)"},
	{Name: "HTTP_ADDR", Default: "127.0.0.1:8080", Help: "address the HTTP server listens on"},
	{Name: "PUBLIC_SCHEME", Default: "https", Help: "scheme of the public URLs of the schools (http in development)"},
	{Name: "PUBLIC_PORT", Default: "", Help: "port added to school hosts in absolute links, when not the scheme's default"},
	{Name: "SMTP_URL", Default: "", Help: "smtp://user:pass@host:port for outgoing e-mail (smtps:// for implicit TLS)"},
	{Name: "MAIL_FROM", Default: "", Help: "sender address of outgoing e-mail"},
	{Name: "JWT_KEY_FILE", Default: "", Help: "PEM file with the Ed25519 token signing key; without it keys are kept in the control schema"},
	{Name: "FEIDE_ISSUER", Help: "Feide OpenID Connect issuer URL"},
	{Name: "FEIDE_CLIENT_ID", Help: "Feide client id (required with FEIDE_ISSUER)"},
	{Name: "FEIDE_CLIENT_SECRET", Help: "Feide client secret (required with FEIDE_ISSUER)"},
	{Name: "VIPPS_ISSUER", Help: "Vipps Login OpenID Connect issuer URL"},
	{Name: "VIPPS_CLIENT_ID", Help: "Vipps client id (required with VIPPS_ISSUER)"},
	{Name: "VIPPS_CLIENT_SECRET", Help: "Vipps client secret (required with VIPPS_ISSUER)"},
	{Name: "FEIDE_GROUPS_API", Default: "https://groups-api.dataporten.no", Help: "base URL of the Feide groups API (course memberships are read from {url}/groups/me/groups at sign-in)"},
	{Name: "TRUSTED_PROXIES", Default: "", Help: "comma-separated IPs or CIDRs whose X-Forwarded-Host and X-Forwarded-For are believed"},
	{Name: "LOG_LEVEL", Default: "info", Help: "debug, info, warn or error"},
	{Name: "SECURITY_CONTACT", Default: "", Help: "where security problems are reported, a mailto: or https:// URL, published in /.well-known/security.txt; unset, that file is not served"},
	{Name: "DEV_MOCK_IDP", Default: "false", Help: "development only: serve the mock Feide and Vipps identity provider"},
	{Name: "DEV_MOCK_EFORMIDLING", Default: "false", Help: "development only: serve a test double of a school's eFormidling integrasjonspunkt under /dev/eformidling"},
	{Name: "DEV_ARCHIVE_DELAY", Default: "", Help: "development only: archive (and deliver) a locked result after this duration, such as `1m`, instead of after 72 hours"},
	{Name: "DEV_REMINDER_INTERVAL", Default: "", Help: "development only: sweep every school for deadline reminders this often, such as `10s`, instead of every hour (so that a placed development clock shows its reminders soon)"},
	{Name: "DEV_CONTRACT_CHECK", Default: "false", Help: "development only: check every API request and answer against the OpenAPI document and log each mismatch as \"contract breach\""},
	{Name: "DEV_MAIL_CATCHER", Default: "false", Help: "development only: keep outgoing e-mail in an in-process SMTP catcher shown at /dev/mail instead of sending it (SMTP_URL must be unset)"},
	{Name: "RESULT_EXPORT_DIR", Default: "", Help: "existing directory (absolute path) where archived results are written for the student administration system as <school>/<signingFormId>.json, signed with RESULT_SIGNING_KEY"},
	{Name: "RESULT_WEBHOOK_URL", Default: "", Help: "https:// URL (http:// in development) that archived results are POSTed to as signed JSON (X-Praksis-Signature: sha256=<hex HMAC of the body>); retried on failure"},
	{Name: "RESULT_SIGNING_KEY", Default: "", Help: "HMAC-SHA256 key (at least 32 characters) signing exported results; required when RESULT_EXPORT_DIR or RESULT_WEBHOOK_URL is set. Without either exporter, results are archived but not submitted"},
	{Name: "DB_MAX_CONNS", Default: "20", Help: "maximum open database connections per replica for requests and jobs; the sweeps over every school (sign-in clean-up, retention) open up to 2 more of their own"},
	{Name: "DB_SCHOOL_AFFINITY", Default: "true", Help: "true: a request takes a connection that last served its school when one is free, so that the connection has the school's prepared statements and table descriptions at hand and fewer connections warm each school; false: any connection"},
	{Name: "JOB_WAKEUP", Default: "listen", Help: "how job workers learn of new jobs (a sign-in code's e-mail): listen (LISTEN/NOTIFY, within milliseconds; needs a connection where LISTEN works, see JOB_LISTEN_URL) or poll (every second; for a DATABASE_URL through a transaction-mode pooler without JOB_LISTEN_URL)"},
	{Name: "JOB_LISTEN_URL", Default: "", Help: "with JOB_WAKEUP=listen: a postgres:// URL reaching the database directly or through a session-mode pooler, for the job workers' few connections; unset, DATABASE_URL"},
	{Name: "MIGRATE_PARALLELISM", Default: "4", Help: "tenant schemas migrated at once by praksis migrate"},
	{Name: "REGISTRY_REFRESH", Default: "5s", Help: "how often a replica re-reads the tenant registry"},
	{Name: "SHUTDOWN_GRACE", Default: "20s", Help: "time in-flight requests get on shutdown"},
	{Name: "OTEL_EXPORTER_OTLP_ENDPOINT", Default: "", Help: "http(s) URL of an OpenTelemetry collector (such as http://collector:4318); set, every request and every database statement it runs is traced there over OTLP/HTTP (statements without their arguments). The SDK's other OTEL_* variables (OTEL_SERVICE_NAME, OTEL_TRACES_SAMPLER, OTEL_EXPORTER_OTLP_HEADERS) apply. Unset, tracing is off"},
	{Name: "DEBUG_PPROF_ADDR", Default: "", Help: "loopback host:port (such as 127.0.0.1:6060) where Go's profiler (net/http/pprof) is served, for performance work; unset, it is off. Only loopback addresses are accepted"},
}

// Getenv is how Load reads a variable; tests pass a map lookup.
type Getenv func(string) string

// FromEnv loads the configuration from the process environment.
func FromEnv() (*Config, error) { return Load(os.Getenv) }

// Load reads and validates the configuration. The error lists every bad
// variable by name, one per line.
func Load(get Getenv) (*Config, error) {
	v := func(name string) string {
		if s := strings.TrimSpace(get(name)); s != "" {
			return s
		}
		for _, d := range Vars {
			if d.Name == name {
				return d.Default
			}
		}
		return ""
	}
	var errs []error
	bad := func(name, format string, args ...any) {
		errs = append(errs, fmt.Errorf("%s: %s", name, fmt.Sprintf(format, args...)))
	}

	c := &Config{
		DatabaseURL:       v("DATABASE_URL"),
		HTTPAddr:          v("HTTP_ADDR"),
		PublicScheme:      v("PUBLIC_SCHEME"),
		PublicPort:        v("PUBLIC_PORT"),
		SecurityContact:   v("SECURITY_CONTACT"),
		SMTPURL:           v("SMTP_URL"),
		MailFrom:          v("MAIL_FROM"),
		JWTKeyFile:        v("JWT_KEY_FILE"),
		FeideIssuer:       v("FEIDE_ISSUER"),
		FeideClientID:     v("FEIDE_CLIENT_ID"),
		FeideClientSecret: v("FEIDE_CLIENT_SECRET"),
		VippsIssuer:       v("VIPPS_ISSUER"),
		VippsClientID:     v("VIPPS_CLIENT_ID"),
		VippsClientSecret: v("VIPPS_CLIENT_SECRET"),
		FeideGroupsAPI:    strings.TrimSuffix(v("FEIDE_GROUPS_API"), "/"),
		ResultExportDir:   v("RESULT_EXPORT_DIR"),
		ResultWebhookURL:  v("RESULT_WEBHOOK_URL"),
		ResultSigningKey:  v("RESULT_SIGNING_KEY"),
	}

	switch env := Environment(v("PRAKSIS_ENV")); env {
	case Production, Development:
		c.Env = env
	default:
		bad("PRAKSIS_ENV", "must be production or development, got %q", env)
	}

	if c.DatabaseURL == "" {
		bad("DATABASE_URL", "is required (for example postgres://praksis@127.0.0.1:5432/praksis)")
	} else if u, err := url.Parse(c.DatabaseURL); err != nil || (u.Scheme != "postgres" && u.Scheme != "postgresql") {
		bad("DATABASE_URL", "must be a postgres:// URL")
	}
	if _, port, err := net.SplitHostPort(c.HTTPAddr); err != nil || port == "" {
		bad("HTTP_ADDR", "must be host:port, got %q", c.HTTPAddr)
	}
	if sc := c.SecurityContact; sc != "" && !strings.HasPrefix(sc, "mailto:") && !strings.HasPrefix(sc, "https://") {
		bad("SECURITY_CONTACT", "must be a mailto: or https:// URL, got %q", sc)
	}
	if c.PublicScheme != "http" && c.PublicScheme != "https" {
		bad("PUBLIC_SCHEME", "must be http or https, got %q", c.PublicScheme)
	}
	if c.PublicPort != "" {
		if p, err := strconv.Atoi(c.PublicPort); err != nil || p < 1 || p > 65535 {
			bad("PUBLIC_PORT", "must be a port number, got %q", c.PublicPort)
		}
	}
	if c.SMTPURL != "" {
		if u, err := url.Parse(c.SMTPURL); err != nil || (u.Scheme != "smtp" && u.Scheme != "smtps") || u.Host == "" {
			bad("SMTP_URL", "must look like smtp://user:password@host:port")
		}
		if c.MailFrom == "" {
			bad("MAIL_FROM", "is required when SMTP_URL is set")
		}
	}
	if c.JWTKeyFile != "" {
		if _, err := os.Stat(c.JWTKeyFile); err != nil {
			bad("JWT_KEY_FILE", "cannot be read: %v", err)
		}
	}
	checkOIDC := func(prefix, issuer, id, secret string) {
		if issuer == "" {
			return
		}
		if u, err := url.Parse(issuer); err != nil || u.Host == "" {
			bad(prefix+"_ISSUER", "must be an absolute URL")
		}
		if id == "" {
			bad(prefix+"_CLIENT_ID", "is required when %s_ISSUER is set", prefix)
		}
		if secret == "" {
			bad(prefix+"_CLIENT_SECRET", "is required when %s_ISSUER is set", prefix)
		}
	}
	checkOIDC("FEIDE", c.FeideIssuer, c.FeideClientID, c.FeideClientSecret)
	checkOIDC("VIPPS", c.VippsIssuer, c.VippsClientID, c.VippsClientSecret)
	if u, err := url.Parse(c.FeideGroupsAPI); err != nil || u.Host == "" || (u.Scheme != "https" && u.Scheme != "http") {
		bad("FEIDE_GROUPS_API", "must be an absolute http(s) URL")
	}

	if s := v("TRUSTED_PROXIES"); s != "" {
		for _, part := range strings.Split(s, ",") {
			part = strings.TrimSpace(part)
			if part == "" {
				continue
			}
			if p, err := netip.ParsePrefix(part); err == nil {
				c.TrustedProxies = append(c.TrustedProxies, p)
			} else if a, err := netip.ParseAddr(part); err == nil {
				c.TrustedProxies = append(c.TrustedProxies, netip.PrefixFrom(a, a.BitLen()))
			} else {
				bad("TRUSTED_PROXIES", "%q is neither an IP address nor a CIDR", part)
			}
		}
	}
	if err := c.LogLevel.UnmarshalText([]byte(v("LOG_LEVEL"))); err != nil {
		bad("LOG_LEVEL", "must be debug, info, warn or error")
	}
	if raw := v("DEV_ARCHIVE_DELAY"); raw != "" {
		d, err := time.ParseDuration(raw)
		switch {
		case err != nil || d <= 0:
			bad("DEV_ARCHIVE_DELAY", "must be a positive duration such as 1m")
		case c.Env != Development:
			bad("DEV_ARCHIVE_DELAY", "a shorter archiving delay can only be set with PRAKSIS_ENV=development")
		default:
			c.DevArchiveDelay = d
		}
	}
	if raw := v("DEV_REMINDER_INTERVAL"); raw != "" {
		d, err := time.ParseDuration(raw)
		switch {
		case err != nil || d < time.Second:
			bad("DEV_REMINDER_INTERVAL", "must be a duration of at least 1s such as 10s")
		case c.Env != Development:
			bad("DEV_REMINDER_INTERVAL", "a shorter reminder interval can only be set with PRAKSIS_ENV=development")
		default:
			c.DevReminderInterval = d
		}
	}
	if b, err := strconv.ParseBool(v("DEV_MOCK_EFORMIDLING")); err != nil {
		bad("DEV_MOCK_EFORMIDLING", "must be true or false")
	} else {
		c.DevMockEFormidling = b
		if b && c.Env != Development {
			bad("DEV_MOCK_EFORMIDLING", "the test integrasjonspunkt can only be enabled with PRAKSIS_ENV=development")
		}
	}
	if b, err := strconv.ParseBool(v("DEV_MOCK_IDP")); err != nil {
		bad("DEV_MOCK_IDP", "must be true or false")
	} else {
		c.DevMockIDP = b
		if b && c.Env != Development {
			bad("DEV_MOCK_IDP", "the mock identity provider can only be enabled with PRAKSIS_ENV=development")
		}
	}
	if b, err := strconv.ParseBool(v("DEV_MAIL_CATCHER")); err != nil {
		bad("DEV_MAIL_CATCHER", "must be true or false")
	} else {
		c.DevMailCatcher = b
		if b && c.Env != Development {
			bad("DEV_MAIL_CATCHER", "the mail catcher can only be enabled with PRAKSIS_ENV=development")
		}
		if b && c.SMTPURL != "" {
			bad("DEV_MAIL_CATCHER", "cannot be combined with SMTP_URL: unset one of them")
		}
	}
	if b, err := strconv.ParseBool(v("DEV_CONTRACT_CHECK")); err != nil {
		bad("DEV_CONTRACT_CHECK", "must be true or false")
	} else {
		c.DevContractCheck = b
		if b && c.Env != Development {
			bad("DEV_CONTRACT_CHECK", "the contract check can only be enabled with PRAKSIS_ENV=development")
		}
	}
	checkResultExport(c, bad)
	posInt := func(name string, max int) int {
		n, err := strconv.Atoi(v(name))
		if err != nil || n < 1 || n > max {
			bad(name, "must be a whole number from 1 to %d", max)
		}
		return n
	}
	c.DBMaxConns = posInt("DB_MAX_CONNS", 1000)
	switch a := v("DB_SCHOOL_AFFINITY"); a {
	case "true", "false":
		c.DBSchoolAffinity = a == "true"
	default:
		bad("DB_SCHOOL_AFFINITY", "must be true or false, got %q", a)
	}
	switch w := v("JOB_WAKEUP"); w {
	case "listen":
		c.JobListenURL = v("JOB_LISTEN_URL")
		if c.JobListenURL == "" {
			c.JobListenURL = c.DatabaseURL
		} else if u, err := url.Parse(c.JobListenURL); err != nil || (u.Scheme != "postgres" && u.Scheme != "postgresql") {
			bad("JOB_LISTEN_URL", "must be a postgres:// URL")
		}
	case "poll":
	default:
		bad("JOB_WAKEUP", "must be listen or poll, got %q", w)
	}
	c.MigrateParallelism = posInt("MIGRATE_PARALLELISM", 64)
	dur := func(name string) time.Duration {
		d, err := time.ParseDuration(v(name))
		if err != nil || d <= 0 {
			bad(name, "must be a positive duration such as 5s")
		}
		return d
	}
	c.RegistryRefresh = dur("REGISTRY_REFRESH")
	c.ShutdownGrace = dur("SHUTDOWN_GRACE")
	if c.PprofAddr = v("DEBUG_PPROF_ADDR"); c.PprofAddr != "" {
		host, port, err := net.SplitHostPort(c.PprofAddr)
		a, aerr := netip.ParseAddr(host)
		if err != nil || port == "" || (host != "localhost" && (aerr != nil || !a.IsLoopback())) {
			bad("DEBUG_PPROF_ADDR", "must be a loopback host:port such as 127.0.0.1:6060, got %q", c.PprofAddr)
		}
	}
	if c.OTLPEndpoint = v("OTEL_EXPORTER_OTLP_ENDPOINT"); c.OTLPEndpoint != "" {
		u, err := url.Parse(c.OTLPEndpoint)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			bad("OTEL_EXPORTER_OTLP_ENDPOINT", "must be an http(s) URL such as http://collector:4318, got %q", c.OTLPEndpoint)
		}
	}

	if len(errs) > 0 {
		return nil, fmt.Errorf("invalid configuration:\n%w", errors.Join(errs...))
	}
	return c, nil
}

// MinResultSigningKey is the shortest RESULT_SIGNING_KEY accepted, in
// characters.
const MinResultSigningKey = 32

// checkResultExport validates where results are submitted: an existing
// absolute directory, an https URL (http in development), and a signing
// key whenever either is set.
func checkResultExport(c *Config, bad func(name, format string, args ...any)) {
	if c.ResultExportDir != "" {
		if !filepath.IsAbs(c.ResultExportDir) {
			bad("RESULT_EXPORT_DIR", "must be an absolute path, got %q", c.ResultExportDir)
		} else if st, err := os.Stat(c.ResultExportDir); err != nil {
			bad("RESULT_EXPORT_DIR", "cannot be read: %v", err)
		} else if !st.IsDir() {
			bad("RESULT_EXPORT_DIR", "%q is not a directory", c.ResultExportDir)
		}
	}
	if c.ResultWebhookURL != "" {
		u, err := url.Parse(c.ResultWebhookURL)
		switch {
		case err != nil || u.Host == "" || (u.Scheme != "https" && u.Scheme != "http"):
			bad("RESULT_WEBHOOK_URL", "must be an absolute https:// URL")
		case u.Scheme == "http" && c.Env != Development:
			bad("RESULT_WEBHOOK_URL", "must use https:// (http:// only with PRAKSIS_ENV=development)")
		case u.User != nil:
			bad("RESULT_WEBHOOK_URL", "must not hold credentials: results are authenticated by their signature")
		}
	}
	if c.ResultExportDir != "" || c.ResultWebhookURL != "" {
		if c.ResultSigningKey == "" {
			bad("RESULT_SIGNING_KEY", "is required when RESULT_EXPORT_DIR or RESULT_WEBHOOK_URL is set")
		} else if utf8.RuneCountInString(c.ResultSigningKey) < MinResultSigningKey {
			bad("RESULT_SIGNING_KEY", "must be at least %d characters", MinResultSigningKey)
		}
	}
}

// PublicURL returns the absolute base URL of a school host, for links in
// e-mails and OIDC redirects.
func (c *Config) PublicURL(host string) string {
	if c.PublicPort != "" {
		host = net.JoinHostPort(host, c.PublicPort)
	}
	return c.PublicScheme + "://" + host
}
