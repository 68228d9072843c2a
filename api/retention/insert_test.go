package retention

import (
	"context"
	"testing"
	"time"

	"github.com/riverqueue/river"
	"gorm.io/gorm"

	"github.com/praksis/praksis/api/jobs"
	"github.com/praksis/praksis/tenants/testdb"
)

type startArgs struct{}

func (startArgs) Kind() string { return "test.start" }

// startWorker inserts a job from inside a worker, as the daily job does.
type startWorker struct {
	river.WorkerDefaults[startArgs]
	failed chan error
}

func (w startWorker) Work(ctx context.Context, _ *river.Job[startArgs]) error {
	err := insertFromWorker(ctx, testdb.Signal{})
	if err != nil {
		w.failed <- err
	}
	return err
}

// The daily job starts the sweeps from inside a worker. In listen mode (the
// default) the worker runs in the listening pool's pgx client, not the
// request pool's database/sql one; both must be able to insert.
func TestWorkerInsertsInPollAndListenMode(t *testing.T) {
	db := testdb.New(t)
	sqlDB := db.Queue(t, jobs.Migrate)
	db.School(t, "skole", "Skole")
	for _, tc := range []struct {
		name string
		cfg  func(jobs.Config) jobs.Config
	}{
		{"poll", func(c jobs.Config) jobs.Config { c.PollInterval = 50 * time.Millisecond; return c }},
		{"listen", func(c jobs.Config) jobs.Config { c.ListenURL = db.URL; return c }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			done, failed := make(chan struct{}, 1), make(chan error, 1)
			workers := river.NewWorkers()
			river.AddWorker(workers, startWorker{failed: failed})
			river.AddWorker(workers, testdb.SignalWorker{Done: done})
			q, err := jobs.New(sqlDB, tc.cfg(jobs.Config{Workers: workers}))
			if err != nil {
				t.Fatal(err)
			}
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			if err := q.Start(ctx); err != nil {
				t.Fatal(err)
			}
			defer func() { _ = q.Stop(context.Background()) }()
			if err := db.InScopeTest("skole", func(ctx context.Context, _ *gorm.DB) error {
				return q.Enqueue(ctx, startArgs{}, nil)
			}); err != nil {
				t.Fatal(err)
			}
			select {
			case <-done:
			case err := <-failed:
				t.Fatalf("inserting from the worker: %v", err)
			case <-time.After(30 * time.Second):
				t.Fatal("the job inserted from the worker was not worked")
			}
		})
	}
}
