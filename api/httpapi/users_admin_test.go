package httpapi

import (
	"context"
	"net/http"
	"net/url"
	"testing"

	"gorm.io/gorm"

	"github.com/praksis/praksis/api/auth"
	"github.com/praksis/praksis/api/users"
)

func TestUserListPaging(t *testing.T) {
	f := newFixture(t)
	s := newSchool(t, f)
	f.db.Exec(t, "skole-a", `INSERT INTO users (display_name, email) SELECT 'Elev ' || lpad(i::text, 2, '0'), 'elev' || i || '@a.test' FROM generate_series(1, 45) AS i`)
	f.db.Exec(t, "skole-a", `INSERT INTO users (display_name, email, is_active, deactivated_at) VALUES ('Elev 99', 'elev99@a.test', false, now())`)
	f.db.Exec(t, "skole-a", `INSERT INTO user_roles (user_id, role_id) SELECT id, 2 FROM users WHERE display_name LIKE 'Elev %'`)
	// A name with a wildcard in it matches only itself.
	f.db.Exec(t, "skole-a", `INSERT INTO users (display_name, email) VALUES ('Hundre_prosent', 'hp@a.test')`)

	type page struct {
		first, last string
		n           int
		total       string
	}
	cases := []struct {
		name  string
		tok   string
		query string
		want  page
	}{
		{"first page of students", s.admin, "roleid=2", page{"Elev 01", "Elev 20", 20, "46"}},
		{"second page", s.admin, "roleid=2&offset=20", page{"Elev 21", "Elev 40", 20, "46"}},
		{"last page", s.admin, "roleid=2&offset=40", page{"Elev 41", "Test student@a.test", 6, "46"}},
		{"past the end", s.admin, "roleid=2&offset=60", page{"", "", 0, "46"}},
		{"bigger page", s.admin, "roleid=2&pagesize=100", page{"Elev 01", "Test student@a.test", 46, "46"}},
		{"inactive included", s.admin, "roleid=2&pagesize=100&includeInactive=1", page{"Elev 01", "Test student@a.test", 47, "47"}},
		{"inactive excluded", s.admin, "roleid=2&pagesize=100&includeInactive=0", page{"Elev 01", "Test student@a.test", 46, "46"}},
		{"search any case", s.admin, "search=" + url.QueryEscape("ELEV 1"), page{"Elev 10", "Elev 19", 10, "10"}},
		{"search by e-mail", s.admin, "search=elev7%40", page{"Elev 07", "Elev 07", 1, "1"}},
		{"search for a wildcard", s.admin, "search=" + url.QueryEscape("_"), page{"Hundre_prosent", "Hundre_prosent", 1, "1"}},
		{"search for a percent sign", s.admin, "search=" + url.QueryEscape("%"), page{"", "", 0, "0"}},
		{"teachers by role", s.admin, "roleid=3", page{"Test teacher@a.test", "Test teacher@a.test", 1, "1"}},
		{"everyone", s.admin, "pagesize=100", page{"Elev 01", "Test teacher@a.test", 50, "50"}},
		{"teacher picks students", s.teacher, "roleid=2&includeInactive=1&pagesize=100", page{"Elev 01", "Test student@a.test", 46, "46"}},
		{"teacher picks supervisors", s.teacher, "roleid=4", page{"Test advisor@a.test", "Test advisor@a.test", 1, "1"}},
	}
	for _, c := range cases {
		rec := f.send(t, http.MethodGet, "a.localhost", "/api/users?"+c.query, c.tok, nil)
		if rec.Code != http.StatusOK {
			t.Errorf("%s: %d %s", c.name, rec.Code, rec.Body)
			continue
		}
		list := decode[[]users.ListItem](t, rec)
		got := page{n: len(list), total: rec.Header().Get("X-Total-Count")}
		if len(list) > 0 {
			got.first, got.last = list[0].DisplayName, list[len(list)-1].DisplayName
		}
		if got != c.want {
			t.Errorf("%s: got %+v, want %+v", c.name, got, c.want)
		}
	}
	list := decode[[]users.ListItem](t, f.send(t, http.MethodGet, "a.localhost", "/api/users?roleid=1", s.admin, nil))
	if len(list) != 1 || list[0].Email != "admin@a.test" || len(list[0].Roles) != 1 || list[0].Roles[0].Name != "Admin" || !list[0].IsActive {
		t.Errorf("admins: %+v", list)
	}
	for _, c := range []struct {
		name, tok, query string
		want             int
	}{
		{"page size 0", s.admin, "pagesize=0", 400},
		{"page size over 100", s.admin, "pagesize=101", 400},
		{"negative offset", s.admin, "offset=-1", 400},
		{"unknown role", s.admin, "roleid=9", 400},
		{"includeInactive yes", s.admin, "includeInactive=yes", 400},
		{"teacher lists teachers", s.teacher, "roleid=3", 403},
		{"teacher lists everyone", s.teacher, "", 403},
		{"student lists students", s.student, "roleid=2", 403},
		{"supervisor lists students", s.advisor, "roleid=2", 403},
	} {
		if rec := f.send(t, http.MethodGet, "a.localhost", "/api/users?"+c.query, c.tok, nil); rec.Code != c.want {
			t.Errorf("%s: %d, want %d", c.name, rec.Code, c.want)
		}
	}
}

func TestCreateUserAndGet(t *testing.T) {
	f := newFixture(t)
	s := newSchool(t, f)
	rec := f.send(t, http.MethodPost, "a.localhost", "/api/users", s.admin, map[string]any{"displayName": " Kari Nordmann ", "email": "kari@a.test", "roles": []int64{3, 4}})
	if rec.Code != http.StatusCreated {
		t.Fatalf("create: %d %s", rec.Code, rec.Body)
	}
	me := decode[users.Me](t, rec)
	if me.ID == 0 || me.DisplayName != "Kari Nordmann" || len(me.Roles) != 2 || me.Roles[0].Name != "Teacher" || !me.IsActive {
		t.Errorf("created %+v", me)
	}
	cases := []struct {
		name   string
		body   map[string]any
		status int
		reason string
	}{
		{"same e-mail in other case", map[string]any{"displayName": "Kari", "email": "KARI@A.test", "roles": []int64{2}}, 409, "email"},
		{"bad e-mail", map[string]any{"displayName": "Kari", "email": "Kari <kari@b.test>", "roles": []int64{2}}, 400, "email"},
		{"no name", map[string]any{"displayName": " ", "email": "x@a.test", "roles": []int64{2}}, 400, "displayName"},
		{"no roles", map[string]any{"displayName": "X", "email": "x@a.test", "roles": []int64{}}, 400, "roles"},
		{"unknown role", map[string]any{"displayName": "X", "email": "x@a.test", "roles": []int64{7}}, 400, "roles"},
	}
	for _, c := range cases {
		rec := f.send(t, http.MethodPost, "a.localhost", "/api/users", s.admin, c.body)
		if rec.Code != c.status {
			t.Errorf("%s: %d %s", c.name, rec.Code, rec.Body)
			continue
		}
		if p := decode[Problem](t, rec); len(p.Errors) == 0 || p.Errors[0].Reason != c.reason {
			t.Errorf("%s: %+v", c.name, p)
		}
	}
	got := decode[users.Me](t, f.send(t, http.MethodGet, "a.localhost", "/api/users/"+itoa(me.ID), s.admin, nil))
	if got.Email != "kari@a.test" || len(got.Roles) != 2 {
		t.Errorf("get %+v", got)
	}
	if rec := f.send(t, http.MethodGet, "a.localhost", "/api/users/99999", s.admin, nil); rec.Code != http.StatusNotFound {
		t.Errorf("unknown user: %d", rec.Code)
	}
	if n := f.scalar(t, "skole-a", "SELECT count(*) FROM audit_log WHERE action = 'user.created' AND entity_id = ?", me.ID); n != 1 {
		t.Errorf("creation audited %d times", n)
	}
}

func TestUserPatchRules(t *testing.T) {
	f := newFixture(t)
	s := newSchool(t, f)
	a := s.classID
	_, otherTeacher := f.signIn(t, "skole-a", "a.localhost", "teacher2@a.test", users.RoleTeacher)
	_, strangerAdvisor := f.signIn(t, "skole-a", "a.localhost", "advisor2@a.test", users.RoleAdvisor)
	subject := f.scalar(t, "skole-a", "INSERT INTO subjects (subject_code, name) VALUES ('SYKP3000', 'Psykisk helse') RETURNING id")
	b := f.scalar(t, "skole-a", "INSERT INTO classes (period_id, subject_id) VALUES (?, ?) RETURNING id", s.periodID, subject)
	f.db.Exec(t, "skole-a", "INSERT INTO class_teachers (class_id, user_id) VALUES (?, ?)", b, otherTeacher)
	f.db.Exec(t, "skole-a", "INSERT INTO class_advisors (class_id, user_id) VALUES (?, ?)", a, strangerAdvisor)
	// The supervisor is linked to the student by a reference in class A.
	f.db.Exec(t, "skole-a", "INSERT INTO student_references (class_id, student_user_id, advisor_user_id) VALUES (?, ?, ?)", a, s.studentID, s.advisorID)

	type ref = map[string]any
	student := "/api/users/" + itoa(s.studentID)
	cases := []struct {
		name   string
		body   map[string]any
		status int
		reason string
		check  func(users.Me) bool
	}{
		{"no roles", map[string]any{"roles": []int64{}}, 400, "roles", nil},
		{"roles missing", map[string]any{"isActive": true}, 400, "roles", nil},
		{"a student needs a class", map[string]any{"roles": []int64{2}, "studentReferences": []ref{}}, 400, "studentReferences", nil},
		{"teacher not of the class", map[string]any{"roles": []int64{2}, "studentReferences": []ref{{"classId": a, "teacherUserId": otherTeacher}}}, 400, "studentReferences[0].teacherUserId", nil},
		{"supervisor not linked to the student", map[string]any{"roles": []int64{2}, "studentReferences": []ref{{"classId": a, "advisorUserId": strangerAdvisor}}}, 400, "studentReferences[0].advisorUserId", nil},
		{"reference for someone else", map[string]any{"roles": []int64{2}, "studentReferences": []ref{{"classId": a, "userId": s.teacherID}}}, 400, "studentReferences[0].userId", nil},
		{"unknown class", map[string]any{"roles": []int64{2}, "studentReferences": []ref{{"classId": 9999}}}, 400, "studentReferences[0].classId", nil},
		{"teacher classes without the role", map[string]any{"roles": []int64{2}, "teacherClasses": []int64{a}}, 400, "teacherClasses", nil},
		{"teacher and supervisor picked", map[string]any{"roles": []map[string]any{{"id": 2, "name": "Student"}},
			"studentReferences": []ref{{"classId": a, "userId": s.studentID, "teacherUserId": s.teacherID, "advisorUserId": s.advisorID, "isPrimary": false}, {"classId": b}}},
			200, "", func(me users.Me) bool {
				r := me.StudentReferences
				return len(r) == 1 && r[0].ClassID == a && *r[0].TeacherUserID == s.teacherID && *r[0].AdvisorUserID == s.advisorID && r[0].IsPrimary
			}},
		{"other fields left out stay", map[string]any{"roles": []int64{2}}, 200, "", func(me users.Me) bool {
			return len(me.StudentReferences) == 1 && me.StudentReferences[0].TeacherUserID != nil
		}},
		{"changing class clears picks that do not fit", map[string]any{"roles": []int64{2},
			"studentReferences": []ref{{"classId": b, "teacherUserId": s.teacherID, "advisorUserId": s.advisorID}}},
			200, "", func(me users.Me) bool {
				r := me.StudentReferences
				return len(r) == 1 && r[0].ClassID == b && r[0].TeacherUserID == nil && r[0].AdvisorUserID == nil
			}},
		{"a teacher of the new class", map[string]any{"roles": []int64{2}, "studentReferences": []ref{{"classId": b, "teacherUserId": otherTeacher}}},
			200, "", func(me users.Me) bool {
				r := me.StudentReferences
				return len(r) == 1 && *r[0].TeacherUserID == otherTeacher
			}},
		{"same class, a teacher of another class", map[string]any{"roles": []int64{2}, "studentReferences": []ref{{"classId": b, "teacherUserId": s.teacherID}}}, 400, "studentReferences[0].teacherUserId", nil},
	}
	for _, c := range cases {
		rec := f.send(t, http.MethodPatch, "a.localhost", student, s.admin, c.body)
		if rec.Code != c.status {
			t.Errorf("%s: %d %s, want %d", c.name, rec.Code, rec.Body, c.status)
			continue
		}
		if c.reason != "" {
			if p := decode[Problem](t, rec); len(p.Errors) == 0 || p.Errors[0].Reason != c.reason {
				t.Errorf("%s: problem %+v does not name %s", c.name, p, c.reason)
			}
		}
		if c.check != nil {
			if me := decode[users.Me](t, rec); !c.check(me) {
				t.Errorf("%s: %+v", c.name, me.StudentReferences)
			}
		}
	}
	if n := f.scalar(t, "skole-a", "SELECT count(*) FROM class_students WHERE user_id = ?", s.studentID); n != 1 {
		t.Errorf("student is in %d classes", n)
	}

	// Teachers and supervisors may have several classes; losing the role
	// removes them, and a student's teacher pick with it.
	teacher := "/api/users/" + itoa(otherTeacher)
	rec := f.send(t, http.MethodPatch, "a.localhost", teacher, s.admin, map[string]any{"roles": []int64{3, 4}, "teacherClasses": []int64{a, b}, "advisorClasses": []int64{b}})
	if me := decode[users.Me](t, rec); rec.Code != 200 || len(me.TeacherClasses) != 2 || len(me.AdvisorClasses) != 1 {
		t.Fatalf("classes of a teacher: %d %s", rec.Code, rec.Body)
	}
	if rec := f.send(t, http.MethodPatch, "a.localhost", teacher, s.admin, map[string]any{"roles": []int64{3}, "advisorClasses": []int64{9999}}); rec.Code != 400 {
		t.Errorf("unknown class: %d", rec.Code)
	}
	rec = f.send(t, http.MethodPatch, "a.localhost", teacher, s.admin, map[string]any{"roles": []int64{4}})
	if me := decode[users.Me](t, rec); rec.Code != 200 || len(me.TeacherClasses) != 0 || len(me.AdvisorClasses) != 1 || len(me.Roles) != 1 {
		t.Fatalf("role removed: %d %s", rec.Code, rec.Body)
	}
	if me := decode[users.Me](t, f.send(t, http.MethodGet, "a.localhost", student, s.admin, nil)); me.StudentReferences[0].TeacherUserID != nil {
		t.Errorf("the student keeps a teacher who left the class: %+v", me.StudentReferences)
	}
	if n := f.scalar(t, "skole-a", "SELECT count(*) FROM audit_log WHERE action = 'user.updated' AND entity_id = ?", otherTeacher); n != 2 {
		t.Errorf("role changes audited %d times", n)
	}

	// A student with answers in a class cannot be moved out of it.
	s.useForm(t, f, s.formID)
	_, answering := f.signIn(t, "skole-a", "a.localhost", "student3@a.test", users.RoleStudent)
	f.db.Exec(t, "skole-a", "INSERT INTO class_students (class_id, user_id) VALUES (?, ?)", a, answering)
	keep := s.studentID
	s.studentID = answering
	s.answer(t, f, answering, s.formID, s.questions[0], true, "1")
	s.studentID = keep
	rec = f.send(t, http.MethodPatch, "a.localhost", "/api/users/"+itoa(answering), s.admin, map[string]any{"roles": []int64{2}, "studentReferences": []ref{{"classId": b}}})
	if rec.Code != http.StatusConflict {
		t.Errorf("moving a student with answers: %d %s", rec.Code, rec.Body)
	}
	if rec := f.send(t, http.MethodPatch, "a.localhost", "/api/users/"+itoa(answering), s.admin, map[string]any{"roles": []int64{4}}); rec.Code != http.StatusConflict {
		t.Errorf("removing the student role of a student with answers: %d", rec.Code)
	}
	if n := f.scalar(t, "skole-a", "SELECT count(*) FROM class_students WHERE user_id = ? AND class_id = ?", answering, a); n != 1 {
		t.Error("the student left the class after all")
	}

	// Admins cannot lock themselves out.
	self := "/api/users/" + itoa(s.adminID)
	for name, body := range map[string]map[string]any{
		"own admin role": {"roles": []int64{3}},
		"own account":    {"roles": []int64{1}, "isActive": false},
	} {
		if rec := f.send(t, http.MethodPatch, "a.localhost", self, s.admin, body); rec.Code != http.StatusConflict {
			t.Errorf("%s: %d", name, rec.Code)
		}
	}
	if rec := f.send(t, http.MethodPatch, "a.localhost", "/api/users/99999", s.admin, map[string]any{"roles": []int64{2}}); rec.Code != http.StatusNotFound {
		t.Errorf("unknown user: %d", rec.Code)
	}
}

// Deactivating a user ends their sessions at once; activating lets them
// sign in again.
func TestDeactivationRevokesSessions(t *testing.T) {
	f := newFixture(t)
	s := newSchool(t, f)
	if rec := f.send(t, http.MethodGet, "a.localhost", "/api/users/me", s.advisor, nil); rec.Code != http.StatusOK {
		t.Fatalf("before: %d", rec.Code)
	}
	path := "/api/users/" + itoa(s.advisorID)
	rec := f.send(t, http.MethodPatch, "a.localhost", path, s.admin, map[string]any{"roles": []int64{4}, "isActive": false})
	if rec.Code != http.StatusOK || decode[users.Me](t, rec).IsActive {
		t.Fatalf("deactivate: %d %s", rec.Code, rec.Body)
	}
	if rec := f.send(t, http.MethodGet, "a.localhost", "/api/users/me", s.advisor, nil); rec.Code != http.StatusUnauthorized {
		t.Errorf("deactivated user's token: %d", rec.Code)
	}
	if n := f.scalar(t, "skole-a", "SELECT count(*) FROM sessions WHERE user_id = ? AND revoked_at IS NULL", s.advisorID); n != 0 {
		t.Errorf("%d live sessions", n)
	}
	if list := decode[[]users.ListItem](t, f.send(t, http.MethodGet, "a.localhost", "/api/users?roleid=4", s.admin, nil)); len(list) != 0 {
		t.Errorf("deactivated user listed: %+v", list)
	}
	list := decode[[]users.ListItem](t, f.send(t, http.MethodGet, "a.localhost", "/api/users?roleid=4&includeInactive=1", s.admin, nil))
	if len(list) != 1 || list[0].IsActive {
		t.Errorf("with inactive: %+v", list)
	}
	rec = f.send(t, http.MethodPatch, "a.localhost", path, s.admin, map[string]any{"roles": []int64{4}, "isActive": true})
	if rec.Code != http.StatusOK || !decode[users.Me](t, rec).IsActive {
		t.Fatalf("activate: %d %s", rec.Code, rec.Body)
	}
	if n := f.scalar(t, "skole-a", "SELECT count(*) FROM users WHERE id = ? AND deactivated_at IS NULL AND is_active", s.advisorID); n != 1 {
		t.Error("activation did not clear deactivated_at")
	}
	if rec := f.send(t, http.MethodGet, "a.localhost", "/api/users/me", s.advisor, nil); rec.Code != http.StatusUnauthorized {
		t.Errorf("a revoked session came back: %d", rec.Code)
	}
	var fresh string
	if err := f.db.Service.InScope(context.Background(), "skole-a", func(ctx context.Context, _ *gorm.DB) error {
		var err error
		fresh, err = f.auth.StartSession(ctx, s.advisorID, auth.MethodCode, "test", "a.localhost")
		return err
	}); err != nil {
		t.Fatal(err)
	}
	if rec := f.send(t, http.MethodGet, "a.localhost", "/api/users/me", fresh, nil); rec.Code != http.StatusOK {
		t.Errorf("signing in after activation: %d", rec.Code)
	}
	for _, action := range []string{"user.deactivated", "user.activated"} {
		if n := f.scalar(t, "skole-a", "SELECT count(*) FROM audit_log WHERE action = ? AND entity_id = ? AND actor_user_id = ?", action, s.advisorID, s.adminID); n != 1 {
			t.Errorf("%s audited %d times", action, n)
		}
	}
}

func TestUserClassRelation(t *testing.T) {
	f := newFixture(t)
	s := newSchool(t, f)
	f.db.Exec(t, "skole-a", "INSERT INTO student_references (class_id, student_user_id, advisor_user_id, teacher_user_id, is_primary) VALUES (?, ?, ?, ?, true)",
		s.classID, s.studentID, s.advisorID, s.teacherID)
	other, _ := f.signIn(t, "skole-a", "a.localhost", "student2@a.test", users.RoleStudent)
	path := func(user int64) string { return "/api/users/" + itoa(user) + "/classes/" + itoa(s.classID) }
	for _, c := range []struct {
		name string
		tok  string
		user int64
		want int
	}{
		{"admin", s.admin, s.studentID, 200},
		{"the student", s.student, s.studentID, 200},
		{"a teacher", s.teacher, s.studentID, 200},
		{"another student", other, s.studentID, 403},
		{"a supervisor", s.advisor, s.studentID, 403},
		{"unknown user", s.admin, 99999, 404},
	} {
		if rec := f.send(t, http.MethodGet, "a.localhost", path(c.user), c.tok, nil); rec.Code != c.want {
			t.Errorf("%s: %d, want %d", c.name, rec.Code, c.want)
		}
	}
	rel := decode[users.ClassRelation](t, f.send(t, http.MethodGet, "a.localhost", path(s.studentID), s.admin, nil))
	if !rel.IsStudent || rel.IsTeacher || len(rel.StudentReferences) != 1 || *rel.StudentReferences[0].AdvisorUserID != s.advisorID {
		t.Errorf("student relation %+v", rel)
	}
	rel = decode[users.ClassRelation](t, f.send(t, http.MethodGet, "a.localhost", path(s.advisorID), s.admin, nil))
	if !rel.IsAdvisor || len(rel.AdvisorStudents) != 1 || rel.AdvisorStudents[0].ID != s.studentID {
		t.Errorf("supervisor relation %+v", rel)
	}
	rel = decode[users.ClassRelation](t, f.send(t, http.MethodGet, "a.localhost", path(s.teacherID), s.teacher, nil))
	if !rel.IsTeacher || len(rel.TeacherStudents) != 1 {
		t.Errorf("teacher relation %+v", rel)
	}
	if rec := f.send(t, http.MethodGet, "a.localhost", "/api/users/"+itoa(s.studentID)+"/classes/9999", s.admin, nil); rec.Code != http.StatusNotFound {
		t.Errorf("unknown class: %d", rec.Code)
	}
}
