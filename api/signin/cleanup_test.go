package signin

import (
	"context"
	"database/sql"
	"testing"
	"time"

	"github.com/riverqueue/river"
	"gorm.io/gorm"

	"github.com/praksis/praksis/api/jobs"
	"github.com/praksis/praksis/tenants/testdb"
)

// The clean-up removes stale codes, sessions and unsent e-mail in every
// served school, and keeps what is still of use.
func TestCleanup(t *testing.T) {
	db := testdb.New(t)
	for _, slug := range []string{"skole-a", "skole-b"} {
		db.School(t, slug, "Skole")
		db.Exec(t, slug, "INSERT INTO users (display_name, email) VALUES ('Kari', 'kari@example.no')")
		db.Exec(t, slug, `INSERT INTO one_time_codes (email, code_hash, created_at, expires_at) VALUES
			('old@example.no', 'x', now() - interval '3 days', now() - interval '3 days' + interval '10 minutes'),
			('new@example.no', 'x', now() - interval '1 hour', now() - interval '50 minutes')`)
		db.Exec(t, slug, `INSERT INTO sessions (user_id, sign_in_method, created_at, expires_at) SELECT users.id, 'code', v.created_at, v.expires_at
			FROM users, (VALUES (now() - interval '20 days', now() - interval '19 days'), (now() - interval '1 hour', now() + interval '11 hours')) v(created_at, expires_at)`)
		db.Exec(t, slug, `INSERT INTO mail_outbox (to_address, subject, text_body, html_body, created_at) VALUES
			('old@example.no', 's', 't', 'h', now() - interval '2 days'), ('new@example.no', 's', 't', 'h', now())`)
	}
	reg := db.Registry(t)
	if err := NewCleanupWorker(reg).Work(context.Background(), &river.Job[CleanupArgs]{}); err != nil {
		t.Fatal(err)
	}
	for _, slug := range []string{"skole-a", "skole-b"} {
		for table, want := range map[string]int64{"one_time_codes": 1, "sessions": 1, "mail_outbox": 1} {
			var n int64
			err := db.InScopeTest(slug, func(ctx context.Context, tx *gorm.DB) error {
				return tx.Raw("SELECT count(*) FROM " + table).Scan(&n).Error
			})
			if err != nil || n != want {
				t.Errorf("%s.%s: %d rows left (%v), want %d", slug, table, n, err, want)
			}
		}
	}
	if CleanupJob() == nil {
		t.Error("no periodic job")
	}
}

// A leader that starts runs the clean-up unless it ran within the hour: a
// deploy that restarts the replicas does not visit every school again. The
// second start here is such a restart; without the clean-up's uniqueness it
// inserted a second one. The leader inserts a Signal at each start too: once
// it has been worked, the start's insertions are made.
func TestCleanupRunsOnceAnHourAcrossRestarts(t *testing.T) {
	db := testdb.New(t)
	sqlDB := db.Queue(t, jobs.Migrate)
	db.School(t, "skole", "Skole")
	reg := db.Registry(t)
	for start := 1; start <= 2; start++ {
		done := make(chan struct{}, 1)
		workers := river.NewWorkers()
		river.AddWorker(workers, NewCleanupWorker(reg))
		river.AddWorker(workers, testdb.SignalWorker{Done: done})
		q, err := jobs.New(sqlDB, jobs.Config{Workers: workers, PollInterval: 50 * time.Millisecond,
			PeriodicJobs: []*river.PeriodicJob{CleanupJob(), river.NewPeriodicJob(river.PeriodicInterval(time.Hour),
				func() (river.JobArgs, *river.InsertOpts) { return testdb.Signal{}, nil }, &river.PeriodicJobOpts{RunOnStart: true})}})
		if err != nil {
			t.Fatal(err)
		}
		if err := q.Start(context.Background()); err != nil {
			t.Fatal(err)
		}
		select {
		case <-done:
		case <-time.After(30 * time.Second):
			t.Fatalf("start %d: the leader's start-up jobs were not worked", start)
		}
		waitCleanupsDone(t, sqlDB)
		if err := q.Stop(context.Background()); err != nil {
			t.Fatal(err)
		}
		var n int
		if err := sqlDB.QueryRow("SELECT count(*) FROM river.river_job WHERE kind = 'signin.cleanup'").Scan(&n); err != nil {
			t.Fatal(err)
		}
		if n != 1 {
			t.Errorf("after start %d: %d clean-ups inserted, want 1", start, n)
		}
	}
}

// waitCleanupsDone waits until no clean-up is left to work.
func waitCleanupsDone(t *testing.T, sqlDB *sql.DB) {
	t.Helper()
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		var n int
		if err := sqlDB.QueryRow("SELECT count(*) FROM river.river_job WHERE kind = 'signin.cleanup' AND state <> 'completed'").Scan(&n); err != nil {
			t.Fatal(err)
		}
		if n == 0 {
			return
		}
	}
	t.Fatal("a clean-up was not worked")
}
