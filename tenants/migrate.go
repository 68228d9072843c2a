package tenants

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"hash/fnv"
	"io/fs"
	"log/slog"
	"sync"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/stdlib"
	"github.com/pressly/goose/v3"
	"github.com/pressly/goose/v3/lock"
	"gorm.io/gorm"

	"github.com/praksis/praksis/schema"
)

// Migrator applies the embedded migrations: the control schema, then each
// tenant schema with its own version table and its own advisory lock, so that
// schemas migrate in parallel and a second migrator waits per schema instead
// of for the whole fleet.
type Migrator struct {
	url string
	db  *gorm.DB
	log *slog.Logger

	// citus is read once: whether the database is a Citus cluster.
	citusOnce sync.Once
	citus     bool
	citusErr  error
}

// NewMigrator makes a migrator that opens its own connections to url (one
// small pool per schema, since goose keeps session state) and records
// progress in the registry through db.
func NewMigrator(url string, db *gorm.DB, log *slog.Logger) *Migrator {
	return &Migrator{url: url, db: db, log: log}
}

// LatestVersion returns the newest migration version in fsys under dir.
func LatestVersion(fsys fs.FS, dir string) (int64, error) {
	sub, err := fs.Sub(fsys, dir)
	if err != nil {
		return 0, err
	}
	var latest int64
	entries, err := fs.ReadDir(sub, ".")
	if err != nil {
		return 0, err
	}
	for _, e := range entries {
		if v, err := goose.NumericComponent(e.Name()); err == nil && v > latest {
			latest = v
		}
	}
	return latest, nil
}

// TenantTarget is the tenant schema version of this binary.
func TenantTarget() int64 {
	v, err := LatestVersion(schema.Tenant, "tenant")
	if err != nil {
		panic(fmt.Sprintf("embedded tenant migrations unreadable: %v", err))
	}
	return v
}

// ControlTarget is the control schema version of this binary.
func ControlTarget() int64 {
	v, err := LatestVersion(schema.Control, "control")
	if err != nil {
		panic(fmt.Sprintf("embedded control migrations unreadable: %v", err))
	}
	return v
}

// lockID gives every schema its own advisory lock id.
func lockID(schemaName string) int64 {
	h := fnv.New64a()
	_, _ = h.Write([]byte("praksis-migrate:" + schemaName))
	return int64(h.Sum64() >> 1)
}

// openSchemaDB opens a pool whose connections start with search_path (and,
// for a tenant, role) set for the whole session. Migrations need a direct
// connection (not a transaction-mode pooler) for exactly this reason.
func (m *Migrator) openSchemaDB(schemaName, role string) (*sql.DB, error) {
	cfg, err := pgx.ParseConfig(m.url)
	if err != nil {
		return nil, fmt.Errorf("parse DATABASE_URL: %w", err)
	}
	db := stdlib.OpenDB(*cfg, stdlib.OptionAfterConnect(func(ctx context.Context, c *pgx.Conn) error {
		if _, err := c.Exec(ctx, "SELECT set_config('search_path', $1, false)", schemaName); err != nil {
			return err
		}
		if role != "" {
			if _, err := c.Exec(ctx, "SET ROLE "+pgx.Identifier{role}.Sanitize()); err != nil {
				return err
			}
		}
		return nil
	}))
	db.SetMaxOpenConns(2)
	return db, nil
}

func (m *Migrator) provider(db *sql.DB, fsys fs.FS, dir, schemaName string) (*goose.Provider, error) {
	sub, err := fs.Sub(fsys, dir)
	if err != nil {
		return nil, err
	}
	locker, err := lock.NewPostgresSessionLocker(lock.WithLockID(lockID(schemaName)))
	if err != nil {
		return nil, err
	}
	return goose.NewProvider(goose.DialectPostgres, db, sub,
		goose.WithTableName(schemaName+".goose_db_version"),
		goose.WithSessionLocker(locker),
		goose.WithDisableGlobalRegistry(true),
	)
}

// onCitus reports whether the database is a Citus cluster.
func (m *Migrator) onCitus(ctx context.Context) (bool, error) {
	m.citusOnce.Do(func() {
		m.citus, m.citusErr = citusInstalled(ctx, m.db)
	})
	return m.citus, m.citusErr
}

// MigrateControl creates and migrates the control schema. On Citus it then
// makes the shared tables reference tables (see setupCitus).
func (m *Migrator) MigrateControl(ctx context.Context) error {
	if err := m.db.WithContext(ctx).Exec("CREATE SCHEMA IF NOT EXISTS control").Error; err != nil {
		return fmt.Errorf("create control schema: %w", err)
	}
	db, err := m.openSchemaDB("control", "")
	if err != nil {
		return err
	}
	defer db.Close()
	p, err := m.provider(db, schema.Control, "control", "control")
	if err != nil {
		return fmt.Errorf("control migrations: %w", err)
	}
	if _, err := p.Up(ctx); err != nil {
		return fmt.Errorf("migrate control schema: %w", err)
	}
	citus, err := m.onCitus(ctx)
	if err != nil {
		return err
	}
	if citus {
		if err := setupCitus(ctx, m.db); err != nil {
			return fmt.Errorf("control schema on Citus: %w", err)
		}
	}
	return nil
}

// ControlVersion returns the version the control schema is at (0 when it
// does not exist yet).
func (m *Migrator) ControlVersion(ctx context.Context) (int64, error) {
	var exists bool
	if err := m.db.WithContext(ctx).Raw(
		"SELECT EXISTS (SELECT 1 FROM pg_tables WHERE schemaname = 'control' AND tablename = 'goose_db_version')").
		Scan(&exists).Error; err != nil {
		return 0, fmt.Errorf("check control schema: %w", err)
	}
	if !exists {
		return 0, nil
	}
	var v int64
	if err := m.db.WithContext(ctx).Raw(
		"SELECT coalesce(max(version_id), 0) FROM control.goose_db_version WHERE is_applied").Scan(&v).Error; err != nil {
		return 0, fmt.Errorf("read control schema version: %w", err)
	}
	return v, nil
}

// MigrateTenant migrates one tenant schema as the tenant's own role and
// records the outcome in the registry. On Citus the schema is made a
// distributed schema first (see distributeSchool), so that its tables are
// created on, or moved to, a worker.
func (m *Migrator) MigrateTenant(ctx context.Context, t *Tenant) error {
	set := func(state MigrationState, version int64, msg *string) error {
		q := m.db.WithContext(ctx).Exec(`UPDATE control.tenants
			SET migration_state = ?, migration_error = ?, schema_version = CASE WHEN ? >= 0 THEN ? ELSE schema_version END,
			    updated_at = now() WHERE id = ?`, state, msg, version, version, t.ID)
		return q.Error
	}
	if err := set(MigrationRunning, -1, nil); err != nil {
		return fmt.Errorf("mark tenant %s migrating: %w", t.Slug, err)
	}
	version, err := m.migrateTenantSchema(ctx, t)
	if err != nil {
		msg := err.Error()
		if serr := set(MigrationFailed, -1, &msg); serr != nil {
			m.log.Error("record failed migration", "tenant", t.Slug, "error", serr)
		}
		return fmt.Errorf("migrate tenant %s: %w", t.Slug, err)
	}
	if err := set(MigrationReady, version, nil); err != nil {
		return fmt.Errorf("mark tenant %s ready: %w", t.Slug, err)
	}
	return nil
}

func (m *Migrator) migrateTenantSchema(ctx context.Context, t *Tenant) (int64, error) {
	citus, err := m.onCitus(ctx)
	if err != nil {
		return 0, err
	}
	if citus {
		if err := distributeSchool(ctx, m.db, t); err != nil {
			return 0, err
		}
	}
	db, err := m.openSchemaDB(t.SchemaName, t.DBRole)
	if err != nil {
		return 0, err
	}
	defer db.Close()
	p, err := m.provider(db, schema.Tenant, "tenant", t.SchemaName)
	if err != nil {
		return 0, err
	}
	if _, err := p.Up(ctx); err != nil {
		return 0, err
	}
	return p.GetDBVersion(ctx)
}

// Result is the outcome of migrating one tenant.
type Result struct {
	Slug string
	Err  error
}

// MigrateAll migrates the control schema, then every tenant schema with at
// most parallel at once. It goes on past a failed school and returns every
// failure, so one broken school does not hold the others back.
func (m *Migrator) MigrateAll(ctx context.Context, parallel int) ([]Result, error) {
	if err := m.MigrateControl(ctx); err != nil {
		return nil, err
	}
	list, err := listTenants(ctx, m.db)
	if err != nil {
		return nil, err
	}
	if parallel < 1 {
		parallel = 1
	}
	results := make([]Result, len(list))
	sem := make(chan struct{}, parallel)
	var wg sync.WaitGroup
	for i, t := range list {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			results[i] = Result{Slug: t.Slug, Err: m.MigrateTenant(ctx, t)}
		}()
	}
	wg.Wait()
	var failed []error
	for _, r := range results {
		if r.Err != nil {
			failed = append(failed, r.Err)
		}
	}
	return results, errors.Join(failed...)
}
