package testdb

import (
	"context"
	"database/sql"
	"testing"

	"github.com/riverqueue/river"

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

// Queue migrates the job queue's tables into the database with migrate (the
// queue's own migration, jobs.Migrate, handed in so that tenants knows
// nothing of the queue) and returns the pool to start a queue on, as
// `praksis migrate` does before the server runs.
func (d *DB) Queue(t testing.TB, migrate func(context.Context, *sql.DB) error) *sql.DB {
	t.Helper()
	sqlDB := d.SQL(t)
	if err := migrate(context.Background(), sqlDB); err != nil {
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

// Signal is a job that only tells a test it has been worked (SignalWorker).
type Signal struct{}

// Kind names the job kind.
func (Signal) Kind() string { return "test.signal" }

// SignalWorker works Signal jobs by sending on Done.
type SignalWorker struct {
	river.WorkerDefaults[Signal]
	Done chan struct{}
}

// Work sends on Done.
func (w SignalWorker) Work(context.Context, *river.Job[Signal]) error {
	w.Done <- struct{}{}
	return nil
}
