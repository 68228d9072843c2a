package httpapi

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/labstack/echo/v5"
	"github.com/riverqueue/river"
	"gorm.io/gorm"

	"github.com/praksis/praksis/api/answers"
	"github.com/praksis/praksis/api/auth"
	"github.com/praksis/praksis/api/classes"
	"github.com/praksis/praksis/api/datacopy"
	"github.com/praksis/praksis/api/eformidling"
	"github.com/praksis/praksis/api/forms"
	"github.com/praksis/praksis/api/invitations"
	"github.com/praksis/praksis/api/jobs"
	"github.com/praksis/praksis/api/mail"
	"github.com/praksis/praksis/api/reminders"
	"github.com/praksis/praksis/api/results"
	"github.com/praksis/praksis/api/signin"
	"github.com/praksis/praksis/api/signing"
	"github.com/praksis/praksis/api/subjects"
	"github.com/praksis/praksis/api/users"
	"github.com/praksis/praksis/api/warnings"
	"github.com/praksis/praksis/dev/mailcatcher"
	"github.com/praksis/praksis/tenants"
	"github.com/praksis/praksis/tenants/statements"
	"github.com/praksis/praksis/tenants/testdb"
)

// hotRouteBudget is the most statements, BEGIN and COMMIT included, that
// one request of a hot route may run: the routes every student, supervisor
// and teacher calls again and again at semester end.
const hotRouteBudget = 5

// countedFixture is newFixture on a pool whose statements are counted,
// with the job queue, the outbox and the notices wired as the server is in
// production, so that the e-mails and jobs a request queues (in its own
// transaction) are counted with it. The queue's workers do not run.
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
	return newFixtureOn(t, db, root, db.URL, func(f *fixture, o *Options) {
		sqlDB, err := root.DB()
		if err != nil {
			t.Fatal(err)
		}
		if err := jobs.Migrate(context.Background(), sqlDB); err != nil {
			t.Fatal(err)
		}
		var queue *jobs.Queue
		enqueue := results.EnqueuerFunc(func(ctx context.Context, args river.JobArgs, opts *river.InsertOpts) error {
			return queue.Enqueue(ctx, args, opts)
		})
		workers := river.NewWorkers()
		river.AddWorker(workers, mail.NewWorker(f.reg, mailcatcher.New(), f.log))
		river.AddWorker(workers, results.NewArchiveWorker(f.reg, enqueue, f.log))
		river.AddWorker(workers, eformidling.NewWorker(f.reg, f.log))
		river.AddWorker(workers, datacopy.NewWorker(f.reg, f.log))
		if queue, err = jobs.New(sqlDB, jobs.Config{Workers: workers}); err != nil {
			t.Fatal(err)
		}
		publicURL := func(host string) string { return "http://" + host }
		outbox := mail.NewOutbox(queue)
		o.SignIn = signin.New(f.auth, signin.WithMail(outbox), signin.WithPublicURL(publicURL))
		o.Mail = outbox
		o.WarningNotifier = &warnings.MailNotifier{Queue: outbox, PublicURL: publicURL}
		o.SigningEvents = signing.Fanout{results.NewScheduler(queue), reminders.New(outbox, publicURL)}
		o.ArchiveJobs = queue
		o.DataCopyJobs = queue
		o.Dist = builtApp()
	}), counter
}

// statementCase is one request and the statements it may run.
type statementCase struct {
	name, method, path, who string
	body                    any
	// want is the status; max the statements allowed.
	want, max int
	// host is the request's host; a.localhost when empty.
	host string
	// contentType and raw send a body as is instead of body as JSON.
	contentType string
	raw         []byte
	// before runs ahead of each of the two requests, outside the count: it
	// makes what the request acts on (a request that changes something
	// must find the same state the second time). i is 0 or 1.
	before func(t *testing.T, i int)
	// pathFor, tokenFor and bodyFor, when set, give request i's path,
	// bearer token and body instead of path, who's token and body.
	pathFor  func(i int) string
	tokenFor func(i int) string
	bodyFor  func(i int) any
	// after sees each answer (to carry a new version to the next request).
	after func(t *testing.T, rec *httptest.ResponseRecorder)
}

// routeOf is the registered route ("GET /api/classes/:id/students") that
// serves a request.
func routeOf(f *fixture, method, path string) string {
	req := httptest.NewRequest(method, path, nil)
	c := f.srv.Echo().NewContext(req, httptest.NewRecorder())
	f.srv.Echo().Router().Route(c)
	return method + " " + c.Path()
}

// counted is how many statements the counter saw, but for the job queue's
// NOTIFY after inserting a job: the queue sends it at most once per queue
// and cooldown (100 ms), so whether one request sends it depends on the
// clock, not on the request.
func counted(counter *statements.Counter) int {
	n := 0
	for _, sql := range counter.SQL() {
		if !strings.HasPrefix(sql, "-- name: PGNotifyMany ") {
			n++
		}
	}
	return n
}

// countStatements runs each case twice (the first warms the caches, as a
// running server's are) and fails when the second runs more statements than
// allowed; exact makes "fewer" a failure too, so that a table stating a
// route's count is kept true. It returns the routes the cases called.
func countStatements(t *testing.T, f *fixture, counter *statements.Counter, p *placement, cases []statementCase, exact bool) map[string]bool {
	t.Helper()
	routes := map[string]bool{}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			for i := range 2 {
				if c.before != nil {
					c.before(t, i)
				}
				path, tok, body := c.path, p.tokens[c.who], c.body
				if c.pathFor != nil {
					path = c.pathFor(i)
				}
				if c.tokenFor != nil {
					tok = c.tokenFor(i)
				}
				if c.bodyFor != nil {
					body = c.bodyFor(i)
				}
				host := c.host
				if host == "" {
					host = "a.localhost"
				}
				routes[routeOf(f, c.method, strings.SplitN(path, "?", 2)[0])] = true
				counter.Reset()
				var rec *httptest.ResponseRecorder
				if c.contentType != "" {
					rec = f.raw(t, c.method, host, path, tok, c.contentType, c.raw)
				} else {
					rec = f.send(t, c.method, host, path, tok, body)
				}
				n := counted(counter)
				if rec.Code != c.want {
					t.Fatalf("%s %s (request %d): %d %s", c.method, path, i+1, rec.Code, rec.Body)
				}
				if c.after != nil {
					c.after(t, rec)
				}
				if i == 0 {
					continue
				}
				if n > c.max || (exact && n != c.max) {
					t.Errorf("%s %s ran %d statements, want %s%d:\n  %s", c.method, path, n,
						map[bool]string{true: "", false: "at most "}[exact], c.max, strings.Join(counter.SQL(), "\n  "))
				}
				t.Logf("%s %s: %d statements", c.method, path, n)
			}
		})
	}
	return routes
}

// hotRouteFixture is a placement on the main form, on a day of its
// period, whose student has saved a mid-placement set (at version), with
// the server's statements counted.
func hotRouteFixture(t *testing.T) (*fixture, *statements.Counter, *placement, mainForm, int) {
	t.Helper()
	onDay(t, 2026, time.September, 15)
	f, counter := countedFixture(t)
	p, m := f.mainFormPlacement(t)
	set := f.mustSave(t, p, "student", answers.Input{AssignmentID: m.midID, StudentUserID: p.studentID,
		Answers: []answers.Answer{{FormQuestionID: m.graded1, Value: sp("1")}}})
	return f, counter, p, m, set.Version
}

// The hot routes of semester end run at most five statements each, BEGIN
// and COMMIT included: the autosave, the full assessment, the class page,
// the token refresh and every call of the student's home page.
func TestHotRouteStatementBudget(t *testing.T) {
	f, counter, p, m, version := hotRouteFixture(t)
	student := fmt.Sprintf("/api/classes/%d/students/%d", p.classID, p.studentID)
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
		// Whole and minimal (Prefer: return=minimal, as the web app saves).
		for i := range 4 {
			counter.Reset()
			in := answers.Input{AssignmentID: m.midID, StudentUserID: p.studentID, Version: version,
				Answers: []answers.Answer{{FormQuestionID: m.text, Value: sp(fmt.Sprintf("Utkast %d", i))}}}
			minimal := i >= 2
			rec := f.sendWith(t, http.MethodPost, "a.localhost", "/api/answers", p.tokens["student"], in, func(r *http.Request) {
				if minimal {
					r.Header.Set("Prefer", "return=minimal")
				}
			})
			if rec.Code != http.StatusOK {
				t.Fatalf("save: %d %s", rec.Code, rec.Body)
			}
			version = decode[answers.SavedHead](t, rec).Version
			if n := counter.Count(); i%2 == 1 && n > hotRouteBudget {
				t.Errorf("POST /api/answers (minimal %v) ran %d statements, want at most %d:\n  %s", minimal, n, hotRouteBudget, strings.Join(counter.SQL(), "\n  "))
			} else if i%2 == 1 {
				t.Logf("POST /api/answers (minimal %v): %d statements", minimal, n)
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

// The hot routes' statements travel in as few round trips as they can.
// A read goes with BEGIN, the statement that enters the school and reads
// the session, and COMMIT: one round trip. The autosave sends its read of
// the set's state with the beginning, and its write with COMMIT. The token
// refresh is the session's statement alone.
func TestHotRoutesRoundTrips(t *testing.T) {
	f, counter, p, m, version := hotRouteFixture(t)
	student := fmt.Sprintf("/api/classes/%d/students/%d", p.classID, p.studentID)
	for _, c := range []struct {
		name, method, path, who string
		body                    func(i int) any
		trips                   int
		prefer                  string
	}{
		{"full assessment", http.MethodGet, student + fmt.Sprintf("/forms/%d/full", m.formID), "student", nil, 1, ""},
		{"class page", http.MethodGet, fmt.Sprintf("/api/classes/%d/students", p.classID), "teacher", nil, 1, ""},
		{"token refresh", http.MethodGet, "/api/auth/refresh", "student", nil, 1, ""},
		{"autosave", http.MethodPost, "/api/answers", "student", func(i int) any {
			return answers.Input{AssignmentID: m.midID, StudentUserID: p.studentID, Version: version,
				Answers: []answers.Answer{{FormQuestionID: m.text, Value: sp(fmt.Sprintf("Utkast %d", i))}}}
		}, 2, ""},
		{"autosave, minimal answer", http.MethodPost, "/api/answers", "student", func(i int) any {
			return answers.Input{AssignmentID: m.midID, StudentUserID: p.studentID, Version: version,
				Answers: []answers.Answer{{FormQuestionID: m.text, Value: sp(fmt.Sprintf("Kladd %d", i))}}}
		}, 2, "return=minimal"},
	} {
		t.Run(c.name, func(t *testing.T) {
			// The first request prepares the statements, as a running
			// server has.
			for i := range 2 {
				var body any
				if c.body != nil {
					body = c.body(i)
				}
				counter.Reset()
				rec := f.sendWith(t, c.method, "a.localhost", c.path, p.tokens[c.who], body, func(r *http.Request) {
					if c.prefer != "" {
						r.Header.Set("Prefer", c.prefer)
					}
				})
				if rec.Code != http.StatusOK {
					t.Fatalf("%s %s: %d %s", c.method, c.path, rec.Code, rec.Body)
				}
				if c.method == http.MethodPost {
					var got answers.Set
					if err := json.Unmarshal(rec.Body.Bytes(), &got); err != nil {
						t.Fatal(err)
					}
					version = got.Version
				}
				if n := counter.RoundTrips(); i == 1 && n != c.trips {
					t.Errorf("%s %s took %d round trips, want %d:\n  %s", c.method, c.path, n, c.trips, strings.Join(counter.SQL(), "\n  "))
				}
			}
		})
	}
}

// uncountedRoutes are the routes whose statements no test counts, each with
// the reason. Everything else the router serves has its count stated in
// TestRouteStatementCounts.
var uncountedRoutes = map[string]string{
	"GET /api/auth/feide/start":      "sends the browser to Feide: only signing in with Feide (the mock identity provider in signin_test) calls it",
	"POST /api/auth/signed-in":       "the end of Feide's round trip: needs an authorization code from Feide and the start's cookie (signin_test plays it with the mock identity provider)",
	"GET /api/auth/vipps/start":      "sends the browser to Vipps: only signing in with Vipps (the mock identity provider in signin_test) calls it",
	"POST /api/auth/vipps/signed-in": "the end of Vipps' round trip: needs an authorization code from Vipps (signin_test plays it with the mock identity provider)",
	"POST /api/archive-deliveries/:signingFormId/retry": "needs a locked signing form whose delivery to the archive failed, which takes three signatures, the archive job and a failing " +
		"integrasjonspunkt (eformidling_test builds it); a rare admin action",
}

// Every route states here how many statements one request runs (BEGIN and
// COMMIT included), so that a change that adds round trips is seen in
// review: the test fails when a count differs, either way, and when a route
// of the router is neither counted here nor listed in uncountedRoutes with
// its reason. The hot routes are counted here exactly too (their budget is
// TestHotRouteStatementBudget's).
func TestRouteStatementCounts(t *testing.T) {
	onDay(t, 2026, time.September, 15)
	f, counter := countedFixture(t)
	p, m := f.mainFormPlacement(t)
	set := f.mustSave(t, p, "student", answers.Input{AssignmentID: m.midID, StudentUserID: p.studentID,
		Answers: []answers.Answer{{FormQuestionID: m.graded1, Value: sp("1")}}})
	periodID := f.scalar(t, "skole-a", "SELECT id FROM periods")
	gradedGroup := f.scalar(t, "skole-a", "SELECT group_id FROM questions WHERE id = ?", m.graded1)
	subjectID := f.scalar(t, "skole-a", "SELECT id FROM subjects")
	advisorID := f.scalar(t, "skole-a", "SELECT advisor_user_id FROM student_references WHERE student_user_id = ?", p.studentID)
	otherAdvisorID := f.userID(t, "otherAdvisor@a.test")
	student := fmt.Sprintf("/api/classes/%d/students/%d", p.classID, p.studentID)
	class := fmt.Sprintf("/api/classes/%d", p.classID)
	// Requests that change a student's warning or signing form act on the
	// other student first (warming up) and then on the student.
	studentOf := func(i int) int64 { return []int64{p.otherStudentID, p.studentID}[i] }
	studentPath := func(suffix string) func(i int) string {
		return func(i int) string {
			return fmt.Sprintf("/api/classes/%d/students/%d%s", p.classID, studentOf(i), suffix)
		}
	}
	studentToken := func(i int) string { return []string{p.tokens["otherStudent"], p.tokens["student"]}[i] }
	get := func(path, who string, want, n int) statementCase {
		return statementCase{name: path + " as " + who, method: http.MethodGet, path: path, who: who, want: want, max: n}
	}
	call := func(method, path, who string, body any, want, n int) statementCase {
		return statementCase{name: method + " " + path + " as " + who, method: method, path: path, who: who, body: body, want: want, max: n}
	}
	// fresh signs a new person in before each request; the request runs as
	// them.
	fresh := func(c statementCase, email string, roles ...int64) statementCase {
		var toks [2]string
		c.before = func(t *testing.T, i int) {
			toks[i], _ = f.signIn(t, "skole-a", "a.localhost", fmt.Sprintf(email, i), roles...)
		}
		c.tokenFor = func(i int) string { return toks[i] }
		return c
	}
	with := func(c statementCase, mod func(*statementCase)) statementCase { mod(&c); return c }

	// A form of its own for the form routes, with a guidance PDF.
	pdf := append([]byte("%PDF-1.7\n"), bytes.Repeat([]byte("x"), 1000)...)
	extra := decode[forms.Form](t, f.send(t, http.MethodPost, "a.localhost", "/api/forms", p.tokens["admin"],
		map[string]any{"name": "Eget skjema", "groups": []any{map[string]any{"name": "G", "type": 2, "questions": []any{map[string]any{"text": "Q"}}}}}))
	extraPDF := fmt.Sprintf("/api/forms/%d/pdf", extra.ID)
	if rec := f.raw(t, http.MethodPut, "a.localhost", extraPDF, p.tokens["admin"], "application/pdf", pdf); rec.Code != http.StatusOK {
		t.Fatalf("upload guidance: %d %s", rec.Code, rec.Body)
	}
	version := set.Version
	var copyID string
	var deleted [2]int64
	var signingForms [2]signing.Form
	var guids [2]string
	var accepting [2]string

	counted := countStatements(t, f, counter, p, []statementCase{
		// Operations and the app shell.
		with(get("/healthz", "", http.StatusOK, 0), func(c *statementCase) { c.host = "127.0.0.1" }),
		with(get("/readyz", "", http.StatusOK, 0), func(c *statementCase) { c.host = "127.0.0.1" }),
		with(get("/metrics", "", http.StatusOK, 0), func(c *statementCase) { c.host = "127.0.0.1" }),
		get("/api/openapi.json", "", http.StatusOK, 0),
		get("/api/docs", "", http.StatusOK, 0),
		{name: "a CSP report", method: http.MethodPost, path: "/api/csp-report", contentType: "application/csp-report",
			raw:  []byte(`{"csp-report":{"document-uri":"https://a.localhost/student","violated-directive":"style-src-elem","blocked-uri":"inline"}}`),
			want: http.StatusNoContent, max: 0},
		get("/.well-known/security.txt", "", http.StatusNotFound, 0),
		get("/manifest.webmanifest", "", http.StatusOK, 5),
		get("/icons/app-192.png", "", http.StatusOK, 5),
		get("/student", "", http.StatusOK, 5),

		// Reads.
		get("/api/tenant", "", http.StatusOK, 5),
		get("/api/roles", "student", http.StatusOK, 4),
		get("/api/auth/refresh", "student", http.StatusOK, 1),
		get("/api/auth/feide-info", "student", http.StatusNotFound, 4),
		get("/api/auth/feide-group-memberships", "student", http.StatusOK, 4),
		get("/api/memberships", "student", http.StatusOK, 4),
		get("/api/users/me", "student", http.StatusOK, 4),
		get("/api/subjects", "admin", http.StatusOK, 4),
		get("/api/periods", "admin", http.StatusOK, 4),
		get("/api/periods/next", "admin", http.StatusOK, 4),
		get(fmt.Sprintf("/api/periods/%d", periodID), "admin", http.StatusOK, 4),
		get(fmt.Sprintf("/api/periods/%d/classes", periodID), "admin", http.StatusOK, 5),
		get(fmt.Sprintf("/api/periods/%d/students-csv", periodID), "admin", http.StatusOK, 11),
		get(fmt.Sprintf("/api/periods/%d/report", periodID), "admin", http.StatusOK, 5),
		get(fmt.Sprintf("/api/periods/%d/report/students?metric=missing&formId=%d&half=mid&role=teacher", periodID, m.formID), "admin", http.StatusOK, 4),
		get(fmt.Sprintf("/api/periods/%d/report/students?metric=belowExpected&formId=%d&groupId=%d", periodID, m.formID, gradedGroup), "admin", http.StatusOK, 5),
		get(fmt.Sprintf("/api/periods/%d/report/csv", periodID), "admin", http.StatusOK, 5),
		get("/api/forms", "admin", http.StatusOK, 4),
		get(fmt.Sprintf("/api/forms/%d", m.formID), "admin", http.StatusOK, 7),
		get(extraPDF, "admin", http.StatusOK, 4),
		get("/api/classes", "admin", http.StatusOK, 4),
		get(class, "teacher", http.StatusOK, 4),
		get(class+"/users", "teacher", http.StatusOK, 7),
		get(fmt.Sprintf("%s/advisor/%d/students", class, advisorID), "teacher", http.StatusOK, 5),
		get(fmt.Sprintf("%s/forms/%d/expectations?isMidSemester=true", class, m.formID), "teacher", http.StatusNotFound, 4),
		get("/api/users", "admin", http.StatusOK, 6),
		get(fmt.Sprintf("/api/users/%d", p.studentID), "admin", http.StatusOK, 4),
		get(fmt.Sprintf("/api/users/%d/classes/%d", p.studentID, p.classID), "admin", http.StatusOK, 11),
		get("/api/tenant/retention", "admin", http.StatusOK, 4),
		get("/api/tenant/reminders", "admin", http.StatusOK, 4),
		get("/api/users/me/reminders", "student", http.StatusOK, 4),
		get("/api/tenant/record-of-processing", "admin", http.StatusOK, 4),
		get("/api/tenant/eformidling", "admin", http.StatusOK, 4),
		get("/api/archive-deliveries", "admin", http.StatusOK, 5),
		get(fmt.Sprintf("/api/users/%d/archive-deliveries", p.studentID), "admin", http.StatusOK, 6),
		get("/api/tenant/texts", "admin", http.StatusOK, 5),
		get(student+"/warning", "student", http.StatusNotFound, 5),
		get(student+"/warning/deadline", "teacher", http.StatusOK, 5),
		get(student+"/signingform", "student", http.StatusNotFound, 5),
		get(student+"/signingform/validation", "teacher", http.StatusOK, 6),
		get(class+"/signing-status", "teacher", http.StatusOK, 5),
		get(student+"/audit", "teacher", http.StatusOK, 5),
		get("/api/classes/me/student", "student", http.StatusOK, 4),
		get("/api/classes/me/matching-affiliations", "student", http.StatusOK, 4),
		get("/api/classes/mine", "teacher", http.StatusOK, 6),
		get("/api/classes/advisor", "advisor", http.StatusOK, 7),
		get(class+"/students", "teacher", http.StatusOK, 4),
		get(class+"/students/mine", "teacher", http.StatusOK, 5),
		get(fmt.Sprintf("%s/forms/%d", student, m.formID), "student", http.StatusOK, 4),
		get(fmt.Sprintf("%s/forms/%d/full", student, m.formID), "student", http.StatusOK, 4),
		get(student+"/progress", "student", http.StatusOK, 4),
		get(fmt.Sprintf("/api/students/%d/progress", p.studentID), "student", http.StatusOK, 4),
		get(fmt.Sprintf("/api/students/%d/progress", p.studentID), "teacher", http.StatusOK, 4),
		get(fmt.Sprintf("/api/students/%d/progress/pdf", p.studentID), "student", http.StatusOK, 6),
		get(fmt.Sprintf("/api/answers/%d", set.ID), "student", http.StatusOK, 5),
		get("/api/invitations/advisor/me", "student", http.StatusNotFound, 5),
		get(student+"/full/pdf", "teacher", http.StatusOK, 15),

		// Signing in and out.
		call(http.MethodPost, "/api/auth/simple/sign-in", "", map[string]string{"email": "teacher@a.test"}, http.StatusAccepted, 15),
		call(http.MethodPost, "/api/auth/external/sign-in", "", map[string]string{"email": "advisor@a.test"}, http.StatusAccepted, 15),
		func() statementCase {
			var code string
			c := call(http.MethodPost, "/api/auth/external/signed-in", "", nil, http.StatusOK, 9)
			c.before = func(t *testing.T, _ int) {
				if rec := f.send(t, http.MethodPost, "a.localhost", "/api/auth/external/sign-in", "", map[string]string{"email": "student@a.test"}); rec.Code != http.StatusAccepted {
					t.Fatalf("ask for a code: %d %s", rec.Code, rec.Body)
				}
				var body string
				if err := f.db.Service.InScope(context.Background(), "skole-a", func(_ context.Context, tx *gorm.DB) error {
					return tx.Raw("SELECT text_body FROM mail_outbox WHERE to_address = 'student@a.test' ORDER BY id DESC LIMIT 1").Scan(&body).Error
				}); err != nil {
					t.Fatal(err)
				}
				code = codeInMail.FindStringSubmatch(body)[1]
			}
			c.bodyFor = func(int) any { return map[string]string{"email": "student@a.test", "code": code} }
			return c
		}(),
		fresh(call(http.MethodPost, "/api/auth/sign-out", "", nil, http.StatusNoContent, 4), "leaving%d@a.test", users.RoleStudent),

		// The caller's own account.
		call(http.MethodPost, "/api/users/me/privacy-policy", "student", nil, http.StatusOK, 5),
		with(call(http.MethodPut, "/api/progress/sharing", "student", nil, http.StatusOK, 5), func(c *statementCase) {
			c.before = func(t *testing.T, _ int) { f.db.Exec(t, "skole-a", "DELETE FROM progress_sharing") }
		}),
		with(call(http.MethodDelete, "/api/progress/sharing", "student", nil, http.StatusOK, 5), func(c *statementCase) {
			c.before = func(t *testing.T, _ int) {
				f.db.Exec(t, "skole-a", "INSERT INTO progress_sharing (student_user_id) VALUES (?) ON CONFLICT DO NOTHING", p.studentID)
			}
		}),
		call(http.MethodPut, "/api/users/me/language", "student", map[string]string{"language": "nn"}, http.StatusNoContent, 4),
		with(call(http.MethodPost, "/api/users/me/data-copies", "", nil, http.StatusAccepted, 9), func(c *statementCase) { c.tokenFor = studentToken }),
		get("/api/users/me/data-copies", "student", http.StatusOK, 4),
		get("/api/users/me/calendar", "student", http.StatusOK, 4),
		call(http.MethodPost, "/api/users/me/calendar", "student", nil, http.StatusCreated, 4),
		with(get("/api/calendar/"+strings.Repeat("A", 43)+".ics", "", http.StatusOK, 7), func(c *statementCase) {
			c.before = func(t *testing.T, _ int) {
				f.db.Exec(t, "skole-a", `INSERT INTO calendar_feeds (user_id, token_hash) VALUES (?, sha256(convert_to(?, 'UTF8')))
					ON CONFLICT (user_id) DO UPDATE SET token_hash = excluded.token_hash`, p.studentID, strings.Repeat("A", 43))
			}
		}),
		with(call(http.MethodPost, "", "admin", nil, http.StatusAccepted, 10), func(c *statementCase) {
			c.name = "an admin asks for a person's data"
			c.pathFor = func(i int) string {
				return fmt.Sprintf("/api/users/%d/data-copies", []int64{advisorID, otherAdvisorID}[i])
			}
		}),
		with(get(fmt.Sprintf("/api/users/%d/data-copies", advisorID), "admin", http.StatusOK, 5), func(c *statementCase) {
			c.before = func(t *testing.T, i int) {
				if i > 0 {
					return
				}
				var id string
				if err := f.db.Service.InScope(context.Background(), "skole-a", func(ctx context.Context, tx *gorm.DB) error {
					if err := tx.Raw("SELECT id::text FROM data_copies WHERE user_id = ?", advisorID).Scan(&id).Error; err != nil {
						return err
					}
					return datacopy.Make(ctx, id, time.Now())
				}); err != nil {
					t.Fatal(err)
				}
				copyID = id
			}
		}),
		with(get("", "admin", http.StatusOK, 5), func(c *statementCase) {
			c.name = "a made copy downloaded"
			c.pathFor = func(int) string { return "/api/data-copies/" + copyID + "/json" }
		}),

		// Administration.
		with(call(http.MethodPost, "/api/subjects", "admin", nil, http.StatusCreated, 4), func(c *statementCase) {
			c.bodyFor = func(i int) any { return subjects.Subject{SubjectCode: fmt.Sprintf("SYKP900%d", i), Name: "Ny praksis"} }
		}),
		with(call(http.MethodPut, "/api/subjects", "admin", nil, http.StatusOK, 4), func(c *statementCase) {
			c.bodyFor = func(i int) any {
				return subjects.Subject{ID: subjectID, SubjectCode: "SYKP2100", Name: fmt.Sprintf("Medisinsk praksis %d", i)}
			}
		}),
		with(call(http.MethodPost, "/api/periods", "admin", nil, http.StatusCreated, 7), func(c *statementCase) {
			c.before = func(t *testing.T, _ int) { f.db.Exec(t, "skole-a", "DELETE FROM periods WHERE id <> ?", periodID) }
		}),
		with(call(http.MethodPost, "/api/forms", "admin", nil, http.StatusCreated, 12), func(c *statementCase) {
			c.bodyFor = func(i int) any {
				return map[string]any{"name": fmt.Sprintf("Nytt skjema %d", i),
					"groups": []any{map[string]any{"name": "G", "type": 2, "questions": []any{map[string]any{"text": "Q"}}}}}
			}
		}),
		with(call(http.MethodPut, "/api/forms", "admin", nil, http.StatusOK, 15), func(c *statementCase) {
			c.bodyFor = func(i int) any { e := extra; e.Name = fmt.Sprintf("Eget skjema %d", i); return e }
		}),
		with(call(http.MethodDelete, "", "admin", nil, http.StatusNoContent, 7), func(c *statementCase) {
			c.name = "a form deleted"
			c.before = func(t *testing.T, i int) {
				deleted[i] = f.scalar(t, "skole-a", "INSERT INTO forms (name) VALUES (?) RETURNING id", fmt.Sprintf("Slettes %d", i))
			}
			c.pathFor = func(i int) string { return fmt.Sprintf("/api/forms/%d", deleted[i]) }
		}),
		{name: "a guidance PDF uploaded", method: http.MethodPut, path: extraPDF, who: "admin", contentType: "application/pdf", raw: pdf, want: http.StatusOK, max: 10},
		with(call(http.MethodDelete, extraPDF, "admin", nil, http.StatusNoContent, 6), func(c *statementCase) {
			c.before = func(t *testing.T, _ int) {
				f.raw(t, http.MethodPut, "a.localhost", extraPDF, p.tokens["admin"], "application/pdf", pdf)
			}
		}),
		with(call(http.MethodPost, "/api/classes", "admin", nil, http.StatusCreated, 8), func(c *statementCase) {
			var subject int64
			c.before = func(t *testing.T, i int) {
				subject = f.scalar(t, "skole-a", "INSERT INTO subjects (subject_code, name) VALUES (?, 'Klassefag') RETURNING id", fmt.Sprintf("KLS%d", i))
			}
			c.bodyFor = func(int) any { return classes.NewClass{SubjectID: subject, PeriodID: periodID} }
		}),
		call(http.MethodPut, "/api/classes", "admin", map[string]any{"id": p.classID, "midSemesterDate": "2026-10-01", "endSemesterDate": "2026-12-15"}, http.StatusOK, 4),
		call(http.MethodPatch, class+"/forms", "admin", []int64{m.formID}, http.StatusOK, 8),
		call(http.MethodPost, fmt.Sprintf("%s/advisor/%d/students", class, advisorID), "admin", classes.StudentIDs{StudentIDs: []int64{p.studentID}}, http.StatusOK, 9),
		get(fmt.Sprintf("/api/periods/%d/deadline-rules", periodID), "admin", http.StatusOK, 5),
		call(http.MethodPut, fmt.Sprintf("/api/periods/%d/deadline-rules", periodID), "admin", map[string]any{"rules": []any{
			map[string]any{"item": "answers", "formId": m.formID, "isMidSemester": true, "role": "student", "anchor": "midSemester", "offsetDays": -3},
			map[string]any{"item": "signature", "role": "teacher", "anchor": "endSemester", "offsetDays": 7}}}, http.StatusOK, 12),
		get(class+"/deadline-rules", "admin", http.StatusOK, 5),
		call(http.MethodPut, class+"/deadline-rules", "admin", map[string]any{"rules": []any{
			map[string]any{"item": "signingEnd", "role": "teacher", "anchor": "endSemester", "offsetDays": 3}}}, http.StatusOK, 10),
		call(http.MethodPost, class+"/expectations", "admin", map[string]any{"formId": m.formID, "isMidSemester": true,
			"answers": []any{map[string]any{"formQuestionId": m.graded1, "value": "2"}}}, http.StatusOK, 10),
		with(call(http.MethodPost, "/api/users", "admin", nil, http.StatusCreated, 9), func(c *statementCase) {
			c.bodyFor = func(i int) any {
				return map[string]any{"displayName": "Ny Lærer", "email": fmt.Sprintf("ny.laerer%d@a.test", i), "roles": []int64{users.RoleTeacher}}
			}
		}),
		call(http.MethodPatch, fmt.Sprintf("/api/users/%d", otherAdvisorID), "admin", map[string]any{"roles": []int64{users.RoleAdvisor}}, http.StatusOK, 10),
		call(http.MethodPut, "/api/tenant/retention", "admin", map[string]int{"workingDataMonths": 6}, http.StatusOK, 6),
		call(http.MethodPut, "/api/tenant/reminders", "admin", map[string]any{"daysBefore": []int{2}, "overdue": true}, http.StatusOK, 4),
		call(http.MethodPut, "/api/users/me/reminders", "student", map[string]bool{"before": false, "overdue": true, "digest": true}, http.StatusOK, 4),
		call(http.MethodPut, "/api/tenant/eformidling", "admin", eformidling.Config{Enabled: false, URL: "http://127.0.0.1:9/",
			SenderOrgNumber: "917341512", ReceiverOrgNumber: "917341512"}, http.StatusOK, 5),
		call(http.MethodPut, "/api/tenant/texts", "admin", map[string]map[string]string{"nb": {"aboutUrl": "https://skole.no/om"}}, http.StatusOK, 7),
		call(http.MethodPut, "/api/tenant/default-language", "admin", map[string]string{"language": "nb"}, http.StatusOK, 7),
		call(http.MethodPut, "/api/tenant/theme", "admin", map[string]any{"primaryColor": "#0a7d3b", "secondaryColor": "", "logoUrl": ""}, http.StatusOK, 7),
		with(call(http.MethodPost, "", "admin", nil, http.StatusOK, 24), func(c *statementCase) {
			c.name = "a person erased"
			var ids [2]int64
			c.before = func(t *testing.T, i int) {
				_, ids[i] = f.signIn(t, "skole-a", "a.localhost", fmt.Sprintf("erased%d@a.test", i), users.RoleAdvisor)
			}
			c.pathFor = func(i int) string { return fmt.Sprintf("/api/users/%d/erasure", ids[i]) }
		}),

		// The placement: answers, warnings, signing forms, people.
		with(call(http.MethodPost, "/api/answers", "student", nil, http.StatusOK, 5), func(c *statementCase) {
			c.bodyFor = func(i int) any {
				return answers.Input{AssignmentID: m.midID, StudentUserID: p.studentID, Version: version,
					Answers: []answers.Answer{{FormQuestionID: m.text, Value: sp(fmt.Sprintf("Utkast %d", i))}}}
			}
			c.after = func(t *testing.T, rec *httptest.ResponseRecorder) { version = decode[answers.Set](t, rec).Version }
		}),
		with(call(http.MethodPost, "", "teacher", warnings.Draft{Comment: "Læringsutbytte 3 er ikke nådd."}, http.StatusOK, 8), func(c *statementCase) {
			c.name = "a warning drafted"
			c.pathFor = studentPath("/warning")
		}),
		with(call(http.MethodPost, "", "teacher", warnings.Draft{Comment: "a", PassRequirement: "b", PassRequirementSummary: "c"}, http.StatusOK, 19), func(c *statementCase) {
			c.name = "a warning given"
			c.pathFor = studentPath("/warning/submit")
		}),
		with(call(http.MethodPost, "", "", nil, http.StatusOK, 8), func(c *statementCase) {
			c.name = "a warning confirmed"
			c.pathFor, c.tokenFor = studentPath("/warning/confirm"), studentToken
		}),
		get(student+"/warning", "teacher", http.StatusOK, 5),
		get(student+"/warning/pdf", "teacher", http.StatusOK, 8),
		with(call(http.MethodDelete, "", "teacher", nil, http.StatusNoContent, 7), func(c *statementCase) {
			c.name = "a warning deleted"
			c.pathFor = studentPath("/warning")
		}),
		with(call(http.MethodPost, "", "teacher", signing.Input{MidSemesterStudentHasGivenFeedback: sp("yes"),
			MidSemesterSpecificCompetenceAreasBegun: sp("yes"), MidSemesterCompletedDate: (*signing.Date)(sp("2026-10-01"))}, http.StatusCreated, 10), func(c *statementCase) {
			c.name = "a signing form made"
			c.pathFor = studentPath("/signingform")
			var i int
			c.before = func(_ *testing.T, n int) { i = n }
			c.after = func(t *testing.T, rec *httptest.ResponseRecorder) { signingForms[i] = decode[signing.Form](t, rec) }
		}),
		with(call(http.MethodPut, "", "teacher", nil, http.StatusOK, 22), func(c *statementCase) {
			c.name = "a signing form's end filled in"
			c.pathFor = studentPath("/signingform")
			c.bodyFor = func(i int) any {
				return signing.Input{ID: signingForms[i].ID, Version: signingForms[i].Version,
					MidSemesterStudentHasGivenFeedback: sp("yes"), MidSemesterSpecificCompetenceAreasBegun: sp("yes"), MidSemesterCompletedDate: (*signing.Date)(sp("2026-10-01")),
					AttendancePassed: sp("yes"), WorkRequirementsPassed: sp("notRelevant"), SpecificCompetenceAreasPassed: sp("yes"),
					GeneralCompetenceAreasPassed: sp("yes"), TeacherComment: sp("Trygg."), OverallPassed: sp("passed")}
			}
		}),
		get(student+"/signingform", "student", http.StatusOK, 5),
		with(call(http.MethodPost, "", "teacher", signing.SignRequest{ConfirmWithoutAdvisor: true}, http.StatusOK, 21), func(c *statementCase) {
			c.name = "a signing form signed by the teacher"
			c.pathFor = studentPath("/signingform/sign")
		}),
		get(student+"/signingform/pdf", "teacher", http.StatusOK, 8),
		with(call(http.MethodPost, "", "teacher", nil, http.StatusNoContent, 7), func(c *statementCase) {
			c.name = "a signing form cancelled"
			c.pathFor = studentPath("/signingform/cancel")
		}),
		with(call(http.MethodPost, "", "student", nil, http.StatusCreated, 17), func(c *statementCase) {
			c.name = "an invitation sent"
			c.pathFor = func(int) string { return "/api/invitations/advisor" }
			c.tokenFor = studentToken
			c.bodyFor = func(i int) any { return invitations.SendInput{Email: fmt.Sprintf("invited%d@sykehus.test", i)} }
		}),
		with(call(http.MethodPost, "/api/invitations/advisor/accept", "", nil, http.StatusOK, 21), func(c *statementCase) {
			c.before = func(t *testing.T, i int) {
				email := fmt.Sprintf("invited%d@sykehus.test", i)
				guids[i], _ = f.invitationGUID(t, email)
				accepting[i], _ = f.signIn(t, "skole-a", "a.localhost", email)
			}
			c.tokenFor = func(i int) string { return accepting[i] }
			c.bodyFor = func(i int) any {
				return invitations.AcceptInput{VerificationGUID: guids[i], Name: "Siri Sykepleier", PhoneNumber: "+4790000000"}
			}
		}),
		fresh(call(http.MethodPost, class+"/students/me", "", nil, http.StatusCreated, 11), "newcomer%d@a.test", users.RoleStudent),
		call(http.MethodPost, class+"/teachers/me", "teacher", nil, http.StatusOK, 5),
		with(call(http.MethodDelete, class+"/teachers/me", "otherTeacher", nil, http.StatusNoContent, 7), func(c *statementCase) {
			c.before = func(t *testing.T, _ int) {
				f.db.Exec(t, "skole-a", "INSERT INTO class_teachers (class_id, user_id) VALUES (?, ?) ON CONFLICT DO NOTHING", p.classID, f.userID(t, "otherTeacher@a.test"))
			}
		}),
		call(http.MethodPost, class+"/students/mine", "teacher", classes.StudentIDs{StudentIDs: []int64{p.studentID}}, http.StatusOK, 7),
		with(call(http.MethodPost, class+"/advisors", "teacher", nil, http.StatusCreated, 23), func(c *statementCase) {
			c.bodyFor = func(i int) any {
				return classes.NewAdvisor{Name: "Nina Nordmann", Email: fmt.Sprintf("nina%d@sykehus.test", i)}
			}
		}),
		call(http.MethodPost, student+"/primary-advisor", "student", map[string]int64{"advisorUserId": advisorID}, http.StatusOK, 5),
		with(call(http.MethodPost, "", "", nil, http.StatusOK, 11), func(c *statementCase) {
			c.name = "a supervisor takes on a student"
			c.pathFor = func(i int) string { return fmt.Sprintf("%s/advisor/%d/me", class, studentOf(1-i)) }
			c.tokenFor = func(i int) string { return []string{p.tokens["advisor"], p.tokens["otherAdvisor"]}[i] }
		}),
	}, true)

	// Every route the router serves is counted above or has its reason.
	for _, r := range f.srv.Echo().Router().Routes() {
		if r.Method == echo.RouteNotFound {
			// Echo's own not-found entries for groups, not operations.
			continue
		}
		key := r.Method + " " + r.Path
		reason, listed := uncountedRoutes[key]
		switch {
		case counted[key] && listed:
			t.Errorf("route %s is counted and also listed as uncounted (%s)", key, reason)
		case !counted[key] && !listed:
			t.Errorf("route %s: no test states how many statements it runs; add it to TestRouteStatementCounts (or, when it cannot be called here, to uncountedRoutes with the reason)", key)
		}
	}
	for key := range uncountedRoutes {
		if !slices.ContainsFunc(f.srv.Echo().Router().Routes(), func(r echo.RouteInfo) bool { return r.Method+" "+r.Path == key }) {
			t.Errorf("uncountedRoutes lists %s, which the router does not serve", key)
		}
	}
}

// The routes that read first (Op.ReadsFirst) read the caller's session
// with their first read, yet a session that has ended refuses them as it
// refuses every route: 401, nothing of the read in the answer, nothing
// saved. Each route runs twice before, so that its read goes with the
// beginning, as on a running server.
func TestReadsFirstRoutesRefuseAnEndedSession(t *testing.T) {
	f, _, p, m, version := hotRouteFixture(t)
	student := fmt.Sprintf("/api/classes/%d/students/%d", p.classID, p.studentID)
	save := func(i int) any {
		return answers.Input{AssignmentID: m.midID, StudentUserID: p.studentID, Version: version,
			Answers: []answers.Answer{{FormQuestionID: m.text, Value: sp(fmt.Sprintf("Etter utlogging %d", i))}}}
	}
	for _, c := range []struct {
		name, method, path, who string
		body                    func(i int) any
		end                     string
	}{
		{"full assessment, signed out", http.MethodGet, student + fmt.Sprintf("/forms/%d/full", m.formID), "student", nil, "UPDATE sessions SET revoked_at = now() WHERE user_id = ?"},
		{"class page, signed out", http.MethodGet, fmt.Sprintf("/api/classes/%d/students", p.classID), "teacher", nil, "UPDATE sessions SET revoked_at = now() WHERE user_id = ?"},
		{"autosave, signed out", http.MethodPost, "/api/answers", "student", save, "UPDATE sessions SET revoked_at = now() WHERE user_id = ?"},
		{"autosave, deactivated", http.MethodPost, "/api/answers", "student", save, "UPDATE users SET is_active = false, deactivated_at = now() WHERE id = ?"},
	} {
		t.Run(c.name, func(t *testing.T) {
			who := f.signInAgain(t, p, c.who)
			token := p.tokens[c.who]
			for i := range 2 {
				var body any
				if c.body != nil {
					body = c.body(i)
				}
				rec := f.send(t, c.method, "a.localhost", c.path, token, body)
				if rec.Code != http.StatusOK {
					t.Fatalf("before: %d %s", rec.Code, rec.Body)
				}
				if c.method == http.MethodPost {
					version = decode[answers.Set](t, rec).Version
				}
			}
			f.db.Exec(t, "skole-a", c.end, who)
			t.Cleanup(func() {
				f.db.Exec(t, "skole-a", "UPDATE users SET is_active = true, deactivated_at = NULL WHERE id = ?", who)
			})
			var body any
			if c.body != nil {
				body = c.body(2)
			}
			rec := f.send(t, c.method, "a.localhost", c.path, token, body)
			if rec.Code != http.StatusUnauthorized {
				t.Fatalf("after: %d %s", rec.Code, rec.Body)
			}
			if strings.Contains(rec.Body.String(), "Utkast") || strings.Contains(rec.Body.String(), "Etter utlogging") || strings.Contains(rec.Body.String(), "\"students\"") {
				t.Errorf("the refusal carries what was read: %s", rec.Body)
			}
			if n := f.scalar(t, "skole-a", "SELECT count(*) FROM answers WHERE value = 'Etter utlogging 2'"); n != 0 {
				t.Errorf("a refused autosave saved %d answers", n)
			}
		})
	}
}

// signInAgain starts a fresh session for the placement's person who (their
// account active again), keeps its token in p and returns their id.
func (f *fixture) signInAgain(t *testing.T, p *placement, who string) int64 {
	t.Helper()
	id := f.scalar(t, "skole-a", "SELECT id FROM users WHERE email = ?", who+"@a.test")
	f.db.Exec(t, "skole-a", "UPDATE users SET is_active = true, deactivated_at = NULL WHERE id = ?", id)
	err := f.db.Service.InScope(context.Background(), "skole-a", func(ctx context.Context, _ *gorm.DB) error {
		tok, err := f.auth.StartSession(ctx, id, auth.MethodCode, "test", "a.localhost")
		p.tokens[who] = tok
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return id
}
