// Package testdb gives integration tests a database of their own on the real
// Postgres cluster that scripts/test starts: a fresh database, owned by a
// fresh login role set up exactly as in production (LOGIN CREATEROLE
// NOINHERIT), migrated, and dropped with its roles when the test ends. Tests
// that all start from the same schools take a copy of a template database
// built once per test binary (NewFrom).
package testdb

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/url"
	"os"
	"sync"
	"testing"

	"github.com/jackc/pgx/v5"
	"gorm.io/gorm"

	"github.com/praksis/praksis/tenants"
)

// EnvAdminURL names the variable holding the cluster's superuser URL.
const EnvAdminURL = "PRAKSIS_TEST_ADMIN_URL"

// DB is one test's database.
type DB struct {
	// URL is the application's DATABASE_URL for this database.
	URL string
	// Root is the application's root handle (control schema only).
	Root     *gorm.DB
	Migrator *tenants.Migrator
	Service  *tenants.Service
	Name     string
}

// New makes a migrated, empty database for t. It fails the test when the
// cluster is not configured: these tests never silently skip.
func New(t testing.TB) *DB {
	t.Helper()
	admin := adminURL(t)
	name, role, err := createDatabase(admin)
	if err != nil {
		t.Fatalf("create test database: %v", err)
	}
	db := open(t, admin, name, role)
	if err := db.Migrator.MigrateControl(context.Background()); err != nil {
		t.Fatalf("migrate control schema: %v", err)
	}
	return db
}

// template is a database built once per test binary and copied for each
// test that asks for it by its key.
type template struct {
	once sync.Once
	name string
	role string
	err  error
}

var templates sync.Map // key → *template

// NewFrom makes t a database copied from the template named key, which
// build fills on the first call in this test binary (schools, rows).
// Copying takes a tenth of the time of migrating a database and its schools
// again. The copy's schools keep the template's roles, made for them alone;
// schools a test creates get roles of the copy's own, dropped with it.
func NewFrom(t testing.TB, key string, build func(t testing.TB, d *DB)) *DB {
	t.Helper()
	admin := adminURL(t)
	v, _ := templates.LoadOrStore(key, &template{})
	tpl := v.(*template)
	tpl.once.Do(func() {
		// Stays the answer when build stops the first test (t.Fatal).
		tpl.err = errors.New("it could not be built: see the first test that asked for it")
		tpl.name, tpl.role, tpl.err = makeTemplate(t, admin, build)
	})
	if tpl.err != nil {
		t.Fatalf("template database %s: %v", key, tpl.err)
	}
	name := newName()
	if err := adminExec(admin, "CREATE DATABASE "+pgx.Identifier{name}.Sanitize()+
		" TEMPLATE "+pgx.Identifier{tpl.name}.Sanitize()+" OWNER "+pgx.Identifier{tpl.role}.Sanitize()); err != nil {
		t.Fatalf("copy template database %s: %v", key, err)
	}
	return open(t, admin, name, tpl.role)
}

// makeTemplate builds a template database with build and closes every
// connection to it, as Postgres copies only a database nobody uses. The
// template stays for the life of the throwaway cluster.
func makeTemplate(t testing.TB, admin string, build func(t testing.TB, d *DB)) (name, role string, err error) {
	name, role, err = createDatabase(admin)
	if err != nil {
		return "", "", fmt.Errorf("create: %w", err)
	}
	db, err := connect(admin, name, role)
	if err != nil {
		return "", "", err
	}
	defer tenants.Close(db.Root)
	if err := db.Migrator.MigrateControl(context.Background()); err != nil {
		return "", "", fmt.Errorf("migrate control schema: %w", err)
	}
	build(t, db)
	if t.Failed() {
		return "", "", fmt.Errorf("building it failed")
	}
	return name, role, nil
}

func adminURL(t testing.TB) string {
	t.Helper()
	admin := os.Getenv(EnvAdminURL)
	if admin == "" {
		t.Fatalf("%s is not set: run scripts/test, which starts a throwaway Postgres cluster for the tests", EnvAdminURL)
	}
	return admin
}

// createDatabase makes an empty database owned by a login role of its own,
// set up as production's application role is.
func createDatabase(admin string) (name, role string, err error) {
	name = newName()
	role = name + "_app"
	err = adminExec(admin,
		"CREATE ROLE "+pgx.Identifier{role}.Sanitize()+" LOGIN CREATEROLE NOINHERIT",
		"CREATE DATABASE "+pgx.Identifier{name}.Sanitize()+" OWNER "+pgx.Identifier{role}.Sanitize(),
	)
	return name, role, err
}

func newName() string {
	b := make([]byte, 5)
	_, _ = rand.Read(b)
	return "pt_" + hex.EncodeToString(b)
}

// adminExec runs statements as the cluster's superuser.
func adminExec(admin string, stmts ...string) error {
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, admin)
	if err != nil {
		return fmt.Errorf("connect to test cluster: %w", err)
	}
	defer conn.Close(ctx)
	for _, stmt := range stmts {
		if _, err := conn.Exec(ctx, stmt); err != nil {
			return err
		}
	}
	return nil
}

// open connects to database name as role for t and drops the database, and
// the roles named after it, when t ends.
func open(t testing.TB, admin, name, role string) *DB {
	t.Helper()
	db, err := connect(admin, name, role)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { drop(t, admin, name, db.Root) })
	return db
}

func connect(admin, name, role string) (*DB, error) {
	ctx := context.Background()
	u, err := url.Parse(admin)
	if err != nil {
		return nil, fmt.Errorf("parse %s: %w", EnvAdminURL, err)
	}
	u.User = url.User(role)
	u.Path = "/" + name
	appURL := u.String()

	root, err := tenants.Open(ctx, appURL, 40)
	if err != nil {
		return nil, fmt.Errorf("open test database: %w", err)
	}
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	m := tenants.NewMigrator(appURL, root, log)
	svc, err := tenants.NewService(ctx, root, m)
	if err != nil {
		tenants.Close(root)
		return nil, fmt.Errorf("onboarding service: %w", err)
	}
	return &DB{URL: appURL, Root: root, Migrator: m, Service: svc, Name: name}, nil
}

func drop(t testing.TB, admin, name string, root *gorm.DB) {
	tenants.Close(root)
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, admin)
	if err != nil {
		t.Logf("drop test database %s: %v", name, err)
		return
	}
	defer conn.Close(ctx)
	if _, err := conn.Exec(ctx, "DROP DATABASE IF EXISTS "+pgx.Identifier{name}.Sanitize()+" WITH (FORCE)"); err != nil {
		t.Logf("drop test database %s: %v", name, err)
	}
	rows, err := conn.Query(ctx, "SELECT rolname FROM pg_roles WHERE rolname LIKE $1 ORDER BY length(rolname) DESC", name+"_%")
	if err != nil {
		return
	}
	roles, _ := pgx.CollectRows(rows, pgx.RowTo[string])
	for _, r := range roles {
		if _, err := conn.Exec(ctx, "DROP ROLE IF EXISTS "+pgx.Identifier{r}.Sanitize()); err != nil {
			t.Logf("drop role %s: %v", r, err)
		}
	}
}

// School creates and migrates a school for the test.
func (d *DB) School(t testing.TB, slug, name string, hosts ...string) *tenants.Tenant {
	t.Helper()
	if len(hosts) == 0 {
		hosts = []string{slug + ".test.localhost"}
	}
	ten, err := d.Service.Create(context.Background(), tenants.CreateParams{Slug: slug, Name: name, Hosts: hosts})
	if err != nil {
		t.Fatalf("create school %s: %v", slug, err)
	}
	return ten
}

// Exec runs SQL inside a school's scope.
func (d *DB) Exec(t testing.TB, slug string, sql string, args ...any) {
	t.Helper()
	err := d.Service.InScope(context.Background(), slug, func(ctx context.Context, tx *gorm.DB) error {
		return tx.Exec(sql, args...).Error
	})
	if err != nil {
		t.Fatalf("exec in %s: %v", slug, fmt.Errorf("%s: %w", sql, err))
	}
}

// InScopeTest runs fn in a school's scope.
func (d *DB) InScopeTest(slug string, fn func(ctx context.Context, tx *gorm.DB) error) error {
	return d.Service.InScope(context.Background(), slug, fn)
}
