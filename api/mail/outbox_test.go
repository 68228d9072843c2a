package mail_test

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"strings"
	"sync"
	"testing"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"
	"gorm.io/gorm"

	"github.com/praksis/praksis/api/jobs"
	"github.com/praksis/praksis/api/mail"
	"github.com/praksis/praksis/tenants"
	"github.com/praksis/praksis/tenants/testdb"
)

// recorder is an enqueuer that keeps the jobs it was given, so the worker
// can be run by hand.
type recorder struct {
	mu   sync.Mutex
	jobs []mail.SendArgs
	q    *jobs.Queue
}

func (r *recorder) Enqueue(ctx context.Context, args river.JobArgs, opts *river.InsertOpts) error {
	if err := r.q.Enqueue(ctx, args, opts); err != nil {
		return err
	}
	r.mu.Lock()
	r.jobs = append(r.jobs, args.(mail.SendArgs))
	r.mu.Unlock()
	return nil
}

// failing is a sender that fails, then delivers.
type failing struct {
	fails int
	sent  []mail.Message
}

func (f *failing) Send(_ context.Context, m mail.Message) error {
	if f.fails > 0 {
		f.fails--
		return errors.New("550 5.1.1 <KARI@example.no>: Recipient address rejected")
	}
	f.sent = append(f.sent, m)
	return nil
}

func count(t *testing.T, db *testdb.DB, slug, sql string) int64 {
	t.Helper()
	var n int64
	if err := db.InScopeTest(slug, func(ctx context.Context, tx *gorm.DB) error { return tx.Raw(sql).Scan(&n).Error }); err != nil {
		t.Fatal(err)
	}
	return n
}

func TestOutboxQueuesOnlyOnCommitAndWorkerSendsOnce(t *testing.T) {
	db := testdb.New(t)
	sqlDB := db.Queue(t, jobs.Migrate)
	db.School(t, "skole", "Skole")
	reg := db.Registry(t)
	sender := &failing{fails: 1}
	workers := river.NewWorkers()
	worker := mail.NewWorker(reg, sender, slog.New(slog.NewTextHandler(io.Discard, nil)))
	river.AddWorker(workers, worker)
	q, err := jobs.New(sqlDB, jobs.Config{Workers: workers})
	if err != nil {
		t.Fatal(err)
	}
	rec := &recorder{q: q}
	outbox := mail.NewOutbox(rec)
	msg := mail.Message{To: "kari@example.no", Subject: "Hei", Text: "kode 123456", HTML: "<p>kode 123456</p>"}

	// Rolled back: neither the message nor its job exists.
	err = db.InScopeTest("skole", func(ctx context.Context, tx *gorm.DB) error {
		if err := outbox.Queue(ctx, msg); err != nil {
			return err
		}
		return errors.New("refused")
	})
	if err == nil || err.Error() != "refused" {
		t.Fatal(err)
	}
	var jobsN int
	_ = sqlDB.QueryRow("SELECT count(*) FROM river.river_job WHERE kind = 'mail.send'").Scan(&jobsN)
	if n := count(t, db, "skole", "SELECT count(*) FROM mail_outbox"); n != 0 || jobsN != 0 {
		t.Fatalf("after rollback: %d messages, %d jobs", n, jobsN)
	}
	if err := outbox.Queue(context.Background(), msg); !errors.Is(err, tenants.ErrNoScope) {
		t.Errorf("outside a scope: %v", err)
	}

	// Committed: one message, one job naming the school and the row.
	rec.jobs = nil
	if err := db.InScopeTest("skole", func(ctx context.Context, tx *gorm.DB) error { return outbox.Queue(ctx, msg) }); err != nil {
		t.Fatal(err)
	}
	_ = sqlDB.QueryRow("SELECT count(*) FROM river.river_job WHERE kind = 'mail.send' AND queue = 'mail'").Scan(&jobsN)
	if n := count(t, db, "skole", "SELECT count(*) FROM mail_outbox"); n != 1 || jobsN != 1 || len(rec.jobs) != 1 {
		t.Fatalf("after commit: %d messages, %d jobs", n, jobsN)
	}
	var args string
	_ = sqlDB.QueryRow("SELECT args::text FROM river.river_job WHERE kind = 'mail.send'").Scan(&args)
	if strings.Contains(args, "kari") || strings.Contains(args, "123456") || !strings.Contains(args, `"tenant": "skole"`) {
		t.Errorf("job arguments hold more than ids: %s", args)
	}

	job := &river.Job[mail.SendArgs]{JobRow: &rivertype.JobRow{ID: 1, Attempt: 1}, Args: rec.jobs[0]}
	// The first attempt fails and keeps the message for the retry.
	if err := worker.Work(context.Background(), job); err == nil || strings.Contains(strings.ToLower(err.Error()), "kari") {
		t.Fatalf("a failed send was not reported, or its error names the recipient: %v", err)
	}
	if n := count(t, db, "skole", "SELECT count(*) FROM mail_outbox"); n != 1 {
		t.Fatalf("message lost after a failed send: %d", n)
	}
	// The retry sends it and removes it; a further run sends nothing.
	for range 2 {
		if err := worker.Work(context.Background(), job); err != nil {
			t.Fatal(err)
		}
	}
	if len(sender.sent) != 1 || sender.sent[0] != msg {
		t.Errorf("sent %+v", sender.sent)
	}
	if n := count(t, db, "skole", "SELECT count(*) FROM mail_outbox"); n != 0 {
		t.Errorf("sent message still in the outbox")
	}

	// Jobs of a school that is gone or disabled are cancelled.
	for _, slug := range []string{"nowhere", "skole"} {
		if slug == "skole" {
			if err := db.Service.SetStatus(context.Background(), "skole", tenants.Disabled); err != nil {
				t.Fatal(err)
			}
			if err := reg.Load(context.Background()); err != nil {
				t.Fatal(err)
			}
		}
		err := worker.Work(context.Background(), &river.Job[mail.SendArgs]{JobRow: &rivertype.JobRow{ID: 2}, Args: mail.SendArgs{Tenant: slug, OutboxID: 1}})
		var cancel *river.JobCancelError
		if !errors.As(err, &cancel) {
			t.Errorf("%s: %v, want a cancelled job", slug, err)
		}
	}
}
