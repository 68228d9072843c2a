package httpapi

import (
	"net/http"
	"strings"
	"testing"
	"testing/fstest"
)

// /api/docs is the built reference page, naming the OpenAPI document, with
// its answer's nonce, on any host (the document is the same for all).
func TestAPIDocsPageRendersTheDocument(t *testing.T) {
	f := newFixtureWith(t, func(_ *fixture, o *Options) { o.Dist = builtApp() })
	for _, host := range []string{"a.localhost", "nowhere.localhost"} {
		rec := f.do(t, http.MethodGet, host, "/api/docs", nil)
		if rec.Code != http.StatusOK {
			t.Fatalf("%s: GET /api/docs: %d %s", host, rec.Code, rec.Body)
		}
		if ct := rec.Header().Get("Content-Type"); !strings.HasPrefix(ct, "text/html") {
			t.Errorf("%s: Content-Type %q", host, ct)
		}
		page := rec.Body.String()
		if !strings.Contains(page, `data-document="/api/openapi.json"`) || !strings.Contains(page, "redoc.standalone") {
			t.Errorf("%s: the page does not render /api/openapi.json with Redoc:\n%s", host, page)
		}
		nonce := noncePattern.FindStringSubmatch(rec.Header().Get("Content-Security-Policy"))
		if nonce == nil || !strings.Contains(page, `<meta name="csp-nonce" content="`+nonce[1]+`">`) {
			t.Errorf("%s: the page does not carry its answer's nonce %v:\n%s", host, nonce, page)
		}
		if cc := rec.Header().Get("Cache-Control"); cc != "no-cache" {
			t.Errorf("%s: Cache-Control %q", host, cc)
		}
	}
}

// The reference page's policy is the app's with worker-src widened to blob:
// (Redoc's search worker); every other answer keeps the strict one.
func TestAPIDocsPolicyWidensOnlyWorkers(t *testing.T) {
	f := newFixtureWith(t, func(_ *fixture, o *Options) { o.Dist = builtApp() })
	docs := f.do(t, http.MethodGet, "a.localhost", "/api/docs", nil).Header().Get("Content-Security-Policy")
	nonce := noncePattern.FindStringSubmatch(docs)
	if nonce == nil {
		t.Fatalf("no nonce in %q", docs)
	}
	if want := strings.Replace(contentSecurityPolicy(nonce[1]), "worker-src 'self'", "worker-src 'self' blob:", 1); docs != want || docs == contentSecurityPolicy(nonce[1]) {
		t.Errorf("reference page policy\n got %q\nwant %q", docs, want)
	}
	if strings.Contains(docs, "unsafe-inline") || strings.Contains(docs, "unsafe-eval") {
		t.Errorf("the reference page allows inline or eval: %q", docs)
	}
	for _, path := range []string{"/", "/api/tenant", "/api/openapi.json", "/assets/app-abc123.js"} {
		if csp := f.do(t, http.MethodGet, "a.localhost", path, nil).Header().Get("Content-Security-Policy"); strings.Contains(csp, "blob:") {
			t.Errorf("%s: the policy allows blob: %q", path, csp)
		}
	}
}

// The page file of the build is never sent as it is (without its nonce);
// before a build /api/docs says so and points to the document itself.
func TestAPIDocsPageOnlyThroughItsRoute(t *testing.T) {
	f := newFixtureWith(t, func(_ *fixture, o *Options) { o.Dist = builtApp() })
	if raw := f.do(t, http.MethodGet, "a.localhost", "/"+apiDocsPage, nil).Body.String(); strings.Contains(raw, "api-reference") {
		t.Errorf("/%s sent as a file:\n%s", apiDocsPage, raw)
	}

	unbuilt := newFixtureWith(t, func(_ *fixture, o *Options) { o.Dist = fstest.MapFS{".keep": &fstest.MapFile{}} })
	rec := unbuilt.do(t, http.MethodGet, "a.localhost", "/api/docs", nil)
	if rec.Code != http.StatusServiceUnavailable || !strings.Contains(rec.Body.String(), "/api/openapi.json") {
		t.Errorf("unbuilt: %d %s", rec.Code, rec.Body)
	}
}
