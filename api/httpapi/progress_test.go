package httpapi

import (
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/praksis/praksis/api/answers"
	"github.com/praksis/praksis/api/pdf/pdftest"
	"github.com/praksis/praksis/api/progress"
	"github.com/praksis/praksis/api/users"
)

// record is a placement's student with two earlier placements: spring
// 2026 on the same main form, and autumn 2025 on an older main form whose
// communication group is spelt otherwise and has a question the newer form
// dropped. oldTeacher taught the autumn class.
type record struct {
	p                *placement
	m                mainForm
	autumn, spring   int64
	oldForm, oldLost int64
	oldTeacher       string
}

// earlierPlacements gives the placement's student the two earlier
// placements of record, each answered at the end by the student and its
// teacher, the autumn one passed and the spring one failed.
func (f *fixture) earlierPlacements(t *testing.T, p *placement, m mainForm) record {
	t.Helper()
	r := record{p: p, m: m}
	var oldTeacherID int64
	r.oldTeacher, oldTeacherID = f.signIn(t, "skole-a", "a.localhost", "oldTeacher@a.test", users.RoleTeacher)
	autumnP := f.scalar(t, "skole-a", "INSERT INTO periods (name, start_date, end_date) VALUES ('Høst 2025', '2025-07-01', '2025-12-31') RETURNING id")
	springP := f.scalar(t, "skole-a", "INSERT INTO periods (name, start_date, end_date) VALUES ('Vår 2026', '2026-01-01', '2026-06-30') RETURNING id")
	autumnS := f.scalar(t, "skole-a", "INSERT INTO subjects (subject_code, name) VALUES ('SYKP1100', 'Grunnleggende sykepleie') RETURNING id")
	springS := f.scalar(t, "skole-a", "INSERT INTO subjects (subject_code, name) VALUES ('SYKP1200', 'Eldreomsorg og hjemmesykepleie') RETURNING id")
	r.autumn = f.scalar(t, "skole-a", "INSERT INTO classes (period_id, subject_id) VALUES (?, ?) RETURNING id", autumnP, autumnS)
	r.spring = f.scalar(t, "skole-a", "INSERT INTO classes (period_id, subject_id) VALUES (?, ?) RETURNING id", springP, springS)

	r.oldForm = f.scalar(t, "skole-a", "INSERT INTO forms (name, is_main_form) VALUES ('Hovedskjema 2025', true) RETURNING id")
	g := f.scalar(t, "skole-a", "INSERT INTO question_groups (form_id, name, type, sort_order) VALUES (?, 'KOMMUNIKASJON', 2, 1) RETURNING id", r.oldForm)
	f.db.Exec(t, "skole-a", `INSERT INTO question_group_options (group_id, label, value, sort_order) VALUES
		(?, 'Selvstendig', 0, 1), (?, 'Delvis selvstendig', 1, 2), (?, 'Veiledet', 2, 3), (?, 'Assistert', 3, 4), (?, 'Uselvstendig', 4, 5)`, g, g, g, g, g)
	oldSame := f.scalar(t, "skole-a", "INSERT INTO questions (group_id, text, sort_order) VALUES (?, 'kommuniserer med  pasienten', 1) RETURNING id", g)
	r.oldLost = f.scalar(t, "skole-a", "INSERT INTO questions (group_id, text, sort_order) VALUES (?, 'Bruker tolk ved behov', 2) RETURNING id", g)

	for _, c := range []struct {
		class, form int64
		teacher     int64
		values      map[int64]string
		result      string
	}{
		{r.autumn, r.oldForm, oldTeacherID, map[int64]string{oldSame: "3", r.oldLost: "2"}, "passed"},
		{r.spring, m.formID, oldTeacherID, map[int64]string{m.graded1: "2", m.graded2: "1"}, "failed"},
	} {
		f.db.Exec(t, "skole-a", "INSERT INTO class_students (class_id, user_id) VALUES (?, ?)", c.class, p.studentID)
		f.db.Exec(t, "skole-a", "INSERT INTO class_teachers (class_id, user_id) VALUES (?, ?)", c.class, c.teacher)
		ref := f.scalar(t, "skole-a", "INSERT INTO student_references (class_id, student_user_id, teacher_user_id) VALUES (?, ?, ?) RETURNING id", c.class, p.studentID, c.teacher)
		f.db.Exec(t, "skole-a", "INSERT INTO class_forms (class_id, form_id) VALUES (?, ?)", c.class, c.form)
		f.db.Exec(t, "skole-a", "INSERT INTO assignments (class_id, form_id, is_mid_semester) VALUES (?, ?, true), (?, ?, false)", c.class, c.form, c.class, c.form)
		for _, mid := range []bool{true, false} {
			a := f.scalar(t, "skole-a", "SELECT id FROM assignments WHERE class_id = ? AND is_mid_semester = ?", c.class, mid)
			for _, who := range []int64{p.studentID, c.teacher} {
				set := f.scalar(t, "skole-a", `INSERT INTO answer_sets (assignment_id, form_id, student_user_id, user_id, class_id, subject_id, is_mid_semester, delivered_at)
					SELECT ?, ?, ?, ?, c.id, c.subject_id, ?, now() FROM classes c WHERE c.id = ? RETURNING id`, a, c.form, p.studentID, who, mid, c.class)
				for q, v := range c.values {
					if who == c.teacher {
						v = "1"
					}
					if mid {
						v = "4"
					}
					f.db.Exec(t, "skole-a", "INSERT INTO answers (answer_set_id, question_id, value) VALUES (?, ?, ?)", set, q, v)
				}
			}
		}
		f.db.Exec(t, "skole-a", "INSERT INTO signing_forms (student_reference_id, class_id, student_user_id, overall_passed) VALUES (?, ?, ?, ?)",
			ref, c.class, p.studentID, c.result)
	}
	f.db.Exec(t, "skole-a", `INSERT INTO expectations (class_id, form_id, question_id, is_mid_semester, value) VALUES (?, ?, ?, false, '1')`,
		r.spring, m.formID, m.graded1)
	return r
}

// views is the placements of a record by class id and view.
func views(rec progress.Record) map[int64]progress.View {
	out := map[int64]progress.View{}
	for _, p := range rec.Placements {
		out[p.ClassID] = p.View
	}
	return out
}

// A student's record across three placements: the questions of the two
// main forms are matched by group and text, the one the newer form dropped
// is apart, levels and expectations are where they were given.
func TestProgressAcrossPlacements(t *testing.T) {
	onDay(t, 2026, time.September, 15)
	f := newFixture(t)
	p, m := f.mainFormPlacement(t)
	r := f.earlierPlacements(t, p, m)
	f.mustSave(t, p, "student", answers.Input{AssignmentID: m.midID, StudentUserID: p.studentID,
		Answers: []answers.Answer{{FormQuestionID: m.graded1, Value: sp("3")}}})

	rec := f.send(t, http.MethodGet, "a.localhost", fmt.Sprintf("/api/students/%d/progress", p.studentID), p.tokens["student"], nil)
	if rec.Code != http.StatusOK {
		t.Fatalf("progress: %d %s", rec.Code, rec.Body)
	}
	got := decode[progress.Record](t, rec)
	var order []int64
	for _, pl := range got.Placements {
		order = append(order, pl.ClassID)
		if pl.View != progress.ViewFull {
			t.Errorf("the student sees class %d as %s", pl.ClassID, pl.View)
		}
	}
	if !slices.Equal(order, []int64{r.autumn, r.spring, p.classID}) {
		t.Fatalf("placements %v, want autumn, spring, current", order)
	}
	if got.Placements[0].Result == nil || *got.Placements[0].Result != "passed" || *got.Placements[1].Result != "failed" || got.Placements[2].Result != nil {
		t.Errorf("results: %+v", got.Placements)
	}
	if len(got.Areas) != 1 || got.Areas[0].Name != "Kommunikasjon" && got.Areas[0].Name != "KOMMUNIKASJON" {
		t.Fatalf("areas: %+v", got.Areas)
	}
	var texts []string
	for _, q := range got.Areas[0].Questions {
		texts = append(texts, q.Text)
	}
	// "Dokumenterer" is in the spring and current placements (one form).
	if len(texts) != 2 {
		t.Fatalf("matched questions %q", texts)
	}
	first := got.Areas[0].Questions[0]
	type cell struct {
		class   int64
		mid     bool
		s, t, e string
	}
	str := func(v *int) string {
		if v == nil {
			return "-"
		}
		return fmt.Sprint(*v)
	}
	var cells []cell
	for _, c := range first.Cells {
		cells = append(cells, cell{c.ClassID, c.IsMidSemester, str(c.Student), str(c.Teacher), str(c.Expected)})
	}
	want := []cell{
		{r.autumn, true, "4", "4", "-"}, {r.autumn, false, "3", "1", "-"},
		{r.spring, true, "4", "4", "-"}, {r.spring, false, "2", "1", "1"},
		{p.classID, true, "3", "-", "-"}, {p.classID, false, "-", "-", "-"},
	}
	if !slices.Equal(cells, want) {
		t.Errorf("cells of %q:\n got %v\nwant %v", first.Text, cells, want)
	}
	if len(got.Unmatched) != 1 || len(got.Unmatched[0].Questions) != 1 || got.Unmatched[0].Questions[0].Text != "Bruker tolk ved behov" {
		t.Errorf("unmatched: %+v", got.Unmatched)
	}
}

// Sharing: without it only the student and admins see earlier placements;
// with it the teachers and the student's own supervisor of the current
// placement see the earlier end results (never mid); another supervisor,
// a past teacher, another student, a teacher of another class and another
// school's admin never do. Taking it back closes the view again, and both
// moves are audited.
func TestProgressSharing(t *testing.T) {
	onDay(t, 2026, time.September, 15)
	f := newFixture(t)
	p, m := f.mainFormPlacement(t)
	r := f.earlierPlacements(t, p, m)
	p.tokens["oldTeacher"] = r.oldTeacher
	path := fmt.Sprintf("/api/students/%d/progress", p.studentID)
	all := map[int64]progress.View{r.autumn: progress.ViewFull, r.spring: progress.ViewFull, p.classID: progress.ViewFull}
	current := map[int64]progress.View{p.classID: progress.ViewFull}
	shared := map[int64]progress.View{r.autumn: progress.ViewEndResults, r.spring: progress.ViewEndResults, p.classID: progress.ViewFull}
	check := func(t *testing.T, who string, want map[int64]progress.View, status int) {
		t.Helper()
		host := "a.localhost"
		if who == "otherSchoolAdmin" {
			host = "b.localhost"
		}
		rec := f.send(t, http.MethodGet, host, path, p.tokens[who], nil)
		if rec.Code != status {
			t.Fatalf("%s: %d %s, want %d", who, rec.Code, rec.Body, status)
		}
		if status != http.StatusOK {
			return
		}
		got := decode[progress.Record](t, rec)
		if v := views(got); len(v) != len(want) || !func() bool {
			for k, x := range want {
				if v[k] != x {
					return false
				}
			}
			return true
		}() {
			t.Errorf("%s sees %v, want %v", who, v, want)
		}
		for _, a := range append(got.Areas, got.Unmatched...) {
			for _, q := range a.Questions {
				for _, c := range q.Cells {
					if want[c.ClassID] == progress.ViewEndResults && c.IsMidSemester {
						t.Errorf("%s sees a mid-placement level of shared class %d", who, c.ClassID)
					}
				}
			}
		}
	}
	refusedAlways := []struct {
		who    string
		status int
	}{
		{"otherStudent", http.StatusForbidden}, {"otherTeacher", http.StatusForbidden}, {"otherSchoolAdmin", http.StatusNotFound},
	}
	t.Run("not shared", func(t *testing.T) {
		check(t, "student", all, http.StatusOK)
		check(t, "admin", all, http.StatusOK)
		check(t, "teacher", current, http.StatusOK)
		check(t, "advisor", current, http.StatusOK)
		check(t, "otherAdvisor", current, http.StatusOK)
		check(t, "oldTeacher", map[int64]progress.View{r.autumn: progress.ViewFull, r.spring: progress.ViewFull}, http.StatusOK)
		for _, c := range refusedAlways {
			check(t, c.who, nil, c.status)
		}
	})
	t.Run("only the student shares", func(t *testing.T) {
		for _, who := range []string{"teacher", "advisor", "admin"} {
			if rec := f.send(t, http.MethodPut, "a.localhost", "/api/progress/sharing", p.tokens[who], nil); rec.Code != http.StatusForbidden {
				t.Errorf("%s shares: %d %s", who, rec.Code, rec.Body)
			}
		}
	})
	t.Run("shared", func(t *testing.T) {
		for range 2 {
			rec := f.send(t, http.MethodPut, "a.localhost", "/api/progress/sharing", p.tokens["student"], nil)
			if got := decode[progress.Sharing](t, rec); rec.Code != http.StatusOK || !got.Shared || got.SharedAt == nil {
				t.Fatalf("share: %d %s", rec.Code, rec.Body)
			}
		}
		check(t, "student", all, http.StatusOK)
		check(t, "admin", all, http.StatusOK)
		check(t, "teacher", shared, http.StatusOK)
		check(t, "advisor", shared, http.StatusOK)
		check(t, "otherAdvisor", current, http.StatusOK)
		check(t, "oldTeacher", map[int64]progress.View{r.autumn: progress.ViewFull, r.spring: progress.ViewFull}, http.StatusOK)
		for _, c := range refusedAlways {
			check(t, c.who, nil, c.status)
		}
	})
	t.Run("taken back", func(t *testing.T) {
		rec := f.send(t, http.MethodDelete, "a.localhost", "/api/progress/sharing", p.tokens["student"], nil)
		if got := decode[progress.Sharing](t, rec); rec.Code != http.StatusOK || got.Shared || got.SharedAt != nil {
			t.Fatalf("unshare: %d %s", rec.Code, rec.Body)
		}
		check(t, "teacher", current, http.StatusOK)
		check(t, "advisor", current, http.StatusOK)
		check(t, "student", all, http.StatusOK)
		actions := f.auditActions(t)
		containsAll(t, actions, "progress.shared", "progress.unshared")
		if n := len(slices.DeleteFunc(slices.Clone(actions), func(a string) bool { return a != "progress.shared" })); n != 1 {
			t.Errorf("sharing twice audited %d times", n)
		}
	})
	t.Run("unknown student", func(t *testing.T) {
		if rec := f.send(t, http.MethodGet, "a.localhost", "/api/students/999999/progress", p.tokens["admin"], nil); rec.Code != http.StatusNotFound {
			t.Errorf("unknown student: %d %s", rec.Code, rec.Body)
		}
	})
}

// The record across three placements costs no more statements than the
// form page (the full assessment), for the student and for a teacher the
// student shares with.
func TestProgressCostsNoMoreThanAFormPage(t *testing.T) {
	onDay(t, 2026, time.September, 15)
	f, counter := countedFixture(t)
	p, m := f.mainFormPlacement(t)
	f.earlierPlacements(t, p, m)
	f.db.Exec(t, "skole-a", "INSERT INTO progress_sharing (student_user_id) VALUES (?)", p.studentID)
	count := func(path, who string) int {
		n := 0
		for range 2 {
			counter.Reset()
			if rec := f.send(t, http.MethodGet, "a.localhost", path, p.tokens[who], nil); rec.Code != http.StatusOK {
				t.Fatalf("%s: %d %s", path, rec.Code, rec.Body)
			}
			n = counted(counter)
		}
		return n
	}
	form := count(fmt.Sprintf("/api/classes/%d/students/%d/forms/%d/full", p.classID, p.studentID, m.formID), "student")
	for _, who := range []string{"student", "teacher"} {
		if n := count(fmt.Sprintf("/api/students/%d/progress", p.studentID), who); n > form {
			t.Errorf("the record as %s ran %d statements, the form page %d", who, n, form)
		}
	}
}

// The record's PDF shows what the record shows the caller: the student's
// every placement, a teacher without the student's consent only their own,
// and refuses whom the record refuses.
func TestProgressPDF(t *testing.T) {
	onDay(t, 2026, time.September, 15)
	f := newFixture(t)
	p, m := f.mainFormPlacement(t)
	f.earlierPlacements(t, p, m)
	path := fmt.Sprintf("/api/students/%d/progress/pdf?lang=nb", p.studentID)
	rec := f.send(t, http.MethodGet, "a.localhost", path, p.tokens["student"], nil)
	if rec.Code != http.StatusOK || rec.Header().Get("Content-Type") != "application/pdf" {
		t.Fatalf("student: %d %s", rec.Code, rec.Header())
	}
	text := pdftest.Flow(t, rec.Body.Bytes())
	for _, s := range []string{"Progresjon gjennom praksisperiodene", "Grunnleggende sykepleie", "Eldreomsorg og hjemmesykepleie", "Medisinsk praksis", "Bruker tolk ved behov"} {
		if !strings.Contains(text, s) {
			t.Errorf("the student's PDF lacks %q", s)
		}
	}
	rec = f.send(t, http.MethodGet, "a.localhost", path, p.tokens["teacher"], nil)
	if rec.Code != http.StatusOK {
		t.Fatalf("teacher: %d %s", rec.Code, rec.Body)
	}
	if text := pdftest.Flow(t, rec.Body.Bytes()); strings.Contains(text, "Grunnleggende sykepleie") || !strings.Contains(text, "Medisinsk praksis") {
		t.Errorf("the teacher's PDF without consent:\n%s", text)
	}
	for _, who := range []string{"otherStudent", "otherTeacher"} {
		if rec := f.send(t, http.MethodGet, "a.localhost", path, p.tokens[who], nil); rec.Code != http.StatusForbidden {
			t.Errorf("%s: %d", who, rec.Code)
		}
	}
}
