package httpapi

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"gorm.io/gorm"

	"github.com/praksis/praksis/api/answers"
	"github.com/praksis/praksis/api/classes"
	"github.com/praksis/praksis/api/users"
)

// sendEnglish is send with Accept-Language: en.
func (f *fixture) sendEnglish(t *testing.T, method, path, tok string, body any) *httptest.ResponseRecorder {
	t.Helper()
	return f.sendWith(t, method, "a.localhost", path, tok, body, func(req *http.Request) { req.Header.Set("Accept-Language", "en") })
}

// auditActions lists the audit actions of school A in order.
func (f *fixture) auditActions(t *testing.T) []string {
	t.Helper()
	var actions []string
	if err := f.db.Service.InScope(t.Context(), "skole-a", func(ctx context.Context, tx *gorm.DB) error {
		return tx.Raw("SELECT action FROM audit_log ORDER BY id").Scan(&actions).Error
	}); err != nil {
		t.Fatal(err)
	}
	return actions
}

func containsAll(t *testing.T, got []string, want ...string) {
	t.Helper()
	have := strings.Join(got, ",")
	for _, w := range want {
		if !strings.Contains(","+have+",", ","+w+",") {
			t.Errorf("audit trail %v lacks %s", got, w)
		}
	}
}

// takeAsSecondSupervisor has the placement's other supervisor take the
// student, next to the primary one.
func (f *fixture) takeAsSecondSupervisor(t *testing.T, p *placement) {
	t.Helper()
	if rec := f.send(t, http.MethodPost, "a.localhost", fmt.Sprintf("/api/classes/%d/advisor/%d/me", p.classID, p.studentID), p.tokens["otherAdvisor"], nil); rec.Code != http.StatusOK {
		t.Fatalf("second supervisor takes the student: %d %s", rec.Code, rec.Body)
	}
}

// The student's own class, with supervisors (primary first), teacher and
// the main-form assignment of the day.
func TestStudentClassAndMainFormRule(t *testing.T) {
	onDay(t, 2026, time.September, 15)
	f := newFixture(t)
	p, m := f.mainFormPlacement(t)
	f.takeAsSecondSupervisor(t, p)
	rec := f.send(t, http.MethodGet, "a.localhost", "/api/classes/me/student", p.tokens["student"], nil)
	if rec.Code != http.StatusOK {
		t.Fatalf("my class: %d %s", rec.Code, rec.Body)
	}
	list := decode[[]classes.StudentClass](t, rec)
	if len(list) != 1 || list[0].ID != p.classID || list[0].Subject.SubjectCode != "SYKP2100" || list[0].Period.Name != "Høst 2026" || len(list[0].Assignments) != 2 {
		t.Fatalf("my class %+v", list)
	}
	c := list[0]
	if c.Teacher == nil || c.Teacher.Email != "teacher@a.test" || len(c.Supervisors) != 2 || !c.Supervisors[0].IsPrimary ||
		c.Supervisors[0].Email != "advisor@a.test" || c.Supervisors[1].IsPrimary {
		t.Errorf("people of my class %+v %+v", c.Teacher, c.Supervisors)
	}
	if c.CurrentMainAssignment == nil || c.CurrentMainAssignment.ID != m.midID {
		t.Errorf("before the mid date: %+v", c.CurrentMainAssignment)
	}
	// The class's mid-semester date is 2026-10-01: on it the mid form, after it the end form.
	for day, want := range map[int]int64{1: m.midID, 2: m.endID} {
		onDay(t, 2026, time.October, day)
		got := decode[[]classes.StudentClass](t, f.send(t, http.MethodGet, "a.localhost", "/api/classes/me/student", p.tokens["student"], nil))
		if got[0].CurrentMainAssignment == nil || got[0].CurrentMainAssignment.ID != want {
			t.Errorf("October %d: %+v, want %d", day, got[0].CurrentMainAssignment, want)
		}
	}
	f.db.Exec(t, "skole-a", "UPDATE classes SET mid_semester_date = NULL WHERE id = ?", p.classID)
	onDay(t, 2026, time.August, 1)
	if got := decode[classes.Class](t, f.send(t, http.MethodGet, "a.localhost", fmt.Sprintf("/api/classes/%d", p.classID), p.tokens["teacher"], nil)); got.CurrentMainAssignment == nil || got.CurrentMainAssignment.ID != m.endID {
		t.Errorf("no mid date: %+v", got.CurrentMainAssignment)
	}

	// Only students; a student with no class gets the spec's message.
	if rec := f.send(t, http.MethodGet, "a.localhost", "/api/classes/me/student", p.tokens["teacher"], nil); rec.Code != http.StatusForbidden {
		t.Errorf("teacher: %d", rec.Code)
	}
	lonely, _ := f.signIn(t, "skole-a", "a.localhost", "lonely@a.test", users.RoleStudent)
	rec = f.sendEnglish(t, http.MethodGet, "/api/classes/me/student", lonely, nil)
	if rec.Code != http.StatusNotFound || decode[Problem](t, rec).Description != "No class found for this student" {
		t.Errorf("no class: %d %s", rec.Code, rec.Body)
	}
}

func TestJoiningClasses(t *testing.T) {
	onDay(t, 2026, time.September, 15)
	f := newFixture(t)
	p := f.newPlacement(t)
	newcomer, newcomerID := f.signIn(t, "skole-a", "a.localhost", "ny@a.test", users.RoleStudent)
	other := f.scalar(t, "skole-a", "INSERT INTO subjects (subject_code, name) VALUES ('SYKP3100', 'Kirurgisk praksis') RETURNING id")
	current := f.scalar(t, "skole-a", "INSERT INTO classes (period_id, subject_id) SELECT period_id, ? FROM classes WHERE id = ? RETURNING id", other, p.classID)
	past := f.scalar(t, "skole-a", "INSERT INTO periods (name, start_date, end_date) VALUES ('Vår 2026', '2026-01-01', '2026-06-30') RETURNING id")
	pastClass := f.scalar(t, "skole-a", "INSERT INTO classes (period_id, subject_id) VALUES (?, ?) RETURNING id", past, other)
	join := func(tok string, classID int64) *httptest.ResponseRecorder {
		return f.sendEnglish(t, http.MethodPost, fmt.Sprintf("/api/classes/%d/students/me", classID), tok, nil)
	}
	steps := []struct {
		name  string
		tok   string
		class int64
		want  int
		text  string
	}{
		{"a teacher cannot join as student", p.tokens["teacher"], p.classID, http.StatusForbidden, ""},
		{"unknown class", newcomer, 999999, http.StatusNotFound, ""},
		{"the semester has ended", newcomer, pastClass, http.StatusConflict, "has ended"},
		{"joins", newcomer, p.classID, http.StatusCreated, ""},
		{"again: no change", newcomer, p.classID, http.StatusOK, ""},
		{"a second current class", newcomer, current, http.StatusConflict, "SYKP2100 Medisinsk praksis (Høst 2026)"},
		{"the placement's student in a second class", p.tokens["student"], current, http.StatusConflict, "already a student"},
	}
	for _, s := range steps {
		rec := join(s.tok, s.class)
		if rec.Code != s.want {
			t.Errorf("%s: %d %s, want %d", s.name, rec.Code, rec.Body, s.want)
			continue
		}
		if s.text != "" && !strings.Contains(decode[Problem](t, rec).Description, s.text) {
			t.Errorf("%s: %s lacks %q", s.name, rec.Body, s.text)
		}
		if s.want == http.StatusCreated {
			sc := decode[classes.StudentClass](t, rec)
			if sc.ID != p.classID || sc.Teacher != nil || len(sc.Supervisors) != 0 {
				t.Errorf("joined %+v", sc)
			}
		}
	}
	if n := f.scalar(t, "skole-a", "SELECT count(*) FROM student_references WHERE class_id = ? AND student_user_id = ?", p.classID, newcomerID); n != 1 {
		t.Errorf("references of the newcomer: %d", n)
	}
	// A class of a past semester does not stop joining a current one.
	veteran, veteranID := f.signIn(t, "skole-a", "a.localhost", "veteran@a.test", users.RoleStudent)
	f.db.Exec(t, "skole-a", "INSERT INTO class_students (class_id, user_id) VALUES (?, ?)", pastClass, veteranID)
	if rec := join(veteran, current); rec.Code != http.StatusCreated {
		t.Errorf("a student of a past class joins a current one: %d %s", rec.Code, rec.Body)
	}
	if list := decode[[]classes.StudentClass](t, f.send(t, http.MethodGet, "a.localhost", "/api/classes/me/student", veteran, nil)); len(list) != 2 || list[0].ID != current || list[1].ID != pastClass {
		t.Errorf("the current class comes first: %+v", list)
	}
	containsAll(t, f.auditActions(t), "class.studentJoined")

	// Matching affiliations come from the Feide groups stored at sign-in.
	if got := decode[[]classes.Class](t, f.send(t, http.MethodGet, "a.localhost", "/api/classes/me/matching-affiliations", newcomer, nil)); len(got) != 0 {
		t.Errorf("without Feide: %+v", got)
	}
	groups := `[{"id": "fc:fs:fs:emne:demo.test:sykp3100:1", "displayName": "Kirurgisk praksis", "membership": {"active": true, "fsroles": ["STUDENT"]}},
		{"id": "fc:fs:fs:emne:demo.test:SYKP2100:1", "displayName": "Medisinsk praksis", "membership": {"active": false}},
		{"id": "fc:org:demo.test", "displayName": "Skolen"}]`
	f.db.Exec(t, "skole-a", "INSERT INTO feide_profiles (user_id, feide_id, groups) VALUES (?, 'ny@demo.test', ?::jsonb)", newcomerID, groups)
	got := decode[[]classes.Class](t, f.send(t, http.MethodGet, "a.localhost", "/api/classes/me/matching-affiliations", newcomer, nil))
	if len(got) != 1 || got[0].ID != current {
		t.Errorf("matching affiliations %+v (want only class %d; the past class and the inactive membership do not count)", got, current)
	}
}

func TestTeachersInClasses(t *testing.T) {
	onDay(t, 2026, time.September, 15)
	f := newFixture(t)
	p, m := f.mainFormPlacement(t)
	students := fmt.Sprintf("/api/classes/%d/students", p.classID)
	mine := students + "/mine"
	me := fmt.Sprintf("/api/classes/%d/teachers/me", p.classID)

	steps := []struct {
		name, who, method, path string
		body                    any
		want                    int
	}{
		{"a teacher of no class cannot see the students", "otherTeacher", http.MethodGet, students, nil, http.StatusForbidden},
		{"nor assign them", "otherTeacher", http.MethodPost, mine, classes.StudentIDs{StudentIDs: []int64{p.studentID}}, http.StatusForbidden},
		{"a student cannot join as teacher", "student", http.MethodPost, me, nil, http.StatusForbidden},
		{"a supervisor cannot see the class's students", "advisor", http.MethodGet, students, nil, http.StatusForbidden},
		{"a student cannot see them", "student", http.MethodGet, students, nil, http.StatusForbidden},
		{"an admin can", "admin", http.MethodGet, students, nil, http.StatusOK},
		{"join", "otherTeacher", http.MethodPost, me, nil, http.StatusOK},
		{"join again", "otherTeacher", http.MethodPost, me, nil, http.StatusOK},
		{"now sees the students", "otherTeacher", http.MethodGet, students, nil, http.StatusOK},
		{"assigns none", "otherTeacher", http.MethodPost, mine, classes.StudentIDs{}, http.StatusBadRequest},
		{"assigns a stranger", "otherTeacher", http.MethodPost, mine, classes.StudentIDs{StudentIDs: []int64{p.studentID, 999999}}, http.StatusBadRequest},
		{"assigns two", "otherTeacher", http.MethodPost, mine, classes.StudentIDs{StudentIDs: []int64{p.studentID, p.otherStudentID}}, http.StatusOK},
		{"lists them", "otherTeacher", http.MethodGet, mine, nil, http.StatusOK},
		{"the first teacher has none left", "teacher", http.MethodGet, mine, nil, http.StatusOK},
		{"leave", "otherTeacher", http.MethodDelete, me, nil, http.StatusNoContent},
		{"leave again", "otherTeacher", http.MethodDelete, me, nil, http.StatusNoContent},
		{"gone", "otherTeacher", http.MethodGet, students, nil, http.StatusForbidden},
	}
	for _, s := range steps {
		rec := f.send(t, s.method, "a.localhost", s.path, p.tokens[s.who], s.body)
		if rec.Code != s.want {
			t.Fatalf("%s: %d %s, want %d", s.name, rec.Code, rec.Body, s.want)
		}
		switch s.name {
		case "assigns a stranger":
			if pr := decode[Problem](t, rec); len(pr.Errors) != 1 || pr.Errors[0].Reason != "studentIds[1]" {
				t.Errorf("stranger: %+v", pr)
			}
		case "lists them":
			if l := decode[[]users.Person](t, rec); len(l) != 2 {
				t.Errorf("my students %+v", l)
			}
		case "the first teacher has none left":
			if l := decode[[]users.Person](t, rec); len(l) != 0 {
				t.Errorf("first teacher's students %+v", l)
			}
		}
	}
	// Leaving left the students without a teacher.
	if n := f.scalar(t, "skole-a", "SELECT count(*) FROM student_references WHERE class_id = ? AND teacher_user_id IS NOT NULL", p.classID); n != 0 {
		t.Errorf("%d references still name a teacher", n)
	}
	if rec := f.send(t, http.MethodPost, "a.localhost", mine, p.tokens["teacher"], classes.StudentIDs{StudentIDs: []int64{p.studentID}}); rec.Code != http.StatusOK {
		t.Fatalf("teacher takes the student back: %d", rec.Code)
	}
	containsAll(t, f.auditActions(t), "class.teacherJoined", "class.teacherLeft", "studentReference.teacherAssigned")

	// The teacher's overview: who follows each student, warnings, signing
	// forms and progress.
	f.send(t, http.MethodPost, "a.localhost", fmt.Sprintf("/api/classes/%d/students/%d/warning", p.classID, p.otherStudentID), p.tokens["teacher"],
		map[string]string{"comment": "Utkast"})
	f.mustSave(t, p, "student", answers.Input{AssignmentID: m.midID, StudentUserID: p.studentID, Deliver: true,
		Answers: []answers.Answer{{FormQuestionID: m.graded1, Value: sp("1")}}})
	view := func(who string) []classes.StudentOverview {
		rec := f.send(t, http.MethodGet, "a.localhost", students, p.tokens[who], nil)
		if rec.Code != http.StatusOK {
			t.Fatalf("overview as %s: %d %s", who, rec.Code, rec.Body)
		}
		return decode[[]classes.StudentOverview](t, rec)
	}
	list := view("teacher")
	if len(list) != 2 {
		t.Fatalf("overview %+v", list)
	}
	byID := map[int64]classes.StudentOverview{list[0].ID: list[0], list[1].ID: list[1]}
	s, o := byID[p.studentID], byID[p.otherStudentID]
	if !s.IsMine || s.Teacher == nil || len(s.Supervisors) != 1 || !s.Supervisors[0].IsPrimary || s.Warning != "none" || s.SigningForm.Status != "none" {
		t.Errorf("student row %+v", s)
	}
	if len(s.Forms) != 1 || len(s.Forms[0].Halves) != 2 || s.Forms[0].Halves[0].Student != (answers.RoleProgress{Answered: 1, Delivered: true}) || s.Forms[0].Halves[0].Total != 3 {
		t.Errorf("student progress %+v", s.Forms)
	}
	if o.IsMine || o.Teacher != nil || o.Warning != "draft" {
		t.Errorf("other student row %+v", o)
	}
	if admin := view("admin"); admin[0].Warning == "draft" || admin[1].Warning == "draft" {
		t.Errorf("a draft shown to an admin: %+v", admin)
	}

	// The teacher's home: classes by semester, theirs first.
	home := decode[[]classes.PeriodClasses](t, f.send(t, http.MethodGet, "a.localhost", "/api/classes/mine", p.tokens["teacher"], nil))
	if len(home) != 1 || len(home[0].Mine) != 1 || home[0].Mine[0].StudentCount != 2 || home[0].Mine[0].MyStudentCount != 1 ||
		len(home[0].Mine[0].Teachers) != 1 || home[0].Mine[0].CurrentMainAssignment == nil {
		t.Errorf("teacher home %+v", home)
	}
	other := decode[[]classes.PeriodClasses](t, f.send(t, http.MethodGet, "a.localhost", "/api/classes/mine", p.tokens["otherTeacher"], nil))
	if len(other) != 1 || len(other[0].Mine) != 0 || len(other[0].Others) != 1 {
		t.Errorf("other teacher's home %+v", other)
	}
	if rec := f.send(t, http.MethodGet, "a.localhost", "/api/classes/mine", p.tokens["student"], nil); rec.Code != http.StatusForbidden {
		t.Errorf("student on the teacher's home: %d", rec.Code)
	}
}

func TestSupervisorsOfAClass(t *testing.T) {
	onDay(t, 2026, time.September, 15)
	f := newMailFixture(t)
	p := f.newPlacement(t)
	add := fmt.Sprintf("/api/classes/%d/advisors", p.classID)
	rec := f.sendEnglish(t, http.MethodPost, add, p.tokens["teacher"], classes.NewAdvisor{})
	if pr := decode[Problem](t, rec); rec.Code != http.StatusBadRequest || len(pr.Errors) != 2 {
		t.Errorf("empty: %d %+v", rec.Code, pr)
	}
	for who, want := range map[string]int{"student": 403, "advisor": 403, "otherTeacher": 403} {
		if rec := f.send(t, http.MethodPost, "a.localhost", add, p.tokens[who], classes.NewAdvisor{Name: "Nina", Email: "nina@sykehus.test"}); rec.Code != want {
			t.Errorf("%s adds a supervisor: %d", who, rec.Code)
		}
	}
	rec = f.send(t, http.MethodPost, "a.localhost", add, p.tokens["teacher"], classes.NewAdvisor{Name: " Nina Nordmann ", Email: "Nina@Sykehus.test"})
	if rec.Code != http.StatusCreated {
		t.Fatalf("add: %d %s", rec.Code, rec.Body)
	}
	added := decode[classes.AddedAdvisor](t, rec)
	if !added.AccountCreated || !added.Linked || added.DisplayName != "Nina Nordmann" {
		t.Errorf("added %+v", added)
	}
	if n := f.scalar(t, "skole-a", "SELECT count(*) FROM user_roles WHERE user_id = ? AND role_id = 4", added.ID); n != 1 {
		t.Error("no Advisor role")
	}
	var body string
	f.db.Service.InScope(t.Context(), "skole-a", func(ctx context.Context, tx *gorm.DB) error {
		return tx.Raw("SELECT text_body FROM mail_outbox WHERE to_address = 'Nina@Sykehus.test'").Scan(&body).Error
	})
	if !strings.Contains(body, "/advisor") || !strings.Contains(body, "SYKP2100") || !strings.Contains(body, "Test teacher@a.test") {
		t.Errorf("notice:\n%s", body)
	}
	// The same address in another case: the same account, already linked.
	rec = f.send(t, http.MethodPost, "a.localhost", add, p.tokens["admin"], classes.NewAdvisor{Name: "Annet navn", Email: "nina@sykehus.test"})
	if again := decode[classes.AddedAdvisor](t, rec); rec.Code != http.StatusOK || again.ID != added.ID || again.Linked || again.AccountCreated || again.DisplayName != "Nina Nordmann" {
		t.Errorf("again: %d %+v", rec.Code, again)
	}
	if n := f.scalar(t, "skole-a", "SELECT count(*) FROM mail_outbox"); n != 1 {
		t.Errorf("%d e-mails, want 1", n)
	}
	if rec := f.send(t, http.MethodPost, "a.localhost", add, p.tokens["teacher"], classes.NewAdvisor{Name: "Student", Email: "student@a.test"}); rec.Code != http.StatusConflict {
		t.Errorf("the class's own student as supervisor: %d", rec.Code)
	}

	// A supervisor of the class takes on a student; the student then makes
	// them primary.
	take := func(who string, student int64) *httptest.ResponseRecorder {
		return f.send(t, http.MethodPost, "a.localhost", fmt.Sprintf("/api/classes/%d/advisor/%d/me", p.classID, student), p.tokens[who], nil)
	}
	for _, c := range []struct {
		who     string
		student int64
		want    int
	}{
		{"teacher", p.studentID, 403}, {"student", p.studentID, 403}, {"otherAdvisor", 999999, 404},
		{"otherAdvisor", p.studentID, 200}, {"otherAdvisor", p.studentID, 200},
	} {
		if rec := take(c.who, c.student); rec.Code != c.want {
			t.Errorf("%s takes %d: %d %s", c.who, c.student, rec.Code, rec.Body)
		}
	}
	primary := fmt.Sprintf("/api/classes/%d/students/%d/primary-advisor", p.classID, p.studentID)
	otherAdvisorID := f.scalar(t, "skole-a", "SELECT id FROM users WHERE email = 'otherAdvisor@a.test'")
	for _, c := range []struct {
		who  string
		body classes.PrimaryAdvisorInput
		want int
	}{
		{"teacher", classes.PrimaryAdvisorInput{AdvisorUserID: otherAdvisorID}, 403},
		{"otherStudent", classes.PrimaryAdvisorInput{AdvisorUserID: otherAdvisorID}, 403},
		{"otherAdvisor", classes.PrimaryAdvisorInput{AdvisorUserID: otherAdvisorID}, 403},
		{"student", classes.PrimaryAdvisorInput{AdvisorUserID: added.ID}, 400},
		{"student", classes.PrimaryAdvisorInput{}, 400},
		{"student", classes.PrimaryAdvisorInput{AdvisorUserID: otherAdvisorID}, 200},
	} {
		rec := f.send(t, http.MethodPost, "a.localhost", primary, p.tokens[c.who], c.body)
		if rec.Code != c.want {
			t.Errorf("%s sets primary %+v: %d %s", c.who, c.body, rec.Code, rec.Body)
			continue
		}
		if rec.Code == 200 {
			sups := decode[[]classes.Supervisor](t, rec)
			if len(sups) != 2 || sups[0].ID != otherAdvisorID || !sups[0].IsPrimary || sups[1].IsPrimary {
				t.Errorf("supervisors %+v", sups)
			}
		}
	}
	if rec := f.send(t, http.MethodGet, "a.localhost", fmt.Sprintf("/api/classes/%d/students/%d/advisor/%d", p.classID, p.studentID, otherAdvisorID), p.tokens["student"], nil); rec.Code != http.StatusNotFound {
		t.Errorf("the spec's GET form of setting a supervisor exists: %d", rec.Code)
	}
	containsAll(t, f.auditActions(t), "class.advisorAdded", "studentReference.advisorAssigned", "studentReference.primaryAdvisorChanged")

	// The supervisor's home: own students with their state, the rest to
	// take on.
	home := decode[[]classes.AdvisorClass](t, f.send(t, http.MethodGet, "a.localhost", "/api/classes/advisor", p.tokens["otherAdvisor"], nil))
	if len(home) != 1 || len(home[0].Students) != 2 || len(home[0].OtherStudents) != 0 {
		t.Fatalf("supervisor home %+v", home)
	}
	nina := decode[[]classes.AdvisorClass](t, f.send(t, http.MethodGet, "a.localhost", "/api/classes/advisor", p.tokens["advisor"], nil))
	if len(nina) != 1 || len(nina[0].Students) != 1 || nina[0].Students[0].ID != p.studentID || !nina[0].Students[0].IsMine ||
		len(nina[0].OtherStudents) != 1 || nina[0].OtherStudents[0].ID != p.otherStudentID {
		t.Errorf("first supervisor's home %+v", nina)
	}
	if rec := f.send(t, http.MethodGet, "a.localhost", "/api/classes/advisor", p.tokens["teacher"], nil); rec.Code != http.StatusForbidden {
		t.Errorf("teacher on the supervisor's home: %d", rec.Code)
	}
}
