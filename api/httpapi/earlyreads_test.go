package httpapi

import (
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"net/http"
	"reflect"
	"regexp"
	"strings"
	"testing"
)

func TestReadsPerPath(t *testing.T) {
	tests := []struct {
		name, path string
		want       []string
	}{
		{"student's form page", "/student/7/form/3/class/2/assignment/9",
			[]string{"users/me", "forms/3", "classes/2/students/7/forms/3/full", "classes/me/student"}},
		{"teacher's form page", "/teacher/class/2/student/7/form/3/assignment/9",
			[]string{"users/me", "forms/3", "classes/2/students/7/forms/3/full"}},
		{"supervisor's form page, trailing slash", "/advisor/class/2/student/7/form/3/assignment/9/",
			[]string{"users/me", "forms/3", "classes/2/students/7/forms/3/full"}},
		{"form view", "/teacher/form/3", []string{"users/me", "forms/3"}},
		{"teacher's class page: the class and what the page asks once it has come", "/teacher/class/2",
			[]string{"users/me", "classes/2", "classes/2/users", "classes/2/students", "classes/2/signing-status"}},
		{"a role's home: the user", "/student", []string{"users/me"}},
		{"the login page", "/", nil},
		{"a sign-in page", "/login", nil},
		{"an empty segment is no id", "/student//form/3/class/2/assignment/9", nil},
		{"an unknown path", "/student/7/form", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := readsForPath(tt.path); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("readsForPath(%q) = %q, want %q", tt.path, got, tt.want)
			}
		})
	}
}

// inlineScript is an inline script element's text (not a data block).
var inlineScript = regexp.MustCompile(`(?s)<script>(.*?)</script>`)

// readsBlock is the data block the page's script reads.
var readsBlock = regexp.MustCompile(`<script type="application/json" id="praksis-reads">(.*?)</script>`)

// A signed-in page starts its reads from the page itself: the data block
// names them and the one inline script, which the policy allows by its
// hash and by nothing else; the login page has neither.
func TestSignedInPageStartsItsReads(t *testing.T) {
	f := newFixtureWith(t, func(_ *fixture, o *Options) { o.Dist = builtApp() })
	rec := f.doBody(t, http.MethodGet, "a.localhost", "/student/7/form/3/class/2/assignment/9", "", nil)
	page := rec.Body.String()
	block := readsBlock.FindStringSubmatch(page)
	if block == nil {
		t.Fatalf("no reads in the page:\n%s", page)
	}
	var got earlyReads
	if err := json.Unmarshal([]byte(block[1]), &got); err != nil {
		t.Fatal(err)
	}
	want := earlyReads{Path: "/student/7/form/3/class/2/assignment/9", Lang: "nb",
		Reads: []string{"users/me", "forms/3", "classes/2/students/7/forms/3/full", "classes/me/student"}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("reads = %+v, want %+v", got, want)
	}
	scripts := inlineScript.FindAllStringSubmatch(page, -1)
	if len(scripts) != 1 {
		t.Fatalf("%d inline scripts, want 1", len(scripts))
	}
	sum := sha256.Sum256([]byte(scripts[0][1]))
	hash := "'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"
	csp := rec.Header().Get("Content-Security-Policy")
	if !strings.Contains(csp, "script-src 'self' "+hash+";") {
		t.Errorf("the policy %q does not allow the page's script (%s) alone", csp, hash)
	}
	if strings.Index(page, "praksis-reads") > strings.Index(page, "rel=\"stylesheet\"") && strings.Contains(page, "rel=\"stylesheet\"") {
		t.Errorf("the reads come after a stylesheet, which holds them back")
	}

	login := f.doBody(t, http.MethodGet, "a.localhost", "/", "", nil).Body.String()
	if strings.Contains(login, "praksis-reads") || inlineScript.MatchString(login) {
		t.Errorf("the login page starts reads:\n%s", login)
	}
}
