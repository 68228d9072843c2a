package testdb

import (
	"context"
	"database/sql"
	"testing"

	"github.com/praksis/praksis/tenants"
)

// SQL is the root handle's database/sql pool, which the job queue runs on.
func (d *DB) SQL(t testing.TB) *sql.DB {
	t.Helper()
	sqlDB, err := d.Root.DB()
	if err != nil {
		t.Fatal(err)
	}
	return sqlDB
}

// Registry is a registry of the database's schools, loaded.
func (d *DB) Registry(t testing.TB) *tenants.Registry {
	t.Helper()
	reg := tenants.NewRegistry(d.Root, tenants.TenantTarget())
	if err := reg.Load(context.Background()); err != nil {
		t.Fatal(err)
	}
	return reg
}
