// Package tenants owns multi-tenancy: the registry of schools in the control
// schema, resolving a request's host to its school, the per-request database
// scope that confines every query to that school's schema and role, the
// provisioning and migration of tenant schemas, and the operators' commands.
//
// Every school has its own schema (t_<slug>) and its own database role. The
// application's login role is a NOINHERIT member of every tenant role, so it
// reaches a school's tables only inside that school's scope, where the
// transaction has SET LOCAL role and search_path. Because all of that state is
// transaction-local, the scheme is safe behind a transaction-mode pooler.
package tenants

import (
	"database/sql/driver"
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"time"
)

// Status is whether a school is served.
type Status string

// The statuses of a school.
const (
	Active   Status = "active"
	Disabled Status = "disabled"
)

// MigrationState tracks a tenant schema's migration.
type MigrationState string

// The migration states of a tenant schema.
const (
	MigrationPending MigrationState = "pending"
	MigrationRunning MigrationState = "migrating"
	MigrationReady   MigrationState = "ready"
	MigrationFailed  MigrationState = "failed"
)

// Theme is a school's visual identity, served with the public tenant info.
type Theme struct {
	PrimaryColor   string `json:"primaryColor"`
	SecondaryColor string `json:"secondaryColor"`
	LogoURL        string `json:"logoUrl,omitempty" maxLength:"500"`
	FaviconURL     string `json:"faviconUrl,omitempty" maxLength:"500"`
}

// MaxThemeURLLen is the longest logo or favicon address, in characters: the
// theme goes into every page the school serves.
const MaxThemeURLLen = 500

// DefaultTheme is used for any colour a school has not set.
var DefaultTheme = Theme{PrimaryColor: "#1A5A8A", SecondaryColor: "#B5522B"}

// Merge returns t with empty fields taken from base.
func (t Theme) Merge(base Theme) Theme {
	if t.PrimaryColor == "" {
		t.PrimaryColor = base.PrimaryColor
	}
	if t.SecondaryColor == "" {
		t.SecondaryColor = base.SecondaryColor
	}
	if t.LogoURL == "" {
		t.LogoURL = base.LogoURL
	}
	if t.FaviconURL == "" {
		t.FaviconURL = base.FaviconURL
	}
	return t
}

// Value stores the theme as jsonb. It is a string, not bytes: in pgx's
// exec and simple-protocol modes (used behind PgBouncer) bytes are sent as
// bytea, which jsonb does not accept.
func (t Theme) Value() (driver.Value, error) {
	b, err := json.Marshal(t)
	return string(b), err
}

// Scan reads the theme from jsonb.
func (t *Theme) Scan(src any) error { return scanJSON(src, t) }

// StringList is a list of strings stored as a jsonb array.
type StringList []string

// Value stores the list as jsonb.
func (l StringList) Value() (driver.Value, error) {
	if l == nil {
		l = StringList{}
	}
	b, err := json.Marshal(l)
	return string(b), err
}

// Scan reads the list from jsonb.
func (l *StringList) Scan(src any) error { return scanJSON(src, l) }

func scanJSON(src any, dst any) error {
	switch v := src.(type) {
	case nil:
		return nil
	case []byte:
		return json.Unmarshal(v, dst)
	case string:
		return json.Unmarshal([]byte(v), dst)
	default:
		return fmt.Errorf("cannot scan %T as json", src)
	}
}

// Tenant is one school as registered in the control schema.
type Tenant struct {
	ID              int64          `gorm:"primaryKey;column:id;<-:false" json:"id"`
	Slug            string         `gorm:"column:slug" json:"slug"`
	SchemaName      string         `gorm:"column:schema_name" json:"schemaName"`
	DBRole          string         `gorm:"column:db_role" json:"dbRole"`
	DisplayName     string         `gorm:"column:display_name" json:"displayName"`
	OrgNumber       string         `gorm:"column:org_number" json:"orgNumber"`
	DefaultLanguage string         `gorm:"column:default_language" json:"defaultLanguage"`
	Theme           Theme          `gorm:"column:theme;type:jsonb" json:"theme"`
	FeideRealms     StringList     `gorm:"column:feide_realms;type:jsonb" json:"feideRealms"`
	Status          Status         `gorm:"column:status" json:"status"`
	SchemaVersion   int64          `gorm:"column:schema_version" json:"schemaVersion"`
	MigrationState  MigrationState `gorm:"column:migration_state" json:"migrationState"`
	MigrationError  *string        `gorm:"column:migration_error" json:"migrationError,omitempty"`
	Cluster         *string        `gorm:"column:cluster" json:"cluster,omitempty"`
	CreatedAt       time.Time      `gorm:"column:created_at;<-:create" json:"createdAt"`
	UpdatedAt       time.Time      `gorm:"column:updated_at" json:"updatedAt"`
	// Hosts are loaded from control.tenant_hosts.
	Hosts []string `gorm:"-" json:"hosts"`
	// Node is the Citus worker ("host:port") holding the school's schema,
	// read by the operators' commands; empty on plain Postgres.
	Node string `gorm:"-" json:"node,omitempty"`
}

// TableName places the registry in the control schema.
func (Tenant) TableName() string { return "control.tenants" }

// slugPattern is the contract for slugs: a letter, then 1-30 of letters,
// digits and hyphens, so that schema and role names stay short and safe.
var slugPattern = regexp.MustCompile(`^[a-z][a-z0-9-]{1,30}$`)

// hostPattern accepts lower-case DNS names (with at least one dot or the
// .localhost suffix used in development).
var hostPattern = regexp.MustCompile(`^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)+$`)

// ReservedSlugs are names a school cannot take, because they are schemas,
// roles or hosts of the service itself.
var ReservedSlugs = []string{"control", "public", "river", "www", "api", "admin", "static"}

// ValidateSlug checks a slug against the pattern and the reserved names.
func ValidateSlug(slug string) error {
	if !slugPattern.MatchString(slug) {
		return fmt.Errorf("slug %q must match ^[a-z][a-z0-9-]{1,30}$ (a lower-case letter, then 1-30 lower-case letters, digits or hyphens)", slug)
	}
	if slices.Contains(ReservedSlugs, slug) {
		return fmt.Errorf("slug %q is reserved (reserved: %s)", slug, strings.Join(ReservedSlugs, ", "))
	}
	return nil
}

// NormalizeHost lower-cases a host and strips a port, as used for lookups.
func NormalizeHost(host string) string {
	host = strings.ToLower(strings.TrimSpace(host))
	if strings.HasPrefix(host, "[") {
		if i := strings.Index(host, "]"); i > 0 {
			return host[1:i]
		}
	}
	if i := strings.LastIndexByte(host, ':'); i >= 0 && !strings.Contains(host[:i], ":") {
		host = host[:i]
	}
	return strings.TrimSuffix(host, ".")
}

// ValidateHost checks that a host is a plain DNS name without port or scheme.
func ValidateHost(host string) error {
	if host != NormalizeHost(host) || !hostPattern.MatchString(host) {
		return fmt.Errorf("host %q must be a lower-case DNS name without scheme or port, such as hogskolen.praksis.no", host)
	}
	return nil
}

// SchemaName is the tenant schema of a slug.
func SchemaName(slug string) string { return "t_" + strings.ReplaceAll(slug, "-", "_") }

// RoleName is the database role of a tenant schema. It is prefixed with the
// database name so that several databases in one cluster (tests, staging)
// never share a role.
func RoleName(database, schema string) string { return database + "_" + schema }

// Serveable reports whether requests for the tenant may be served at the
// given schema version, and if not, the message id that says why.
func (t *Tenant) Serveable(target int64) (bool, string) {
	switch {
	case t.Status == Disabled:
		return false, "tenant.disabled"
	case t.MigrationState == MigrationRunning || t.MigrationState == MigrationPending:
		return false, "tenant.upgrading"
	case t.MigrationState == MigrationFailed:
		return false, "tenant.migrationFailed"
	case t.SchemaVersion != target:
		return false, "tenant.upgrading"
	}
	return true, ""
}

var colorPattern = regexp.MustCompile(`^#[0-9a-fA-F]{6}$`)
