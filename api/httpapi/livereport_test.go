package httpapi

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/praksis/praksis/api/reports"
	"github.com/praksis/praksis/api/users"
)

// semesterFixture is the placement's semester with a second class of six
// more students, a spread of delivered assessments, warnings, signing
// forms, results and teachers' end levels, seeded straight into the
// tables so the test can count them on its own.
func (f *fixture) semesterFixture(t *testing.T) (*placement, mainForm, int64, int64) {
	t.Helper()
	p, m := f.mainFormPlacement(t)
	periodID := f.scalar(t, "skole-a", "SELECT period_id FROM classes WHERE id = ?", p.classID)
	subject := f.scalar(t, "skole-a", "INSERT INTO subjects (subject_code, name) VALUES ('SYKP3100', 'Psykisk helsearbeid') RETURNING id")
	second := f.scalar(t, "skole-a", "INSERT INTO classes (period_id, subject_id) VALUES (?, ?) RETURNING id", periodID, subject)
	teacher := f.userID(t, "teacher@a.test")
	f.db.Exec(t, "skole-a", "INSERT INTO class_teachers (class_id, user_id) VALUES (?, ?)", second, teacher)
	f.db.Exec(t, "skole-a", "INSERT INTO class_forms (class_id, form_id) VALUES (?, ?)", second, m.formID)
	f.db.Exec(t, "skole-a", "INSERT INTO assignments (class_id, form_id, is_mid_semester) VALUES (?, ?, true), (?, ?, false)", second, m.formID, second, m.formID)
	f.db.Exec(t, "skole-a", "INSERT INTO expectations (class_id, form_id, question_id, is_mid_semester, value) VALUES (?, ?, ?, false, '1')", second, m.formID, m.graded1)
	// The second class has deadlines: the students' mid-semester assessment
	// was due on its mid-semester date (passed), the supervisors' the same
	// day by the semester's rule, the teachers' end one is still to come.
	f.db.Exec(t, "skole-a", "UPDATE classes SET mid_semester_date = '2026-09-01', end_semester_date = '2026-12-10' WHERE id = ?", second)
	f.db.Exec(t, "skole-a", `INSERT INTO deadline_rules (class_id, item, form_id, is_mid_semester, role, anchor, offset_days)
		VALUES (?, 'answers', ?, true, 'student', 'midSemester', 0), (?, 'answers', ?, false, 'teacher', 'endSemester', -5)`, second, m.formID, second, m.formID)
	f.db.Exec(t, "skole-a", `INSERT INTO deadline_rules (period_id, item, form_id, is_mid_semester, role, anchor, fixed_date)
		VALUES (?, 'answers', ?, true, 'advisor', 'fixed', '2026-09-10')`, periodID, m.formID)
	// The semester's rule would reach the placement's class too, so that
	// class overrides it with a date still to come.
	f.db.Exec(t, "skole-a", `INSERT INTO deadline_rules (class_id, item, form_id, is_mid_semester, role, anchor, fixed_date)
		VALUES (?, 'answers', ?, true, 'advisor', 'fixed', '2026-12-24')`, p.classID, m.formID)
	for i := range 6 {
		_, id := f.signIn(t, "skole-a", "a.localhost", fmt.Sprintf("student%d@a.test", i), users.RoleStudent)
		f.db.Exec(t, "skole-a", "INSERT INTO class_students (class_id, user_id) VALUES (?, ?)", second, id)
		ref := f.scalar(t, "skole-a", "INSERT INTO student_references (class_id, student_user_id, teacher_user_id) VALUES (?, ?, ?) RETURNING id", second, id, teacher)
		deliver := func(mid bool, who int64, values ...string) {
			a := f.scalar(t, "skole-a", "SELECT id FROM assignments WHERE class_id = ? AND is_mid_semester = ?", second, mid)
			set := f.scalar(t, "skole-a", `INSERT INTO answer_sets (assignment_id, form_id, student_user_id, user_id, class_id, subject_id, is_mid_semester, delivered_at)
				VALUES (?, ?, ?, ?, ?, ?, ?, CASE WHEN ? THEN now() END) RETURNING id`, a, m.formID, id, who, second, subject, mid, i%3 != 2)
			for q, v := range values {
				f.db.Exec(t, "skole-a", "INSERT INTO answers (answer_set_id, question_id, value) VALUES (?, ?, ?)", set, []int64{m.graded1, m.graded2}[q], v)
			}
		}
		deliver(true, id)
		if i%2 == 0 {
			deliver(false, id)
		}
		if i < 4 {
			deliver(false, teacher, fmt.Sprint(i%3), []string{"5", "4", "0", "2"}[i])
		}
		if i < 3 {
			f.db.Exec(t, "skole-a", `INSERT INTO warnings (class_id, student_user_id, teacher_user_id, comment, pass_requirement, pass_requirement_summary, submitted_at, student_confirmed_at)
				VALUES (?, ?, ?, 'a', 'b', 'c', now(), CASE WHEN ? THEN now() END)`, second, id, teacher, i == 0)
		}
		switch i {
		case 0:
			f.db.Exec(t, "skole-a", "INSERT INTO signing_forms (student_reference_id, class_id, student_user_id, overall_passed) VALUES (?, ?, ?, 'passed')", ref, second, id)
		case 1:
			f.db.Exec(t, "skole-a", "INSERT INTO signing_forms (student_reference_id, class_id, student_user_id, mid_semester_completed_date, overall_passed) VALUES (?, ?, ?, '2026-10-01', 'failed')", ref, second, id)
		case 2:
			f.db.Exec(t, "skole-a", "INSERT INTO signing_forms (student_reference_id, class_id, student_user_id, mid_semester_completed_date, end_semester_completed_date) VALUES (?, ?, ?, '2026-10-01', '2026-12-01')", ref, second, id)
		}
	}
	return p, m, periodID, second
}

// The live report's numbers are the counts the test makes itself from the
// tables, each number's drill-down lists as many students as it says, the
// filters narrow it, and only the school's admins may read it.
func TestLiveSemesterReport(t *testing.T) {
	onDay(t, 2026, time.September, 15)
	f := newFixture(t)
	p, m, periodID, second := f.semesterFixture(t)
	base := fmt.Sprintf("/api/periods/%d/report", periodID)
	rec := f.send(t, http.MethodGet, "a.localhost", base, p.tokens["admin"], nil)
	if rec.Code != http.StatusOK {
		t.Fatalf("report: %d %s", rec.Code, rec.Body)
	}
	r := decode[reports.SemesterReport](t, rec)
	if len(r.Classes) != 2 || r.Classes[0].ClassID != p.classID || r.Classes[1].ClassID != second {
		t.Fatalf("classes: %+v", r.Classes)
	}
	count := func(sql string, args ...any) int { return int(f.scalar(t, "skole-a", sql, args...)) }
	drill := func(q url.Values) int {
		t.Helper()
		rec := f.send(t, http.MethodGet, "a.localhost", base+"/students?"+q.Encode(), p.tokens["admin"], nil)
		if rec.Code != http.StatusOK {
			t.Fatalf("drill-down %s: %d %s", q.Encode(), rec.Code, rec.Body)
		}
		return len(decode[[]reports.StudentRef](t, rec))
	}
	check := func(what string, got, want int, q url.Values) {
		t.Helper()
		if got != want {
			t.Errorf("%s: %d, counted %d", what, got, want)
		}
		if n := drill(q); n != got {
			t.Errorf("%s: %d, drill-down lists %d", what, got, n)
		}
	}
	role := map[string]string{
		"student": "s.user_id = s.student_user_id",
		"teacher": "s.user_id <> s.student_user_id AND s.user_id IN (SELECT user_id FROM class_teachers WHERE class_id = s.class_id)",
		"advisor": "s.user_id <> s.student_user_id AND s.user_id NOT IN (SELECT user_id FROM class_teachers WHERE class_id = s.class_id)",
	}
	lates := map[string]int{}
	for _, c := range r.Classes {
		q := func(kv ...string) url.Values {
			v := url.Values{"classId": {fmt.Sprint(c.ClassID)}}
			for i := 0; i < len(kv); i += 2 {
				v.Set(kv[i], kv[i+1])
			}
			return v
		}
		students := count("SELECT count(*) FROM class_students WHERE class_id = ?", c.ClassID)
		check("students", c.Students, students, q("metric", "students"))
		if len(c.Assessments) != 2 {
			t.Fatalf("assessments of class %d: %+v", c.ClassID, c.Assessments)
		}
		for _, a := range c.Assessments {
			half := map[bool]string{true: "mid", false: "end"}[a.IsMidSemester]
			for name, got := range map[string]reports.RoleCounts{"student": a.Student, "advisor": a.Advisor, "teacher": a.Teacher} {
				delivered := count(`SELECT count(DISTINCT s.student_user_id) FROM answer_sets s WHERE s.class_id = ? AND s.form_id = ? AND s.is_mid_semester = ?
					AND s.delivered_at IS NOT NULL AND `+role[name], c.ClassID, a.FormID, a.IsMidSemester)
				what := fmt.Sprintf("class %d %s %s", c.ClassID, half, name)
				check(what+" delivered", got.Delivered, delivered, q("metric", "delivered", "formId", fmt.Sprint(a.FormID), "half", half, "role", name))
				check(what+" missing", got.Missing, students-delivered, q("metric", "missing", "formId", fmt.Sprint(a.FormID), "half", half, "role", name))
				// The deadline the test works out itself: the class's own
				// rule over the semester's, its date from the class's.
				rule := `FROM deadline_rules r JOIN classes c ON r.class_id = c.id OR r.period_id = c.period_id
					WHERE c.id = ? AND r.item = 'answers' AND r.form_id = ? AND r.is_mid_semester = ? AND r.role = ?`
				ruled := count("SELECT count(*) "+rule, c.ClassID, a.FormID, a.IsMidSemester, name) > 0
				if !ruled {
					if got.Late != nil {
						t.Errorf("%s late: %d without a deadline", what, *got.Late)
					}
					continue
				}
				late := count(`SELECT count(*) FROM class_students cs WHERE cs.class_id = ?
					AND (SELECT CASE r.anchor WHEN 'fixed' THEN r.fixed_date WHEN 'midSemester' THEN c.mid_semester_date + r.offset_days ELSE c.end_semester_date + r.offset_days END
						`+rule+` ORDER BY r.class_id NULLS LAST LIMIT 1) < DATE '2026-09-15'
					AND NOT EXISTS (SELECT 1 FROM answer_sets s WHERE s.class_id = cs.class_id AND s.student_user_id = cs.user_id AND s.form_id = ?
						AND s.is_mid_semester = ? AND s.delivered_at IS NOT NULL AND `+role[name]+`)`,
					c.ClassID, c.ClassID, a.FormID, a.IsMidSemester, name, a.FormID, a.IsMidSemester)
				if got.Late == nil {
					t.Errorf("%s: no late count, though a deadline is set", what)
					continue
				}
				check(what+" late", *got.Late, late, q("metric", "late", "formId", fmt.Sprint(a.FormID), "half", half, "role", name))
				lates[what] = *got.Late
			}
		}
		check("warnings given", c.Warnings.Given, count("SELECT count(*) FROM warnings WHERE class_id = ? AND submitted_at IS NOT NULL", c.ClassID), q("metric", "warningGiven"))
		check("warnings confirmed", c.Warnings.Confirmed, count("SELECT count(*) FROM warnings WHERE class_id = ? AND student_confirmed_at IS NOT NULL", c.ClassID), q("metric", "warningConfirmed"))
		forms := count("SELECT count(*) FROM signing_forms WHERE class_id = ?", c.ClassID)
		check("signing none", c.Signing.None, students-forms, q("metric", "signing", "state", "none"))
		check("signing saved", c.Signing.Saved, count("SELECT count(*) FROM signing_forms WHERE class_id = ? AND mid_semester_completed_date IS NULL", c.ClassID), q("metric", "signing", "state", "saved"))
		check("signing mid", c.Signing.MidConfirmed, count("SELECT count(*) FROM signing_forms WHERE class_id = ? AND mid_semester_completed_date IS NOT NULL AND end_semester_completed_date IS NULL", c.ClassID), q("metric", "signing", "state", "midConfirmed"))
		check("signing end", c.Signing.EndCompleted, count("SELECT count(*) FROM signing_forms WHERE class_id = ? AND end_semester_completed_date IS NOT NULL AND signed_by_teacher_date IS NULL", c.ClassID), q("metric", "signing", "state", "endCompleted"))
		check("passed", c.Results.Passed, count("SELECT count(*) FROM signing_forms WHERE class_id = ? AND overall_passed = 'passed'", c.ClassID), q("metric", "passed"))
		check("failed", c.Results.Failed, count("SELECT count(*) FROM signing_forms WHERE class_id = ? AND overall_passed = 'failed'", c.ClassID), q("metric", "failed"))
		check("pending", c.Results.Pending, students-count("SELECT count(*) FROM signing_forms WHERE class_id = ? AND overall_passed IS NOT NULL", c.ClassID), q("metric", "pending"))
	}
	// The second class's students without a delivered mid-semester set of
	// their own (every third) are late, its supervisors' (none delivered)
	// all are; the teachers' and the placement class's supervisors' due
	// dates are still to come.
	wantLate := map[string]int{
		fmt.Sprintf("class %d mid student", second): 2, fmt.Sprintf("class %d mid advisor", second): 6,
		fmt.Sprintf("class %d end teacher", second): 0, fmt.Sprintf("class %d mid advisor", p.classID): 0,
	}
	if fmt.Sprint(lates) != fmt.Sprint(wantLate) {
		t.Errorf("late counts %v, want %v", lates, wantLate)
	}
	// The second class's one area, counted by hand from the seeding: the
	// teacher's end levels of four students on two questions.
	areas := r.Classes[1].Areas
	if len(areas) != 1 || areas[0].Name != "Kommunikasjon" {
		t.Fatalf("areas: %+v", areas)
	}
	a := areas[0]
	answers := func(level string, question int64) int {
		return count(`SELECT count(*) FROM answers an JOIN answer_sets s ON s.id = an.answer_set_id
			WHERE s.class_id = ? AND NOT s.is_mid_semester AND s.user_id <> s.student_user_id AND an.question_id = ? AND an.value = ?`, second, question, level)
	}
	for level := range 5 {
		want := answers(fmt.Sprint(level), m.graded1) + answers(fmt.Sprint(level), m.graded2)
		if a.Levels[level] != want {
			t.Errorf("level %d: %d, counted %d", level, a.Levels[level], want)
		}
	}
	area := func(metric string, extra ...string) url.Values {
		v := url.Values{"classId": {fmt.Sprint(second)}, "metric": {metric}, "formId": {fmt.Sprint(a.FormID)}, "groupId": {fmt.Sprint(a.GroupID)}}
		for i := 0; i < len(extra); i += 2 {
			v.Set(extra[i], extra[i+1])
		}
		return v
	}
	// graded1 expects level 1: given 0, 1, 2, 0, so one is below; graded2
	// has no expectation: 4, 0, 2 graded and one not relevant (5).
	for _, c := range []struct {
		name     string
		got      int
		want     int
		students int
		q        url.Values
	}{
		{"below", a.BelowExpected, 1, 1, area("belowExpected")},
		{"meets", a.MeetsExpected, 3, 3, area("meetsExpected")},
		{"none set", a.NoExpectation, 3, 3, area("noExpectation")},
		{"not relevant", a.NotRelevant, answers("5", m.graded2), 1, area("notRelevant")},
		{"level 0", a.Levels[0], 3, 3, area("level", "level", "0")},
	} {
		if c.got != c.want {
			t.Errorf("%s: %d, want %d", c.name, c.got, c.want)
		}
		if n := drill(c.q); n != c.students {
			t.Errorf("%s: drill-down lists %d students, want %d", c.name, n, c.students)
		}
	}

	t.Run("filters", func(t *testing.T) {
		subject := f.scalar(t, "skole-a", "SELECT subject_id FROM classes WHERE id = ?", second)
		for _, q := range []string{fmt.Sprintf("?subjectId=%d", subject), fmt.Sprintf("?classId=%d", second)} {
			got := decode[reports.SemesterReport](t, f.send(t, http.MethodGet, "a.localhost", base+q, p.tokens["admin"], nil))
			if len(got.Classes) != 1 || got.Classes[0].ClassID != second {
				t.Errorf("%s: %+v", q, got.Classes)
			}
		}
	})
	t.Run("csv", func(t *testing.T) {
		rec := f.send(t, http.MethodGet, "a.localhost", base+fmt.Sprintf("/csv?classId=%d&lang=nb", second), p.tokens["admin"], nil)
		if rec.Code != http.StatusOK || rec.Header().Get("Content-Type") != "text/csv; charset=utf-8" {
			t.Fatalf("csv: %d %s", rec.Code, rec.Header())
		}
		want := fmt.Sprintf("SYKP3100;Psykisk helsearbeid;Varsler;Gitt;%d\r\n", r.Classes[1].Warnings.Given)
		if body := rec.Body.String(); !strings.Contains(body, want) || strings.Contains(body, "SYKP2100") {
			t.Errorf("csv lacks %q or shows the filtered-out class:\n%s", want, body)
		}
	})
	t.Run("refusals", func(t *testing.T) {
		for _, who := range []string{"teacher", "student", "advisor", "otherTeacher"} {
			for _, path := range []string{base, base + "/students?metric=students", base + "/csv"} {
				if rec := f.send(t, http.MethodGet, "a.localhost", path, p.tokens[who], nil); rec.Code != http.StatusForbidden {
					t.Errorf("%s %s: %d", who, path, rec.Code)
				}
			}
		}
		if rec := f.send(t, http.MethodGet, "b.localhost", base, p.tokens["otherSchoolAdmin"], nil); rec.Code != http.StatusNotFound {
			t.Errorf("another school's admin: %d %s", rec.Code, rec.Body)
		}
		for _, q := range []string{"metric=delivered&formId=1&half=mid", "metric=late&formId=1&half=end", "metric=signing&state=gone", "metric=level&formId=1", "metric=nonsense", ""} {
			rec := f.send(t, http.MethodGet, "a.localhost", base+"/students?"+q, p.tokens["admin"], nil)
			if rec.Code != http.StatusBadRequest || !strings.Contains(rec.Body.String(), `"reason"`) {
				t.Errorf("%q: %d %s", q, rec.Code, rec.Body)
			}
		}
	})
}
