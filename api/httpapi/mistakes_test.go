package httpapi

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/praksis/praksis/api/users"
)

// badIDs are path parameters a client may send by mistake: not a number,
// zero, negative, past int64, the largest int64 (which no row has), and
// escapes of a space, of a byte that is not UTF-8 and of NUL.
var badIDs = []string{"abc", "0", "-1", "99999999999999999999", "9223372036854775807", "1.5", "%20", "%FF", "%00"}

// badQueryValues are query values a client may send by mistake (escaped).
var badQueryValues = []string{"", "abc", "-1", "0", "99999999999999999999", "%FF", "%00", "1,2", strings.Repeat("x", 5000)}

// queryParams are the names of a route's query parameters, from its params
// type's query tags and its documented Query.
func queryParams(op Op) []string {
	var names []string
	for name := range op.Query {
		names = append(names, name)
	}
	if op.In != nil {
		t := reflect.TypeOf(op.In)
		for t.Kind() == reflect.Pointer {
			t = t.Elem()
		}
		if t.Kind() == reflect.Struct {
			for i := range t.NumField() {
				if q := t.Field(i).Tag.Get("query"); q != "" {
					names = append(names, strings.Split(q, ",")[0])
				}
			}
		}
	}
	sort.Strings(names)
	return names
}

// badBodies are bodies a client may send by mistake: cut off, of another
// shape than the route reads, two joined, or not UTF-8.
var badBodies = []struct{ name, body string }{
	{"cut-off JSON", `{"name": "Per`},
	{"an array", `[]`},
	{"a string", `"x"`},
	{"a number", `42`},
	{"null", `null`},
	{"an empty object", `{}`},
	{"nothing", ``},
	{"two objects", `{}{}`},
	{"not UTF-8", "{\"name\": \"\xff\xfe\"}"},
}

// wrongTypeOf is a JSON value of another type than v, the value a field has
// in the route's request shape.
func wrongTypeOf(v any) []any {
	switch v.(type) {
	case string:
		return []any{12, true, []any{}, map[string]any{}}
	case float64:
		return []any{"tolv", 1e30, -1, 1.5, true}
	case bool:
		return []any{"ja", 1}
	case []any:
		return []any{"x", map[string]any{}, []any{"x", nil, map[string]any{}}}
	case map[string]any:
		return []any{"x", []any{}}
	default: // null: the field's type is not known from its zero value
		return []any{"x", 12, []any{}, map[string]any{}}
	}
}

// fieldMistakes are bodies with one field of the route's request shape
// given a value of the wrong type (or out of range), the rest as the zero
// value has them.
func fieldMistakes(t *testing.T, request any) map[string]string {
	t.Helper()
	if request == nil {
		return nil
	}
	raw, err := json.Marshal(request)
	if err != nil {
		t.Fatalf("request shape %T: %v", request, err)
	}
	var shape any
	if err := json.Unmarshal(raw, &shape); err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	add := func(name string, v any) {
		b, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		out[name] = string(b)
	}
	switch s := shape.(type) {
	case map[string]any:
		for k, v := range s {
			for _, w := range wrongTypeOf(v) {
				body := map[string]any{}
				for k2, v2 := range s {
					body[k2] = v2
				}
				body[k] = w
				add(k+" as "+reflect.TypeOf(w).String(), body)
			}
		}
		add("a very long string in every field", everyString(s, strings.Repeat("å", 20000)))
		add("a NUL character in every string field", everyString(s, "Per\x00Olsen"))
	case []any:
		add("an array of strings", []any{"x"})
		add("an array of objects", []any{map[string]any{"id": "x"}})
		add("an array of huge numbers", []any{1e30})
	}
	return out
}

// everyString is the shape with every string field set to text.
func everyString(s map[string]any, text string) map[string]any {
	out := map[string]any{}
	for k, v := range s {
		if _, ok := v.(string); ok {
			out[k] = text
		} else {
			out[k] = v
		}
	}
	return out
}

// routeIDs fills every path parameter of the route table (concretePath)
// with the school's ids, /users/:id with user.
func (s *school) routeIDs(user int64) map[string]string {
	return map[string]string{
		"classes": itoa(s.classID), "forms": itoa(s.formID), "periods": itoa(s.periodID), "users": itoa(user),
		"answers": "1", "classId": itoa(s.classID), "formId": itoa(s.formID), "userId": itoa(s.advisorID),
		"studentId": itoa(s.studentID), "signingFormId": "1", "copyId": "1", "format": "json", "name": "x",
	}
}

// notSetUp are the routes of sign-in services the fixture's schools have
// not set up, which answer 503 and say so whatever the request.
var notSetUp = map[string]bool{"/api/auth/signed-in": true, "/api/auth/vipps/signed-in": true,
	"/api/auth/feide/start": true, "/api/auth/vipps/start": true}

// No mistake a client can make is answered as a fault of the server: every
// route of the table, called by each of the school's roles with path
// parameters that do not parse or name no row, with query values that do
// not parse, are not UTF-8 or hold NUL, and with bodies that are cut off,
// of the wrong shape, with one field of the wrong type, or with text
// Postgres cannot store, is answered with a 4xx and the error shape, whose
// description a person can read (or with success where the route ignores
// what is wrong). So is every route called with a header that is wrong
// (badHeaders). The routes come from the table, so a new route is swept the
// moment it is registered.
func TestClientMistakesAreNeverAServerFault(t *testing.T) {
	f, _ := countedFixture(t) // wired as in production: the job queue, the outbox
	s := newSchool(t, f)
	s.useForm(t, f, s.formID)
	// The admin's routes about a user (erase, deactivate) take someone the
	// sweep's callers do not need.
	_, spare := f.signIn(t, "skole-a", "a.localhost", "spare@a.test", users.RoleStudent)
	ids := s.routeIDs(spare)
	callers := []struct{ who, tok string }{
		{"admin", s.admin}, {"teacher", s.teacher}, {"student", s.student}, {"supervisor", s.advisor},
	}
	type attempt struct {
		what, method, path, contentType, body string
	}
	var attempts []attempt
	for _, r := range f.srv.Router().routes {
		if r.Path == "/*" || strings.HasPrefix(r.Path, "/api/dev/") || r.Path == "/api/auth/sign-out" {
			continue // the web app's files; the development mail box; the end of the caller's session
		}
		good := concretePath(r.Path, ids)
		segments := strings.Split(r.Path, "/")
		for i, seg := range segments {
			if !strings.HasPrefix(seg, ":") {
				continue
			}
			for _, bad := range badIDs {
				with := append([]string(nil), segments...)
				with[i] = bad
				attempts = append(attempts, attempt{seg + "=" + bad, r.Method, concretePath(strings.Join(with, "/"), ids), "application/json", ""})
			}
		}
		for _, q := range queryParams(r.Op) {
			for _, bad := range badQueryValues {
				attempts = append(attempts, attempt{"?" + q + "=" + bad, r.Method, good + "?" + q + "=" + bad, "application/json", ""})
			}
		}
		if r.Method == http.MethodGet || r.Method == http.MethodHead {
			continue
		}
		for _, b := range badBodies {
			attempts = append(attempts, attempt{b.name, r.Method, good, "application/json", b.body})
		}
		attempts = append(attempts, attempt{"a form post", r.Method, good, "application/x-www-form-urlencoded", "name=x&id=y"})
		mistakes := fieldMistakes(t, r.Op.Request)
		names := make([]string, 0, len(mistakes))
		for name := range mistakes {
			names = append(names, name)
		}
		sort.Strings(names)
		for _, name := range names {
			attempts = append(attempts, attempt{name, r.Method, good, "application/json", mistakes[name]})
		}
	}
	if len(attempts) < 500 {
		t.Fatalf("only %d attempts: the route table was not read", len(attempts))
	}
	counts := map[int]int{}
	defer func() {
		t.Logf("%d attempts; statuses %v", len(attempts), counts)
		// Every caller stays signed in, so each attempt reaches the route.
		if counts[http.StatusUnauthorized] > 0 {
			t.Errorf("%d attempts were refused as signed out: a caller's session ended during the sweep", counts[http.StatusUnauthorized])
		}
	}()
	check := func(who string, a attempt, headers map[string]string) int {
		t.Helper()
		req := httptest.NewRequest(a.method, a.path, bytes.NewReader([]byte(a.body)))
		req.Host = "a.localhost"
		req.Header.Set("Content-Type", a.contentType)
		for k, v := range headers {
			if k == "Host" {
				req.Host = v
			} else {
				req.Header.Set(k, v)
			}
		}
		rec := httptest.NewRecorder()
		f.srv.Handler().ServeHTTP(rec, req)
		where := who + ": " + a.method + " " + a.path + " with " + a.what
		if rec.Code >= 500 && !(rec.Code == http.StatusServiceUnavailable && notSetUp[strings.SplitN(a.path, "?", 2)[0]]) {
			t.Errorf("%s: %d %s", where, rec.Code, rec.Body)
			return rec.Code
		}
		if rec.Code < 400 {
			return rec.Code
		}
		var p Problem
		if err := json.Unmarshal(rec.Body.Bytes(), &p); err != nil || p.Description == "" || p.StatusCode != rec.Code {
			t.Errorf("%s: %d without the error shape: %s", where, rec.Code, rec.Body)
		}
		return rec.Code
	}
	for _, c := range callers {
		for _, a := range attempts {
			counts[check(c.who, a, map[string]string{"Authorization": "Bearer " + c.tok})]++
		}
	}

	// Headers a client may get wrong, on every route as the admin would
	// call it but for the header.
	for _, r := range f.srv.Router().routes {
		if r.Path == "/*" || strings.HasPrefix(r.Path, "/api/dev/") || r.Path == "/api/auth/sign-out" {
			continue
		}
		a := attempt{"", r.Method, concretePath(r.Path, ids), "application/json", ""}
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			a.body = "{}"
		}
		for _, h := range badHeaders {
			a.what = h.name
			headers := map[string]string{"Authorization": "Bearer " + s.admin}
			for k, v := range h.set {
				headers[k] = v
			}
			check("admin", a, headers)
		}
	}
}

// badHeaders are headers a client may send by mistake: a token that is not
// one, another scheme, a language list that does not parse, a cookie that
// is not one, and a host that is no school's.
var badHeaders = []struct {
	name string
	set  map[string]string
}{
	{"a bearer without a token", map[string]string{"Authorization": "Bearer"}},
	{"a token that is not a JWT", map[string]string{"Authorization": "Bearer x.y.z"}},
	{"a token of 8 kB", map[string]string{"Authorization": "Bearer " + strings.Repeat("eyJ", 2700)}},
	{"basic authentication", map[string]string{"Authorization": "Basic dXNlcjpwYXNz"}},
	{"a language list that does not parse", map[string]string{"Accept-Language": "nb;q=abc,,;;*-*"}},
	{"a long language list", map[string]string{"Accept-Language": strings.Repeat("nb-NO;q=0.9,", 500)}},
	{"a cookie that is not one", map[string]string{"Cookie": "refresh=%%%; ;=;"}},
	{"no school's host", map[string]string{"Host": "nowhere.localhost"}},
	{"a host with a port", map[string]string{"Host": "a.localhost:99999"}},
	{"an accept header for XML", map[string]string{"Accept": "application/xml"}},
}

// A session is good only at its own school: every route that needs one,
// called on school A's host with a session of school B (an admin's, a
// teacher's, a student's), with a token that is not one, or with none, is
// refused with 401 in the error shape before anything of A is read. The
// routes come from the table.
func TestEverySignedInRouteRefusesAnotherSchoolsSession(t *testing.T) {
	f := newFixture(t)
	s := newSchool(t, f)
	teacherB, _ := f.signIn(t, "skole-b", "b.localhost", "teacher@b.test", users.RoleTeacher)
	studentB, _ := f.signIn(t, "skole-b", "b.localhost", "student@b.test", users.RoleStudent)
	ids := s.routeIDs(s.studentID)
	sessions := []struct{ who, tok string }{
		{"school B's admin", s.otherAdmin}, {"school B's teacher", teacherB}, {"school B's student", studentB},
		{"a token that is not one", "x.y.z"}, {"no token", ""},
	}
	checked := 0
	for _, r := range f.srv.Router().routes {
		if strings.HasPrefix(r.Op.Access, "public") || r.Path == "/*" {
			continue
		}
		checked++
		if r.Path == "/api/auth/sign-out" {
			continue // last, below: were it to end a session, the rest would be refused for that
		}
		path := concretePath(r.Path, ids)
		var body any
		if r.Method != http.MethodGet && r.Method != http.MethodHead && r.Method != http.MethodDelete {
			body = map[string]any{}
		}
		for _, c := range sessions {
			rec := f.send(t, r.Method, "a.localhost", path, c.tok, body)
			if rec.Code != http.StatusUnauthorized {
				t.Errorf("%s %s as %s: %d %s, want 401", r.Method, path, c.who, rec.Code, rec.Body)
				continue
			}
			if p := decode[Problem](t, rec); p.StatusCode != http.StatusUnauthorized || p.Description == "" {
				t.Errorf("%s %s as %s: problem %+v", r.Method, path, c.who, p)
			}
		}
	}
	if checked < 60 {
		t.Fatalf("only %d routes need a session: the route table was not read", checked)
	}
	for _, c := range sessions {
		if rec := f.send(t, http.MethodPost, "a.localhost", "/api/auth/sign-out", c.tok, nil); rec.Code != http.StatusUnauthorized {
			t.Errorf("sign-out as %s: %d %s, want 401", c.who, rec.Code, rec.Body)
		}
	}
}
