package jobs_test

import (
	"context"
	"database/sql"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/riverqueue/river"
	"gorm.io/gorm"

	"github.com/praksis/praksis/api/jobs"
	"github.com/praksis/praksis/tenants"
	"github.com/praksis/praksis/tenants/testdb"
)

type pingArgs struct {
	N int `json:"n"`
}

func (pingArgs) Kind() string { return "test.ping" }

type pingWorker struct {
	river.WorkerDefaults[pingArgs]
}

func (pingWorker) Work(context.Context, *river.Job[pingArgs]) error { return nil }

func setup(t *testing.T) (*testdb.DB, *sql.DB, *jobs.Queue, *tenants.Tenant) {
	t.Helper()
	db := testdb.New(t)
	sqlDB := db.Queue(t, jobs.Migrate)
	// Migrating again changes nothing.
	if err := jobs.Migrate(context.Background(), sqlDB); err != nil {
		t.Fatalf("second migration: %v", err)
	}
	if err := jobs.CheckMigrated(context.Background(), sqlDB); err != nil {
		t.Fatal(err)
	}
	workers := river.NewWorkers()
	river.AddWorker(workers, pingWorker{})
	q, err := jobs.New(sqlDB, jobs.Config{Workers: workers})
	if err != nil {
		t.Fatal(err)
	}
	return db, sqlDB, q, db.School(t, "skole", "Skole")
}

func countJobs(t *testing.T, sqlDB *sql.DB) int {
	t.Helper()
	var n int
	if err := sqlDB.QueryRow("SELECT count(*) FROM river.river_job WHERE kind = 'test.ping'").Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func TestCheckMigratedNamesTheCommand(t *testing.T) {
	db := testdb.New(t)
	sqlDB := db.SQL(t)
	if err := jobs.CheckMigrated(context.Background(), sqlDB); err == nil || !strings.Contains(err.Error(), "praksis migrate") {
		t.Errorf("unmigrated queue: %v", err)
	}
}

// After leaving and taking up the school's role again, the transaction is
// the school's as before: its role, its search path, and no way into the
// queue's schema.
func TestOutsideTenantRoleRestoresTheSchoolsRole(t *testing.T) {
	db, sqlDB, _, school := setup(t)
	var insideUser, insidePath string
	var insideJobs int
	err := db.InScopeTest("skole", func(ctx context.Context, tx *gorm.DB) error {
		err := jobs.OutsideTenantRole(ctx, func(ctx context.Context, stx *sql.Tx) error {
			if err := stx.QueryRowContext(ctx, "SELECT current_user, current_setting('search_path')").Scan(&insideUser, &insidePath); err != nil {
				return err
			}
			return stx.QueryRowContext(ctx, "SELECT count(*) FROM river.river_job").Scan(&insideJobs)
		})
		if err != nil {
			return err
		}
		var user, path string
		if err := tx.Raw("SELECT current_user, current_setting('search_path')").Row().Scan(&user, &path); err != nil {
			return err
		}
		if user != school.DBRole || path != school.SchemaName {
			t.Errorf("after the helper: user %q path %q, want %q %q", user, path, school.DBRole, school.SchemaName)
		}
		// The school's own tables are there again...
		var n int64
		if err := tx.Raw("SELECT count(*) FROM users").Scan(&n).Error; err != nil {
			t.Errorf("school table after the helper: %v", err)
		}
		// ...and the queue is not (the last statement: it aborts the transaction).
		err = tx.Exec("SELECT count(*) FROM river.river_job").Error
		if err == nil || !strings.Contains(err.Error(), "permission denied") {
			t.Errorf("the school's role reads the job queue after the helper: %v", err)
		}
		return errors.New("roll back")
	})
	if err == nil || err.Error() != "roll back" {
		t.Fatalf("scope: %v", err)
	}
	if insideUser == school.DBRole || insidePath != jobs.Schema {
		t.Errorf("inside the helper: user %q path %q", insideUser, insidePath)
	}
	var usage bool
	if err := sqlDB.QueryRow("SELECT has_schema_privilege($1, $2, 'USAGE')", school.DBRole, jobs.Schema).Scan(&usage); err != nil {
		t.Fatal(err)
	}
	if usage {
		t.Errorf("the school's role %s has USAGE on %s", school.DBRole, jobs.Schema)
	}
}

func TestOutsideTenantRoleFailures(t *testing.T) {
	db, _, _, school := setup(t)
	if err := jobs.OutsideTenantRole(context.Background(), func(context.Context, *sql.Tx) error { return nil }); !errors.Is(err, tenants.ErrNoScope) {
		t.Errorf("outside a scope: %v", err)
	}
	// An error of fn is returned, and the role is back for the rest of the
	// transaction.
	boom := errors.New("boom")
	err := db.InScopeTest("skole", func(ctx context.Context, tx *gorm.DB) error {
		if err := jobs.OutsideTenantRole(ctx, func(context.Context, *sql.Tx) error { return boom }); !errors.Is(err, boom) {
			t.Errorf("fn's error: %v", err)
		}
		var user string
		if err := tx.Raw("SELECT current_user").Scan(&user).Error; err != nil || user != school.DBRole {
			t.Errorf("after a failed fn: %q %v", user, err)
		}
		// A failing statement aborts the transaction: the restore fails
		// too, and both are reported.
		err := jobs.OutsideTenantRole(ctx, func(ctx context.Context, stx *sql.Tx) error {
			_, err := stx.ExecContext(ctx, "SELECT * FROM no_such_table")
			return err
		})
		if err == nil || !strings.Contains(err.Error(), "no_such_table") || !strings.Contains(err.Error(), "take up role") {
			t.Errorf("failed statement: %v", err)
		}
		return nil
	})
	if err == nil {
		t.Error("an aborted transaction committed")
	}
}

// A job exists exactly when the transaction that enqueued it committed.
func TestEnqueueOnlyOnCommit(t *testing.T) {
	cases := []struct {
		name   string
		fail   bool
		before int
		after  int
	}{
		{"committed", false, 0, 1},
		{"rolled back", true, 1, 1},
	}
	db, sqlDB, q, _ := setup(t)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if n := countJobs(t, sqlDB); n != c.before {
				t.Fatalf("jobs before: %d", n)
			}
			err := db.InScopeTest("skole", func(ctx context.Context, tx *gorm.DB) error {
				if err := q.Enqueue(ctx, pingArgs{N: 1}, nil); err != nil {
					return err
				}
				// Not visible outside the transaction yet.
				if n := countJobs(t, sqlDB); n != c.before {
					t.Errorf("job visible before commit: %d", n)
				}
				if c.fail {
					return errors.New("refused")
				}
				return tx.Exec("SELECT 1 FROM users LIMIT 1").Error
			})
			if (err != nil) != c.fail {
				t.Fatalf("scope: %v", err)
			}
			if n := countJobs(t, sqlDB); n != c.after {
				t.Errorf("jobs after: %d, want %d", n, c.after)
			}
		})
	}
}

// doneWorker reports each job it works.
type doneWorker struct {
	river.WorkerDefaults[pingArgs]
	done chan int
}

func (w doneWorker) Work(_ context.Context, j *river.Job[pingArgs]) error {
	w.done <- j.Args.N
	return nil
}

// With a listen URL the workers are woken by NOTIFY when the enqueuing
// transaction commits: with polling set to once an hour, only the
// notification can bring them the job. Without one, they poll.
func TestListenModeWorksJobsOnNotify(t *testing.T) {
	db := testdb.New(t)
	sqlDB := db.Queue(t, jobs.Migrate)
	db.School(t, "skole", "Skole")
	done := make(chan int, 4)
	workers := river.NewWorkers()
	river.AddWorker(workers, doneWorker{done: done})

	poll, err := jobs.New(sqlDB, jobs.Config{Workers: workers})
	if err != nil {
		t.Fatal(err)
	}
	if poll.Listening() {
		t.Error("a queue without a listen URL listens")
	}

	q, err := jobs.New(sqlDB, jobs.Config{Workers: workers, ListenURL: db.URL, PollInterval: time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	if !q.Listening() {
		t.Fatal("a queue with a listen URL does not listen")
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	if err := q.Start(ctx); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = q.Stop(context.Background()) })
	// The first fetch after start finds nothing; wait for it to be done so
	// that the job below can only come by notification.
	time.Sleep(500 * time.Millisecond)
	if err := db.InScopeTest("skole", func(ctx context.Context, _ *gorm.DB) error {
		return q.Enqueue(ctx, pingArgs{N: 7}, &river.InsertOpts{Queue: jobs.QueueMail})
	}); err != nil {
		t.Fatal(err)
	}
	select {
	case n := <-done:
		if n != 7 {
			t.Errorf("worked job %d, want 7", n)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("the job was not worked: no notification reached the workers")
	}
}

// A completed job is kept a day and more, since a job kind unique per day
// (a school's retention sweep) is unique only while its row exists: kept
// a minute, a leader restarted later in the day would sweep every school
// again. The job finished 26 hours ago is there to show that the cleaner has
// run.
func TestCompletedJobsAreKeptForTheirUniquePeriod(t *testing.T) {
	db, sqlDB, _, _ := setup(t)
	done := make(chan int, 2)
	workers := river.NewWorkers()
	river.AddWorker(workers, doneWorker{done: done})
	start := func() *jobs.Queue {
		q, err := jobs.New(sqlDB, jobs.Config{Workers: workers, PollInterval: 50 * time.Millisecond})
		if err != nil {
			t.Fatal(err)
		}
		if err := q.Start(context.Background()); err != nil {
			t.Fatal(err)
		}
		return q
	}
	q := start()
	if err := db.InScopeTest("skole", func(ctx context.Context, _ *gorm.DB) error {
		return errors.Join(q.Enqueue(ctx, pingArgs{N: 2}, nil), q.Enqueue(ctx, pingArgs{N: 26}, nil))
	}); err != nil {
		t.Fatal(err)
	}
	for range 2 {
		select {
		case <-done:
		case <-time.After(30 * time.Second):
			t.Fatal("the jobs were not worked")
		}
	}
	if err := q.Stop(context.Background()); err != nil {
		t.Fatal(err)
	}
	if _, err := sqlDB.Exec(`UPDATE river.river_job SET finalized_at = now() - make_interval(hours => (args->>'n')::int)
		WHERE kind = 'test.ping' AND state = 'completed'`); err != nil {
		t.Fatal(err)
	}
	q = start()
	t.Cleanup(func() { _ = q.Stop(context.Background()) })
	kept := func(n int) bool {
		var found bool
		if err := sqlDB.QueryRow("SELECT EXISTS (SELECT 1 FROM river.river_job WHERE kind = 'test.ping' AND (args->>'n')::int = $1)", n).Scan(&found); err != nil {
			t.Fatal(err)
		}
		return found
	}
	for deadline := time.Now().Add(30 * time.Second); kept(26); time.Sleep(100 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the cleaner did not remove the job completed 26 hours ago")
		}
	}
	if !kept(2) {
		t.Error("the job completed 2 hours ago was removed")
	}
}
