package httpapi

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/praksis/praksis/api/answers"
	"github.com/praksis/praksis/tenants"
	"github.com/praksis/praksis/tenants/statements"
	"github.com/praksis/praksis/tenants/testdb"
)

// hotRouteBudget is the most statements, BEGIN and COMMIT included, that
// one request of a hot route may run: the routes every student, supervisor
// and teacher calls again and again at semester end.
const hotRouteBudget = 5

// countedFixture is newFixture on a pool whose statements are counted.
func countedFixture(t *testing.T) (*fixture, *statements.Counter) {
	t.Helper()
	db := testdb.New(t)
	db.School(t, "skole-a", "Felles navn", "a.localhost")
	db.School(t, "skole-b", "Felles navn", "b.localhost")
	counter := &statements.Counter{}
	root, err := tenants.Open(context.Background(), db.URL, 8, counter, statements.RequestTracer{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { tenants.Close(root) })
	return newFixtureOn(t, db, root, db.URL, nil), counter
}

// statementCase is one request and the statements it may run.
type statementCase struct {
	name, method, path, who string
	body                    any
	// want is the status; max the statements allowed.
	want, max int
}

// countStatements runs each case twice (the first warms the caches, as a
// running server's are) and fails when the second runs more statements than
// allowed; exact makes "fewer" a failure too, so that a table stating a
// route's count is kept true.
func countStatements(t *testing.T, f *fixture, counter *statements.Counter, p *placement, cases []statementCase, exact bool) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			for i := range 2 {
				counter.Reset()
				rec := f.send(t, c.method, "a.localhost", c.path, p.tokens[c.who], c.body)
				if rec.Code != c.want {
					t.Fatalf("%s %s as %s: %d %s", c.method, c.path, c.who, rec.Code, rec.Body)
				}
				if i == 0 {
					continue
				}
				n := counter.Count()
				if n > c.max || (exact && n != c.max) {
					t.Errorf("%s %s ran %d statements, want %s%d:\n  %s", c.method, c.path, n,
						map[bool]string{true: "", false: "at most "}[exact], c.max, strings.Join(counter.SQL(), "\n  "))
				}
				t.Logf("%s %s: %d statements", c.method, c.path, n)
			}
		})
	}
}

// The hot routes of semester end run at most five statements each, BEGIN
// and COMMIT included: the autosave, the full assessment, the class page,
// the token refresh and every call of the student's home page.
func TestHotRouteStatementBudget(t *testing.T) {
	onDay(t, 2026, time.September, 15)
	f, counter := countedFixture(t)
	p := f.newPlacement(t)
	m := f.useMainForm(t, p)
	set := f.mustSave(t, p, "student", answers.Input{AssignmentID: m.midID, StudentUserID: p.studentID,
		Answers: []answers.Answer{{FormQuestionID: m.graded1, Value: sp("1")}}})
	student := fmt.Sprintf("/api/classes/%d/students/%d", p.classID, p.studentID)
	version := set.Version
	countStatements(t, f, counter, p, []statementCase{
		{name: "full assessment", method: http.MethodGet, path: student + fmt.Sprintf("/forms/%d/full", m.formID), who: "student", want: http.StatusOK, max: hotRouteBudget},
		{name: "class page", method: http.MethodGet, path: fmt.Sprintf("/api/classes/%d/students", p.classID), who: "teacher", want: http.StatusOK, max: hotRouteBudget},
		{name: "token refresh", method: http.MethodGet, path: "/api/auth/refresh", who: "student", want: http.StatusOK, max: hotRouteBudget},
		{name: "student home: me", method: http.MethodGet, path: "/api/users/me", who: "student", want: http.StatusOK, max: hotRouteBudget},
		{name: "student home: classes", method: http.MethodGet, path: "/api/classes/me/student", who: "student", want: http.StatusOK, max: hotRouteBudget},
		{name: "student home: progress", method: http.MethodGet, path: student + "/progress", who: "student", want: http.StatusOK, max: hotRouteBudget},
		{name: "student home: warning", method: http.MethodGet, path: student + "/warning", who: "student", want: http.StatusNotFound, max: hotRouteBudget},
		{name: "student home: signing form", method: http.MethodGet, path: student + "/signingform", who: "student", want: http.StatusNotFound, max: hotRouteBudget},
	}, false)
	t.Run("autosave", func(t *testing.T) {
		for i := range 2 {
			counter.Reset()
			in := answers.Input{AssignmentID: m.midID, StudentUserID: p.studentID, Version: version,
				Answers: []answers.Answer{{FormQuestionID: m.text, Value: sp(fmt.Sprintf("Utkast %d", i))}}}
			got := f.mustSave(t, p, "student", in)
			version = got.Version
			if n := counter.Count(); i == 1 && n > hotRouteBudget {
				t.Errorf("POST /api/answers ran %d statements, want at most %d:\n  %s", n, hotRouteBudget, strings.Join(counter.SQL(), "\n  "))
			} else if i == 1 {
				t.Logf("POST /api/answers: %d statements", n)
			}
		}
		// /metrics counts the same statements per route.
		rec := f.do(t, http.MethodGet, "127.0.0.1", "/metrics", nil)
		want := `http_request_db_statements_total{method="POST",route="/api/answers"}`
		if !strings.Contains(rec.Body.String(), want) {
			t.Errorf("/metrics has no %s", want)
		}
	})
}

// Every other route states here how many statements one request runs
// (BEGIN and COMMIT included), so that a change that adds round trips is
// seen in review: the test fails when a count differs, either way.
func TestRouteStatementCounts(t *testing.T) {
	onDay(t, 2026, time.September, 15)
	f, counter := countedFixture(t)
	p := f.newPlacement(t)
	m := f.useMainForm(t, p)
	set := f.mustSave(t, p, "student", answers.Input{AssignmentID: m.midID, StudentUserID: p.studentID,
		Answers: []answers.Answer{{FormQuestionID: m.graded1, Value: sp("1")}}})
	periodID := f.scalar(t, "skole-a", "SELECT id FROM periods")
	advisorID := f.scalar(t, "skole-a", "SELECT advisor_user_id FROM student_references WHERE student_user_id = ?", p.studentID)
	student := fmt.Sprintf("/api/classes/%d/students/%d", p.classID, p.studentID)
	class := fmt.Sprintf("/api/classes/%d", p.classID)
	get := func(path, who string, want, n int) statementCase {
		return statementCase{name: path + " as " + who, method: http.MethodGet, path: path, who: who, want: want, max: n}
	}
	countStatements(t, f, counter, p, []statementCase{
		get("/api/tenant", "", http.StatusOK, 5),
		get("/api/roles", "student", http.StatusOK, 4),
		get("/api/auth/feide-info", "student", http.StatusNotFound, 4),
		get("/api/auth/feide-group-memberships", "student", http.StatusOK, 4),
		get("/api/memberships", "student", http.StatusOK, 4),
		get("/api/subjects", "admin", http.StatusOK, 4),
		get("/api/periods", "admin", http.StatusOK, 4),
		get("/api/periods/next", "admin", http.StatusOK, 4),
		get(fmt.Sprintf("/api/periods/%d", periodID), "admin", http.StatusOK, 4),
		get(fmt.Sprintf("/api/periods/%d/classes", periodID), "admin", http.StatusOK, 5),
		get(fmt.Sprintf("/api/periods/%d/students-csv", periodID), "admin", http.StatusOK, 11),
		get("/api/forms", "admin", http.StatusOK, 4),
		get(fmt.Sprintf("/api/forms/%d", m.formID), "admin", http.StatusOK, 7),
		get("/api/classes", "admin", http.StatusOK, 4),
		get(class, "teacher", http.StatusOK, 4),
		get(class+"/users", "teacher", http.StatusOK, 7),
		get(fmt.Sprintf("%s/advisor/%d/students", class, advisorID), "teacher", http.StatusOK, 5),
		get(fmt.Sprintf("%s/forms/%d/expectations?isMidSemester=true", class, m.formID), "teacher", http.StatusNotFound, 4),
		get("/api/users", "admin", http.StatusOK, 6),
		get(fmt.Sprintf("/api/users/%d", p.studentID), "admin", http.StatusOK, 4),
		get(fmt.Sprintf("/api/users/%d/classes/%d", p.studentID, p.classID), "admin", http.StatusOK, 11),
		get("/api/tenant/eformidling", "admin", http.StatusOK, 4),
		get("/api/archive-deliveries", "admin", http.StatusOK, 5),
		get(fmt.Sprintf("/api/users/%d/archive-deliveries", p.studentID), "admin", http.StatusOK, 6),
		get("/api/tenant/texts", "admin", http.StatusOK, 5),
		get(student+"/warning/deadline", "teacher", http.StatusOK, 5),
		get(student+"/signingform/validation", "teacher", http.StatusOK, 6),
		get(class+"/signing-status", "teacher", http.StatusOK, 5),
		get(student+"/audit", "teacher", http.StatusOK, 5),
		get("/api/classes/me/matching-affiliations", "student", http.StatusOK, 4),
		get("/api/classes/mine", "teacher", http.StatusOK, 6),
		get("/api/classes/advisor", "advisor", http.StatusOK, 7),
		get(class+"/students/mine", "teacher", http.StatusOK, 5),
		get(fmt.Sprintf("%s/forms/%d", student, m.formID), "student", http.StatusOK, 6),
		get(fmt.Sprintf("/api/answers/%d", set.ID), "student", http.StatusOK, 5),
		get("/api/invitations/advisor/me", "student", http.StatusNotFound, 5),
		get(student+"/full/pdf", "teacher", http.StatusOK, 15),
		{name: "accept the privacy policy", method: http.MethodPost, path: "/api/users/me/privacy-policy", who: "student", want: http.StatusOK, max: 5},
		{name: "join a class as teacher", method: http.MethodPost, path: class + "/teachers/me", who: "teacher", want: http.StatusOK, max: 5},
		{name: "set the class's forms", method: http.MethodPatch, path: class + "/forms", who: "admin", body: []int64{m.formID}, want: http.StatusOK, max: 8},
	}, true)
}
