package httpapi

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"github.com/praksis/praksis/api/loginpage"
	"github.com/praksis/praksis/tenants"
)

// The page the server sends for "/" carries the school's own login page, in
// the language a new visitor sees, in its colours, with a style element
// that only the answer's nonce lets in; it carries nothing of the other
// school, and other addresses carry no login page.
func TestLoginPageInThePage(t *testing.T) {
	f := newFixtureWith(t, func(_ *fixture, o *Options) { o.Dist = builtApp() })
	nn, red, green := "nn", "#aa0000", "#00aa00"
	if _, err := f.db.Service.Update(context.Background(), "skole-a", tenants.UpdateParams{PrimaryColor: &green}); err != nil {
		t.Fatal(err)
	}
	if _, err := f.db.Service.Update(context.Background(), "skole-b", tenants.UpdateParams{DefaultLanguage: &nn, PrimaryColor: &red}); err != nil {
		t.Fatal(err)
	}
	if err := f.reg.Load(context.Background()); err != nil {
		t.Fatal(err)
	}
	f.db.Exec(t, "skole-a", "INSERT INTO catalogue_entries (language, key, value) VALUES ('nb', 'appName', 'Skole A'), ('nb', 'contactEmail', 'post@a.test') ON CONFLICT (language, key) DO UPDATE SET value = EXCLUDED.value")
	f.db.Exec(t, "skole-b", "INSERT INTO catalogue_entries (language, key, value) VALUES ('nn', 'appName', 'Skule B'), ('nn', 'contactEmail', 'post@b.test') ON CONFLICT (language, key) DO UPDATE SET value = EXCLUDED.value")

	tests := []struct {
		name, host, path, acceptLanguage string
		want, not                        []string
	}{
		{"school A in Bokmål", "a.localhost", "/", "",
			[]string{`data-lang="nb"`, "<h1 class=\"pl-h1\">Skole A</h1>", "Her følger studenter", "mailto:post@a.test", "background-color:#00aa00"},
			[]string{"Skule B", "post@b.test", "#aa0000"}},
		{"school A, a browser asking for Nynorsk", "a.localhost", "/", "nn-NO,nn;q=0.9",
			[]string{`data-lang="nn"`, "Her følgjer studentar"}, []string{"Skule B", "post@b.test"}},
		// The web app shows the school's default to a browser asking for English: so do the page's texts.
		{"school A, a browser asking for English", "a.localhost", "/", "en-US,en;q=0.9",
			[]string{`data-lang="nb"`, `"language":"nb"`, "Skole A", "Her følger studenter"}, []string{`"language":"en"`}},
		{"school B, Nynorsk by default", "b.localhost", "/", "",
			[]string{`data-lang="nn"`, "Skule B", "Her følgjer studentar", "mailto:post@b.test", "background-color:#aa0000"},
			[]string{"Skole A", "post@a.test", "#00aa00"}},
		{"a page of the signed-in app", "a.localhost", "/student", "", nil, []string{loginpage.Start, "pl-page"}},
		{"a sign-in page", "a.localhost", "/login", "", nil, []string{loginpage.Start}},
		{"an invitation", "a.localhost", "/?verificationGuid=0f8e2d6c-1234", "", nil, []string{loginpage.Start}},
		{"an unknown school", "nowhere.localhost", "/", "", nil, []string{loginpage.Start}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := f.doBody(t, http.MethodGet, tt.host, tt.path, "", map[string]string{"Accept-Language": tt.acceptLanguage})
			page := rec.Body.String()
			for _, w := range tt.want {
				if !strings.Contains(page, w) {
					t.Errorf("missing %q in\n%s", w, page)
				}
			}
			for _, n := range tt.not {
				if strings.Contains(page, n) {
					t.Errorf("has %q:\n%s", n, page)
				}
			}
			if len(tt.want) == 0 {
				return
			}
			nonce := noncePattern.FindStringSubmatch(rec.Header().Get("Content-Security-Policy"))
			if nonce == nil || !strings.Contains(page, `<style nonce="`+nonce[1]+`">`) {
				t.Errorf("the login page's style does not carry the answer's nonce %v", nonce)
			}
			if strings.Contains(page, "<script>") || strings.Contains(page, " style=") {
				t.Errorf("an inline script or style attribute, which the policy refuses:\n%s", page)
			}
			if !strings.Contains(page, `<div id="root">`+loginpage.Start) {
				t.Errorf("the login page is not inside #root")
			}
		})
	}
}
