package httpapi

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/praksis/praksis/api/clock"

	"github.com/praksis/praksis/api/periods"
	"github.com/praksis/praksis/api/subjects"
	"github.com/praksis/praksis/api/users"
)

// jsonRequest builds a request to host carrying body (when not nil) as JSON.
func jsonRequest(t *testing.T, method, host, path string, body any) *http.Request {
	t.Helper()
	var b []byte
	if body != nil {
		var err error
		if b, err = json.Marshal(body); err != nil {
			t.Fatal(err)
		}
	}
	req := httptest.NewRequest(method, path, bytes.NewReader(b))
	req.Host = host
	return req
}

// statusCase is a request that must be answered with status and, when
// reason is not empty, with a problem whose first error names reason.
type statusCase struct {
	name   string
	method string
	body   any
	status int
	reason string
}

// checkStatuses sends each case to path on school A as tok; every answer
// that has the wanted status must decode as a problem.
func (f *fixture) checkStatuses(t *testing.T, path, tok string, cases []statusCase) {
	t.Helper()
	for _, c := range cases {
		rec := f.send(t, c.method, "a.localhost", path, tok, c.body)
		if rec.Code != c.status {
			t.Errorf("%s: %d %s, want %d", c.name, rec.Code, rec.Body, c.status)
			continue
		}
		p := decode[Problem](t, rec)
		if c.reason != "" && (len(p.Errors) == 0 || p.Errors[0].Reason != c.reason) {
			t.Errorf("%s: problem %+v does not name %s", c.name, p, c.reason)
		}
	}
}

func (f *fixture) send(t *testing.T, method, host, path, tok string, body any) *httptest.ResponseRecorder {
	t.Helper()
	return f.sendWith(t, method, host, path, tok, body, nil)
}

// sendWith is send with mod (when not nil) adding headers to the request.
func (f *fixture) sendWith(t *testing.T, method, host, path, tok string, body any, mod func(*http.Request)) *httptest.ResponseRecorder {
	t.Helper()
	req := jsonRequest(t, method, host, path, body)
	req.Header.Set("Content-Type", "application/json")
	if tok != "" {
		req.Header.Set("Authorization", "Bearer "+tok)
	}
	if mod != nil {
		mod(req)
	}
	rec := httptest.NewRecorder()
	f.srv.Handler().ServeHTTP(rec, req)
	return rec
}

// Every admin route refuses students, teachers and supervisors with 403,
// anonymous callers with 401, and another school's admin with 401.
func TestAdminRoutesRefuseOtherRoles(t *testing.T) {
	f := newFixture(t)
	admin, _ := f.signIn(t, "skole-a", "a.localhost", "admin@a.test", users.RoleAdmin)
	otherAdmin, _ := f.signIn(t, "skole-b", "b.localhost", "admin@b.test", users.RoleAdmin)
	student, _ := f.signIn(t, "skole-a", "a.localhost", "student@a.test", users.RoleStudent)
	teacher, _ := f.signIn(t, "skole-a", "a.localhost", "teacher@a.test", users.RoleTeacher)
	advisor, _ := f.signIn(t, "skole-a", "a.localhost", "advisor@a.test", users.RoleAdvisor)
	adminRoutes := []struct {
		method, path string
		body         any
	}{
		{http.MethodPost, "/api/subjects", subjects.Subject{SubjectCode: "SYKP1000", Name: "Praksis"}},
		{http.MethodPut, "/api/subjects", subjects.Subject{ID: 1, SubjectCode: "SYKP1000", Name: "Praksis"}},
		{http.MethodGet, "/api/periods/next", nil},
		{http.MethodPost, "/api/periods", nil},
	}
	for _, r := range adminRoutes {
		for who, c := range map[string]struct {
			tok  string
			want int
		}{
			"anonymous":            {"", http.StatusUnauthorized},
			"student":              {student, http.StatusForbidden},
			"teacher":              {teacher, http.StatusForbidden},
			"supervisor":           {advisor, http.StatusForbidden},
			"other school's admin": {otherAdmin, http.StatusUnauthorized},
		} {
			if rec := f.send(t, r.method, "a.localhost", r.path, c.tok, r.body); rec.Code != c.want {
				t.Errorf("%s %s as %s: %d, want %d", r.method, r.path, who, rec.Code, c.want)
			}
		}
	}
	if rec := f.send(t, http.MethodPost, "a.localhost", "/api/subjects", admin, subjects.Subject{SubjectCode: "sykp1000", Name: "Praksis"}); rec.Code != http.StatusCreated {
		t.Errorf("admin creating a subject: %d %s", rec.Code, rec.Body)
	}
}

func TestSubjects(t *testing.T) {
	f := newFixture(t)
	admin, _ := f.signIn(t, "skole-a", "a.localhost", "admin@a.test", users.RoleAdmin)
	rec := f.send(t, http.MethodPost, "a.localhost", "/api/subjects", admin, subjects.Subject{SubjectCode: " sykp2100 ", Name: "Medisinsk praksis"})
	if rec.Code != http.StatusCreated {
		t.Fatalf("create: %d %s", rec.Code, rec.Body)
	}
	created := decode[subjects.Subject](t, rec)
	if created.ID == 0 || created.SubjectCode != "SYKP2100" {
		t.Errorf("created %+v", created)
	}
	f.checkStatuses(t, "/api/subjects", admin, []statusCase{
		{"duplicate code", http.MethodPost, subjects.Subject{SubjectCode: "SYKP2100", Name: "Igjen"}, http.StatusConflict, "subjectCode"},
		{"missing name", http.MethodPost, subjects.Subject{SubjectCode: "SYKP9"}, http.StatusBadRequest, "name"},
		{"missing code", http.MethodPost, subjects.Subject{Name: "Uten kode"}, http.StatusBadRequest, "subjectCode"},
		{"unknown field", http.MethodPost, map[string]any{"subjectCode": "X", "name": "Y", "colour": "red"}, http.StatusBadRequest, "colour"},
		{"wrong type", http.MethodPost, map[string]any{"subjectCode": 12, "name": "Y"}, http.StatusBadRequest, "subjectCode"},
		{"update unknown", http.MethodPut, subjects.Subject{ID: 9999, SubjectCode: "X1", Name: "Y"}, http.StatusNotFound, ""},
		{"update without id", http.MethodPut, subjects.Subject{SubjectCode: "X1", Name: "Y"}, http.StatusBadRequest, "id"},
		// The longest code the table holds is taken; one longer is refused
		// at the field, not by the database.
		{"longest code", http.MethodPost, subjects.Subject{SubjectCode: strings.Repeat("K", subjects.MaxCodeLen), Name: "Lang kode"}, http.StatusCreated, ""},
		{"code too long", http.MethodPost, subjects.Subject{SubjectCode: strings.Repeat("K", subjects.MaxCodeLen+1), Name: "For lang kode"}, http.StatusBadRequest, "subjectCode"},
		{"longest name", http.MethodPost, subjects.Subject{SubjectCode: "LANGT", Name: strings.Repeat("n", subjects.MaxNameLen)}, http.StatusCreated, ""},
		{"name too long", http.MethodPost, subjects.Subject{SubjectCode: "FORLANGT", Name: strings.Repeat("n", subjects.MaxNameLen+1)}, http.StatusBadRequest, "name"},
	})
	rec = f.send(t, http.MethodPut, "a.localhost", "/api/subjects", admin, subjects.Subject{ID: created.ID, SubjectCode: "SYKP2101", Name: "Nytt navn"})
	if rec.Code != http.StatusOK {
		t.Fatalf("update: %d %s", rec.Code, rec.Body)
	}
	list := decode[[]subjects.Subject](t, f.send(t, http.MethodGet, "a.localhost", "/api/subjects", admin, nil))
	renamed := false
	for _, sub := range list {
		renamed = renamed || sub.ID == created.ID && sub.Name == "Nytt navn"
	}
	if len(list) != 3 || !renamed {
		t.Errorf("list %+v", list)
	}
	// The other school has no subjects.
	otherAdmin, _ := f.signIn(t, "skole-b", "b.localhost", "admin@b.test", users.RoleAdmin)
	if list := decode[[]subjects.Subject](t, f.send(t, http.MethodGet, "b.localhost", "/api/subjects", otherAdmin, nil)); len(list) != 0 {
		t.Errorf("school B sees A's subjects: %+v", list)
	}
}

func TestCreateNextSemester(t *testing.T) {
	f := newFixture(t)
	admin, _ := f.signIn(t, "skole-a", "a.localhost", "admin@a.test", users.RoleAdmin)
	clock.Base = func() time.Time { return time.Date(2026, time.November, 21, 10, 0, 0, 0, time.UTC) }
	defer func() { clock.Base = time.Now }()

	// No semester at all in November: the autumn of this year.
	first := decode[periods.Period](t, f.send(t, http.MethodPost, "a.localhost", "/api/periods", admin, nil))
	if first.Name != "Høst 2026" || first.Status != periods.Current {
		t.Fatalf("first semester %+v", first)
	}
	proposal := decode[periods.Period](t, f.send(t, http.MethodGet, "a.localhost", "/api/periods/next", admin, nil))
	if proposal.Name != "Vår 2027" {
		t.Fatalf("proposal %+v", proposal)
	}
	// A stale modal (showing another semester) is refused.
	stale := periods.Period{Name: "Høst 2027", StartDate: periods.DateOf(2027, 7, 1), EndDate: periods.DateOf(2027, 12, 31)}
	if rec := f.send(t, http.MethodPost, "a.localhost", "/api/periods", admin, stale); rec.Code != http.StatusConflict {
		t.Errorf("stale proposal: %d", rec.Code)
	}
	rec := f.send(t, http.MethodPost, "a.localhost", "/api/periods", admin, proposal)
	if rec.Code != http.StatusCreated {
		t.Fatalf("create next: %d %s", rec.Code, rec.Body)
	}
	next := decode[periods.Period](t, rec)
	if next.Name != "Vår 2027" || next.StartDate.Format(time.DateOnly) != "2027-01-01" || next.EndDate.Format(time.DateOnly) != "2027-06-30" || next.Status != periods.Future {
		t.Errorf("next semester %+v", next)
	}
	// A second attempt is refused while that one lies in the future.
	rec = f.send(t, http.MethodPost, "a.localhost", "/api/periods", admin, nil)
	if rec.Code != http.StatusConflict {
		t.Fatalf("second attempt: %d %s", rec.Code, rec.Body)
	}
	if p := decode[Problem](t, rec); p.StatusCode != 409 || p.Description == "" {
		t.Errorf("second attempt problem %+v", p)
	}
	list := decode[[]periods.Period](t, f.send(t, http.MethodGet, "a.localhost", "/api/periods", admin, nil))
	if len(list) != 2 || list[0].Name != "Vår 2027" || list[1].Name != "Høst 2026" {
		t.Errorf("semesters %+v", list)
	}
}
