package results

import (
	"context"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/riverqueue/river"
	"gorm.io/gorm"

	"github.com/praksis/praksis/api/audit"
	"github.com/praksis/praksis/api/signing"
)

// SubmitMaxAttempts is how often a submission is tried before River
// discards it (see the retry policy in the package documentation).
const SubmitMaxAttempts = 20

// SubmitArgs is the job that submits an archived result to the student
// administration system. It holds ids only; both fields make it unique.
type SubmitArgs struct {
	Tenant        string `json:"tenant" river:"unique"`
	SigningFormID int64  `json:"signingFormId" river:"unique"`
}

// Kind names the job kind.
func (SubmitArgs) Kind() string { return "signing.submit" }

// InsertOpts makes the job unique per school and form and sets how often
// it is tried.
func (SubmitArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{MaxAttempts: SubmitMaxAttempts, UniqueOpts: river.UniqueOpts{ByArgs: true}}
}

// SubmitWorker runs SubmitArgs: it hands the archived result to the
// exporter and records the submission once.
type SubmitWorker struct {
	river.WorkerDefaults[SubmitArgs]
	schools  Schools
	exporter Exporter
	log      *slog.Logger
	now      func() time.Time
	skipped  sync.Once
}

// NewSubmitWorker submits through exporter; nil means no exporter is
// configured, and results stay archived without being submitted.
func NewSubmitWorker(schools Schools, exporter Exporter, log *slog.Logger) *SubmitWorker {
	return &SubmitWorker{schools: schools, exporter: exporter, log: log, now: time.Now}
}

// SetClock replaces the worker's clock (tests).
func (w *SubmitWorker) SetClock(now func() time.Time) { w.now = now }

// Timeout bounds one attempt: a web-hook call and two short transactions.
func (w *SubmitWorker) Timeout(*river.Job[SubmitArgs]) time.Duration {
	return WebhookTimeout + time.Minute
}

// Work submits the result. It returns nil when submitted (now or before)
// and when no exporter is configured; an error, which River retries, when
// the export failed; and river.JobCancel when the failure is permanent or
// the form has no archived result.
func (w *SubmitWorker) Work(ctx context.Context, job *river.Job[SubmitArgs]) error {
	a := job.Args
	t, err := schoolOf(w.schools, a.Tenant)
	if err != nil {
		return err
	}
	var res *Result
	var studentID, classID int64
	err = withForm(ctx, w.schools, t, a.Tenant, a.SigningFormID, "submit", func(ctx context.Context, tx *gorm.DB, f *signing.Form) error {
		switch {
		case f.AssessmentResultSubmittedAt != nil:
			return nil
		case f.AssessmentResultArchivedAt == nil:
			return river.JobCancel(fmt.Errorf("signing form %d of %s has no archived result", a.SigningFormID, a.Tenant))
		}
		var row struct {
			Record []byte
			SHA256 string
		}
		q := tx.Raw("SELECT record, sha256 FROM result_archive WHERE signing_form_id = ?", a.SigningFormID).Scan(&row)
		if q.Error != nil {
			return fmt.Errorf("read the archive: %w", q.Error)
		}
		if q.RowsAffected == 0 {
			return river.JobCancel(fmt.Errorf("signing form %d of %s is marked archived but has no archive row", a.SigningFormID, a.Tenant))
		}
		res = &Result{School: t.Slug, SigningFormID: a.SigningFormID, SHA256: row.SHA256, Record: row.Record}
		studentID, classID = f.StudentUserID, f.ClassID
		return nil
	})
	if err != nil {
		return err
	}
	if res == nil {
		return nil
	}
	if w.exporter == nil {
		w.skipped.Do(func() {
			w.log.Info("result submission is not configured (RESULT_EXPORT_DIR, RESULT_WEBHOOK_URL): results are archived but not submitted")
		})
		return nil
	}
	if err := w.exporter.Export(ctx, *res); err != nil {
		w.log.Warn("result not submitted", "tenant", a.Tenant, "signing_form_id", a.SigningFormID, "job_id", job.ID,
			"attempt", job.Attempt, "permanent", IsPermanent(err), "error", err.Error())
		if IsPermanent(err) {
			return river.JobCancel(err)
		}
		return err
	}
	now := w.now().UTC().Truncate(time.Microsecond)
	err = w.schools.Scope(ctx, t, func(ctx context.Context, _ *gorm.DB) error {
		ok, err := signing.SetSubmitted(ctx, a.SigningFormID, now)
		if err != nil || !ok {
			return err
		}
		return audit.Record(ctx, audit.Entry{Action: "signingForm.submitted", Entity: "signingForm", EntityID: a.SigningFormID,
			StudentUserID: studentID, ClassID: classID, Details: map[string]any{"sha256": res.SHA256, "delivery": res.DeliveryID()}})
	})
	if err != nil {
		return fmt.Errorf("record submission of signing form %d of %s: %w", a.SigningFormID, a.Tenant, err)
	}
	w.log.Info("result submitted", "tenant", a.Tenant, "signing_form_id", a.SigningFormID, "job_id", job.ID)
	return nil
}
