// Package jobstest gives tests a database with the job queue's tables and a
// job that only says it has been worked. It sits beside the job queue, above
// tenants/testdb, so that tenants knows nothing of the queue.
package jobstest

import (
	"context"
	"database/sql"
	"testing"

	"github.com/riverqueue/river"

	"github.com/praksis/praksis/api/jobs"
	"github.com/praksis/praksis/tenants/testdb"
)

// Queue migrates the job queue's tables into the test database and returns
// the pool to start a queue on, as `praksis migrate` does before the server
// runs.
func Queue(t testing.TB, d *testdb.DB) *sql.DB {
	t.Helper()
	sqlDB := d.SQL(t)
	if err := jobs.Migrate(context.Background(), sqlDB); err != nil {
		t.Fatal(err)
	}
	return sqlDB
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
