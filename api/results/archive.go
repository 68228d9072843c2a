package results

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/riverqueue/river"
	"gorm.io/gorm"

	"github.com/praksis/praksis/api/audit"
	"github.com/praksis/praksis/api/pdf"
	"github.com/praksis/praksis/api/signing"
	"github.com/praksis/praksis/tenants"
	"github.com/praksis/praksis/tenants/texts"
)

// ArchiveDelay is how long after locking a result is archived ("archiving
// transfers 3 days after completion").
const ArchiveDelay = 72 * time.Hour

// Enqueuer inserts a job in the current school scope's transaction
// (jobs.Queue).
type Enqueuer interface {
	Enqueue(ctx context.Context, args river.JobArgs, opts *river.InsertOpts) error
}

// EnqueuerFunc adapts a function to Enqueuer, so a worker can be built
// before the queue that will run it.
type EnqueuerFunc func(ctx context.Context, args river.JobArgs, opts *river.InsertOpts) error

// Enqueue calls f.
func (f EnqueuerFunc) Enqueue(ctx context.Context, args river.JobArgs, opts *river.InsertOpts) error {
	return f(ctx, args, opts)
}

// Schools is what the workers need of the tenant registry.
type Schools interface {
	BySlug(slug string) (*tenants.Tenant, bool)
	TargetVersion() int64
	Scope(ctx context.Context, t *tenants.Tenant, fn func(ctx context.Context, tx *gorm.DB) error) error
}

// ArchiveArgs is the job that archives the result of a locked signing
// form. It holds ids only; both fields make it unique.
type ArchiveArgs struct {
	Tenant        string `json:"tenant" river:"unique"`
	SigningFormID int64  `json:"signingFormId" river:"unique"`
}

// Kind names the job kind.
func (ArchiveArgs) Kind() string { return "signing.archive" }

// InsertOpts makes the job unique per school and form (in every state
// River keeps), so a second enqueue is a no-op.
func (ArchiveArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{MaxAttempts: 25, UniqueOpts: river.UniqueOpts{ByArgs: true}}
}

// Scheduler is the signing.Events that enqueues archiving when a form
// locks, in the request's transaction.
type Scheduler struct {
	jobs  Enqueuer
	delay time.Duration
}

var _ signing.Events = (*Scheduler)(nil)

// NewScheduler enqueues on q.
func NewScheduler(q Enqueuer) *Scheduler { return &Scheduler{jobs: q, delay: ArchiveDelay} }

// SetDelay replaces ArchiveDelay, for development (DEV_ARCHIVE_DELAY), so
// that a developer sees a locked result archived and delivered without
// waiting three days. The ArchiveWorker must be given the same delay.
func (s *Scheduler) SetDelay(d time.Duration) { s.delay = d }

// Signed enqueues signing.archive for ArchiveDelay after locked_at when the
// signature locked the form.
func (s *Scheduler) Signed(ctx context.Context, f *signing.Form, _ signing.Party, locked bool) error {
	if !locked {
		return nil
	}
	t := tenants.Current(ctx)
	if t == nil {
		return tenants.ErrNoScope
	}
	if f.LockedAt == nil {
		return fmt.Errorf("schedule archiving of signing form %d: locked without locked_at", f.ID)
	}
	return s.jobs.Enqueue(ctx, ArchiveArgs{Tenant: t.Slug, SigningFormID: f.ID},
		&river.InsertOpts{ScheduledAt: f.LockedAt.Add(s.delay)})
}

// EndCompleted does nothing: only locking starts archiving.
func (s *Scheduler) EndCompleted(context.Context, *signing.Form) error { return nil }

// schoolOf finds the school of a job. An unknown school cancels the job; a
// disabled or upgrading one snoozes it, since a result must wait for its
// school rather than be dropped.
func schoolOf(s Schools, slug string) (*tenants.Tenant, error) {
	t, ok := s.BySlug(slug)
	if !ok {
		return nil, river.JobCancel(fmt.Errorf("school %q is not registered", slug))
	}
	if ok, _ := t.Serveable(s.TargetVersion()); !ok {
		if t.Status == tenants.Disabled {
			return nil, river.JobSnooze(time.Hour)
		}
		return nil, river.JobSnooze(time.Minute)
	}
	return t, nil
}

// withForm runs fn in the school's scope with the job's signing form. A
// form that does not exist cancels the job; a cancellation is returned as
// is, so that River sees it, and any other error says what was being done
// (verb) to which form.
func withForm(ctx context.Context, schools Schools, t *tenants.Tenant, tenant string, formID int64, verb string,
	fn func(ctx context.Context, tx *gorm.DB, f *signing.Form) error) error {
	err := schools.Scope(ctx, t, func(ctx context.Context, tx *gorm.DB) error {
		f, err := signing.ByID(ctx, formID)
		if errors.Is(err, signing.ErrNone) {
			return river.JobCancel(fmt.Errorf("signing form %d of %s does not exist", formID, tenant))
		}
		if err != nil {
			return err
		}
		return fn(ctx, tx, f)
	})
	if err == nil {
		return nil
	}
	var cancel *river.JobCancelError
	if errors.As(err, &cancel) {
		return cancel
	}
	return fmt.Errorf("%s signing form %d of %s: %w", verb, formID, tenant, err)
}

// ArchiveWorker runs ArchiveArgs (see the package documentation).
type ArchiveWorker struct {
	river.WorkerDefaults[ArchiveArgs]
	schools Schools
	jobs    Enqueuer
	log     *slog.Logger
	now     func() time.Time
	delay   time.Duration
	also    []func(ctx context.Context, signingFormID int64) error
}

// OnArchived adds a step to the archiving transaction, after the result is
// stored and its submission enqueued: another way out for the result (such
// as delivery to the school's archive) starts there, so that it starts
// exactly when the result is archived, or not at all.
func (w *ArchiveWorker) OnArchived(fn func(ctx context.Context, signingFormID int64) error) {
	w.also = append(w.also, fn)
}

// NewArchiveWorker archives in the schools' scopes and enqueues submission
// jobs on q.
func NewArchiveWorker(schools Schools, q Enqueuer, log *slog.Logger) *ArchiveWorker {
	return &ArchiveWorker{schools: schools, jobs: q, log: log, now: time.Now, delay: ArchiveDelay}
}

// SetDelay replaces ArchiveDelay (development; see Scheduler.SetDelay).
func (w *ArchiveWorker) SetDelay(d time.Duration) { w.delay = d }

// SetClock replaces the worker's clock (tests).
func (w *ArchiveWorker) SetClock(now func() time.Time) { w.now = now }

// Timeout bounds one attempt.
func (w *ArchiveWorker) Timeout(*river.Job[ArchiveArgs]) time.Duration { return 2 * time.Minute }

// Work archives the form's result once, ArchiveDelay after it locked. It
// returns nil when archived (now or before), river.JobSnooze until the
// delay has passed, and river.JobCancel when the form does not exist or is
// not locked.
func (w *ArchiveWorker) Work(ctx context.Context, job *river.Job[ArchiveArgs]) error {
	a := job.Args
	t, err := schoolOf(w.schools, a.Tenant)
	if err != nil {
		return err
	}
	now := w.now().UTC().Truncate(time.Microsecond)
	var wait time.Duration
	archived := false
	err = withForm(ctx, w.schools, t, a.Tenant, a.SigningFormID, "archive", func(ctx context.Context, _ *gorm.DB, f *signing.Form) error {
		switch {
		case f.AssessmentResultArchivedAt != nil:
			return nil
		case !f.IsLocked || f.LockedAt == nil:
			return river.JobCancel(fmt.Errorf("signing form %d of %s is not locked", a.SigningFormID, a.Tenant))
		}
		if due := f.LockedAt.Add(w.delay); now.Before(due) {
			wait = due.Sub(now)
			return nil
		}
		if err := archive(ctx, t, f, now); err != nil {
			return err
		}
		archived = true
		if err := w.jobs.Enqueue(ctx, SubmitArgs{Tenant: a.Tenant, SigningFormID: a.SigningFormID}, nil); err != nil {
			return err
		}
		for _, fn := range w.also {
			if err := fn(ctx, a.SigningFormID); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	if wait > 0 {
		return river.JobSnooze(wait)
	}
	if archived {
		w.log.Info("result archived", "tenant", a.Tenant, "signing_form_id", a.SigningFormID, "job_id", job.ID)
	}
	return nil
}

// archive writes the PDF and record of a locked form into result_archive,
// marks the form archived and audits it, in the scope's transaction.
func archive(ctx context.Context, t *tenants.Tenant, f *signing.Form, now time.Time) error {
	tx, err := tenants.DB(ctx)
	if err != nil {
		return err
	}
	school, err := tenants.LoadSchoolTexts(ctx, tx, t)
	if err != nil {
		return err
	}
	lang := texts.Negotiate(t.DefaultLanguage, "", texts.Default)
	names, err := signing.NamesOf(ctx, f)
	if err != nil {
		return err
	}
	doc, err := pdf.New(pdf.Meta{School: school.Text(lang, "appName"), OrgNumber: school.Text(lang, "orgNumber"), Language: lang,
		Title: texts.Base().T(lang, "signing.pdf.title", nil), Created: now})
	if err != nil {
		return err
	}
	if err := signing.Write(doc, lang, f, names, school.Text); err != nil {
		return err
	}
	pdfBytes, err := doc.Bytes()
	if err != nil {
		return fmt.Errorf("write archive PDF: %w", err)
	}
	rec, err := buildRecord(ctx, t, school.Text(lang, "appName"), school.Text(lang, "orgNumber"), f, now)
	if err != nil {
		return err
	}
	recBytes, err := rec.Encode()
	if err != nil {
		return err
	}
	sum := Hash(pdfBytes, recBytes)
	var id int64
	if err := tx.Raw(`INSERT INTO result_archive (signing_form_id, class_id, student_user_id, pdf, record, sha256, archived_at)
		VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id`, f.ID, f.ClassID, f.StudentUserID, pdfBytes, recBytes, sum, now).Scan(&id).Error; err != nil {
		return fmt.Errorf("store archive of signing form %d: %w", f.ID, err)
	}
	ok, err := signing.SetArchived(ctx, f.ID, now)
	if err != nil {
		return err
	}
	if !ok {
		return fmt.Errorf("signing form %d changed while being archived", f.ID)
	}
	return audit.Record(ctx, audit.Entry{Action: "signingForm.archived", Entity: "signingForm", EntityID: f.ID,
		StudentUserID: f.StudentUserID, ClassID: f.ClassID, Details: map[string]any{"archiveId": id, "sha256": sum}})
}

// buildRecord gathers the Record of a locked form.
func buildRecord(ctx context.Context, t *tenants.Tenant, schoolName, orgNumber string, f *signing.Form, now time.Time) (*Record, error) {
	tx, err := tenants.DB(ctx)
	if err != nil {
		return nil, err
	}
	var row struct {
		StudentName   string
		StudentEmail  string
		StudentFeide  *string
		SubjectCode   string
		SubjectName   string
		PeriodName    string
		PeriodStart   string
		PeriodEnd     string
		TeacherName   string
		AdvisorName   string
		StudentSigner string
	}
	res := tx.Raw(`SELECT st.display_name AS student_name, st.email AS student_email, st.feide_id AS student_feide,
			sub.subject_code, sub.name AS subject_name, p.name AS period_name,
			to_char(p.start_date, 'YYYY-MM-DD') AS period_start, to_char(p.end_date, 'YYYY-MM-DD') AS period_end,
			coalesce(ts.display_name, '') AS teacher_name, coalesce(av.display_name, '') AS advisor_name,
			coalesce(ss.display_name, '') AS student_signer
		FROM signing_forms sf
		JOIN users st ON st.id = sf.student_user_id
		JOIN classes c ON c.id = sf.class_id JOIN subjects sub ON sub.id = c.subject_id JOIN periods p ON p.id = c.period_id
		LEFT JOIN users ts ON ts.id = sf.signed_by_teacher_user_id
		LEFT JOIN users av ON av.id = sf.signed_by_advisor_user_id
		LEFT JOIN users ss ON ss.id = sf.signed_by_student_user_id
		WHERE sf.id = ?`, f.ID).Scan(&row)
	if res.Error != nil {
		return nil, fmt.Errorf("load the record of signing form %d: %w", f.ID, res.Error)
	}
	if res.RowsAffected == 0 {
		return nil, fmt.Errorf("load the record of signing form %d: not found", f.ID)
	}
	utc := func(v *time.Time) *time.Time {
		if v == nil {
			return nil
		}
		u := v.UTC()
		return &u
	}
	r := &Record{
		Format:        RecordFormat,
		School:        School{Slug: t.Slug, Name: schoolName, OrgNumber: orgNumber},
		SigningFormID: f.ID,
		Student:       Student{ID: f.StudentUserID, Name: row.StudentName, Email: row.StudentEmail, FeideID: row.StudentFeide},
		Class: Class{ID: f.ClassID, Subject: Subject{Code: row.SubjectCode, Name: row.SubjectName},
			Semester: Semester{Name: row.PeriodName, StartDate: row.PeriodStart, EndDate: row.PeriodEnd}},
		Values: Values{
			MidSemesterCompletedDate:                f.MidSemesterCompletedDate,
			MidSemesterStudentHasGivenFeedback:      f.MidSemesterStudentHasGivenFeedback,
			MidSemesterSpecificCompetenceAreasBegun: f.MidSemesterSpecificCompetenceAreasBegun,
			EndSemesterCompletedDate:                f.EndSemesterCompletedDate,
			AttendancePassed:                        f.AttendancePassed,
			WorkRequirementsPassed:                  f.WorkRequirementsPassed,
			SpecificCompetenceAreasPassed:           f.SpecificCompetenceAreasPassed,
			GeneralCompetenceAreasPassed:            f.GeneralCompetenceAreasPassed,
			TeacherComment:                          f.TeacherComment,
			OverallPassed:                           f.OverallPassed,
		},
		SignWithoutAdvisorConfirmedAt: utc(f.SignWithoutAdvisorConfirmedDate),
		LockedAt:                      f.LockedAt.UTC(),
		ArchivedAt:                    now.UTC(),
	}
	for _, s := range []struct {
		party  signing.Party
		at     *time.Time
		user   *int64
		method *string
		name   string
	}{
		{signing.Teacher, f.SignedByTeacherDate, f.SignedByTeacherUserID, f.SignedByTeacherSignInMethod, row.TeacherName},
		{signing.Advisor, f.SignedByAdvisorDate, f.SignedByAdvisorUserID, f.SignedByAdvisorSignInMethod, row.AdvisorName},
		{signing.Student, f.SignedByStudentDate, f.SignedByStudentUserID, f.SignedByStudentSignInMethod, row.StudentSigner},
	} {
		if s.at == nil || s.user == nil || s.method == nil {
			return nil, fmt.Errorf("signing form %d is locked without the %s's signature", f.ID, s.party)
		}
		r.Signatures = append(r.Signatures, Signature{Party: string(s.party), UserID: *s.user, Name: s.name,
			SignedAt: s.at.UTC(), SignInMethod: *s.method})
	}
	return r, nil
}

// RecordOf returns the record a locked form's result has, or would have
// when archived at now: the archived record byte for byte when there is
// one. It runs in the school's scope; operators use it to preview what
// leaves Praksis before any result does.
func RecordOf(ctx context.Context, t *tenants.Tenant, f *signing.Form, now time.Time) (*Record, error) {
	tx, err := tenants.DB(ctx)
	if err != nil {
		return nil, err
	}
	var stored [][]byte
	if err := tx.Raw("SELECT record FROM result_archive WHERE signing_form_id = ?", f.ID).Scan(&stored).Error; err != nil {
		return nil, fmt.Errorf("read the archive of signing form %d: %w", f.ID, err)
	}
	if len(stored) > 0 {
		var r Record
		if err := json.Unmarshal(stored[0], &r); err != nil {
			return nil, fmt.Errorf("archived record of signing form %d: %w", f.ID, err)
		}
		return &r, nil
	}
	if !f.IsLocked || f.LockedAt == nil {
		return nil, fmt.Errorf("signing form %d is not locked: only a form signed by all three has a result", f.ID)
	}
	school, err := tenants.LoadSchoolTexts(ctx, tx, t)
	if err != nil {
		return nil, err
	}
	lang := texts.Negotiate(t.DefaultLanguage, "", texts.Default)
	return buildRecord(ctx, t, school.Text(lang, "appName"), school.Text(lang, "orgNumber"), f, now.UTC().Truncate(time.Microsecond))
}
