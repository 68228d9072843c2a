package httpapi

import (
	"log/slog"
	"net/http"
	"regexp"
	"strings"
	"testing"
)

var noncePattern = regexp.MustCompile(`'nonce-([A-Za-z0-9+/=]{24})'`)

// The headers a security review checks, on the page, on an asset and on an
// API answer of a school host.
func TestSecurityHeadersOnEveryAnswer(t *testing.T) {
	f := newFixtureWith(t, func(_ *fixture, o *Options) { o.Dist = builtApp() })
	for _, path := range []string{"/", "/student/forms", "/assets/app-abc123.js", "/api/tenant", "/api/no-such-route"} {
		rec := f.do(t, http.MethodGet, "a.localhost", path, nil)
		h := rec.Header()
		csp := h.Get("Content-Security-Policy")
		for _, want := range []string{"default-src 'self'", "script-src 'self' " + earlyReadsHash + ";", "frame-ancestors 'none'", "form-action 'self'",
			"base-uri 'none'", "object-src 'none'", "report-uri /api/csp-report"} {
			if !strings.Contains(csp+";", want) {
				t.Errorf("%s: Content-Security-Policy lacks %q: %q", path, want, csp)
			}
		}
		if strings.Contains(csp, "unsafe-inline") || strings.Contains(csp, "unsafe-eval") {
			t.Errorf("%s: the policy allows inline or eval: %q", path, csp)
		}
		if !noncePattern.MatchString(csp) {
			t.Errorf("%s: no style nonce in %q", path, csp)
		}
		for name, want := range map[string]string{
			"Strict-Transport-Security":  "max-age=31536000; includeSubDomains",
			"Cross-Origin-Opener-Policy": "same-origin",
			"X-Content-Type-Options":     "nosniff",
			"X-Frame-Options":            "DENY",
			"Referrer-Policy":            "same-origin",
		} {
			if got := h.Get(name); got != want {
				t.Errorf("%s: %s %q, want %q", path, name, got, want)
			}
		}
		if pp := h.Get("Permissions-Policy"); !strings.Contains(pp, "camera=()") || !strings.Contains(pp, "geolocation=()") {
			t.Errorf("%s: Permissions-Policy %q", path, pp)
		}
	}
}

// The page carries the school as a JSON data block, which no policy needs
// to allow, and the nonce of its own answer for the app's style elements.
func TestPageNeedsNoInlineScript(t *testing.T) {
	f := newFixtureWith(t, func(_ *fixture, o *Options) { o.Dist = builtApp() })
	first := f.do(t, http.MethodGet, "a.localhost", "/", nil)
	second := f.do(t, http.MethodGet, "a.localhost", "/", nil)
	page := first.Body.String()
	if strings.Contains(page, "<script>") || strings.Contains(page, "window.__PRAKSIS_TENANT__") {
		t.Errorf("the page has an inline script:\n%s", page)
	}
	if !strings.Contains(page, `<script type="application/json" id="praksis-tenant">{`) {
		t.Errorf("no school data block:\n%s", page)
	}
	nonce := noncePattern.FindStringSubmatch(first.Header().Get("Content-Security-Policy"))
	if nonce == nil || !strings.Contains(page, `<meta name="csp-nonce" content="`+nonce[1]+`">`) {
		t.Errorf("the page does not carry its answer's nonce %v:\n%s", nonce, page)
	}
	if again := noncePattern.FindStringSubmatch(second.Header().Get("Content-Security-Policy")); again == nil || again[1] == nonce[1] {
		t.Errorf("the nonce is not new for each answer: %v %v", nonce, again)
	}
	unknown := f.do(t, http.MethodGet, "nowhere.localhost", "/", nil)
	if !strings.Contains(unknown.Body.String(), `<meta name="csp-nonce" content="`) {
		t.Errorf("an unknown host's page has no nonce for the app's not-found page")
	}
}

func TestNoHSTSOverPlainHTTP(t *testing.T) {
	f := newFixtureWith(t, func(_ *fixture, o *Options) { o.Dist = builtApp() })
	f.srv.cfg.PublicScheme = "http"
	if got := f.do(t, http.MethodGet, "a.localhost", "/", nil).Header().Get("Strict-Transport-Security"); got != "" {
		t.Errorf("Strict-Transport-Security over http: %q", got)
	}
}

func TestCSPReportsAreLogged(t *testing.T) {
	logs := &syncBuffer{}
	f := newFixtureWith(t, func(f *fixture, _ *Options) {
		f.log = slog.New(slog.NewJSONHandler(logs, nil))
	})
	report := `{"csp-report":{"document-uri":"https://a.localhost/student?x=1","violated-directive":"style-src-elem",` +
		`"effective-directive":"style-src-elem","blocked-uri":"inline","source-file":"https://a.localhost/assets/app.js","line-number":3}}`
	rec := f.doBody(t, http.MethodPost, "a.localhost", "/api/csp-report", report, map[string]string{"Content-Type": "application/csp-report"})
	if rec.Code != http.StatusNoContent {
		t.Fatalf("report: %d %s", rec.Code, rec.Body.String())
	}
	line := logs.buf.String()
	if !strings.Contains(line, "csp violation") || !strings.Contains(line, "style-src-elem") || strings.Contains(line, "x=1") {
		t.Errorf("violation not logged, or logged with its query: %s", line)
	}
	if rec := f.doBody(t, http.MethodPost, "a.localhost", "/api/csp-report", `{"nothing":1}`, nil); rec.Code != http.StatusBadRequest {
		t.Errorf("not a report: %d", rec.Code)
	}
}

func TestSecurityTxt(t *testing.T) {
	f := newFixture(t)
	if rec := f.do(t, http.MethodGet, "a.localhost", "/.well-known/security.txt", nil); rec.Code != http.StatusNotFound {
		t.Errorf("without a contact: %d", rec.Code)
	}
	f.srv.cfg.SecurityContact = "mailto:security@skole.test"
	rec := f.do(t, http.MethodGet, "a.localhost", "/.well-known/security.txt", nil)
	body := rec.Body.String()
	if rec.Code != http.StatusOK || !strings.Contains(body, "Contact: mailto:security@skole.test\n") || !strings.Contains(body, "Expires: ") {
		t.Errorf("security.txt: %d %q", rec.Code, body)
	}
}
