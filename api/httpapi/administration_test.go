package httpapi

import (
	"bytes"
	"context"
	"net/http"
	"net/http/httptest"
	"strconv"
	"testing"

	"gorm.io/gorm"

	"github.com/praksis/praksis/api/users"
)

// scalar runs a query in a school's scope and returns its one integer.
func (f *fixture) scalar(t *testing.T, slug, sql string, args ...any) int64 {
	t.Helper()
	var n int64
	err := f.db.Service.InScope(context.Background(), slug, func(ctx context.Context, tx *gorm.DB) error {
		return tx.Raw(sql, args...).Scan(&n).Error
	})
	if err != nil {
		t.Fatalf("%s: %v", sql, err)
	}
	return n
}

// raw sends a body as is, with its content type.
func (f *fixture) raw(t *testing.T, method, host, path, tok, contentType string, body []byte) *httptest.ResponseRecorder {
	t.Helper()
	req := httptest.NewRequest(method, path, bytes.NewReader(body))
	req.Host = host
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	if tok != "" {
		req.Header.Set("Authorization", "Bearer "+tok)
	}
	rec := httptest.NewRecorder()
	f.srv.Handler().ServeHTTP(rec, req)
	return rec
}

// school is a small school A: a semester (Høst 2026), a subject with a
// class, a teacher of that class, a student in it, a supervisor and a main
// form with one grading group of two questions and one free-text group.
type school struct {
	admin, teacher, student, advisor, otherAdmin string
	adminID, teacherID, studentID, advisorID     int64
	periodID, subjectID, classID, formID         int64
	questions                                    []int64 // grading questions, then the free-text one
}

func newSchool(t *testing.T, f *fixture) *school {
	t.Helper()
	s := &school{}
	s.admin, s.adminID = f.signIn(t, "skole-a", "a.localhost", "admin@a.test", users.RoleAdmin)
	s.teacher, s.teacherID = f.signIn(t, "skole-a", "a.localhost", "teacher@a.test", users.RoleTeacher)
	s.student, s.studentID = f.signIn(t, "skole-a", "a.localhost", "student@a.test", users.RoleStudent)
	s.advisor, s.advisorID = f.signIn(t, "skole-a", "a.localhost", "advisor@a.test", users.RoleAdvisor)
	s.otherAdmin, _ = f.signIn(t, "skole-b", "b.localhost", "admin@b.test", users.RoleAdmin)
	s.periodID = f.scalar(t, "skole-a", "INSERT INTO periods (name, start_date, end_date) VALUES ('Høst 2026', '2026-07-01', '2026-12-31') RETURNING id")
	s.subjectID = f.scalar(t, "skole-a", "INSERT INTO subjects (subject_code, name) VALUES ('SYKP2100', 'Medisinsk praksis') RETURNING id")
	s.classID = f.scalar(t, "skole-a", "INSERT INTO classes (period_id, subject_id) VALUES (?, ?) RETURNING id", s.periodID, s.subjectID)
	f.db.Exec(t, "skole-a", "INSERT INTO class_teachers (class_id, user_id) VALUES (?, ?)", s.classID, s.teacherID)
	f.db.Exec(t, "skole-a", "INSERT INTO class_students (class_id, user_id) VALUES (?, ?)", s.classID, s.studentID)
	f.db.Exec(t, "skole-a", "INSERT INTO class_advisors (class_id, user_id) VALUES (?, ?)", s.classID, s.advisorID)
	s.formID = f.scalar(t, "skole-a", "INSERT INTO forms (name, is_main_form) VALUES ('Hovedskjema', true) RETURNING id")
	grading := f.scalar(t, "skole-a", "INSERT INTO question_groups (form_id, name, type, sort_order) VALUES (?, 'Kommunikasjon', 2, 1) RETURNING id", s.formID)
	f.db.Exec(t, "skole-a", `INSERT INTO question_group_options (group_id, label, value, sort_order) VALUES
		(?, 'Selvstendig', 0, 1), (?, 'Delvis selvstendig', 1, 2), (?, 'Veiledet', 2, 3), (?, 'Assistert', 3, 4), (?, 'Uselvstendig', 4, 5)`,
		grading, grading, grading, grading, grading)
	text := f.scalar(t, "skole-a", "INSERT INTO question_groups (form_id, name, type, sort_order) VALUES (?, 'Refleksjon', 1, 2) RETURNING id", s.formID)
	s.questions = []int64{
		f.scalar(t, "skole-a", "INSERT INTO questions (group_id, text, sort_order) VALUES (?, 'Kommuniserer med pasienten', 1) RETURNING id", grading),
		f.scalar(t, "skole-a", "INSERT INTO questions (group_id, text, sort_order) VALUES (?, 'Dokumenterer', 2) RETURNING id", grading),
		f.scalar(t, "skole-a", "INSERT INTO questions (group_id, text, sort_order) VALUES (?, 'Hva har du lært?', 1) RETURNING id", text),
	}
	return s
}

// useForm lets the class use the form with its assignments (mid and end
// for a main form).
func (s *school) useForm(t *testing.T, f *fixture, formID int64) {
	t.Helper()
	if rec := f.send(t, http.MethodPatch, "a.localhost", "/api/classes/"+itoa(s.classID)+"/forms", s.admin, []int64{formID}); rec.Code != http.StatusOK {
		t.Fatalf("set forms: %d %s", rec.Code, rec.Body)
	}
}

// answer stores an answer by user to a question of the form for the
// student, as the answering pages would.
func (s *school) answer(t *testing.T, f *fixture, userID, formID, questionID int64, mid bool, value string) {
	t.Helper()
	set := f.scalar(t, "skole-a", `INSERT INTO answer_sets (assignment_id, form_id, student_user_id, user_id, class_id, subject_id, is_mid_semester)
		SELECT a.id, a.form_id, ?, ?, a.class_id, c.subject_id, a.is_mid_semester FROM assignments a JOIN classes c ON c.id = a.class_id
		WHERE a.class_id = ? AND a.form_id = ? AND a.is_mid_semester = ?
		ON CONFLICT (assignment_id, student_user_id, user_id) DO UPDATE SET updated_at = now() RETURNING id`,
		s.studentID, userID, s.classID, formID, mid)
	f.db.Exec(t, "skole-a", "INSERT INTO answers (answer_set_id, question_id, value) VALUES (?, ?, ?)", set, questionID, value)
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

// Every administration route refuses students, teachers (of no class) and
// supervisors with 403, anonymous callers and another school's admin with
// 401, and lets the school's admin through.
func TestAdministrationRoutesRefuseOtherRoles(t *testing.T) {
	f := newFixture(t)
	s := newSchool(t, f)
	// The teacher of the matrix teaches no class.
	outsider, _ := f.signIn(t, "skole-a", "a.localhost", "teacher2@a.test", users.RoleTeacher)
	class, form, period := itoa(s.classID), itoa(s.formID), itoa(s.periodID)
	routes := []struct {
		method, path string
		body         any
		adminWant    int
	}{
		{http.MethodPost, "/api/forms", map[string]any{"name": "Nytt skjema"}, http.StatusCreated},
		{http.MethodPut, "/api/forms", map[string]any{"id": s.formID, "name": "Hovedskjema", "isMainForm": true, "groups": []any{}}, http.StatusOK},
		{http.MethodPut, "/api/forms/" + form + "/pdf", nil, http.StatusBadRequest},
		{http.MethodDelete, "/api/forms/" + form + "/pdf", nil, http.StatusNoContent},
		{http.MethodPost, "/api/classes", map[string]any{"subjectId": s.subjectID, "periodId": s.periodID}, http.StatusConflict},
		{http.MethodPut, "/api/classes", map[string]any{"id": s.classID, "endSemesterDate": "2026-12-01"}, http.StatusOK},
		{http.MethodPatch, "/api/classes/" + class + "/forms", []int64{s.formID}, http.StatusOK},
		{http.MethodPost, "/api/classes/" + class + "/advisor/" + itoa(s.advisorID) + "/students", map[string]any{"studentIds": []int64{s.studentID}}, http.StatusOK},
		{http.MethodPost, "/api/classes/" + class + "/expectations", map[string]any{"formId": s.formID, "isMidSemester": false, "answers": []any{}}, http.StatusOK},
		{http.MethodGet, "/api/users", nil, http.StatusOK},
		{http.MethodPost, "/api/users", map[string]any{"displayName": "Ny", "email": "ny@a.test", "roles": []int64{2}}, http.StatusCreated},
		{http.MethodGet, "/api/users/" + itoa(s.studentID), nil, http.StatusOK},
		{http.MethodPatch, "/api/users/" + itoa(s.advisorID), map[string]any{"roles": []int64{4}}, http.StatusOK},
		{http.MethodGet, "/api/periods/" + period + "/students-csv", nil, http.StatusOK},
		{http.MethodGet, "/api/tenant/texts", nil, http.StatusOK},
		{http.MethodPut, "/api/tenant/texts", map[string]any{"nb": map[string]string{"appName": "Skole A"}}, http.StatusOK},
		{http.MethodPut, "/api/tenant/theme", map[string]any{"primaryColor": "#123456"}, http.StatusOK},
		{http.MethodDelete, "/api/forms/" + form, nil, http.StatusNoContent},
	}
	callers := []struct {
		who  string
		tok  string
		want int
	}{
		{"anonymous", "", http.StatusUnauthorized},
		{"student", s.student, http.StatusForbidden},
		{"teacher", outsider, http.StatusForbidden},
		{"supervisor", s.advisor, http.StatusForbidden},
		{"other school's admin", s.otherAdmin, http.StatusUnauthorized},
	}
	for _, r := range routes {
		for _, c := range callers {
			if rec := f.send(t, r.method, "a.localhost", r.path, c.tok, r.body); rec.Code != c.want {
				t.Errorf("%s %s as %s: %d %s, want %d", r.method, r.path, c.who, rec.Code, rec.Body, c.want)
			}
		}
		if rec := f.send(t, r.method, "a.localhost", r.path, s.admin, r.body); rec.Code != r.adminWant {
			t.Errorf("%s %s as admin: %d %s, want %d", r.method, r.path, rec.Code, rec.Body, r.adminWant)
		}
	}
	// Routes teachers share: a teacher of no class still reads class lists
	// and pickers, but students and supervisors do not.
	for _, path := range []string{"/api/classes/" + class + "/users", "/api/users?roleid=2", "/api/classes/" + class + "/advisor/" + itoa(s.advisorID) + "/students"} {
		for who, c := range map[string]struct {
			tok  string
			want int
		}{"teacher": {outsider, 200}, "student": {s.student, 403}, "supervisor": {s.advisor, 403}, "anonymous": {"", 401}} {
			if rec := f.send(t, http.MethodGet, "a.localhost", path, c.tok, nil); rec.Code != c.want {
				t.Errorf("GET %s as %s: %d, want %d", path, who, rec.Code, c.want)
			}
		}
	}
}
