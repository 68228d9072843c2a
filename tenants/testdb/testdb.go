// Package testdb gives integration tests a database of their own on the real
// Postgres cluster that scripts/test starts: a fresh database, owned by a
// fresh login role set up exactly as in production (LOGIN CREATEROLE
// NOINHERIT), migrated, and dropped with its roles when the test ends.
package testdb

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"io"
	"log/slog"
	"net/url"
	"os"
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
	admin := os.Getenv(EnvAdminURL)
	if admin == "" {
		t.Fatalf("%s is not set: run scripts/test, which starts a throwaway Postgres cluster for the tests", EnvAdminURL)
	}
	ctx := context.Background()
	b := make([]byte, 5)
	_, _ = rand.Read(b)
	name := "pt_" + hex.EncodeToString(b)
	role := name + "_app"

	conn, err := pgx.Connect(ctx, admin)
	if err != nil {
		t.Fatalf("connect to test cluster: %v", err)
	}
	defer conn.Close(ctx)
	for _, stmt := range []string{
		"CREATE ROLE " + pgx.Identifier{role}.Sanitize() + " LOGIN CREATEROLE NOINHERIT",
		"CREATE DATABASE " + pgx.Identifier{name}.Sanitize() + " OWNER " + pgx.Identifier{role}.Sanitize(),
	} {
		if _, err := conn.Exec(ctx, stmt); err != nil {
			t.Fatalf("create test database: %v", err)
		}
	}
	u, err := url.Parse(admin)
	if err != nil {
		t.Fatalf("parse %s: %v", EnvAdminURL, err)
	}
	u.User = url.User(role)
	u.Path = "/" + name
	appURL := u.String()

	root, err := tenants.Open(ctx, appURL, 40)
	if err != nil {
		t.Fatalf("open test database: %v", err)
	}
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	m := tenants.NewMigrator(appURL, root, log)
	if err := m.MigrateControl(ctx); err != nil {
		t.Fatalf("migrate control schema: %v", err)
	}
	svc, err := tenants.NewService(ctx, root, m)
	if err != nil {
		t.Fatalf("onboarding service: %v", err)
	}
	db := &DB{URL: appURL, Root: root, Migrator: m, Service: svc, Name: name}
	t.Cleanup(func() { drop(t, admin, name, root) })
	return db
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
