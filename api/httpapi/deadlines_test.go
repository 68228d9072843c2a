package httpapi

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/praksis/praksis/api/answers"
	"github.com/praksis/praksis/api/clock"
	"github.com/praksis/praksis/api/deadlines"
	"github.com/praksis/praksis/api/signing"
)

// An admin sets a semester's deadline rules and a class's own, and reads
// the due dates they give with the class's dates; everyone else is
// refused, another school's admin included, and bad rules get the field
// named in the error shape in the caller's language.
func TestDeadlineRulesRoutes(t *testing.T) {
	f := newFixture(t)
	s := newSchool(t, f)
	s.useForm(t, f, s.formID)
	f.db.Exec(t, "skole-a", "UPDATE classes SET mid_semester_date = '2026-10-01', end_semester_date = '2026-12-10' WHERE id = ?", s.classID)
	semester := "/api/periods/" + itoa(s.periodID) + "/deadline-rules"
	class := "/api/classes/" + itoa(s.classID) + "/deadline-rules"
	rules := map[string]any{"rules": []any{
		map[string]any{"item": "answers", "formId": s.formID, "isMidSemester": true, "role": "student", "anchor": "midSemester", "offsetDays": -3},
		map[string]any{"item": "signature", "role": "advisor", "anchor": "endSemester", "offsetDays": 7},
	}}
	own := map[string]any{"rules": []any{
		map[string]any{"item": "answers", "formId": s.formID, "isMidSemester": true, "role": "student", "anchor": "fixed", "fixedDate": "2026-09-25"},
	}}

	for _, c := range []struct {
		who, tok string
		want     int
	}{
		{"anonymous", "", http.StatusUnauthorized},
		{"student", s.student, http.StatusForbidden},
		{"teacher of the class", s.teacher, http.StatusForbidden},
		{"supervisor", s.advisor, http.StatusForbidden},
		{"other school's admin", s.otherAdmin, http.StatusUnauthorized},
	} {
		for _, r := range []struct {
			method, path string
			body         any
		}{{http.MethodGet, semester, nil}, {http.MethodPut, semester, rules}, {http.MethodGet, class, nil}, {http.MethodPut, class, own}} {
			if rec := f.send(t, r.method, "a.localhost", r.path, c.tok, r.body); rec.Code != c.want {
				t.Errorf("%s %s as %s: %d %s, want %d", r.method, r.path, c.who, rec.Code, rec.Body, c.want)
			}
		}
	}
	if n := f.scalar(t, "skole-a", "SELECT count(*) FROM deadline_rules"); n != 0 {
		t.Fatalf("refused callers saved %d rules", n)
	}

	rec := f.send(t, http.MethodPut, "a.localhost", semester, s.admin, rules)
	if rec.Code != http.StatusOK {
		t.Fatalf("save semester rules: %d %s", rec.Code, rec.Body)
	}
	if got := decode[deadlines.SemesterRules](t, rec); len(got.Rules) != 2 || got.Rules[0].Anchor != deadlines.MidSemester || got.Rules[1].Item != deadlines.Signature {
		t.Errorf("saved semester rules: %+v", got)
	}
	rec = f.send(t, http.MethodPut, "a.localhost", class, s.admin, own)
	if rec.Code != http.StatusOK {
		t.Fatalf("save class rules: %d %s", rec.Code, rec.Body)
	}
	got := decode[deadlines.ClassRules](t, f.send(t, http.MethodGet, "a.localhost", class, s.admin, nil))
	if len(got.Semester) != 2 || len(got.Class) != 1 || len(got.Deadlines) != 2 {
		t.Fatalf("class rules: %+v", got)
	}
	for i, want := range []struct {
		item deadlines.Item
		due  string
		own  bool
	}{{deadlines.Answers, "2026-09-25", true}, {deadlines.Signature, "2026-12-17", false}} {
		if d := got.Deadlines[i]; d.Item != want.item || d.DueDate.Format("2006-01-02") != want.due || d.Own != want.own {
			t.Errorf("deadline %d: %+v, want %s due %s (own %v)", i, d, want.item, want.due, want.own)
		}
	}

	// Bad input: the field named, the message in the caller's language.
	nynorsk := func(r *http.Request) { r.Header.Set("Accept-Language", "nn") }
	for _, tc := range []struct {
		name, path string
		body       any
		want       int
		says       []string
	}{
		{"too many days", semester, map[string]any{"rules": []any{map[string]any{"item": "signature", "role": "student", "anchor": "endSemester", "offsetDays": 400}}},
			http.StatusBadRequest, []string{"rules[0].offsetDays", "Talet på dagar må vere mellom -366 og 366."}},
		{"end section by a supervisor", semester, map[string]any{"rules": []any{map[string]any{"item": "signingEnd", "role": "advisor", "anchor": "endSemester"}}},
			http.StatusBadRequest, []string{"rules[0].role", "Sluttdelen av signeringsskjemaet blir fylt ut av læraren."}},
		{"form the class does not use", class, map[string]any{"rules": []any{map[string]any{"item": "answers", "formId": s.formID + 1000, "role": "student", "anchor": "endSemester"}}},
			http.StatusBadRequest, []string{"rules[0].formId", "Klassen brukar ikkje dette skjemaet."}},
		{"not a date", semester, map[string]any{"rules": []any{map[string]any{"item": "signature", "role": "student", "anchor": "fixed", "fixedDate": "7. oktober"}}},
			http.StatusBadRequest, nil},
		{"unknown field", semester, map[string]any{"rules": []any{}, "classId": 1}, http.StatusBadRequest, nil},
		{"no list", class, map[string]any{}, http.StatusBadRequest, []string{"Oppgi fristane som ei liste"}},
		{"a null list", semester, map[string]any{"rules": nil}, http.StatusBadRequest, []string{"rules"}},
		{"unknown semester", "/api/periods/999999/deadline-rules", rules, http.StatusNotFound, []string{"Fann ikkje semesteret."}},
		{"unknown class", "/api/classes/999999/deadline-rules", own, http.StatusNotFound, []string{"Fann ikkje klassen."}},
	} {
		rec := f.sendWith(t, http.MethodPut, "a.localhost", tc.path, s.admin, tc.body, nynorsk)
		if rec.Code != tc.want || !strings.Contains(rec.Body.String(), `"statusCode"`) {
			t.Errorf("%s: %d %s, want %d in the error shape", tc.name, rec.Code, rec.Body, tc.want)
		}
		for _, want := range tc.says {
			if !strings.Contains(rec.Body.String(), want) {
				t.Errorf("%s: %s does not say %q", tc.name, rec.Body, want)
			}
		}
	}
	if n := f.scalar(t, "skole-a", "SELECT count(*) FROM deadline_rules"); n != 3 {
		t.Errorf("%d rules after the refused saves, want the 3 saved before", n)
	}
	// Another school's rules are its own.
	if n := f.scalar(t, "skole-b", "SELECT count(*) FROM deadline_rules"); n != 0 {
		t.Errorf("school B has %d rules", n)
	}
}

// The form page tells whoever answers when their own answers to each half
// are due and where that stands at the clock: the student sees the
// student's deadline, the teacher the teacher's, each half its own; a
// half without a rule for the caller's role has none.
func TestFormPageCarriesTheCallersDeadline(t *testing.T) {
	f := newFixture(t)
	s := newSchool(t, f)
	s.useForm(t, f, s.formID)
	f.db.Exec(t, "skole-a", "UPDATE classes SET mid_semester_date = '2026-10-01', end_semester_date = '2026-12-10' WHERE id = ?", s.classID)
	f.db.Exec(t, "skole-a", `INSERT INTO deadline_rules (period_id, item, form_id, is_mid_semester, role, anchor, offset_days) VALUES
		(?, 'answers', ?, true, 'student', 'midSemester', -3), (?, 'answers', ?, false, 'teacher', 'endSemester', 2)`,
		s.periodID, s.formID, s.periodID, s.formID)
	// The student delivered the mid-placement set a day late.
	s.answer(t, f, s.studentID, s.formID, s.questions[0], true, "1")
	f.db.Exec(t, "skole-a", "UPDATE answer_sets SET delivered_at = '2026-09-29 12:00+00' WHERE user_id = ?", s.studentID)
	clock.Base = func() time.Time { return time.Date(2026, time.December, 13, 12, 0, 0, 0, time.UTC) }
	defer func() { clock.Base = time.Now }()

	path := "/api/classes/" + itoa(s.classID) + "/students/" + itoa(s.studentID) + "/forms/" + itoa(s.formID) + "/full"
	show := func(h *answers.Half) string {
		if h == nil || h.Deadline == nil {
			return "none"
		}
		return h.Deadline.DueDate.Format(time.DateOnly) + " " + string(h.Deadline.State)
	}
	for _, c := range []struct {
		who, tok, mid, end string
	}{
		{"student", s.student, "2026-09-28 late", "none"},
		{"teacher", s.teacher, "none", "2026-12-12 overdue"},
	} {
		rec := f.send(t, http.MethodGet, "a.localhost", path, c.tok, nil)
		if rec.Code != http.StatusOK {
			t.Fatalf("%s reads the form: %d %s", c.who, rec.Code, rec.Body)
		}
		got := decode[answers.Full](t, rec)
		if mid, end := show(got.MidSemester), show(got.EndSemester); mid != c.mid || end != c.end {
			t.Errorf("%s: mid %s, end %s; want %s, %s", c.who, mid, end, c.mid, c.end)
		}
	}
}

// The signing form carries when the teacher's end section and each
// signature are due and where each stands: completed or signed before the
// day ended is on time, after it late, not yet after it overdue; a
// signature without a rule has none.
func TestSigningFormCarriesItsDeadlines(t *testing.T) {
	f := newFixture(t)
	s := newSchool(t, f)
	f.db.Exec(t, "skole-a", "UPDATE classes SET mid_semester_date = '2026-10-01', end_semester_date = '2026-12-10' WHERE id = ?", s.classID)
	f.db.Exec(t, "skole-a", `INSERT INTO deadline_rules (period_id, item, role, anchor, offset_days) VALUES
		(?, 'signingEnd', 'teacher', 'endSemester', 0), (?, 'signature', 'student', 'endSemester', 5), (?, 'signature', 'teacher', 'endSemester', 5)`,
		s.periodID, s.periodID, s.periodID)
	// A class rule moves the student's signature earlier.
	f.db.Exec(t, "skole-a", "INSERT INTO deadline_rules (class_id, item, role, anchor, fixed_date) VALUES (?, 'signature', 'student', 'fixed', '2026-12-12')", s.classID)
	ref := f.scalar(t, "skole-a", "INSERT INTO student_references (class_id, student_user_id, teacher_user_id, advisor_user_id) VALUES (?, ?, ?, ?) RETURNING id",
		s.classID, s.studentID, s.teacherID, s.advisorID)
	f.db.Exec(t, "skole-a", `INSERT INTO signing_forms (student_reference_id, class_id, student_user_id, mid_semester_completed_date, end_semester_completed_date,
		signed_by_student_date, signed_by_student_user_id, signed_by_student_sign_in_method)
		VALUES (?, ?, ?, '2026-10-01', '2026-12-11', '2026-12-12 21:00+00', ?, 'code')`, ref, s.classID, s.studentID, s.studentID)
	clock.Base = func() time.Time { return time.Date(2026, time.December, 16, 12, 0, 0, 0, time.UTC) }
	defer func() { clock.Base = time.Now }()

	show := func(st *deadlines.Status) string {
		if st == nil {
			return "none"
		}
		return st.DueDate.Format(time.DateOnly) + " " + string(st.State)
	}
	path := "/api/classes/" + itoa(s.classID) + "/students/" + itoa(s.studentID) + "/signingform"
	for _, who := range []struct{ name, tok string }{{"student", s.student}, {"teacher", s.teacher}} {
		rec := f.send(t, http.MethodGet, "a.localhost", path, who.tok, nil)
		if rec.Code != http.StatusOK {
			t.Fatalf("%s reads the signing form: %d %s", who.name, rec.Code, rec.Body)
		}
		d := decode[signing.Form](t, rec).Deadlines
		got := []string{show(d.EndSection), show(d.Student), show(d.Advisor), show(d.Teacher)}
		// The student signed at 22:00 in Oslo on the due day: on time.
		want := []string{"2026-12-10 late", "2026-12-12 onTime", "none", "2026-12-15 overdue"}
		if strings.Join(got, ", ") != strings.Join(want, ", ") {
			t.Errorf("%s sees %v, want %v", who.name, got, want)
		}
	}
}
