package httpapi

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/riverqueue/river"
	"github.com/spf13/cobra"
	"gorm.io/gorm"

	"github.com/praksis/praksis/api/answers"
	"github.com/praksis/praksis/api/datacopy"
	"github.com/praksis/praksis/api/erasure"
	"github.com/praksis/praksis/api/pdf/pdftest"
	"github.com/praksis/praksis/api/retention"
	"github.com/praksis/praksis/tenants"
)

// copyJobs records the data-copy jobs a request enqueued, so a test runs
// them when it chooses.
type copyJobs struct{ args []datacopy.Args }

func (j *copyJobs) Enqueue(_ context.Context, a river.JobArgs, _ *river.InsertOpts) error {
	j.args = append(j.args, a.(datacopy.Args))
	return nil
}

func (f *fixture) userID(t *testing.T, email string) int64 {
	t.Helper()
	return f.scalar(t, "skole-a", "SELECT id FROM users WHERE email = ?", email)
}

// answered is a placement where the student, their supervisor and the
// other student have each saved a mid-placement answer with a comment.
func (f *fixture) answered(t *testing.T) (*placement, mainForm) {
	t.Helper()
	onDay(t, 2026, time.September, 15)
	p, m := f.mainFormPlacement(t)
	for _, a := range []struct {
		who     string
		student int64
	}{{"student", p.studentID}, {"advisor", p.studentID}, {"otherStudent", p.otherStudentID}} {
		f.mustSave(t, p, a.who, answers.Input{AssignmentID: m.midID, StudentUserID: a.student,
			Answers: []answers.Answer{{FormQuestionID: m.graded1, Value: sp("1"), Comment: sp("Kommentar fra " + a.who)}}})
	}
	return p, m
}

// Erasure: refused while a signing form is open and for oneself; then the
// person's own rows go, what the school must keep stays (the account is
// cleared instead of deleted when a locked form names it), nobody else's
// data is touched, and the person can no longer sign in.
func TestErasure(t *testing.T) {
	f := newMailFixture(t)
	p, _ := f.answered(t)
	advisor, otherAdvisor, admin := f.userID(t, "advisor@a.test"), f.userID(t, "otherAdvisor@a.test"), f.userID(t, "admin@a.test")
	erase := func(who string, id int64) *http.Response {
		rec := f.send(t, http.MethodPost, "a.localhost", fmt.Sprintf("/api/users/%d/erasure", id), p.tokens[who], nil)
		return rec.Result()
	}
	for _, who := range []string{"teacher", "student", "advisor"} {
		if code := erase(who, otherAdvisor).StatusCode; code != http.StatusForbidden {
			t.Errorf("%s erasing: %d, want 403", who, code)
		}
	}
	if code := erase("admin", admin).StatusCode; code != http.StatusConflict {
		t.Errorf("admin erasing themselves: %d, want 409", code)
	}
	if code := erase("admin", 999999).StatusCode; code != http.StatusNotFound {
		t.Errorf("erasing nobody: %d, want 404", code)
	}
	if code := f.send(t, http.MethodPost, "b.localhost", fmt.Sprintf("/api/users/%d/erasure", advisor), p.tokens["otherSchoolAdmin"], nil).Code; code == http.StatusOK {
		t.Errorf("another school's admin erased a person of school A")
	}

	// An open signing form involving the supervisor refuses the erasure and changes nothing.
	f.midAndEnd(t, p)
	rec := f.send(t, http.MethodPost, "a.localhost", fmt.Sprintf("/api/users/%d/erasure", advisor), p.tokens["admin"], nil)
	if rec.Code != http.StatusConflict || !strings.Contains(rec.Body.String(), "openSigningForm") || !strings.Contains(rec.Body.String(), "signeringsskjema") {
		t.Errorf("erasing a party of an open signing form: %d %s", rec.Code, rec.Body)
	}
	if n := f.scalar(t, "skole-a", "SELECT count(*) FROM answer_sets WHERE user_id = ?", advisor); n != 1 {
		t.Fatalf("refused erasure removed answers: %d left", n)
	}

	// Lock the form: the three parties sign.
	base := fmt.Sprintf("/api/classes/%d/students/%d/signingform", p.classID, p.studentID)
	for _, who := range []string{"student", "advisor", "teacher"} {
		if rec := f.send(t, http.MethodPost, "a.localhost", base+"/sign", p.tokens[who], nil); rec.Code != http.StatusOK {
			t.Fatalf("%s signing: %d %s", who, rec.Code, rec.Body)
		}
	}
	before := map[string]int64{
		"student answers":        f.scalar(t, "skole-a", "SELECT count(*) FROM answer_sets WHERE user_id = ?", p.studentID),
		"other student answers":  f.scalar(t, "skole-a", "SELECT count(*) FROM answer_sets WHERE user_id = ?", p.otherStudentID),
		"other student comments": f.scalar(t, "skole-a", "SELECT count(*) FROM comments WHERE user_id = ?", p.otherStudentID),
		"locked forms":           f.scalar(t, "skole-a", "SELECT count(*) FROM signing_forms WHERE is_locked"),
	}
	rec = f.send(t, http.MethodPost, "a.localhost", fmt.Sprintf("/api/users/%d/erasure", advisor), p.tokens["admin"], nil)
	if rec.Code != http.StatusOK {
		t.Fatalf("erase supervisor: %d %s", rec.Code, rec.Body)
	}
	r := decode[erasure.Report](t, rec)
	if r.AccountDeleted || r.Removed["answer_sets"] != 1 || r.Removed["comments"] != 1 || r.Removed["sessions"] < 1 || r.Kept["lockedSigningForms"] != 1 {
		t.Errorf("report %+v", r)
	}
	// The supervisor's own rows are gone; their account only keeps the id the signed form points to.
	for q, want := range map[string]int64{
		"SELECT count(*) FROM answer_sets WHERE user_id = ?":                                          0,
		"SELECT count(*) FROM comments WHERE user_id = ?":                                             0,
		"SELECT count(*) FROM sessions WHERE user_id = ?":                                             0,
		"SELECT count(*) FROM user_roles WHERE user_id = ?":                                           0,
		"SELECT count(*) FROM users WHERE id = ? AND email LIKE '%@erased.invalid' AND NOT is_active": 1,
		"SELECT count(*) FROM users WHERE id = ? AND display_name = '" + erasure.ErasedName + "'":     1,
	} {
		if n := f.scalar(t, "skole-a", q, advisor); n != want {
			t.Errorf("%s: %d, want %d", q, n, want)
		}
	}
	after := map[string]int64{
		"student answers":        f.scalar(t, "skole-a", "SELECT count(*) FROM answer_sets WHERE user_id = ?", p.studentID),
		"other student answers":  f.scalar(t, "skole-a", "SELECT count(*) FROM answer_sets WHERE user_id = ?", p.otherStudentID),
		"other student comments": f.scalar(t, "skole-a", "SELECT count(*) FROM comments WHERE user_id = ?", p.otherStudentID),
		"locked forms":           f.scalar(t, "skole-a", "SELECT count(*) FROM signing_forms WHERE is_locked"),
	}
	for k, v := range before {
		if after[k] != v {
			t.Errorf("erasing the supervisor changed %s: %d → %d", k, v, after[k])
		}
	}
	// The supervisor is signed out and cannot sign in again.
	if rec := f.send(t, http.MethodGet, "a.localhost", "/api/users/me", p.tokens["advisor"], nil); rec.Code != http.StatusUnauthorized {
		t.Errorf("erased supervisor's token: %d, want 401", rec.Code)
	}
	f.send(t, http.MethodPost, "a.localhost", "/api/auth/external/sign-in", "", map[string]string{"email": "advisor@a.test"})
	if n := f.scalar(t, "skole-a", "SELECT count(*) FROM mail_outbox WHERE to_address = 'advisor@a.test'"); n != 0 {
		t.Errorf("an erased person was sent a sign-in code")
	}
	// Someone no record points to goes entirely; the audit log counts, never names.
	rec = f.send(t, http.MethodPost, "a.localhost", fmt.Sprintf("/api/users/%d/erasure", otherAdvisor), p.tokens["admin"], nil)
	if rec.Code != http.StatusOK || !decode[erasure.Report](t, rec).AccountDeleted {
		t.Errorf("erase other supervisor: %d %s", rec.Code, rec.Body)
	}
	if n := f.scalar(t, "skole-a", "SELECT count(*) FROM audit_log WHERE action = 'user.erased' AND details::text NOT LIKE '%@%'"); n != 2 {
		t.Errorf("%d audit rows of erasures without addresses, want 2", n)
	}
}

// The copy of a person's data: asked for by the person (or an admin), made
// by a job, listing every table that holds them, downloadable as JSON and
// PDF by the person and the school's admins only.
func TestDataCopy(t *testing.T) {
	jobs := &copyJobs{}
	f := newFixtureWith(t, func(_ *fixture, o *Options) { o.DataCopyJobs = jobs })
	p, _ := f.answered(t)
	rec := f.send(t, http.MethodPost, "a.localhost", "/api/users/me/data-copies", p.tokens["student"], nil)
	if rec.Code != http.StatusAccepted {
		t.Fatalf("ask: %d %s", rec.Code, rec.Body)
	}
	info := decode[datacopy.Info](t, rec)
	if info.Status != "pending" || len(jobs.args) != 1 || jobs.args[0].CopyID != info.ID {
		t.Fatalf("asked: %+v, jobs %+v", info, jobs.args)
	}
	// Asking again while it is being made answers the same copy.
	if again := decode[datacopy.Info](t, f.send(t, http.MethodPost, "a.localhost", "/api/users/me/data-copies", p.tokens["student"], nil)); again.ID != info.ID || len(jobs.args) != 1 {
		t.Errorf("second ask made another copy: %+v", again)
	}
	// Only admins ask for or list someone else's copies.
	for _, who := range []string{"teacher", "advisor", "otherStudent"} {
		for _, m := range []string{http.MethodPost, http.MethodGet} {
			if code := f.send(t, m, "a.localhost", fmt.Sprintf("/api/users/%d/data-copies", p.studentID), p.tokens[who], nil).Code; code != http.StatusForbidden {
				t.Errorf("%s %s another's copies: %d, want 403", who, m, code)
			}
		}
	}
	if code := f.send(t, http.MethodGet, "a.localhost", "/api/data-copies/"+info.ID+"/json", p.tokens["student"], nil).Code; code != http.StatusNotFound {
		t.Errorf("download before ready: %d, want 404", code)
	}
	if err := f.db.Service.InScope(context.Background(), "skole-a", func(ctx context.Context, _ *gorm.DB) error {
		return datacopy.Make(ctx, info.ID, time.Now())
	}); err != nil {
		t.Fatal(err)
	}
	list := decode[[]datacopy.Info](t, f.send(t, http.MethodGet, "a.localhost", "/api/users/me/data-copies", p.tokens["student"], nil))
	if len(list) != 1 || list[0].Status != "ready" || list[0].ReadyAt == nil {
		t.Fatalf("list after the job: %+v", list)
	}
	rec = f.send(t, http.MethodGet, "a.localhost", "/api/data-copies/"+info.ID+"/json", p.tokens["student"], nil)
	if rec.Code != http.StatusOK || !strings.Contains(rec.Header().Get("Content-Disposition"), "attachment") {
		t.Fatalf("download json: %d %v", rec.Code, rec.Header())
	}
	var c datacopy.Copy
	if err := json.Unmarshal(rec.Body.Bytes(), &c); err != nil {
		t.Fatal(err)
	}
	for _, s := range datacopy.Sections {
		if _, ok := c.Tables[s.Table]; !ok {
			t.Errorf("copy lacks %s", s.Table)
		}
	}
	body := rec.Body.String()
	for _, want := range []string{"student@a.test", "Kommentar fra student", "Kommentar fra advisor", "Kommuniserer med pasienten", "user.signedIn"} {
		if !strings.Contains(body, want) {
			t.Errorf("copy lacks %q", want)
		}
	}
	if strings.Contains(body, "Kommentar fra otherStudent") || strings.Contains(body, "otherStudent@a.test") {
		t.Errorf("copy holds another student's data")
	}
	rec = f.send(t, http.MethodGet, "a.localhost", "/api/data-copies/"+info.ID+"/pdf", p.tokens["admin"], nil)
	if rec.Code != http.StatusOK || rec.Header().Get("Content-Type") != "application/pdf" {
		t.Fatalf("admin downloads pdf: %d", rec.Code)
	}
	text := pdftest.Flow(t, rec.Body.Bytes())
	for _, want := range []string{"Kopi av dine personopplysninger", "Vurderinger (besvarelser)", "student@a.test", "Kommentar fra advisor"} {
		if !strings.Contains(text, want) {
			t.Errorf("pdf lacks %q:\n%s", want, text)
		}
	}
	for _, who := range []string{"otherStudent", "teacher", "advisor"} {
		if code := f.send(t, http.MethodGet, "a.localhost", "/api/data-copies/"+info.ID+"/pdf", p.tokens[who], nil).Code; code != http.StatusNotFound {
			t.Errorf("%s downloading the student's copy: %d, want 404", who, code)
		}
	}
	if code := f.send(t, http.MethodGet, "a.localhost", "/api/data-copies/"+info.ID+"/xml", p.tokens["student"], nil).Code; code != http.StatusNotFound {
		t.Errorf("unknown format: %d", code)
	}
	// An admin asks for anyone of the school.
	if rec := f.send(t, http.MethodPost, "a.localhost", fmt.Sprintf("/api/users/%d/data-copies", p.otherStudentID), p.tokens["admin"], nil); rec.Code != http.StatusAccepted {
		t.Errorf("admin asks: %d %s", rec.Code, rec.Body)
	}
	// Paths that name nothing are 404 in the error shape, saying what was
	// not found.
	for _, tc := range []struct {
		method, path, says string
	}{
		{http.MethodGet, "/api/data-copies/not-a-uuid/json", "Fant ikke kopien"},
		{http.MethodGet, "/api/data-copies/00000000-0000-4000-8000-000000000000/json", "Fant ikke kopien"},
		{http.MethodGet, "/api/data-copies/" + info.ID + "/JSON", "Fant ikke kopien"},
		{http.MethodPost, "/api/users/999999/data-copies", "Fant ikke brukeren"},
		{http.MethodGet, "/api/users/999999/data-copies", "Fant ikke brukeren"},
		{http.MethodGet, "/api/users/abc/data-copies", ""},
		{http.MethodPost, "/api/users/0/data-copies", ""},
	} {
		rec := f.send(t, tc.method, "a.localhost", tc.path, p.tokens["admin"], nil)
		if rec.Code != http.StatusNotFound || !strings.Contains(rec.Body.String(), `"statusCode"`) || !strings.Contains(rec.Body.String(), tc.says) {
			t.Errorf("%s %s: %d %s, want 404 %q", tc.method, tc.path, rec.Code, rec.Body, tc.says)
		}
	}
}

// personColumn is a column that names or addresses a person.
var personColumn = regexp.MustCompile(`^(user_id|.*_user_id|email|to_address|feide_id)$`)

// Every table of the school's schema with a column that points to a person
// is a section of the copy, so a new table cannot be forgotten.
func TestDataCopyCoversEveryTableOfAPerson(t *testing.T) {
	f := newFixture(t)
	var cols []struct{ TableName, ColumnName string }
	if err := f.db.Service.InScope(context.Background(), "skole-a", func(_ context.Context, tx *gorm.DB) error {
		return tx.Raw(`SELECT table_name, column_name FROM information_schema.columns
			WHERE table_schema = current_schema() AND table_name NOT LIKE 'goose%' ORDER BY 1, 2`).Scan(&cols).Error
	}); err != nil {
		t.Fatal(err)
	}
	var sections []string
	for _, s := range datacopy.Sections {
		sections = append(sections, s.Table)
	}
	seen := 0
	for _, c := range cols {
		if c.TableName == "users" || personColumn.MatchString(c.ColumnName) {
			seen++
			if !slices.Contains(sections, c.TableName) {
				t.Errorf("table %s holds a person (%s) but the copy of a person's data does not list it", c.TableName, c.ColumnName)
			}
		}
	}
	if seen < 15 {
		t.Fatalf("only %d person columns found: the schema query is wrong", seen)
	}
}

// The retention policy, each rule with a controlled clock: working data
// goes a set time after the semester ends; sessions, codes, unsent e-mail
// and copies after theirs; accounts long unused are erased (never admins);
// archived results stay unless the policy sets a time. Sweeps run in
// batches, are idempotent, and audit counts only.
func TestRetentionSweep(t *testing.T) {
	f := newFixture(t)
	p, _ := f.answered(t)
	f.db.Exec(t, "skole-a", `INSERT INTO warnings (class_id, student_user_id, teacher_user_id, comment) VALUES (?, ?, ?, 'Utkast')`,
		p.classID, p.otherStudentID, f.userID(t, "teacher@a.test"))
	f.db.Exec(t, "skole-a", `INSERT INTO one_time_codes (email, code_hash, created_at, expires_at)
		SELECT 'x' || g || '@a.test', 'h', now(), now() + interval '10 minutes' FROM generate_series(1, 1200) g`)
	f.db.Exec(t, "skole-a", `INSERT INTO mail_outbox (to_address, subject, text_body, html_body) VALUES ('student@a.test', 's', 't', 'h')`)
	f.db.Exec(t, "skole-a", `INSERT INTO supervisor_invitations (class_id, student_user_id, email) VALUES (?, ?, 'ny.veileder@a.test')`,
		p.classID, p.otherStudentID)
	f.db.Exec(t, "skole-a", `INSERT INTO data_copies (user_id, expires_at) VALUES (?, now() + interval '1 hour')`, p.studentID)
	f.db.Exec(t, "skole-a", `INSERT INTO signing_forms (student_reference_id, class_id, student_user_id)
		SELECT id, class_id, student_user_id FROM student_references WHERE student_user_id = ?`, p.otherStudentID)
	f.midAndEnd(t, p)
	base := fmt.Sprintf("/api/classes/%d/students/%d/signingform", p.classID, p.studentID)
	for _, who := range []string{"student", "advisor", "teacher"} {
		if rec := f.send(t, http.MethodPost, "a.localhost", base+"/sign", p.tokens[who], nil); rec.Code != http.StatusOK {
			t.Fatalf("%s signing: %d %s", who, rec.Code, rec.Body)
		}
	}
	f.db.Exec(t, "skole-a", `INSERT INTO result_archive (signing_form_id, class_id, student_user_id, pdf, record, sha256, archived_at)
		SELECT id, class_id, student_user_id, 'pdf', '{}', repeat('a', 64), '2027-01-05' FROM signing_forms WHERE is_locked`)
	tenant, _ := f.reg.BySlug("skole-a")
	run := retention.For(f.reg, tenant)
	count := func(table string) int64 { return f.scalar(t, "skole-a", "SELECT count(*) FROM "+table) }
	sweep := func(now string) retention.Report {
		t.Helper()
		at, _ := time.Parse(time.DateOnly, now)
		r, err := retention.Sweep(context.Background(), run, at)
		if err != nil {
			t.Fatalf("sweep at %s: %v", now, err)
		}
		return r
	}

	// Half a year after the semester: working data stays; short-lived data goes, across batches.
	r := sweep("2027-06-30")
	if count("answer_sets") != 3 || count("warnings") != 1 || count("users") != 7 {
		t.Errorf("working data or accounts gone too early: %+v", r.Removed)
	}
	if count("supervisor_invitations") != 1 || count("signing_forms") != 2 {
		t.Errorf("invitation of a kept class gone: %+v", r.Removed)
	}
	if count("one_time_codes") != 0 || count("sessions") != 0 || count("mail_outbox") != 0 || count("data_copies") != 0 || r.Removed["one_time_codes"] != 1200 {
		t.Errorf("short-lived data left: %+v", r.Removed)
	}
	if again := sweep("2027-06-30"); again.Total() != 0 {
		t.Errorf("second sweep removed %+v", again.Removed)
	}
	if n := f.scalar(t, "skole-a", "SELECT count(*) FROM audit_log WHERE action = 'retention.swept'"); n != 1 {
		t.Errorf("%d audit rows of sweeps, want 1 (none for a sweep that removed nothing)", n)
	}

	// Thirteen months after the semester: working data goes; the locked form and its archived result stay.
	r = sweep("2028-02-01")
	if count("answer_sets") != 0 || count("answers") != 0 || count("comments") != 0 || count("warnings") != 0 || count("supervisor_invitations") != 0 {
		t.Errorf("working data left: %+v", r.Removed)
	}
	if count("signing_forms") != 1 || count("result_archive") != 1 || count("users") != 7 {
		t.Errorf("kept records gone: %+v", r.Removed)
	}

	// Past the accounts' time: everyone but the admin is erased; accounts named by the locked form stay cleared.
	r = sweep("2029-03-01")
	if r.Removed["accounts"] != 6 || f.scalar(t, "skole-a", "SELECT count(*) FROM users WHERE is_active") != 1 {
		t.Errorf("inactive accounts: %+v, active left %d", r.Removed, f.scalar(t, "skole-a", "SELECT count(*) FROM users WHERE is_active"))
	}
	if count("result_archive") != 1 {
		t.Errorf("archived result removed though the policy keeps it")
	}

	// Outside the sweep the archive refuses deletion.
	if err := f.db.Service.InScope(context.Background(), "skole-a", func(_ context.Context, tx *gorm.DB) error {
		return tx.Exec("DELETE FROM result_archive").Error
	}); err == nil {
		t.Fatal("an archived result was deleted outside the retention sweep")
	}

	// A policy with a time for archived results removes them, with the form and the accounts it kept.
	f.db.Exec(t, "skole-a", `INSERT INTO settings (key, value) VALUES ('retention', '{"archivedResultYears": 1}')
		ON CONFLICT (key) DO UPDATE SET value = excluded.value`)
	r = sweep("2029-03-02")
	if count("result_archive") != 0 || count("signing_forms") != 0 || r.Removed["result_archive"] != 1 {
		t.Errorf("archived result past its time: %+v", r.Removed)
	}
	var details []string
	if err := f.db.Service.InScope(context.Background(), "skole-a", func(_ context.Context, tx *gorm.DB) error {
		return tx.Raw("SELECT details::text FROM audit_log WHERE action = 'retention.swept'").Scan(&details).Error
	}); err != nil {
		t.Fatal(err)
	}
	for _, d := range details {
		if strings.Contains(d, "@") {
			t.Errorf("sweep audit names a person: %s", d)
		}
	}
}

// The policy and the record of processing: admins only; bad values are
// named per field; the record follows the policy in the asked language.
func TestRetentionPolicyRoutes(t *testing.T) {
	f := newFixture(t)
	p := f.newPlacement(t)
	for _, who := range []string{"teacher", "student", "advisor"} {
		for _, r := range []struct{ method, path string }{{http.MethodGet, "/api/tenant/retention"}, {http.MethodPut, "/api/tenant/retention"}, {http.MethodGet, "/api/tenant/record-of-processing"}} {
			if code := f.send(t, r.method, "a.localhost", r.path, p.tokens[who], map[string]int{}).Code; code != http.StatusForbidden {
				t.Errorf("%s %s %s: %d, want 403", who, r.method, r.path, code)
			}
		}
	}
	got := decode[retention.Policy](t, f.send(t, http.MethodGet, "a.localhost", "/api/tenant/retention", p.tokens["admin"], nil))
	if got != retention.Default {
		t.Errorf("default policy %+v", got)
	}
	rec := f.send(t, http.MethodPut, "a.localhost", "/api/tenant/retention", p.tokens["admin"], map[string]int{"workingDataMonths": 0, "sessionDays": 400})
	if rec.Code != http.StatusBadRequest || !strings.Contains(rec.Body.String(), "workingDataMonths") || !strings.Contains(rec.Body.String(), "sessionDays") {
		t.Errorf("bad policy: %d %s", rec.Code, rec.Body)
	}
	rec = f.send(t, http.MethodPut, "a.localhost", "/api/tenant/retention", p.tokens["admin"], map[string]int{"workingDataMonths": 6})
	if rec.Code != http.StatusOK || decode[retention.Policy](t, rec).WorkingDataMonths != 6 || decode[retention.Policy](t, rec).SessionDays != 7 {
		t.Fatalf("set policy: %d %s", rec.Code, rec.Body)
	}
	// Fields left out, or sent as null, keep their value; unknown fields
	// and wrong types are refused.
	for _, tc := range []struct {
		name, body string
		want       int
		policy     retention.Policy
	}{
		{"null keeps the value", `{"sessionDays": null}`, http.StatusOK, retention.Policy{WorkingDataMonths: 6, InactiveAccountMonths: 24, SessionDays: 7, OneTimeCodeDays: 1, UnsentMailDays: 1}},
		{"two fields", `{"unsentMailDays": 30, "archivedResultYears": 10}`, http.StatusOK, retention.Policy{WorkingDataMonths: 6, InactiveAccountMonths: 24, SessionDays: 7, OneTimeCodeDays: 1, UnsentMailDays: 30, ArchivedResultYears: 10}},
		{"back to the defaults", `{"workingDataMonths": 6, "unsentMailDays": 1, "archivedResultYears": 0}`, http.StatusOK, retention.Policy{WorkingDataMonths: 6, InactiveAccountMonths: 24, SessionDays: 7, OneTimeCodeDays: 1, UnsentMailDays: 1}},
		{"unknown field", `{"sessionMonths": 2}`, http.StatusBadRequest, retention.Policy{}},
		{"wrong type", `{"sessionDays": "7"}`, http.StatusBadRequest, retention.Policy{}},
	} {
		rec := f.send(t, http.MethodPut, "a.localhost", "/api/tenant/retention", p.tokens["admin"], json.RawMessage(tc.body))
		if rec.Code != tc.want {
			t.Errorf("%s: %d, want %d (%s)", tc.name, rec.Code, tc.want, rec.Body)
			continue
		}
		if tc.want == http.StatusOK {
			if got := decode[retention.Policy](t, rec); got != tc.policy {
				t.Errorf("%s: %+v, want %+v", tc.name, got, tc.policy)
			}
		}
	}
	rec = f.send(t, http.MethodGet, "a.localhost", "/api/tenant/record-of-processing?lang=en", p.tokens["admin"], nil)
	record := decode[retention.Record](t, rec)
	if record.Language != "en" || len(record.Categories) != 11 || !strings.Contains(rec.Body.String(), "Deleted 6 months after the end of the placement") ||
		!strings.Contains(rec.Body.String(), "Kept for 28 days, then deleted; data deleted in the service stays in the backups") {
		t.Errorf("record of processing: %s", rec.Body)
	}
	nb := f.send(t, http.MethodGet, "a.localhost", "/api/tenant/record-of-processing?lang=nb", p.tokens["admin"], nil).Body.String()
	if !strings.Contains(nb, "Slettes 6 måneder etter") {
		t.Errorf("record in nb: %s", nb)
	}
	// The sharing of earlier placements is described in every language.
	for lang, says := range map[string]string{"en": "Sharing of earlier placements", "nb": "Deling av tidligere praksisperioder", "nn": "Deling av tidlegare praksisperiodar"} {
		body := f.send(t, http.MethodGet, "a.localhost", "/api/tenant/record-of-processing?lang="+lang, p.tokens["admin"], nil).Body.String()
		if !strings.Contains(body, `"id":"progressSharing"`) || !strings.Contains(body, says) {
			t.Errorf("record in %s does not describe the sharing: %s", lang, body)
		}
	}
}

// The operator's commands: `tenant update` sets the retention policy by
// flag (refusing a value out of range, naming the flag), `tenant data-copy`
// writes both files, and `tenant erase-person` erases as the admin's button
// does, refusing an unknown address.
func TestPersonalDataCommands(t *testing.T) {
	f := newFixture(t)
	p := f.newPlacement(t)
	open := func(context.Context) (*tenants.Service, func(), error) { return f.db.Service, func() {}, nil }
	run := runCommand
	tenantCmd := func() *cobra.Command {
		c := tenants.Command(open, &retention.UpdateFlags{})
		c.AddCommand(erasure.Command(open), datacopy.Command(open))
		return c
	}
	if _, err := run(tenantCmd(), "update", "skole-a", "--retention-session-days", "0"); err == nil ||
		!strings.Contains(err.Error(), "--retention-session-days: must be from 1 to 365") {
		t.Fatalf("bad value: %v", err)
	}
	if _, err := run(tenantCmd(), "update", "skole-a", "--retention-working-data-months", "18", "--retention-archived-result-years", "10"); err != nil {
		t.Fatal(err)
	}
	got := decode[retention.Policy](t, f.send(t, http.MethodGet, "a.localhost", "/api/tenant/retention", p.tokens["admin"], nil))
	if got.WorkingDataMonths != 18 || got.ArchivedResultYears != 10 || got.SessionDays != retention.Default.SessionDays {
		t.Errorf("policy after update: %+v", got)
	}

	dir := t.TempDir()
	out, err := run(tenantCmd(), "data-copy", "--tenant", "skole-a", "--email", "STUDENT@a.test", "--out", dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, ext := range []string{".json", ".pdf"} {
		name := filepath.Join(dir, fmt.Sprintf("praksis-data-%d%s", p.studentID, ext))
		if b, err := os.ReadFile(name); err != nil || len(b) == 0 || !strings.Contains(out, name) {
			t.Errorf("%s: %v (output %q)", name, err, out)
		}
	}

	if _, err := run(tenantCmd(), "erase-person", "--tenant", "skole-a", "--email", "nobody@a.test"); err == nil {
		t.Error("erasing an unknown address succeeded")
	}
	out, err = run(tenantCmd(), "erase-person", "--tenant", "skole-a", "--email", "otherAdvisor@a.test")
	if err != nil || !strings.Contains(out, `"accountDeleted": true`) {
		t.Fatalf("erase-person: %v %s", err, out)
	}
	if n := f.scalar(t, "skole-a", "SELECT count(*) FROM users WHERE email = 'otherAdvisor@a.test'"); n != 0 {
		t.Error("the person is still there")
	}
}
