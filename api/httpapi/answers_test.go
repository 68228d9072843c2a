package httpapi

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/praksis/praksis/api/clock"

	"github.com/riverqueue/river"
	"gorm.io/gorm"

	"github.com/praksis/praksis/api/answers"
	"github.com/praksis/praksis/api/expectations"
	"github.com/praksis/praksis/api/forms"
	"github.com/praksis/praksis/api/mail"
)

// discardJobs stands in for the job queue: messages stay in the school's
// outbox, where tests read them.
type discardJobs struct{}

func (discardJobs) Enqueue(context.Context, river.JobArgs, *river.InsertOpts) error { return nil }

// newMailFixture is newFixture with e-mail queued to the schools' outboxes.
func newMailFixture(t *testing.T) *fixture {
	t.Helper()
	return newFixtureWith(t, func(f *fixture, o *Options) { o.Mail = mail.NewOutbox(discardJobs{}) })
}

// onDay sets the date rules' clock for the rest of the test.
func onDay(t *testing.T, y int, m time.Month, d int) {
	t.Helper()
	clock.Base = func() time.Time { return time.Date(y, m, d, 12, 0, 0, 0, time.UTC) }
	t.Cleanup(func() { clock.Base = time.Now })
}

// mainForm is the placement's class using a main form of two graded
// questions and one free-text question, with its mid- and end-semester
// assignments.
type mainForm struct {
	formID, midID, endID int64
	graded1, graded2     int64
	text                 int64
	// foreign is a question of another form.
	foreign int64
}

// mainFormPlacement is a new placement whose class uses the main form.
func (f *fixture) mainFormPlacement(t *testing.T) (*placement, mainForm) {
	t.Helper()
	p := f.newPlacement(t)
	return p, f.useMainForm(t, p)
}

func (f *fixture) useMainForm(t *testing.T, p *placement) mainForm {
	t.Helper()
	var m mainForm
	m.formID = f.scalar(t, "skole-a", "INSERT INTO forms (name, is_main_form) VALUES ('Hovedskjema', true) RETURNING id")
	grading := f.scalar(t, "skole-a", "INSERT INTO question_groups (form_id, name, type, sort_order) VALUES (?, 'Kommunikasjon', 2, 1) RETURNING id", m.formID)
	f.db.Exec(t, "skole-a", `INSERT INTO question_group_options (group_id, label, value, sort_order) VALUES
		(?, 'Selvstendig', 0, 1), (?, 'Delvis selvstendig', 1, 2), (?, 'Veiledet', 2, 3), (?, 'Assistert', 3, 4), (?, 'Uselvstendig', 4, 5)`,
		grading, grading, grading, grading, grading)
	text := f.scalar(t, "skole-a", "INSERT INTO question_groups (form_id, name, type, sort_order) VALUES (?, 'Refleksjon', 1, 2) RETURNING id", m.formID)
	m.graded1 = f.scalar(t, "skole-a", "INSERT INTO questions (group_id, text, sort_order) VALUES (?, 'Kommuniserer med pasienten', 1) RETURNING id", grading)
	m.graded2 = f.scalar(t, "skole-a", "INSERT INTO questions (group_id, text, sort_order) VALUES (?, 'Dokumenterer', 2) RETURNING id", grading)
	m.text = f.scalar(t, "skole-a", "INSERT INTO questions (group_id, text, sort_order) VALUES (?, 'Hva har du lært?', 1) RETURNING id", text)
	other := f.scalar(t, "skole-a", "INSERT INTO forms (name) VALUES ('Annet skjema') RETURNING id")
	otherGroup := f.scalar(t, "skole-a", "INSERT INTO question_groups (form_id, name, type, sort_order) VALUES (?, 'G', 2, 1) RETURNING id", other)
	m.foreign = f.scalar(t, "skole-a", "INSERT INTO questions (group_id, text, sort_order) VALUES (?, 'Fremmed', 1) RETURNING id", otherGroup)
	if rec := f.send(t, http.MethodPatch, "a.localhost", fmt.Sprintf("/api/classes/%d/forms", p.classID), p.tokens["admin"], []int64{m.formID}); rec.Code != http.StatusOK {
		t.Fatalf("set forms: %d %s", rec.Code, rec.Body)
	}
	m.midID = f.scalar(t, "skole-a", "SELECT id FROM assignments WHERE class_id = ? AND form_id = ? AND is_mid_semester", p.classID, m.formID)
	m.endID = f.scalar(t, "skole-a", "SELECT id FROM assignments WHERE class_id = ? AND form_id = ? AND NOT is_mid_semester", p.classID, m.formID)
	return m
}

func sp(s string) *string { return &s }

// retypeGroups gives every group of the form of type from the type to,
// through the form editor (PUT /api/forms) as the admin signed in with tok.
func (f *fixture) retypeGroups(t *testing.T, tok string, formID int64, from, to forms.GroupType) forms.Form {
	t.Helper()
	path := fmt.Sprintf("/api/forms/%d", formID)
	form := decode[forms.Form](t, f.send(t, http.MethodGet, "a.localhost", path, tok, nil))
	groups := []any{}
	for _, g := range form.Groups {
		typ := g.Type
		if typ == from {
			typ = to
		}
		qs := []any{}
		for _, q := range g.Questions {
			qs = append(qs, map[string]any{"id": q.ID, "text": q.Text})
		}
		groups = append(groups, map[string]any{"id": g.ID, "name": g.Name, "type": typ, "questions": qs})
	}
	rec := f.send(t, http.MethodPut, "a.localhost", "/api/forms", tok,
		map[string]any{"id": formID, "name": form.Name, "isMainForm": form.IsMainForm, "groups": groups})
	if rec.Code != http.StatusOK {
		t.Fatalf("retype the groups of form %d: %d %s", formID, rec.Code, rec.Body)
	}
	return decode[forms.Form](t, rec)
}

// save posts answers as who and returns the response.
func (f *fixture) save(t *testing.T, p *placement, who string, in answers.Input) *httptest.ResponseRecorder {
	t.Helper()
	return f.send(t, http.MethodPost, "a.localhost", "/api/answers", p.tokens[who], in)
}

func (f *fixture) mustSave(t *testing.T, p *placement, who string, in answers.Input) answers.Set {
	t.Helper()
	rec := f.save(t, p, who, in)
	if rec.Code != http.StatusOK && rec.Code != http.StatusCreated {
		t.Fatalf("save as %s: %d %s", who, rec.Code, rec.Body)
	}
	return decode[answers.Set](t, rec)
}

func valueOf(s answers.Set, question int64) (value, comment string) {
	for _, a := range s.Answers {
		if a.FormQuestionID == question {
			if a.Value != nil {
				value = *a.Value
			}
			if a.Comment != nil {
				comment = *a.Comment
			}
		}
	}
	return
}

// Only the student, the class's teacher and the student's own supervisor
// answer; everyone else is refused, and another supervisor of the class may
// read but not write.
func TestWhoMayAnswer(t *testing.T) {
	onDay(t, 2026, time.September, 15)
	f := newFixture(t)
	p, m := f.mainFormPlacement(t)
	body := func(student int64) answers.Input {
		return answers.Input{AssignmentID: m.midID, StudentUserID: student, Answers: []answers.Answer{{FormQuestionID: m.graded1, Value: sp("1")}}}
	}
	cases := []struct {
		who     string
		student int64
		want    int
	}{
		{"student", p.studentID, http.StatusCreated},
		{"teacher", p.studentID, http.StatusCreated},
		{"advisor", p.studentID, http.StatusCreated},
		{"otherAdvisor", p.studentID, http.StatusForbidden},
		{"advisor", p.otherStudentID, http.StatusForbidden},
		{"otherStudent", p.studentID, http.StatusForbidden},
		{"student", p.otherStudentID, http.StatusForbidden},
		{"otherTeacher", p.studentID, http.StatusForbidden},
		{"admin", p.studentID, http.StatusForbidden},
		{"otherSchoolAdmin", p.studentID, http.StatusUnauthorized},
		{"anonymous", p.studentID, http.StatusUnauthorized},
	}
	for _, c := range cases {
		rec := f.save(t, p, c.who, body(c.student))
		if rec.Code != c.want {
			t.Errorf("%s answering for student %d: %d %s, want %d", c.who, c.student, rec.Code, rec.Body, c.want)
			continue
		}
		if rec.Code >= 400 {
			if pr := decode[Problem](t, rec); pr.StatusCode != c.want || len(pr.Errors) == 0 {
				t.Errorf("%s: problem %+v", c.who, pr)
			}
		}
	}
	// A student who is not in the class: nothing to find.
	if rec := f.save(t, p, "teacher", body(999999)); rec.Code != http.StatusNotFound {
		t.Errorf("student outside the class: %d", rec.Code)
	}
	if rec := f.save(t, p, "teacher", answers.Input{AssignmentID: 999999, StudentUserID: p.studentID}); rec.Code != http.StatusNotFound {
		t.Errorf("unknown assignment: %d", rec.Code)
	}

	studentSet := f.scalar(t, "skole-a", "SELECT id FROM answer_sets WHERE user_id = ?", p.studentID)
	reads := []struct {
		who  string
		want int
	}{
		{"student", 200}, {"teacher", 200}, {"advisor", 200}, {"otherAdvisor", 200}, {"admin", 200},
		{"otherStudent", 403}, {"otherTeacher", 403}, {"otherSchoolAdmin", 401},
	}
	full := fmt.Sprintf("/api/classes/%d/students/%d/forms/%d/full", p.classID, p.studentID, m.formID)
	summary := fmt.Sprintf("/api/classes/%d/students/%d/forms/%d", p.classID, p.studentID, m.formID)
	progress := fmt.Sprintf("/api/classes/%d/students/%d/progress", p.classID, p.studentID)
	for _, r := range reads {
		for _, path := range []string{fmt.Sprintf("/api/answers/%d", studentSet), full, summary, progress} {
			if rec := f.send(t, http.MethodGet, "a.localhost", path, p.tokens[r.who], nil); rec.Code != r.want {
				t.Errorf("%s reading %s: %d, want %d", r.who, path, rec.Code, r.want)
			}
		}
	}
	// Another supervisor reads the student's answers without answering.
	got := decode[answers.Full](t, f.send(t, http.MethodGet, "a.localhost", full, p.tokens["otherAdvisor"], nil))
	if got.AnswerAs != nil || got.MidSemester == nil || got.MidSemester.Advisor == nil || got.MidSemester.Student == nil || got.MidSemester.Teacher == nil {
		t.Errorf("other supervisor's view: %+v", got)
	}
	if got.EndSemester == nil || got.EndSemester.Student != nil {
		t.Errorf("end half: %+v", got.EndSemester)
	}
}

// A comment over 4000 characters is refused in the error shape, naming the
// question, and nothing of the request is saved.
func TestAnswerValidation(t *testing.T) {
	onDay(t, 2026, time.September, 15)
	f := newFixture(t)
	p, m := f.mainFormPlacement(t)
	first := f.mustSave(t, p, "student", answers.Input{AssignmentID: m.midID, StudentUserID: p.studentID, Answers: []answers.Answer{
		{FormQuestionID: m.graded1, Value: sp("1"), Comment: sp("Første kommentar")},
		{FormQuestionID: m.text, Value: sp("Jeg har lært mye.")},
	}})
	if first.Version != 1 {
		t.Fatalf("new set version %d", first.Version)
	}
	cases := []struct {
		name    string
		answers []answers.Answer
		reason  string
		text    string
	}{
		{"comment of 4001 characters", []answers.Answer{
			{FormQuestionID: m.graded1, Value: sp("3")},
			{FormQuestionID: m.graded2, Value: sp("2"), Comment: sp(strings.Repeat("æ", 4001))},
		}, "answers[1].comment", "Dokumenterer"},
		{"value past not relevant", []answers.Answer{{FormQuestionID: m.graded1, Value: sp("6")}}, "answers[0].value", "Kommuniserer med pasienten"},
		{"value not a number", []answers.Answer{{FormQuestionID: m.graded1, Value: sp("Selvstendig")}}, "answers[0].value", "Kommuniserer"},
		{"value with a leading zero", []answers.Answer{{FormQuestionID: m.graded1, Value: sp("01")}}, "answers[0].value", ""},
		{"question of another form", []answers.Answer{{FormQuestionID: m.foreign, Value: sp("1")}}, "answers[0].formQuestionId", "Ugyldig id ved registrering av svar"},
		{"comment on a question of another form", []answers.Answer{{FormQuestionID: m.foreign, Comment: sp("hei")}}, "answers[0].formQuestionId", "Ugyldig id ved registrering av kommentar"},
		{"same question twice", []answers.Answer{{FormQuestionID: m.graded1, Value: sp("1")}, {FormQuestionID: m.graded1, Value: sp("2")}}, "answers[1].formQuestionId", ""},
		{"free text over 10000", []answers.Answer{{FormQuestionID: m.text, Value: sp(strings.Repeat("x", 10001))}}, "answers[0].value", "Hva har du lært?"},
	}
	for _, c := range cases {
		in := answers.Input{AssignmentID: m.midID, StudentUserID: p.studentID, Version: first.Version, Answers: c.answers}
		rec := f.send(t, http.MethodPost, "a.localhost", "/api/answers", p.tokens["student"], in)
		if rec.Code != http.StatusBadRequest {
			t.Errorf("%s: %d %s", c.name, rec.Code, rec.Body)
			continue
		}
		pr := decode[Problem](t, rec)
		found := false
		for _, e := range pr.Errors {
			if e.Reason == c.reason && strings.Contains(e.Description, c.text) {
				found = true
			}
		}
		if pr.StatusCode != 400 || !found {
			t.Errorf("%s: problem %+v, want reason %s naming %q", c.name, pr, c.reason, c.text)
		}
	}
	// Nothing changed: same values, same version.
	after := decode[answers.Set](t, f.send(t, http.MethodGet, "a.localhost", fmt.Sprintf("/api/answers/%d", first.ID), p.tokens["student"], nil))
	if v, c := valueOf(after, m.graded1); v != "1" || c != "Første kommentar" || after.Version != first.Version {
		t.Errorf("saved answers changed: %q %q version %d", v, c, after.Version)
	}
	if v, _ := valueOf(after, m.graded2); v != "" {
		t.Errorf("graded2 saved from a refused request: %q", v)
	}
	// Exactly 4000 characters, "5" (not relevant) and English messages.
	ok := f.mustSave(t, p, "student", answers.Input{AssignmentID: m.midID, StudentUserID: p.studentID, Version: first.Version, Answers: []answers.Answer{
		{FormQuestionID: m.graded2, Value: sp("5"), Comment: sp(strings.Repeat("ø", 4000))},
	}})
	if v, c := valueOf(ok, m.graded2); v != "5" || len([]rune(c)) != 4000 || ok.Version != 2 {
		t.Errorf("4000 characters and not relevant: %q (%d) version %d", v, len([]rune(c)), ok.Version)
	}
	if v, _ := valueOf(ok, m.graded1); v != "1" {
		t.Errorf("a question left out lost its answer: %q", v)
	}
}

// A save checks answers against the form as it is now, though the server
// keeps each form's questions between saves: every change to the form's
// groups, labels or questions reaches the next save, the form editor's and a
// hand-made fix that draws a new structure version as the editor does. Each
// case saves once (so the server holds the form), changes the form, and
// sends a save that only the changed form decides as wanted.
func TestSaveSeesEveryChangeToTheForm(t *testing.T) {
	onDay(t, 2026, time.September, 15)
	cases := []struct {
		name   string
		change func(m mainForm) (sql string, args []any)
		// answer is the save after the change; reason the field refused,
		// "" when it must be accepted.
		answer func(m mainForm) answers.Answer
		reason string
	}{
		{"a label removed", func(m mainForm) (string, []any) {
			return "DELETE FROM question_group_options WHERE value = 4 AND group_id = (SELECT group_id FROM questions WHERE id = ?)", []any{m.graded1}
		}, func(m mainForm) answers.Answer { return answers.Answer{FormQuestionID: m.graded1, Value: sp("5")} }, "answers[0].value"},
		{"a label added", func(m mainForm) (string, []any) {
			return "INSERT INTO question_group_options (group_id, label, value, sort_order) SELECT group_id, 'Ny', 5, 6 FROM questions WHERE id = ?", []any{m.graded1}
		}, func(m mainForm) answers.Answer { return answers.Answer{FormQuestionID: m.graded1, Value: sp("6")} }, ""},
		{"a grading group made free text", func(m mainForm) (string, []any) {
			return "UPDATE question_groups SET type = 1 WHERE id = (SELECT group_id FROM questions WHERE id = ?)", []any{m.graded1}
		}, func(m mainForm) answers.Answer {
			return answers.Answer{FormQuestionID: m.graded1, Value: sp("Jeg snakker med pasienten.")}
		}, ""},
		{"a question added", func(m mainForm) (string, []any) {
			return "UPDATE questions SET group_id = (SELECT group_id FROM questions WHERE id = ?), sort_order = 3 WHERE id = ?", []any{m.graded1, m.foreign}
		}, func(m mainForm) answers.Answer { return answers.Answer{FormQuestionID: m.foreign, Value: sp("2")} }, ""},
		{"a question moved to another form", func(m mainForm) (string, []any) {
			return "UPDATE questions SET group_id = (SELECT group_id FROM questions WHERE id = ?) WHERE id = ?", []any{m.foreign, m.graded2}
		}, func(m mainForm) answers.Answer { return answers.Answer{FormQuestionID: m.graded2, Value: sp("2")} }, "answers[0].formQuestionId"},
		// No statement: the form editor makes the (unanswered) free-text
		// group a grading group.
		{"the editor makes the free-text group grading", nil,
			func(m mainForm) answers.Answer {
				return answers.Answer{FormQuestionID: m.text, Value: sp("Jeg snakker med pasienten.")}
			}, "answers[0].value"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f := newFixture(t)
			p, m := f.mainFormPlacement(t)
			first := f.mustSave(t, p, "student", answers.Input{AssignmentID: m.midID, StudentUserID: p.studentID,
				Answers: []answers.Answer{{FormQuestionID: m.graded1, Value: sp("1")}}})
			if c.change == nil {
				f.retypeGroups(t, p.tokens["admin"], m.formID, forms.TextInput, forms.Grading)
			} else {
				sql, args := c.change(m)
				f.db.Exec(t, "skole-a", sql, args...)
				f.db.Exec(t, "skole-a", "UPDATE forms SET structure_version = "+forms.NewStructureVersion+" WHERE id IN (?, (SELECT g.form_id FROM questions q JOIN question_groups g ON g.id = q.group_id WHERE q.id = ?))", m.formID, m.foreign)
			}
			rec := f.save(t, p, "student", answers.Input{AssignmentID: m.midID, StudentUserID: p.studentID,
				Version: first.Version, Answers: []answers.Answer{c.answer(m)}})
			if c.reason == "" {
				if rec.Code != http.StatusOK {
					t.Fatalf("save the changed form allows: %d %s", rec.Code, rec.Body)
				}
				return
			}
			if rec.Code != http.StatusBadRequest {
				t.Fatalf("save the changed form refuses: %d %s", rec.Code, rec.Body)
			}
			pr := decode[Problem](t, rec)
			if len(pr.Errors) != 1 || pr.Errors[0].Reason != c.reason {
				t.Errorf("problem %+v, want one error for %s", pr, c.reason)
			}
		})
	}
}

// The full read and the save's answer place answers, comments and the
// expected levels in the form's order as it is now, though the server keeps each form's questions
// between requests: a reorder reaches the next request.
func TestReadsAndSavesFollowTheFormsOrder(t *testing.T) {
	onDay(t, 2026, time.September, 15)
	f := newFixture(t)
	p, m := f.mainFormPlacement(t)
	f.mustSave(t, p, "student", answers.Input{AssignmentID: m.midID, StudentUserID: p.studentID, Answers: []answers.Answer{
		{FormQuestionID: m.graded2, Value: sp("2"), Comment: sp("Andre")},
		{FormQuestionID: m.text, Value: sp("Tekst")},
		{FormQuestionID: m.graded1, Value: sp("1"), Comment: sp("Første")},
	}})
	level := "2"
	if rec := f.send(t, http.MethodPost, "a.localhost", fmt.Sprintf("/api/classes/%d/expectations", p.classID), p.tokens["admin"],
		expectations.Set{FormID: m.formID, IsMidSemester: true, Answers: []expectations.Answer{
			{FormQuestionID: m.graded2, Value: &level}, {FormQuestionID: m.graded1, Value: &level}}}); rec.Code != http.StatusOK {
		t.Fatalf("expectations: %d %s", rec.Code, rec.Body)
	}
	path := fmt.Sprintf("/api/classes/%d/students/%d/forms/%d/full", p.classID, p.studentID, m.formID)
	var expected []int64
	order := func() (answered, commented []int64) {
		t.Helper()
		full := decode[answers.Full](t, f.send(t, http.MethodGet, "a.localhost", path, p.tokens["student"], nil))
		if full.MidSemester == nil || full.MidSemester.Student == nil || full.MidSemester.Expectations == nil {
			t.Fatalf("no set of the student's or no expectations: %+v", full)
		}
		for _, a := range full.MidSemester.Student.Answers {
			answered = append(answered, a.FormQuestionID)
		}
		for _, c := range full.MidSemester.Student.Comments {
			commented = append(commented, c.FormQuestionID)
		}
		expected = nil
		for _, e := range full.MidSemester.Expectations.Answers {
			expected = append(expected, e.FormQuestionID)
		}
		return answered, commented
	}
	if a, c := order(); !slices.Equal(a, []int64{m.graded1, m.graded2, m.text}) || !slices.Equal(c, []int64{m.graded1, m.graded2}) ||
		!slices.Equal(expected, []int64{m.graded1, m.graded2}) {
		t.Fatalf("before: answers %v comments %v expectations %v, want %v, %v and %v", a, c, expected,
			[]int64{m.graded1, m.graded2, m.text}, []int64{m.graded1, m.graded2}, []int64{m.graded1, m.graded2})
	}
	// The two graded questions change places, and the free-text group
	// moves before the grading one: a hand-made change that draws a new
	// structure version, as the form editor does.
	f.db.Exec(t, "skole-a", "UPDATE questions SET sort_order = CASE id WHEN ? THEN 2 ELSE 1 END WHERE id IN (?, ?)", m.graded1, m.graded1, m.graded2)
	f.db.Exec(t, "skole-a", "UPDATE question_groups SET sort_order = 3 - sort_order WHERE form_id = ?", m.formID)
	f.db.Exec(t, "skole-a", "UPDATE forms SET structure_version = "+forms.NewStructureVersion+" WHERE id = ?", m.formID)
	if a, c := order(); !slices.Equal(a, []int64{m.text, m.graded2, m.graded1}) || !slices.Equal(c, []int64{m.graded2, m.graded1}) ||
		!slices.Equal(expected, []int64{m.graded2, m.graded1}) {
		t.Errorf("after: answers %v comments %v expectations %v, want %v, %v and %v", a, c, expected,
			[]int64{m.text, m.graded2, m.graded1}, []int64{m.graded2, m.graded1}, []int64{m.graded2, m.graded1})
	}
	// A save answers with the whole set in the form's new order, the
	// answers and comments it left alone included.
	saved := f.mustSave(t, p, "student", answers.Input{AssignmentID: m.midID, StudentUserID: p.studentID, Version: 1,
		Answers: []answers.Answer{{FormQuestionID: m.graded1, Value: sp("3"), Comment: sp("Første")}}})
	var a, c []int64
	for _, x := range saved.Answers {
		a = append(a, x.FormQuestionID)
	}
	for _, x := range saved.Comments {
		c = append(c, x.FormQuestionID)
	}
	if !slices.Equal(a, []int64{m.text, m.graded2, m.graded1}) || !slices.Equal(c, []int64{m.graded2, m.graded1}) {
		t.Errorf("saved: answers %v comments %v, want %v and %v", a, c, []int64{m.text, m.graded2, m.graded1}, []int64{m.graded2, m.graded1})
	}
}

// A write based on an old version is refused; an autosave that changes
// nothing keeps the version; clearing removes; a locked signing form stops
// every change.
func TestAnswerVersions(t *testing.T) {
	onDay(t, 2026, time.September, 15)
	f := newFixture(t)
	p, m := f.mainFormPlacement(t)
	in := func(version int, value string) answers.Input {
		return answers.Input{AssignmentID: m.endID, StudentUserID: p.studentID, Version: version,
			Answers: []answers.Answer{{FormQuestionID: m.graded1, Value: sp(value), Comment: sp("k")}}}
	}
	if rec := f.save(t, p, "advisor", in(3, "1")); rec.Code != http.StatusConflict {
		t.Fatalf("version 3 of a set that does not exist: %d", rec.Code)
	}
	s1 := f.mustSave(t, p, "advisor", in(0, "1"))
	if s1.Version != 1 || s1.Role != answers.RoleAdvisor || s1.RoleTag != "PV" || s1.IsMidSemester {
		t.Fatalf("new set %+v", s1)
	}
	if rec := f.save(t, p, "advisor", in(0, "2")); rec.Code != http.StatusConflict {
		t.Errorf("version 0 when a set exists: %d", rec.Code)
	}
	s2 := f.mustSave(t, p, "advisor", in(1, "2"))
	if s2.Version != 2 || s2.ID != s1.ID {
		t.Fatalf("update %+v", s2)
	}
	rec := f.save(t, p, "advisor", in(1, "3"))
	if rec.Code != http.StatusConflict || decode[Problem](t, rec).StatusCode != 409 {
		t.Errorf("stale version: %d %s", rec.Code, rec.Body)
	}
	if v, _ := valueOf(decode[answers.Set](t, f.send(t, http.MethodGet, "a.localhost", fmt.Sprintf("/api/answers/%d", s1.ID), p.tokens["advisor"], nil)), m.graded1); v != "2" {
		t.Errorf("a stale write overwrote: %q", v)
	}
	same := f.mustSave(t, p, "advisor", in(2, "2"))
	if same.Version != 2 {
		t.Errorf("an unchanged autosave moved the version to %d", same.Version)
	}
	cleared := f.mustSave(t, p, "advisor", answers.Input{AssignmentID: m.endID, StudentUserID: p.studentID, Version: 2,
		Answers: []answers.Answer{{FormQuestionID: m.graded1}}})
	if v, c := valueOf(cleared, m.graded1); v != "" || c != "" || cleared.Version != 3 || len(cleared.Comments) != 0 {
		t.Errorf("cleared %+v", cleared)
	}
	// Sent back as received, the spec's other fields must match.
	back := answers.Input{AssignmentID: m.endID, StudentUserID: p.studentID, Version: 3, FormID: &m.formID, IsMidSemester: new(bool), ID: &s1.ID}
	if rec := f.save(t, p, "advisor", back); rec.Code != http.StatusOK {
		t.Errorf("round trip: %d %s", rec.Code, rec.Body)
	}
	mid := true
	back.IsMidSemester = &mid
	if rec := f.save(t, p, "advisor", back); rec.Code != http.StatusBadRequest {
		t.Errorf("wrong half: %d", rec.Code)
	}

	// A locked signing form ends all changes.
	f.db.Exec(t, "skole-a", `INSERT INTO signing_forms (student_reference_id, class_id, student_user_id, is_locked, locked_at,
			mid_semester_completed_date, end_semester_completed_date, general_competence_areas_passed, specific_competence_areas_passed,
			signed_by_teacher_date, signed_by_teacher_user_id, signed_by_teacher_sign_in_method,
			signed_by_student_date, signed_by_student_user_id, signed_by_student_sign_in_method,
			signed_by_advisor_date, signed_by_advisor_user_id, signed_by_advisor_sign_in_method)
		SELECT r.id, r.class_id, r.student_user_id, true, now(), '2026-10-01', '2026-12-10', 'yes', 'yes',
			now(), r.teacher_user_id, 'code', now(), r.student_user_id, 'code', now(), r.advisor_user_id, 'code'
		FROM student_references r WHERE r.class_id = ? AND r.student_user_id = ? AND r.is_primary`, p.classID, p.studentID)
	if rec := f.save(t, p, "advisor", in(3, "4")); rec.Code != http.StatusConflict {
		t.Errorf("locked signing form: %d %s", rec.Code, rec.Body)
	}
}

// A save that prefers a minimal answer (Prefer: return=minimal, RFC 7240)
// gets the set's new version and the questions it sent as now stored, in a
// few hundred bytes; without the preference it gets the whole set.
func TestSavePreferringAMinimalAnswer(t *testing.T) {
	onDay(t, 2026, time.September, 15)
	f := newFixture(t)
	p, m := f.mainFormPlacement(t)
	full := f.mustSave(t, p, "advisor", answers.Input{AssignmentID: m.endID, StudentUserID: p.studentID,
		Answers: []answers.Answer{{FormQuestionID: m.graded2, Value: sp("1"), Comment: sp("Ryddig")}}})
	// coded asks for the answers coded as a browser does.
	coded := true
	saveAs := func(prefer string, version int, deliver bool, sent ...answers.Answer) *httptest.ResponseRecorder {
		t.Helper()
		in := answers.Input{AssignmentID: m.endID, StudentUserID: p.studentID, Version: version, Answers: sent, Deliver: deliver}
		return f.sendWith(t, http.MethodPost, "a.localhost", "/api/answers", p.tokens["advisor"], in, func(r *http.Request) {
			if coded {
				r.Header.Set("Accept-Encoding", "gzip, deflate, br, zstd")
			}
			if prefer != "" {
				r.Header.Set("Prefer", prefer)
			}
		})
	}

	rec := saveAs("return=minimal", full.Version, false,
		answers.Answer{FormQuestionID: m.graded1, Value: sp(" 3 "), Comment: sp("  ")},
		answers.Answer{FormQuestionID: m.text, Value: sp("Lærte mye"), Comment: sp("God uke")},
		answers.Answer{FormQuestionID: m.graded2})
	if rec.Code != http.StatusOK || rec.Header().Get("Preference-Applied") != "return=minimal" {
		t.Fatalf("minimal save: %d, Preference-Applied %q: %s", rec.Code, rec.Header().Get("Preference-Applied"), rec.Body)
	}
	// Small enough that it goes uncoded, in one packet.
	if n := rec.Body.Len(); n > 400 || rec.Header().Get("Content-Encoding") != "" {
		t.Errorf("minimal answer of %d bytes, coded %q", n, rec.Header().Get("Content-Encoding"))
	}
	var fields map[string]any
	if err := json.Unmarshal(rec.Body.Bytes(), &fields); err != nil {
		t.Fatal(err)
	}
	keys := slices.Sorted(maps.Keys(fields))
	if want := []string{"deliveredAt", "id", "saved", "updatedAt", "version"}; !slices.Equal(keys, want) {
		t.Errorf("minimal answer has %v, want %v", keys, want)
	}
	head := decode[answers.SavedHead](t, rec)
	if head.ID != full.ID || head.Version != full.Version+1 || head.DeliveredAt != nil {
		t.Errorf("head %+v after set %d at version %d", head, full.ID, full.Version)
	}
	// The questions sent, in the order sent, as stored: the grading value
	// trimmed, a blank comment none, a cleared question with neither.
	want := []answers.Answer{{FormQuestionID: m.graded1, Value: sp("3")},
		{FormQuestionID: m.text, Value: sp("Lærte mye"), Comment: sp("God uke")}, {FormQuestionID: m.graded2}}
	asJSON := func(v any) string {
		t.Helper()
		b, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	if got := asJSON(head.Saved); got != asJSON(want) {
		t.Errorf("saved %s, want %s", got, asJSON(want))
	}
	stored := decode[answers.Set](t, f.send(t, http.MethodGet, "a.localhost", fmt.Sprintf("/api/answers/%d", full.ID), p.tokens["advisor"], nil))
	if got := asJSON(stored.Answers); got != asJSON(want[:2]) || stored.Version != head.Version {
		t.Errorf("stored at version %d: %s", stored.Version, got)
	}

	// A new set: 201 with its id, at version 1.
	rec = f.sendWith(t, http.MethodPost, "a.localhost", "/api/answers", p.tokens["student"], answers.Input{AssignmentID: m.endID,
		StudentUserID: p.studentID, Answers: []answers.Answer{{FormQuestionID: m.graded1, Value: sp("2")}}},
		func(r *http.Request) { r.Header.Set("Prefer", "return=minimal") })
	if made := decode[answers.SavedHead](t, rec); rec.Code != http.StatusCreated || made.ID == 0 || made.ID == head.ID || made.Version != 1 ||
		asJSON(made.Saved) != asJSON([]answers.Answer{{FormQuestionID: m.graded1, Value: sp("2")}}) {
		t.Errorf("new set, minimal: %d %s", rec.Code, rec.Body)
	}

	// The same again changes nothing: the version and time stay.
	rec = saveAs("return=minimal", head.Version, false, want...)
	if again := decode[answers.SavedHead](t, rec); rec.Code != http.StatusOK || again.ID != head.ID || again.Version != head.Version ||
		!again.UpdatedAt.Equal(head.UpdatedAt) || asJSON(again.Saved) != asJSON(want) {
		t.Errorf("unchanged minimal save: %d %s, before %+v", rec.Code, rec.Body, head)
	}

	// A stale version is refused as ever; delivering says when.
	if rec := saveAs("return=minimal", full.Version, false, answers.Answer{FormQuestionID: m.graded1, Value: sp("4")}); rec.Code != http.StatusConflict {
		t.Errorf("stale minimal save: %d %s", rec.Code, rec.Body)
	}
	rec = saveAs("return=minimal", head.Version, true)
	if d := decode[answers.SavedHead](t, rec); rec.Code != http.StatusOK || d.DeliveredAt == nil || d.Version != head.Version+1 || len(d.Saved) != 0 {
		t.Errorf("minimal delivery: %d %s", rec.Code, rec.Body)
	}
	version := head.Version + 1

	// Only return=minimal, as the first return preference, asks for it.
	coded = false
	for i, tc := range []struct {
		prefer  string
		minimal bool
	}{
		{"", false},
		{"return=representation", false},
		{"respond-async, RETURN=\"minimal\"; x=1", true},
		{"return=representation, return=minimal", false},
		{"wait=10", false},
	} {
		// A value other than the last, so that the version moves.
		rec := saveAs(tc.prefer, version, false, answers.Answer{FormQuestionID: m.graded1, Value: sp(fmt.Sprint(i % 2))})
		if rec.Code != http.StatusOK {
			t.Fatalf("Prefer %q: %d %s", tc.prefer, rec.Code, rec.Body)
		}
		version++
		applied := rec.Header().Get("Preference-Applied") == "return=minimal"
		_, whole := decode[map[string]any](t, rec)["comments"]
		if applied != tc.minimal || whole == tc.minimal {
			t.Errorf("Prefer %q: Preference-Applied %q, whole set %v", tc.prefer, rec.Header().Get("Preference-Applied"), whole)
		}
	}
}

// Delivering stamps the set, writes an audit row and shows in the progress
// of the student and of the class.
func TestDeliverAndProgress(t *testing.T) {
	onDay(t, 2026, time.September, 15)
	f := newFixture(t)
	p, m := f.mainFormPlacement(t)
	f.mustSave(t, p, "student", answers.Input{AssignmentID: m.midID, StudentUserID: p.studentID, Answers: []answers.Answer{
		{FormQuestionID: m.graded1, Value: sp("1"), Comment: sp("Jeg snakker godt med pasientene.")},
		{FormQuestionID: m.graded2, Value: sp("5")},
		{FormQuestionID: m.text, Value: sp("Mye")},
	}})
	delivered := f.mustSave(t, p, "student", answers.Input{AssignmentID: m.midID, StudentUserID: p.studentID, Version: 1, Deliver: true})
	if delivered.DeliveredAt == nil || delivered.Version != 2 {
		t.Fatalf("delivered %+v", delivered)
	}
	f.mustSave(t, p, "advisor", answers.Input{AssignmentID: m.midID, StudentUserID: p.studentID, Answers: []answers.Answer{
		{FormQuestionID: m.graded1, Value: sp("2"), Comment: sp("Trygg i samtaler.")},
	}})
	f.mustSave(t, p, "teacher", answers.Input{AssignmentID: m.midID, StudentUserID: p.studentID, Answers: []answers.Answer{
		{FormQuestionID: m.graded1, Value: sp("3")}, {FormQuestionID: m.graded2, Value: sp("0"), Comment: sp("Bra")},
	}, Deliver: true})
	exp := "2"
	if rec := f.send(t, http.MethodPost, "a.localhost", fmt.Sprintf("/api/classes/%d/expectations", p.classID), p.tokens["admin"],
		expectations.Set{FormID: m.formID, IsMidSemester: true, Answers: []expectations.Answer{{FormQuestionID: m.graded1, Value: &exp}}}); rec.Code != http.StatusOK {
		t.Fatalf("expectations: %d %s", rec.Code, rec.Body)
	}

	var actions []string
	f.db.Service.InScope(t.Context(), "skole-a", func(ctx context.Context, tx *gorm.DB) error {
		return tx.Raw("SELECT action FROM audit_log WHERE entity = 'answerSet' AND student_user_id = ? ORDER BY id", p.studentID).Scan(&actions).Error
	})
	if strings.Join(actions, ",") != "answerSet.delivered,answerSet.delivered" {
		t.Errorf("audit %v", actions)
	}

	full := decode[answers.Full](t, f.send(t, http.MethodGet, "a.localhost",
		fmt.Sprintf("/api/classes/%d/students/%d/forms/%d/full", p.classID, p.studentID, m.formID), p.tokens["student"], nil))
	h := full.MidSemester
	if full.AnswerAs == nil || *full.AnswerAs != answers.RoleStudent || h == nil || h.Student == nil || h.Advisor == nil || h.Teacher == nil {
		t.Fatalf("full %+v", full)
	}
	if h.Expectations == nil || len(h.Expectations.Answers) != 1 || full.EndSemester == nil || full.EndSemester.Expectations != nil {
		t.Errorf("expectations in full: %+v / %+v", h.Expectations, full.EndSemester)
	}
	tags := map[string]string{}
	for _, s := range []*answers.Set{h.Student, h.Advisor, h.Teacher} {
		for _, c := range s.Comments {
			tags[c.Comment] = c.RoleTag + " " + c.UserName
		}
	}
	if tags["Jeg snakker godt med pasientene."] != "S Test student@a.test" || tags["Trygg i samtaler."] != "PV Test advisor@a.test" || tags["Bra"] != "PL Test teacher@a.test" {
		t.Errorf("comment authors %v", tags)
	}

	sum := decode[answers.Summary](t, f.send(t, http.MethodGet, "a.localhost",
		fmt.Sprintf("/api/classes/%d/students/%d/forms/%d", p.classID, p.studentID, m.formID), p.tokens["teacher"], nil))
	if sum.MidSemester == nil || sum.MidSemester.Total != 3 || sum.MidSemester.Student.Answered != 3 || sum.MidSemester.Student.DeliveredAt == nil ||
		sum.MidSemester.Advisor.Answered != 1 || sum.MidSemester.Teacher.Answered != 2 || *sum.AnswerAs != answers.RoleTeacher {
		t.Errorf("summary %+v", sum.MidSemester)
	}

	prog := decode[answers.Progress](t, f.send(t, http.MethodGet, "a.localhost",
		fmt.Sprintf("/api/classes/%d/students/%d/progress", p.classID, p.studentID), p.tokens["student"], nil))
	if len(prog.Forms) != 1 || len(prog.Forms[0].Halves) != 2 {
		t.Fatalf("progress %+v", prog)
	}
	mh := prog.Forms[0].Halves[0]
	if !mh.IsMidSemester || mh.Total != 3 || mh.Student != (answers.RoleProgress{Answered: 3, Delivered: true}) ||
		mh.Advisor != (answers.RoleProgress{Answered: 1}) || mh.Teacher != (answers.RoleProgress{Answered: 2, Delivered: true}) {
		t.Errorf("mid progress %+v", mh)
	}
	if len(mh.Questions) != 2 {
		t.Fatalf("comparison %+v", mh.Questions)
	}
	q1, q2 := mh.Questions[0], mh.Questions[1]
	n := func(p *int) int {
		if p == nil {
			return -1
		}
		return *p
	}
	if q1.FormQuestionID != m.graded1 || n(q1.Student) != 1 || n(q1.Advisor) != 2 || n(q1.Teacher) != 3 || n(q1.Expected) != 2 || q1.Levels != 5 {
		t.Errorf("question 1 %+v", q1)
	}
	if n(q2.Student) != -1 || len(q2.NotRelevant) != 1 || q2.NotRelevant[0] != answers.RoleStudent || n(q2.Teacher) != 0 || n(q2.Expected) != -1 {
		t.Errorf("question 2 %+v", q2)
	}
	if eh := prog.Forms[0].Halves[1]; eh.IsMidSemester || eh.Student.Answered != 0 || len(eh.Questions) != 2 {
		t.Errorf("end progress %+v", eh)
	}
}

// With two supervisors, the one answering sees their own place (empty
// until they answer) and the primary's set among the others; a reader
// sees the primary's set in the supervisor's place.
func TestTwoSupervisors(t *testing.T) {
	onDay(t, 2026, time.September, 15)
	f := newFixture(t)
	p, m := f.mainFormPlacement(t)
	f.takeAsSecondSupervisor(t, p)
	primary := f.mustSave(t, p, "advisor", answers.Input{AssignmentID: m.midID, StudentUserID: p.studentID, Answers: []answers.Answer{{FormQuestionID: m.graded1, Value: sp("2")}}})
	path := fmt.Sprintf("/api/classes/%d/students/%d/forms/%d/full", p.classID, p.studentID, m.formID)
	second := decode[answers.Full](t, f.send(t, http.MethodGet, "a.localhost", path, p.tokens["otherAdvisor"], nil))
	if second.AnswerAs == nil || *second.AnswerAs != answers.RoleAdvisor || second.MidSemester.Advisor != nil ||
		len(second.MidSemester.Others) != 1 || second.MidSemester.Others[0].ID != primary.ID {
		t.Errorf("second supervisor's view %+v", second.MidSemester)
	}
	own := f.mustSave(t, p, "otherAdvisor", answers.Input{AssignmentID: m.midID, StudentUserID: p.studentID, Answers: []answers.Answer{{FormQuestionID: m.graded1, Value: sp("4")}}})
	second = decode[answers.Full](t, f.send(t, http.MethodGet, "a.localhost", path, p.tokens["otherAdvisor"], nil))
	if second.MidSemester.Advisor == nil || second.MidSemester.Advisor.ID != own.ID {
		t.Errorf("second supervisor's own place %+v", second.MidSemester.Advisor)
	}
	reader := decode[answers.Full](t, f.send(t, http.MethodGet, "a.localhost", path, p.tokens["student"], nil))
	if reader.MidSemester.Advisor == nil || reader.MidSemester.Advisor.ID != primary.ID || len(reader.MidSemester.Others) != 1 {
		t.Errorf("student's view of the supervisors %+v", reader.MidSemester)
	}
}
