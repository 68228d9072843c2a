package testdb

import (
	"context"
	"database/sql"
	"testing"

	"github.com/praksis/praksis/api/jobs"
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

// Queue migrates the job queue's tables into the database and returns the
// pool to start a queue on, as `praksis migrate` does before the server runs.
func (d *DB) Queue(t testing.TB) *sql.DB {
	t.Helper()
	sqlDB := d.SQL(t)
	if err := jobs.Migrate(context.Background(), sqlDB); err != nil {
		t.Fatal(err)
	}
	return sqlDB
}
