package httpapi

import (
	"net/http"
	"regexp"
	"strings"
	"testing"

	"github.com/praksis/praksis/api/users"
)

// adminOnly is the Access of a route open to admins alone.
const adminOnly = "Admin"

// sharedWithTeachers are the Access texts of routes admins share with
// teachers. A new Access that names admins must be added here or be
// adminOnly, so no administration route is left out of the test below.
var sharedWithTeachers = map[string]bool{
	"Admin, Teacher":                         true,
	"Admin, Teacher, or the user themselves": true,
	"Admin, or Teacher of the class":         true,
	"Admin; Teacher with roleid 2 or 4":      true,
}

var routeParam = regexp.MustCompile(`:([A-Za-z]+)`)

// concretePath fills a route's parameters with ids of the school: :id by
// the resource it follows, the named ones by their name.
func concretePath(path string, ids map[string]string) string {
	segments := strings.Split(path, "/")
	for i, seg := range segments {
		if !strings.HasPrefix(seg, ":") {
			continue
		}
		name := seg[1:]
		if name == "id" && i > 0 {
			name = segments[i-1] // classes, forms, periods, users
		}
		segments[i] = ids[name]
	}
	return strings.Join(segments, "/")
}

// Every route the route table documents as open to admins alone answers
// 403 to a student, a teacher (of the class and of none) and a supervisor,
// 401 to an anonymous caller and to another school's admin, and lets the
// school's admin past the role check. The list comes from the table, so a
// new admin route is covered the moment it is registered. Routes admins
// share with teachers still refuse students and supervisors.
func TestEveryAdminRouteOfTheTableRefusesOtherRoles(t *testing.T) {
	f := newFixture(t)
	s := newSchool(t, f)
	outsider, _ := f.signIn(t, "skole-a", "a.localhost", "teacher2@a.test", users.RoleTeacher)
	ids := map[string]string{
		"classes": itoa(s.classID), "forms": itoa(s.formID), "periods": itoa(s.periodID), "users": itoa(s.teacherID),
		"classId": itoa(s.classID), "formId": itoa(s.formID), "userId": itoa(s.advisorID), "studentId": itoa(s.studentID),
		"signingFormId": "1",
	}

	var admin, shared []documented
	for _, r := range f.srv.Router().routes {
		switch {
		case r.Op.Access == adminOnly:
			admin = append(admin, r)
		case sharedWithTeachers[r.Op.Access]:
			shared = append(shared, r)
		case strings.Contains(strings.ToLower(r.Op.Access), "admin") && !strings.Contains(r.Op.Access, "admins"):
			t.Errorf("%s %s: access %q names admins but is neither admin-only nor a known shared route", r.Method, r.Path, r.Op.Access)
		}
	}
	// The table's administration routes: subjects, semesters, forms, classes,
	// expectations, users, report, texts and theme.
	if len(admin) < 20 {
		t.Fatalf("only %d admin-only routes in the table", len(admin))
	}
	for _, want := range []string{"POST /api/subjects", "POST /api/periods", "PUT /api/forms", "PATCH /api/classes/:id/forms",
		"POST /api/classes/:classId/expectations", "PATCH /api/users/:id", "GET /api/periods/:id/students-csv", "PUT /api/tenant/texts"} {
		found := false
		for _, r := range admin {
			found = found || r.Method+" "+r.Path == want
		}
		if !found {
			t.Errorf("%s is not an admin-only route of the table", want)
		}
	}

	type caller struct {
		who, tok string
		want     int
	}
	refused := []caller{
		{"student", s.student, http.StatusForbidden},
		{"teacher of the class", s.teacher, http.StatusForbidden},
		{"teacher of no class", outsider, http.StatusForbidden},
		{"supervisor", s.advisor, http.StatusForbidden},
		{"anonymous", "", http.StatusUnauthorized},
		{"other school's admin", s.otherAdmin, http.StatusUnauthorized},
	}
	for _, r := range admin {
		path := concretePath(r.Path, ids)
		if routeParam.MatchString(path) || strings.Contains(path, "//") {
			t.Fatalf("%s: parameter left in %s", r.Path, path)
		}
		for _, c := range refused {
			if rec := f.send(t, r.Method, "a.localhost", path, c.tok, nil); rec.Code != c.want {
				t.Errorf("%s %s as %s: %d %s, want %d", r.Method, path, c.who, rec.Code, rec.Body, c.want)
			}
		}
	}
	// The admin passes the role check (the handler may still refuse the empty body).
	for _, r := range admin {
		path := concretePath(r.Path, ids)
		if rec := f.send(t, r.Method, "a.localhost", path, s.admin, nil); rec.Code == http.StatusUnauthorized || rec.Code == http.StatusForbidden {
			t.Errorf("%s %s as admin: %d %s", r.Method, path, rec.Code, rec.Body)
		}
	}

	// Shared routes: about another user, students and supervisors are refused.
	for _, r := range shared {
		path := concretePath(r.Path, ids)
		for _, c := range []caller{{"student", s.student, http.StatusForbidden}, {"supervisor", s.advisor, http.StatusForbidden}} {
			if rec := f.send(t, r.Method, "a.localhost", path, c.tok, nil); rec.Code != c.want {
				t.Errorf("%s %s as %s: %d %s, want %d", r.Method, path, c.who, rec.Code, rec.Body, c.want)
			}
		}
	}
}
