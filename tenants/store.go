package tenants

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/jackc/pgx/v5"
	"gorm.io/gorm"

	"github.com/praksis/praksis/tenants/texts"
)

// ConflictError says which existing school, host or database object is in
// the way of a change. Nothing has been changed when it is returned.
type ConflictError struct{ Msg string }

func (e *ConflictError) Error() string { return e.Msg }

// ErrNotFound is returned for a slug no school has.
var ErrNotFound = errors.New("no such school")

// Service is the operators' view of the registry: onboarding, updating,
// disabling and removing schools. It works on the root handle and is used
// by the command line, never by request handlers.
type Service struct {
	db       *gorm.DB
	database string
	migrator *Migrator
}

// NewService makes the onboarding service.
func NewService(ctx context.Context, db *gorm.DB, migrator *Migrator) (*Service, error) {
	var database string
	if err := db.WithContext(ctx).Raw("SELECT current_database()").Scan(&database).Error; err != nil {
		return nil, fmt.Errorf("read database name: %w", err)
	}
	return &Service{db: db, database: database, migrator: migrator}, nil
}

// CreateParams describes a new school.
type CreateParams struct {
	Slug            string
	Name            string
	Hosts           []string
	OrgNumber       string
	DefaultLanguage string
	Theme           Theme
	FeideRealms     []string
	// NoMigrate registers the school and its schema but leaves the schema
	// empty for a later `praksis migrate`, for onboarding many at once. The
	// school answers 503 until then.
	NoMigrate bool
}

func (p *CreateParams) validate() error {
	var errs []string
	if err := ValidateSlug(p.Slug); err != nil {
		errs = append(errs, err.Error())
	}
	p.Name = strings.TrimSpace(p.Name)
	if p.Name == "" || len(p.Name) > 200 {
		errs = append(errs, "name is required (at most 200 characters)")
	}
	if len(p.Hosts) == 0 {
		errs = append(errs, "at least one --host is required")
	}
	seen := map[string]bool{}
	for i, h := range p.Hosts {
		h = NormalizeHost(h)
		p.Hosts[i] = h
		if err := ValidateHost(h); err != nil {
			errs = append(errs, err.Error())
		}
		if seen[h] {
			errs = append(errs, fmt.Sprintf("host %q is given twice", h))
		}
		seen[h] = true
	}
	if p.DefaultLanguage == "" {
		p.DefaultLanguage = "nb"
	}
	if !slices.Contains(texts.Languages, p.DefaultLanguage) {
		errs = append(errs, "default language must be one of "+strings.Join(texts.Languages, ", "))
	}
	if err := p.Theme.Validate(); err != nil {
		errs = append(errs, err.Error())
	}
	if len(errs) > 0 {
		return errors.New(strings.Join(errs, "; "))
	}
	return nil
}

// Validate checks that colours are #rrggbb and URLs are absolute or rooted.
func (t Theme) Validate() error {
	for name, c := range map[string]string{"primary colour": t.PrimaryColor, "secondary colour": t.SecondaryColor} {
		if c != "" && !colorPattern.MatchString(c) {
			return fmt.Errorf("%s %q must look like #1a5a8a", name, c)
		}
	}
	for name, u := range map[string]string{"logo URL": t.LogoURL, "favicon URL": t.FaviconURL} {
		if u != "" && !strings.HasPrefix(u, "https://") && !strings.HasPrefix(u, "/") {
			return fmt.Errorf("%s %q must start with https:// or /", name, u)
		}
		if utf8.RuneCountInString(u) > MaxThemeURLLen {
			return fmt.Errorf("%s is longer than %d characters", name, MaxThemeURLLen)
		}
	}
	return nil
}

func quoteIdent(s string) string { return pgx.Identifier{s}.Sanitize() }

// Create registers a school, creates its role and schema and migrates it.
// A conflicting slug or host is refused with a *ConflictError and nothing is
// changed: the registry rows, the role and the schema are made in one
// transaction.
func (s *Service) Create(ctx context.Context, p CreateParams) (*Tenant, error) {
	if err := p.validate(); err != nil {
		return nil, err
	}
	schemaName := SchemaName(p.Slug)
	role := RoleName(s.database, schemaName)
	if len(role) > 63 {
		return nil, fmt.Errorf("database role name %q is longer than Postgres allows (63); use a shorter slug or database name", role)
	}
	t := &Tenant{
		Slug: p.Slug, SchemaName: schemaName, DBRole: role, DisplayName: p.Name,
		OrgNumber: strings.TrimSpace(p.OrgNumber), DefaultLanguage: p.DefaultLanguage,
		Theme: p.Theme, FeideRealms: p.FeideRealms, Status: Active, MigrationState: MigrationPending,
		Hosts: p.Hosts,
	}
	citus, err := s.migrator.onCitus(ctx)
	if err != nil {
		return nil, err
	}
	// A new schema grants nothing to PUBLIC, so only its owner, the
	// tenant role, can use it. On Citus the login role creates it and then
	// hands it over: Citus records a schema on the workers as its creator,
	// who must own it then.
	provision := []string{
		"CREATE ROLE " + quoteIdent(role) + " NOLOGIN NOINHERIT",
		"GRANT " + quoteIdent(role) + " TO CURRENT_USER",
		"CREATE SCHEMA " + quoteIdent(schemaName) + " AUTHORIZATION " + quoteIdent(role),
	}
	if citus {
		provision[2] = "CREATE SCHEMA " + quoteIdent(schemaName)
		provision = append(provision, "ALTER SCHEMA "+quoteIdent(schemaName)+" OWNER TO "+quoteIdent(role))
	}
	err = s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := s.checkConflicts(tx, t); err != nil {
			return err
		}
		if err := tx.Omit("id", "created_at", "updated_at").Create(t).Error; err != nil {
			return fmt.Errorf("register school %s: %w", t.Slug, err)
		}
		for _, h := range t.Hosts {
			if err := tx.Exec("INSERT INTO control.tenant_hosts (host, tenant_id) VALUES (?, ?)", h, t.ID).Error; err != nil {
				return fmt.Errorf("register host %s: %w", h, err)
			}
		}
		for _, stmt := range provision {
			if err := tx.Exec(stmt).Error; err != nil {
				return fmt.Errorf("provision school %s: %w", t.Slug, err)
			}
		}
		return nil
	})
	if err != nil {
		if errors.Is(err, gorm.ErrDuplicatedKey) {
			return nil, &ConflictError{Msg: fmt.Sprintf("school %q or one of its hosts was registered at the same time by someone else; nothing was changed", p.Slug)}
		}
		return nil, err
	}
	if !p.NoMigrate {
		if err := s.migrator.MigrateTenant(ctx, t); err != nil {
			return t, err
		}
	}
	return s.Get(ctx, t.Slug)
}

func (s *Service) checkConflicts(tx *gorm.DB, t *Tenant) error {
	var existing string
	tx.Raw("SELECT slug FROM control.tenants WHERE slug = ? OR schema_name = ? LIMIT 1", t.Slug, t.SchemaName).Scan(&existing)
	if existing != "" {
		return &ConflictError{Msg: fmt.Sprintf("a school with slug %q already exists; nothing was changed", existing)}
	}
	if err := s.checkHosts(tx, t.Hosts, 0); err != nil {
		return err
	}
	var n int64
	tx.Raw("SELECT count(*) FROM pg_roles WHERE rolname = ?", t.DBRole).Scan(&n)
	if n > 0 {
		return &ConflictError{Msg: fmt.Sprintf("database role %q already exists; nothing was changed", t.DBRole)}
	}
	tx.Raw("SELECT count(*) FROM pg_namespace WHERE nspname = ?", t.SchemaName).Scan(&n)
	if n > 0 {
		return &ConflictError{Msg: fmt.Sprintf("schema %q already exists; nothing was changed", t.SchemaName)}
	}
	return nil
}

// checkHosts refuses hosts that belong to another school than exceptID.
func (s *Service) checkHosts(tx *gorm.DB, hosts []string, exceptID int64) error {
	if len(hosts) == 0 {
		return nil
	}
	var taken []struct {
		Host string
		Slug string
	}
	if err := tx.Raw(`SELECT h.host, t.slug FROM control.tenant_hosts h JOIN control.tenants t ON t.id = h.tenant_id
		WHERE h.host IN ? AND t.id <> ? ORDER BY h.host`, hosts, exceptID).Scan(&taken).Error; err != nil {
		return fmt.Errorf("check hosts: %w", err)
	}
	if len(taken) > 0 {
		return &ConflictError{Msg: fmt.Sprintf("host %q already belongs to school %q; nothing was changed", taken[0].Host, taken[0].Slug)}
	}
	return nil
}

// listTenants reads every school with its hosts.
func listTenants(ctx context.Context, db *gorm.DB) ([]*Tenant, error) {
	var list []*Tenant
	if err := db.WithContext(ctx).Order("slug").Find(&list).Error; err != nil {
		return nil, fmt.Errorf("list schools: %w", err)
	}
	var hosts []struct {
		Host     string
		TenantID int64
	}
	if err := db.WithContext(ctx).Raw("SELECT host, tenant_id FROM control.tenant_hosts ORDER BY host").Scan(&hosts).Error; err != nil {
		return nil, fmt.Errorf("list hosts: %w", err)
	}
	byID := make(map[int64]*Tenant, len(list))
	for _, t := range list {
		byID[t.ID] = t
		t.Hosts = []string{}
	}
	for _, h := range hosts {
		if t := byID[h.TenantID]; t != nil {
			t.Hosts = append(t.Hosts, h.Host)
		}
	}
	return list, nil
}

// List returns every school, ordered by slug, with the node holding it on
// Citus.
func (s *Service) List(ctx context.Context) ([]*Tenant, error) {
	list, err := listTenants(ctx, s.db)
	if err != nil {
		return nil, err
	}
	if err := withPlacements(ctx, s.db, list); err != nil {
		return nil, err
	}
	return list, nil
}

// Get returns one school by slug, or ErrNotFound.
func (s *Service) Get(ctx context.Context, slug string) (*Tenant, error) {
	list, err := s.List(ctx)
	if err != nil {
		return nil, err
	}
	for _, t := range list {
		if t.Slug == slug {
			return t, nil
		}
	}
	return nil, fmt.Errorf("school %q: %w", slug, ErrNotFound)
}

// UpdateParams changes a school's registry data; nil fields stay as they are.
type UpdateParams struct {
	Name            *string
	OrgNumber       *string
	DefaultLanguage *string
	PrimaryColor    *string
	SecondaryColor  *string
	LogoURL         *string
	AddHosts        []string
	RemoveHosts     []string
	FeideRealms     *[]string
}

// Update changes a school's registry data in one transaction.
func (s *Service) Update(ctx context.Context, slug string, p UpdateParams) (*Tenant, error) {
	t, err := s.Get(ctx, slug)
	if err != nil {
		return nil, err
	}
	if p.Name != nil {
		n := strings.TrimSpace(*p.Name)
		if n == "" || len(n) > 200 {
			return nil, errors.New("name is required (at most 200 characters)")
		}
		t.DisplayName = n
	}
	if p.OrgNumber != nil {
		t.OrgNumber = strings.TrimSpace(*p.OrgNumber)
	}
	if p.DefaultLanguage != nil {
		if !slices.Contains(texts.Languages, *p.DefaultLanguage) {
			return nil, errors.New("default language must be one of " + strings.Join(texts.Languages, ", "))
		}
		t.DefaultLanguage = *p.DefaultLanguage
	}
	if p.PrimaryColor != nil {
		t.Theme.PrimaryColor = *p.PrimaryColor
	}
	if p.SecondaryColor != nil {
		t.Theme.SecondaryColor = *p.SecondaryColor
	}
	if p.LogoURL != nil {
		t.Theme.LogoURL = *p.LogoURL
	}
	if err := t.Theme.Validate(); err != nil {
		return nil, err
	}
	if p.FeideRealms != nil {
		t.FeideRealms = *p.FeideRealms
	}
	for i, h := range p.AddHosts {
		p.AddHosts[i] = NormalizeHost(h)
		if err := ValidateHost(p.AddHosts[i]); err != nil {
			return nil, err
		}
	}
	remaining := slices.DeleteFunc(slices.Clone(t.Hosts), func(h string) bool { return slices.Contains(p.RemoveHosts, h) })
	for _, h := range p.AddHosts {
		if !slices.Contains(remaining, h) {
			remaining = append(remaining, h)
		}
	}
	if len(remaining) == 0 {
		return nil, errors.New("a school needs at least one host")
	}
	err = s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := s.checkHosts(tx, p.AddHosts, t.ID); err != nil {
			return err
		}
		if err := tx.Exec(`UPDATE control.tenants SET display_name = ?, org_number = ?, default_language = ?, theme = ?,
			feide_realms = ?, updated_at = now() WHERE id = ?`,
			t.DisplayName, t.OrgNumber, t.DefaultLanguage, t.Theme, t.FeideRealms, t.ID).Error; err != nil {
			return fmt.Errorf("update school %s: %w", slug, err)
		}
		if len(p.RemoveHosts) > 0 {
			if err := tx.Exec("DELETE FROM control.tenant_hosts WHERE tenant_id = ? AND host IN ?", t.ID, p.RemoveHosts).Error; err != nil {
				return fmt.Errorf("remove hosts: %w", err)
			}
		}
		for _, h := range p.AddHosts {
			if err := tx.Exec("INSERT INTO control.tenant_hosts (host, tenant_id) VALUES (?, ?) ON CONFLICT DO NOTHING", h, t.ID).Error; err != nil {
				return fmt.Errorf("add host %s: %w", h, err)
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return s.Get(ctx, slug)
}

// SetStatus enables or disables a school. A disabled school answers 503.
func (s *Service) SetStatus(ctx context.Context, slug string, status Status) error {
	res := s.db.WithContext(ctx).Exec("UPDATE control.tenants SET status = ?, updated_at = now() WHERE slug = ?", status, slug)
	if res.Error != nil {
		return fmt.Errorf("set status of %s: %w", slug, res.Error)
	}
	if res.RowsAffected == 0 {
		return fmt.Errorf("school %q: %w", slug, ErrNotFound)
	}
	return nil
}

// Delete removes a school for good: registry rows, schema with all its data,
// and role. confirm must repeat the slug.
func (s *Service) Delete(ctx context.Context, slug, confirm string) error {
	if confirm != slug {
		return fmt.Errorf("refusing to delete %q: repeat the slug with --confirm %s to drop the school and all its data", slug, slug)
	}
	t, err := s.Get(ctx, slug)
	if err != nil {
		return err
	}
	// Only the owner may drop the schema, and the login role holds the
	// tenant role without inheriting it.
	dropSchema := []string{
		"SET LOCAL ROLE " + quoteIdent(t.DBRole),
		"DROP SCHEMA IF EXISTS " + quoteIdent(t.SchemaName) + " CASCADE",
		"RESET ROLE",
	}
	dropRole := []string{
		"DELETE FROM control.tenants WHERE id = " + fmt.Sprint(t.ID),
		"DROP ROLE IF EXISTS " + quoteIdent(t.DBRole),
	}
	citus, err := s.migrator.onCitus(ctx)
	if err != nil {
		return err
	}
	if !citus {
		// One transaction: registry entry, schema, role.
		return s.exec(ctx, "delete school "+slug, nil, slices.Concat(dropRole[:1], dropSchema, dropRole[1:])...)
	}
	// On Citus the schema is dropped on the workers over connections as
	// the school's role, which a DROP ROLE in the same transaction (over the
	// login role's) does not see; so the school is disabled and its schema
	// dropped first, then its registry entry and role go. A delete cut off
	// in between is finished by running it again.
	disable := "UPDATE control.tenants SET status = 'disabled', updated_at = now() WHERE id = " + fmt.Sprint(t.ID)
	if err := s.exec(ctx, "delete school "+slug, nil, append([]string{disable}, dropSchema...)...); err != nil {
		return err
	}
	return s.exec(ctx, "delete school "+slug, func(tx *gorm.DB) error { return forgetAuthinfo(ctx, tx, t.DBRole) }, dropRole...)
}

// exec runs first (when not nil) and then the statements in one
// transaction; what names the work in an error.
func (s *Service) exec(ctx context.Context, what string, first func(tx *gorm.DB) error, stmts ...string) error {
	return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if first != nil {
			if err := first(tx); err != nil {
				return fmt.Errorf("%s: %w", what, err)
			}
		}
		for _, stmt := range stmts {
			if err := tx.Exec(stmt).Error; err != nil {
				return fmt.Errorf("%s: %w", what, err)
			}
		}
		return nil
	})
}

// InScope runs fn inside the named school's scope, for commands that work
// on one school's data.
func (s *Service) InScope(ctx context.Context, slug string, fn func(ctx context.Context, tx *gorm.DB) error) error {
	t, err := s.Get(ctx, slug)
	if err != nil {
		return err
	}
	return InScope(ctx, s.db, t, fn)
}

// AddAdmin creates (or reactivates) a user with the Admin role in a school,
// so that the school's first admin can sign in with a one-time code.
func (s *Service) AddAdmin(ctx context.Context, slug, email, name string) (int64, error) {
	email = strings.TrimSpace(email)
	name = strings.TrimSpace(name)
	if !strings.Contains(email, "@") || len(email) > 320 {
		return 0, fmt.Errorf("e-mail %q is not an e-mail address", email)
	}
	if name == "" {
		return 0, errors.New("name is required")
	}
	var id int64
	err := s.InScope(ctx, slug, func(ctx context.Context, tx *gorm.DB) error {
		tx.Raw("SELECT id FROM users WHERE lower(email) = lower(?)", email).Scan(&id)
		if id == 0 {
			if err := tx.Raw("INSERT INTO users (display_name, email) VALUES (?, ?) RETURNING id", name, email).Scan(&id).Error; err != nil {
				return fmt.Errorf("create admin user: %w", err)
			}
		} else if err := tx.Exec("UPDATE users SET is_active = true, deactivated_at = NULL, updated_at = now() WHERE id = ?", id).Error; err != nil {
			return fmt.Errorf("reactivate admin user: %w", err)
		}
		if err := tx.Exec("INSERT INTO user_roles (user_id, role_id) VALUES (?, 1) ON CONFLICT DO NOTHING", id).Error; err != nil {
			return fmt.Errorf("grant admin role: %w", err)
		}
		return tx.Exec(`INSERT INTO audit_log (action, entity, entity_id, details) VALUES ('user.adminAdded', 'user', ?, '{"by":"operator"}')`, id).Error
	})
	return id, err
}

// Export is all of one school's data, for moving it or for a data-subject
// request.
type Export struct {
	Slug          string                       `json:"slug"`
	Registry      *Tenant                      `json:"registry"`
	SchemaVersion int64                        `json:"schemaVersion"`
	ExportedAt    time.Time                    `json:"exportedAt"`
	Tables        map[string][]json.RawMessage `json:"tables"`
}

// Export reads every table of the school's schema inside its scope.
func (s *Service) Export(ctx context.Context, slug string) (*Export, error) {
	t, err := s.Get(ctx, slug)
	if err != nil {
		return nil, err
	}
	return exportSchool(ctx, s.db, t)
}

// exportSchool reads every table of school t in the database db, which is
// the live one or a copy of it restored from a backup.
func exportSchool(ctx context.Context, db *gorm.DB, t *Tenant) (*Export, error) {
	out := &Export{Slug: t.Slug, Registry: t, SchemaVersion: t.SchemaVersion, ExportedAt: time.Now().UTC(), Tables: map[string][]json.RawMessage{}}
	err := InScope(ctx, db, t, func(ctx context.Context, tx *gorm.DB) error {
		var tables []string
		if err := tx.Raw(`SELECT table_name FROM information_schema.tables
			WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' AND table_name <> 'goose_db_version'`).
			Scan(&tables).Error; err != nil {
			return fmt.Errorf("list tables: %w", err)
		}
		sort.Strings(tables)
		for _, name := range tables {
			var rows []string
			if err := tx.Raw("SELECT row_to_json(r)::text FROM " + quoteIdent(name) + " r ORDER BY 1").Scan(&rows).Error; err != nil {
				return fmt.Errorf("export table %s: %w", name, err)
			}
			raw := make([]json.RawMessage, len(rows))
			for i, r := range rows {
				raw[i] = json.RawMessage(r)
			}
			out.Tables[name] = raw
		}
		return nil
	})
	return out, err
}
