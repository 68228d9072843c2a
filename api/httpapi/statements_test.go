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
	root, err := tenants.Open(context.Background(), db.URL, 8, counter)
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
	})
}
