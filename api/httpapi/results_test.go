package httpapi

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"
	"gorm.io/gorm"

	"github.com/praksis/praksis/api/eformidling"
	"github.com/praksis/praksis/api/jobs"
	"github.com/praksis/praksis/api/mail"
	"github.com/praksis/praksis/api/pdf/pdftest"
	"github.com/praksis/praksis/api/reminders"
	"github.com/praksis/praksis/api/results"
	"github.com/praksis/praksis/api/signing"
	"github.com/praksis/praksis/api/trail"
)

// resultsFixture is the fixture with the job queue (not started: tests
// run the workers themselves), the archiving scheduler and the reminders
// wired as in production.
type resultsFixture struct {
	*fixture
	sqlDB   *sql.DB
	queue   *jobs.Queue
	archive *results.ArchiveWorker
	deliver *eformidling.Worker
	log     *slog.Logger
}

var resultKey = []byte("a-result-signing-key-of-32-chars")

func newResultsFixture(t *testing.T) *resultsFixture {
	t.Helper()
	rf := &resultsFixture{log: slog.New(slog.NewTextHandler(io.Discard, nil))}
	rf.fixture = newFixtureWith(t, func(f *fixture, o *Options) {
		sqlDB := f.db.Queue(t, jobs.Migrate)
		var err error
		rf.sqlDB = sqlDB
		enqueue := results.EnqueuerFunc(func(ctx context.Context, args river.JobArgs, opts *river.InsertOpts) error {
			return rf.queue.Enqueue(ctx, args, opts)
		})
		rf.archive = results.NewArchiveWorker(f.reg, enqueue, rf.log)
		rf.archive.OnArchived(func(ctx context.Context, id int64) error { return eformidling.Start(ctx, enqueue, id) })
		rf.deliver = eformidling.NewWorker(f.reg, rf.log)
		workers := river.NewWorkers()
		river.AddWorker(workers, rf.deliver)
		river.AddWorker(workers, mail.NewWorker(f.reg, mail.Unconfigured{}, rf.log))
		river.AddWorker(workers, rf.archive)
		river.AddWorker(workers, results.NewSubmitWorker(f.reg, nil, rf.log))
		if rf.queue, err = jobs.New(sqlDB, jobs.Config{Workers: workers}); err != nil {
			t.Fatal(err)
		}
		outbox := mail.NewOutbox(rf.queue)
		o.ArchiveJobs = enqueue
		o.SigningEvents = signing.Fanout{results.NewScheduler(rf.queue), reminders.New(outbox, func(host string) string { return "http://" + host })}
	})
	return rf
}

// signAll signs as student, supervisor and teacher (which locks the form)
// and returns the locked form.
func (rf *resultsFixture) signAll(t *testing.T, p *placement) signing.Form {
	t.Helper()
	base := fmt.Sprintf("/api/classes/%d/students/%d/signingform", p.classID, p.studentID)
	var rec *httptest.ResponseRecorder
	for _, who := range []string{"student", "advisor", "teacher"} {
		if rec = rf.send(t, http.MethodPost, "a.localhost", base+"/sign", p.tokens[who], nil); rec.Code != http.StatusOK {
			t.Fatalf("%s signing: %d %s", who, rec.Code, rec.Body)
		}
	}
	form := decode[signing.Form](t, rec)
	if !form.IsLocked || form.LockedAt == nil {
		t.Fatalf("not locked: %+v", form)
	}
	return form
}

func (rf *resultsFixture) riverInt(t *testing.T, q string, args ...any) int64 {
	t.Helper()
	var n int64
	if err := rf.sqlDB.QueryRow(q, args...).Scan(&n); err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	return n
}

func archiveJob(id int64) *river.Job[results.ArchiveArgs] {
	return &river.Job[results.ArchiveArgs]{JobRow: &rivertype.JobRow{ID: 1, Attempt: 1}, Args: results.ArchiveArgs{Tenant: "skole-a", SigningFormID: id}}
}

func submitJob(id int64, attempt int) *river.Job[results.SubmitArgs] {
	return &river.Job[results.SubmitArgs]{JobRow: &rivertype.JobRow{ID: 2, Attempt: attempt}, Args: results.SubmitArgs{Tenant: "skole-a", SigningFormID: id}}
}

// signedForm fills in the mid-term and end-of-term assessments and signs
// the form until it locks.
func (rf *resultsFixture) signedForm(t *testing.T, p *placement) signing.Form {
	t.Helper()
	rf.midAndEnd(t, p)
	return rf.signAll(t, p)
}

// archivedForm is signedForm followed by the archive job's run.
func (rf *resultsFixture) archivedForm(t *testing.T, p *placement) signing.Form {
	t.Helper()
	form := rf.signedForm(t, p)
	rf.archived(t, form)
	return form
}

// archived runs the archive worker at 72 hours after locking.
func (rf *resultsFixture) archived(t *testing.T, form signing.Form) {
	t.Helper()
	rf.archive.SetClock(func() time.Time { return form.LockedAt.Add(results.ArchiveDelay) })
	if err := rf.archive.Work(context.Background(), archiveJob(form.ID)); err != nil {
		t.Fatalf("archive: %v", err)
	}
}

func TestLockingSchedulesArchivingOnce(t *testing.T) {
	rf := newResultsFixture(t)
	p := rf.newPlacement(t)
	rf.midAndEnd(t, p)
	base := fmt.Sprintf("/api/classes/%d/students/%d/signingform", p.classID, p.studentID)
	for _, who := range []string{"student", "advisor"} {
		if rec := rf.send(t, http.MethodPost, "a.localhost", base+"/sign", p.tokens[who], nil); rec.Code != http.StatusOK {
			t.Fatalf("%s: %d %s", who, rec.Code, rec.Body)
		}
	}
	if n := rf.riverInt(t, "SELECT count(*) FROM river.river_job WHERE kind = 'signing.archive'"); n != 0 {
		t.Fatalf("archiving scheduled before the form locked: %d", n)
	}
	if rec := rf.send(t, http.MethodPost, "a.localhost", base+"/sign", p.tokens["teacher"], nil); rec.Code != http.StatusOK {
		t.Fatalf("teacher: %d %s", rec.Code, rec.Body)
	}
	form := decode[signing.Form](t, rf.send(t, http.MethodGet, "a.localhost", base, p.tokens["teacher"], nil))

	var args string
	var scheduled time.Time
	var state string
	if err := rf.sqlDB.QueryRow("SELECT args::text, scheduled_at, state FROM river.river_job WHERE kind = 'signing.archive'").Scan(&args, &scheduled, &state); err != nil {
		t.Fatal(err)
	}
	want := form.LockedAt.Add(72 * time.Hour)
	if d := scheduled.Sub(want); d < -time.Millisecond || d > time.Millisecond {
		t.Errorf("scheduled at %s, want locked_at + 72 h = %s", scheduled.UTC(), want.UTC())
	}
	if state != "scheduled" || !strings.Contains(args, `"tenant": "skole-a"`) || !strings.Contains(args, fmt.Sprintf(`"signingFormId": %d`, form.ID)) {
		t.Errorf("job %s in state %s", args, state)
	}

	// Telling the scheduler again (a retried request) inserts nothing.
	err := rf.db.Service.InScope(context.Background(), "skole-a", func(ctx context.Context, _ *gorm.DB) error {
		return results.NewScheduler(rf.queue).Signed(ctx, &form, signing.Teacher, true)
	})
	if err != nil {
		t.Fatal(err)
	}
	if n := rf.riverInt(t, "SELECT count(*) FROM river.river_job WHERE kind = 'signing.archive'"); n != 1 {
		t.Errorf("%d archive jobs, want exactly one", n)
	}
}

func TestArchiveWorker(t *testing.T) {
	rf := newResultsFixture(t)
	p := rf.newPlacement(t)
	form := rf.signedForm(t, p)
	ctx := context.Background()

	// Before locked_at + 72 h by the worker's clock: snoozed for the rest.
	rf.archive.SetClock(func() time.Time { return form.LockedAt.Add(71 * time.Hour) })
	err := rf.archive.Work(ctx, archiveJob(form.ID))
	var snooze *river.JobSnoozeError
	if !errors.As(err, &snooze) || snooze.Duration != time.Hour {
		t.Fatalf("early run: %v, want a snooze of one hour", err)
	}
	if n := rf.scalar(t, "skole-a", "SELECT count(*) FROM result_archive"); n != 0 {
		t.Fatalf("archived early: %d rows", n)
	}

	// At 72 h it archives, and a second run changes nothing.
	archivedAt := form.LockedAt.Add(results.ArchiveDelay).UTC().Truncate(time.Microsecond)
	for range 2 {
		rf.archived(t, form)
	}
	if n := rf.scalar(t, "skole-a", "SELECT count(*) FROM result_archive"); n != 1 {
		t.Errorf("%d archive rows, want 1", n)
	}
	if n := rf.scalar(t, "skole-a", "SELECT count(*) FROM audit_log WHERE action = 'signingForm.archived' AND entity_id = ?", form.ID); n != 1 {
		t.Errorf("%d archived audit rows, want 1", n)
	}
	if n := rf.riverInt(t, "SELECT count(*) FROM river.river_job WHERE kind = 'signing.submit' AND args->>'tenant' = 'skole-a' AND (args->>'signingFormId')::bigint = $1", form.ID); n != 1 {
		t.Errorf("%d submission jobs, want 1", n)
	}
	v := decode[signing.Validation](t, rf.send(t, http.MethodGet, "a.localhost",
		fmt.Sprintf("/api/classes/%d/students/%d/signingform/validation", p.classID, p.studentID), p.tokens["teacher"], nil))
	if !v.AssessmentResultArchived || v.AssessmentResultSubmitted {
		t.Errorf("validation after archiving: %+v", v)
	}

	// The stored hash is sha256(pdf || record) of the stored bytes.
	var row struct {
		PDF        []byte
		Record     []byte
		SHA256     string
		ArchivedAt time.Time
	}
	if err := rf.db.InScopeTest("skole-a", func(ctx context.Context, tx *gorm.DB) error {
		return tx.Raw("SELECT pdf, record, sha256, archived_at FROM result_archive WHERE signing_form_id = ?", form.ID).Scan(&row).Error
	}); err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(append(append([]byte{}, row.PDF...), row.Record...))
	if row.SHA256 != hex.EncodeToString(sum[:]) || !row.ArchivedAt.Equal(archivedAt) {
		t.Errorf("hash %s, want %x; archived at %s, want %s", row.SHA256, sum, row.ArchivedAt, archivedAt)
	}
	text := pdftest.Flow(t, row.PDF)
	for _, want := range []string{"Skole A", "Test student@a.test", "Test advisor@a.test", "innlogget med engangskode", "Alle parter har signert"} {
		if !strings.Contains(text, want) {
			t.Errorf("archived PDF lacks %q:\n%s", want, text)
		}
	}
	var rec results.Record
	if err := json.Unmarshal(row.Record, &rec); err != nil {
		t.Fatal(err)
	}
	if rec.School.Slug != "skole-a" || rec.School.Name != "Skole A" || rec.SigningFormID != form.ID || rec.Student.ID != p.studentID ||
		rec.Student.Name != "Test student@a.test" || rec.Class.Subject.Code != "SYKP2100" || rec.Class.Semester.Name != "Høst 2026" ||
		!rec.LockedAt.Equal(*form.LockedAt) || !rec.ArchivedAt.Equal(archivedAt) || rec.Values.OverallPassed == nil || *rec.Values.OverallPassed != "passed" {
		t.Errorf("record %s", row.Record)
	}
	if len(rec.Signatures) != 3 || rec.Signatures[0].Party != "teacher" || rec.Signatures[1].Party != "advisor" || rec.Signatures[2].Party != "student" {
		t.Fatalf("signatures %+v", rec.Signatures)
	}
	for _, s := range rec.Signatures {
		if s.SignInMethod != "code" || s.SignedAt.IsZero() || s.Name == "" {
			t.Errorf("signature %+v", s)
		}
	}

	// The archive refuses changes, even from the school's own role.
	for _, q := range []string{"UPDATE result_archive SET sha256 = repeat('0', 64)", "DELETE FROM result_archive"} {
		err := rf.db.InScopeTest("skole-a", func(ctx context.Context, tx *gorm.DB) error { return tx.Exec(q).Error })
		if err == nil || !strings.Contains(err.Error(), "append-only") {
			t.Errorf("%s: %v", q, err)
		}
	}
	// A job for a form that does not exist is cancelled.
	var cancel *river.JobCancelError
	if err := rf.archive.Work(ctx, archiveJob(form.ID+1000)); !errors.As(err, &cancel) {
		t.Errorf("unknown form: %v", err)
	}
}

// Acceptance: a locked form is archived exactly once three days later, even
// when two runs of the job (a retry and a restarted worker) meet.
func TestArchiveJobTwiceAtOnce(t *testing.T) {
	rf := newResultsFixture(t)
	p := rf.newPlacement(t)
	form := rf.signedForm(t, p)
	rf.archive.SetClock(func() time.Time { return form.LockedAt.Add(results.ArchiveDelay + time.Minute) })
	var wg sync.WaitGroup
	errs := make([]error, 2)
	for i := range errs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[i] = rf.archive.Work(context.Background(), archiveJob(form.ID))
		}()
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Errorf("run %d: %v", i, err)
		}
	}
	if n := rf.scalar(t, "skole-a", "SELECT count(*) FROM result_archive WHERE signing_form_id = ?", form.ID); n != 1 {
		t.Errorf("%d archive rows, want 1", n)
	}
	if n := rf.scalar(t, "skole-a", "SELECT count(*) FROM audit_log WHERE action = 'signingForm.archived' AND entity_id = ?", form.ID); n != 1 {
		t.Errorf("%d archived audit rows, want 1", n)
	}
	if n := rf.riverInt(t, "SELECT count(*) FROM river.river_job WHERE kind = 'signing.submit' AND (args->>'signingFormId')::bigint = $1", form.ID); n != 1 {
		t.Errorf("%d submission jobs, want 1", n)
	}
}

func TestSubmissionToFile(t *testing.T) {
	rf := newResultsFixture(t)
	p := rf.newPlacement(t)
	form := rf.archivedForm(t, p)
	ctx := context.Background()

	// Without an exporter nothing is submitted.
	if err := results.NewSubmitWorker(rf.reg, nil, rf.log).Work(ctx, submitJob(form.ID, 1)); err != nil {
		t.Fatalf("without exporter: %v", err)
	}
	if n := rf.scalar(t, "skole-a", "SELECT count(*) FROM signing_forms WHERE assessment_result_submitted_at IS NOT NULL"); n != 0 {
		t.Fatal("submitted without an exporter")
	}

	dir := t.TempDir()
	w := results.NewSubmitWorker(rf.reg, results.NewFileExporter(dir, resultKey), rf.log)
	at := time.Date(2026, 11, 24, 8, 0, 0, 0, time.UTC)
	w.SetClock(func() time.Time { return at })
	for range 2 {
		if err := w.Work(ctx, submitJob(form.ID, 1)); err != nil {
			t.Fatalf("submit: %v", err)
		}
	}
	if n := rf.scalar(t, "skole-a", "SELECT count(*) FROM signing_forms WHERE assessment_result_submitted_at = ?", at); n != 1 {
		t.Errorf("submitted flag not set to the worker's clock")
	}
	if n := rf.scalar(t, "skole-a", "SELECT count(*) FROM audit_log WHERE action = 'signingForm.submitted'"); n != 1 {
		t.Errorf("%d submitted audit rows, want 1", n)
	}
	file, err := os.ReadFile(filepath.Join(dir, "skole-a", fmt.Sprintf("%d.json", form.ID)))
	if err != nil {
		t.Fatal(err)
	}
	var stored struct {
		Record []byte
		SHA256 string
	}
	if err := rf.db.InScopeTest("skole-a", func(ctx context.Context, tx *gorm.DB) error {
		return tx.Raw("SELECT record, sha256 FROM result_archive").Scan(&stored).Error
	}); err != nil {
		t.Fatal(err)
	}
	var doc results.Document
	if err := json.Unmarshal(file, &doc); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(doc.Record, stored.Record) || doc.SHA256 != stored.SHA256 || doc.Signature != results.SignatureOf(resultKey, stored.SHA256, stored.Record) {
		t.Errorf("exported file does not carry the signed archive:\n%s", file)
	}
	v := decode[signing.Validation](t, rf.send(t, http.MethodGet, "a.localhost",
		fmt.Sprintf("/api/classes/%d/students/%d/signingform/validation", p.classID, p.studentID), p.tokens["teacher"], nil))
	if !v.AssessmentResultArchived || !v.AssessmentResultSubmitted {
		t.Errorf("validation after submission: %+v", v)
	}
}

// scriptedHook answers with the statuses of its script, then 200.
type scriptedHook struct {
	mu       sync.Mutex
	statuses []int
	calls    int
	badSig   int
}

func (h *scriptedHook) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	h.mu.Lock()
	defer h.mu.Unlock()
	body, _ := io.ReadAll(r.Body)
	m := hmac.New(sha256.New, resultKey)
	m.Write(body)
	if r.Header.Get("X-Praksis-Signature") != "sha256="+hex.EncodeToString(m.Sum(nil)) || r.Header.Get("X-Praksis-Delivery") == "" {
		h.badSig++
	}
	h.calls++
	status := http.StatusOK
	if len(h.statuses) > 0 {
		status, h.statuses = h.statuses[0], h.statuses[1:]
	}
	w.WriteHeader(status)
}

func TestSubmissionToWebhookRetries(t *testing.T) {
	rf := newResultsFixture(t)
	p := rf.newPlacement(t)
	form := rf.archivedForm(t, p)
	ctx := context.Background()
	hook := &scriptedHook{statuses: []int{http.StatusBadRequest, http.StatusInternalServerError}}
	srv := httptest.NewServer(hook)
	defer srv.Close()
	w := results.NewSubmitWorker(rf.reg, results.NewWebhookExporter(srv.URL, resultKey, 5*time.Second), rf.log)
	submitted := func() int64 {
		return rf.scalar(t, "skole-a", "SELECT count(*) FROM signing_forms WHERE assessment_result_submitted_at IS NOT NULL")
	}

	// 400 is final: the job is cancelled, nothing recorded.
	var cancel *river.JobCancelError
	if err := w.Work(ctx, submitJob(form.ID, 1)); !errors.As(err, &cancel) {
		t.Fatalf("400: %v, want a cancelled job", err)
	}
	// 500: an error, which River retries; nothing recorded.
	err := w.Work(ctx, submitJob(form.ID, 2))
	if err == nil || errors.As(err, &cancel) {
		t.Fatalf("500: %v, want an error to retry", err)
	}
	if submitted() != 0 {
		t.Fatal("marked submitted after a failure")
	}
	// 200: submitted once; a further run posts nothing.
	for range 2 {
		if err := w.Work(ctx, submitJob(form.ID, 3)); err != nil {
			t.Fatalf("200: %v", err)
		}
	}
	if submitted() != 1 || hook.calls != 3 || hook.badSig != 0 {
		t.Errorf("submitted %d, %d calls, %d with a bad signature", submitted(), hook.calls, hook.badSig)
	}
	if n := rf.scalar(t, "skole-a", "SELECT count(*) FROM audit_log WHERE action = 'signingForm.submitted'"); n != 1 {
		t.Errorf("%d submitted audit rows, want 1", n)
	}
}

type outboxMail struct {
	ToAddress string
	Subject   string
	TextBody  string
}

func (rf *resultsFixture) takeOutbox(t *testing.T) map[string]outboxMail {
	t.Helper()
	var list []outboxMail
	err := rf.db.InScopeTest("skole-a", func(ctx context.Context, tx *gorm.DB) error {
		if err := tx.Raw("SELECT to_address, subject, text_body FROM mail_outbox ORDER BY id").Scan(&list).Error; err != nil {
			return err
		}
		return tx.Exec("DELETE FROM mail_outbox").Error
	})
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]outboxMail{}
	for _, m := range list {
		if _, twice := out[m.ToAddress]; twice {
			t.Errorf("two messages to %s", m.ToAddress)
		}
		out[m.ToAddress] = m
	}
	return out
}

func TestSigningReminders(t *testing.T) {
	rf := newResultsFixture(t)
	p := rf.newPlacement(t)
	rf.db.Exec(t, "skole-a", "UPDATE users SET language = 'en' WHERE email = 'advisor@a.test'")
	base := fmt.Sprintf("/api/classes/%d/students/%d/signingform", p.classID, p.studentID)
	link := func(role string) string {
		return fmt.Sprintf("http://a.localhost/%s/class/%d/student/%d/signingform", role, p.classID, p.studentID)
	}
	type want struct{ subject, text, link string }
	check := func(step string, got map[string]outboxMail, wants map[string]want) {
		t.Helper()
		if len(got) != len(wants) {
			t.Errorf("%s: mail to %v, want to %d people", step, keys(got), len(wants))
		}
		for to, w := range wants {
			m, ok := got[to]
			if !ok {
				t.Errorf("%s: no mail to %s", step, to)
				continue
			}
			if m.Subject != w.subject || !strings.Contains(m.TextBody, w.text) || !strings.Contains(m.TextBody, w.link) {
				t.Errorf("%s: mail to %s: %q\n%s", step, to, m.Subject, m.TextBody)
			}
		}
	}

	// Creating and confirming mid tells nobody.
	rf.midAndEnd(t, p)
	// midAndEnd's PUT completed the end: the student (nb) and the supervisor
	// (en) may sign; the school is named in their language.
	check("end completed", rf.takeOutbox(t), map[string]want{
		"student@a.test": {"Signeringsskjemaet ditt venter på din signatur", "Hilsen Skole A", link("student")},
		"advisor@a.test": {"The signing form for Test student@a.test awaits your signature", "in School A", link("advisor")},
	})
	sign := func(who string) {
		t.Helper()
		if rec := rf.send(t, http.MethodPost, "a.localhost", base+"/sign", p.tokens[who], nil); rec.Code != http.StatusOK {
			t.Fatalf("%s signing: %d %s", who, rec.Code, rec.Body)
		}
	}
	sign("student")
	check("student signed", rf.takeOutbox(t), map[string]want{
		"teacher@a.test": {"Påminnelse: signeringsskjemaet for Test student@a.test venter på din signatur", "Studenten har signert", link("teacher")},
		"advisor@a.test": {"Reminder: the signing form for Test student@a.test awaits your signature", "The student has signed", link("advisor")},
	})
	sign("advisor")
	check("supervisor signed", rf.takeOutbox(t), map[string]want{
		"teacher@a.test": {"Påminnelse: signeringsskjemaet for Test student@a.test venter på din signatur", "Praksisveilederen har signert", link("teacher")},
	})
	sign("teacher")
	check("locked", rf.takeOutbox(t), map[string]want{
		"teacher@a.test": {"Signeringsskjemaet for Test student@a.test er signert og låst", "Skjemaet er låst", link("teacher")},
		"advisor@a.test": {"The signing form for Test student@a.test is signed and locked", "The form is locked", link("advisor")},
		"student@a.test": {"Signeringsskjemaet ditt er signert og låst", "Skjemaet er låst", link("student")},
	})
	if n := rf.riverInt(t, "SELECT count(*) FROM river.river_job WHERE kind = 'mail.send' AND args->>'tenant' = 'skole-a'"); n != 8 {
		t.Errorf("%d mail jobs, want one per message (8)", n)
	}
}

func keys[V any](m map[string]V) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}

func TestClassSigningStatus(t *testing.T) {
	rf := newResultsFixture(t)
	p := rf.newPlacement(t)
	path := fmt.Sprintf("/api/classes/%d/signing-status", p.classID)
	status := func() map[int64]signing.StudentStatus {
		t.Helper()
		rec := rf.send(t, http.MethodGet, "a.localhost", path, p.tokens["teacher"], nil)
		if rec.Code != http.StatusOK {
			t.Fatalf("status: %d %s", rec.Code, rec.Body)
		}
		out := map[int64]signing.StudentStatus{}
		for _, s := range decode[[]signing.StudentStatus](t, rec) {
			out[s.StudentID] = s
		}
		return out
	}
	describe := func(s signing.StudentStatus) string {
		var w []string
		for _, p := range s.WaitingFor {
			w = append(w, string(p))
		}
		return string(s.Status) + ":" + strings.Join(w, ",")
	}
	expect := func(step string, student, other string) {
		t.Helper()
		got := status()
		for id, want := range map[int64]string{p.studentID: student, p.otherStudentID: other} {
			s, ok := got[id]
			switch {
			case want == "" && ok:
				t.Errorf("%s: student %d listed as %s", step, id, describe(s))
			case want != "" && !ok:
				t.Errorf("%s: student %d not listed, want %s", step, id, want)
			case ok && describe(s) != want:
				t.Errorf("%s: student %d is %s, want %s", step, id, describe(s), want)
			}
		}
	}
	expect("start", "noForm:teacher", "noForm:teacher")

	other := fmt.Sprintf("/api/classes/%d/students/%d/signingform", p.classID, p.otherStudentID)
	rec := rf.send(t, http.MethodPost, "a.localhost", other, p.tokens["teacher"], signing.Input{MidSemesterStudentHasGivenFeedback: str("yes")})
	if rec.Code != http.StatusCreated {
		t.Fatalf("create: %d %s", rec.Code, rec.Body)
	}
	expect("other created", "noForm:teacher", "midNotConfirmed:teacher")
	created := decode[signing.Form](t, rec)
	rec = rf.send(t, http.MethodPut, "a.localhost", other, p.tokens["teacher"], signing.Input{ID: created.ID, Version: created.Version,
		MidSemesterStudentHasGivenFeedback: str("yes"), MidSemesterSpecificCompetenceAreasBegun: str("no"), MidSemesterCompletedDate: str("2026-10-01")})
	if rec.Code != http.StatusOK {
		t.Fatalf("confirm mid: %d %s", rec.Code, rec.Body)
	}
	rf.midAndEnd(t, p)
	expect("mid confirmed and end completed", "awaitingSignatures:teacher,student,advisor", "endNotCompleted:teacher")
	base := fmt.Sprintf("/api/classes/%d/students/%d/signingform", p.classID, p.studentID)
	if rec := rf.send(t, http.MethodPost, "a.localhost", base+"/sign", p.tokens["student"], nil); rec.Code != http.StatusOK {
		t.Fatalf("student signing: %d", rec.Code)
	}
	expect("student signed", "awaitingSignatures:teacher,advisor", "endNotCompleted:teacher")
	for _, who := range []string{"advisor", "teacher"} {
		if rec := rf.send(t, http.MethodPost, "a.localhost", base+"/sign", p.tokens[who], nil); rec.Code != http.StatusOK {
			t.Fatalf("%s signing: %d", who, rec.Code)
		}
	}
	expect("locked", "", "endNotCompleted:teacher")

	// "anonymous" has no token.
	for who, want := range map[string]int{"admin": 200, "otherTeacher": 403, "student": 403, "advisor": 403, "otherAdvisor": 403,
		"otherSchoolAdmin": 401, "anonymous": 401} {
		if rec := rf.send(t, http.MethodGet, "a.localhost", path, p.tokens[who], nil); rec.Code != want {
			t.Errorf("%s: %d, want %d", who, rec.Code, want)
		}
	}
}

func (rf *resultsFixture) trail(t *testing.T, p *placement, who, lang string) (int, []trail.Entry) {
	t.Helper()
	req := httptest.NewRequest(http.MethodGet, fmt.Sprintf("/api/classes/%d/students/%d/audit", p.classID, p.studentID), nil)
	req.Host = "a.localhost"
	if tok := p.tokens[who]; tok != "" {
		req.Header.Set("Authorization", "Bearer "+tok)
	}
	req.Header.Set("Accept-Language", lang)
	rec := httptest.NewRecorder()
	rf.srv.Handler().ServeHTTP(rec, req)
	if rec.Code != http.StatusOK {
		return rec.Code, nil
	}
	return rec.Code, decode[[]trail.Entry](t, rec)
}

func TestAuditTrail(t *testing.T) {
	rf := newResultsFixture(t)
	p := rf.newPlacement(t)
	warning := fmt.Sprintf("/api/classes/%d/students/%d/warning", p.classID, p.studentID)
	steps := []struct{ who, path string }{{"teacher", warning}, {"teacher", warning + "/submit"}, {"student", warning + "/confirm"}}
	for _, s := range steps {
		body := any(nil)
		if s.path == warning {
			body = map[string]string{"comment": "Læringsutbytte 3 er ikke nådd.", "passRequirement": "Selvstendig stell.", "passRequirementSummary": "Trygt stell."}
		}
		if rec := rf.send(t, http.MethodPost, "a.localhost", s.path, p.tokens[s.who], body); rec.Code != http.StatusOK {
			t.Fatalf("%s %s: %d %s", s.who, s.path, rec.Code, rec.Body)
		}
	}
	form := rf.archivedForm(t, p)
	sub := results.NewSubmitWorker(rf.reg, results.NewFileExporter(t.TempDir(), resultKey), rf.log)
	if err := sub.Work(context.Background(), submitJob(form.ID, 1)); err != nil {
		t.Fatal(err)
	}

	code, list := rf.trail(t, p, "teacher", "nb")
	if code != http.StatusOK {
		t.Fatalf("teacher: %d", code)
	}
	var got []string
	for _, e := range list {
		got = append(got, string(e.Action))
	}
	want := []string{"signingForm.submitted", "signingForm.archived", "signingForm.locked",
		"signingForm.signed", "signingForm.signed", "signingForm.signed",
		"signingForm.endCompleted", "signingForm.saved", "signingForm.midConfirmed", "signingForm.saved",
		"warning.confirmed", "warning.submitted", "warning.saved"}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Fatalf("trail, newest first:\n got %v\nwant %v", got, want)
	}
	for i := 1; i < len(list); i++ {
		if list[i].OccurredAt.After(list[i-1].OccurredAt) {
			t.Errorf("entry %d is newer than the one before it", i)
		}
	}
	type line struct{ label, actor, role string }
	wantLines := map[int]line{
		0:  {"Resultatet er overført til studieadministrativt system", "Systemet", "system"},
		1:  {"Resultatet er arkivert", "Systemet", "system"},
		3:  {"Signert av praksislærer (innlogget med engangskode)", "Test teacher@a.test", "PL"},
		4:  {"Signert av praksisveileder (innlogget med engangskode)", "Test advisor@a.test", "PV"},
		5:  {"Signert av student (innlogget med engangskode)", "Test student@a.test", "S"},
		8:  {"Midtveisvurdering bekreftet", "Test teacher@a.test", "PL"},
		10: {"Varselet bekreftet lest av studenten", "Test student@a.test", "S"},
		11: {"Varsel om fare for ikke bestått sendt", "Test teacher@a.test", "PL"},
	}
	for i, w := range wantLines {
		e := list[i]
		if e.Label != w.label || e.ActorName != w.actor || string(e.ActorRole) != w.role {
			t.Errorf("entry %d (%s): %q by %q (%s), want %q by %q (%s)", i, e.Action, e.Label, e.ActorName, e.ActorRole, w.label, w.actor, w.role)
		}
	}
	if list[0].ActorID != nil || list[3].Party == nil || *list[3].Party != "teacher" || list[3].SignInMethod == nil || *list[3].SignInMethod != "code" {
		t.Errorf("actor or signature details: %+v %+v", list[0], list[3])
	}

	// In English for an English caller; admins see it too.
	_, en := rf.trail(t, p, "admin", "en")
	if len(en) != len(list) || en[3].Label != "Signed by the practice teacher (signed in with a one-time code)" || en[1].Label != "Result archived" {
		t.Errorf("English trail: %+v", en)
	}
	for _, who := range []string{"student", "advisor", "otherAdvisor", "otherStudent", "otherTeacher"} {
		if code, _ := rf.trail(t, p, who, "nb"); code != http.StatusForbidden {
			t.Errorf("%s: %d, want 403", who, code)
		}
	}
	// "anonymous" has no token; another school's admin holds a token for
	// another host.
	for _, who := range []string{"anonymous", "otherSchoolAdmin"} {
		if code, _ := rf.trail(t, p, who, "nb"); code != http.StatusUnauthorized {
			t.Errorf("%s: %d, want 401", who, code)
		}
	}
}
