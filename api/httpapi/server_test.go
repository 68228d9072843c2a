package httpapi

import (
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/labstack/echo/v5"
	"gorm.io/gorm"

	"github.com/praksis/praksis/api/apperror"
	"github.com/praksis/praksis/api/auth"
	"github.com/praksis/praksis/api/config"
	"github.com/praksis/praksis/tenants"
	"github.com/praksis/praksis/tenants/testdb"
)

type fixture struct {
	db   *testdb.DB
	reg  *tenants.Registry
	srv  *Server
	auth *auth.Service
	// log is the server's logger; it discards unless a test's hook sets
	// one that it reads.
	log *slog.Logger
}

func testConfig(t *testing.T, dbURL string) *config.Config {
	t.Helper()
	env := map[string]string{"DATABASE_URL": dbURL, "TRUSTED_PROXIES": "10.0.0.0/8"}
	cfg, err := config.Load(func(k string) string { return env[k] })
	if err != nil {
		t.Fatal(err)
	}
	return cfg
}

// newFixture makes two schools, A and B, whose registry names are the same
// so that anything telling them apart must come from their own schemas.
func newFixture(t *testing.T) *fixture { return newFixtureWith(t, nil) }

// newFixtureWith is newFixture with a hook that may add to the server's
// options (and to the fixture) before the server is built.
func newFixtureWith(t *testing.T, configure func(f *fixture, o *Options)) *fixture {
	t.Helper()
	db := testdb.NewFrom(t, "two schools", func(t testing.TB, db *testdb.DB) {
		db.School(t, "skole-a", "Felles navn", "a.localhost")
		db.School(t, "skole-b", "Felles navn", "b.localhost")
		db.Exec(t, "skole-a", "INSERT INTO catalogue_entries (language, key, value) VALUES ('nb', 'appName', 'Skole A'), ('en', 'appName', 'School A')")
		db.Exec(t, "skole-b", "INSERT INTO catalogue_entries (language, key, value) VALUES ('nb', 'appName', 'Skole B')")
	})
	f := newFixtureOn(t, db, db.Root, db.URL, configure)
	return f
}

// newFixtureOn builds the server on root (the application's pool, whose URL
// is url), with db for the test's own statements.
func newFixtureOn(t *testing.T, db *testdb.DB, root *gorm.DB, url string, configure func(f *fixture, o *Options)) *fixture {
	t.Helper()
	reg := tenants.NewRegistry(root, tenants.TenantTarget())
	if err := reg.Load(context.Background()); err != nil {
		t.Fatal(err)
	}
	// As in production: requests take connections that last served their
	// school.
	if err := reg.UseAffinity(6); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(reg.Close)
	_, priv, _ := ed25519.GenerateKey(rand.Reader)
	keys, err := auth.NewKeysForTest(priv)
	if err != nil {
		t.Fatal(err)
	}
	a := auth.NewService(keys)
	f := &fixture{db: db, reg: reg, auth: a, log: slog.New(slog.NewTextHandler(io.Discard, nil))}
	opts := Options{Auth: a, Contract: func(err error) { t.Errorf("contract: %v", err) }}
	if configure != nil {
		configure(f, &opts)
	}
	f.srv = New(testConfig(t, url), reg, f.log, opts)
	return f
}

func (f *fixture) do(t *testing.T, method, host, path string, header map[string]string) *httptest.ResponseRecorder {
	t.Helper()
	req := httptest.NewRequest(method, path, nil)
	req.Host = host
	for k, v := range header {
		req.Header.Set(k, v)
	}
	rec := httptest.NewRecorder()
	f.srv.Handler().ServeHTTP(rec, req)
	return rec
}

func decode[T any](t *testing.T, rec *httptest.ResponseRecorder) T {
	t.Helper()
	var v T
	if err := json.Unmarshal(rec.Body.Bytes(), &v); err != nil {
		t.Fatalf("decode %q: %v", rec.Body.String(), err)
	}
	return v
}

func TestTenantInfoByHost(t *testing.T) {
	f := newFixture(t)
	cases := []struct {
		host, lang, wantName, wantLang string
	}{
		{"a.localhost", "", "Skole A", "nb"},
		{"A.LOCALHOST:8080", "", "Skole A", "nb"},
		{"b.localhost", "", "Skole B", "nb"},
		{"a.localhost", "en", "School A", "en"},
		// B has no English name: its Norwegian one, never the base default.
		{"b.localhost", "en", "Skole B", "en"},
	}
	for _, c := range cases {
		rec := f.do(t, http.MethodGet, c.host, "/api/tenant?lang="+c.lang, nil)
		if rec.Code != http.StatusOK {
			t.Fatalf("%s: status %d %s", c.host, rec.Code, rec.Body)
		}
		info := decode[tenants.PublicInfo](t, rec)
		if info.AppName != c.wantName || info.Language != c.wantLang {
			t.Errorf("%s lang=%q: got %q in %q, want %q in %q", c.host, c.lang, info.AppName, info.Language, c.wantName, c.wantLang)
		}
		if info.PrivacyPolicy == "" || info.Theme.PrimaryColor == "" || len(info.Languages) != 3 {
			t.Errorf("%s: incomplete info %+v", c.host, info)
		}
	}
	rec := f.do(t, http.MethodGet, "a.localhost", "/api/tenant", map[string]string{"Accept-Language": "en-GB,en;q=0.9"})
	if info := decode[tenants.PublicInfo](t, rec); info.Language != "en" || info.AppName != "School A" {
		t.Errorf("Accept-Language en gave %q %q", info.Language, info.AppName)
	}
}

func TestTenantInfoETag(t *testing.T) {
	f := newFixture(t)
	first := f.do(t, http.MethodGet, "a.localhost", "/api/tenant", nil)
	etag := first.Header().Get("ETag")
	if etag == "" {
		t.Fatal("no ETag")
	}
	if rec := f.do(t, http.MethodGet, "a.localhost", "/api/tenant", map[string]string{"If-None-Match": etag}); rec.Code != http.StatusNotModified || rec.Body.Len() != 0 {
		t.Errorf("revalidation: %d %q", rec.Code, rec.Body)
	}
	f.db.Exec(t, "skole-a", "UPDATE catalogue_entries SET value = 'Skole A (ny)' WHERE language = 'nb' AND key = 'appName'")
	rec := f.do(t, http.MethodGet, "a.localhost", "/api/tenant", map[string]string{"If-None-Match": etag})
	if rec.Code != http.StatusOK || decode[tenants.PublicInfo](t, rec).AppName != "Skole A (ny)" {
		t.Errorf("after a change: %d %s", rec.Code, rec.Body)
	}
}

func TestUnknownAndDisabledSchools(t *testing.T) {
	f := newFixture(t)
	rec := f.do(t, http.MethodGet, "nowhere.localhost", "/api/tenant", nil)
	if rec.Code != http.StatusNotFound {
		t.Fatalf("unknown host: %d", rec.Code)
	}
	p := decode[Problem](t, rec)
	if p.StatusCode != 404 || !strings.Contains(p.Description, "nowhere.localhost") || len(p.Errors) != 1 || p.Errors[0].Reason != "unknownHost" {
		t.Errorf("unknown host problem %+v", p)
	}

	if err := f.db.Service.SetStatus(context.Background(), "skole-b", tenants.Disabled); err != nil {
		t.Fatal(err)
	}
	if err := f.reg.Load(context.Background()); err != nil {
		t.Fatal(err)
	}
	rec = f.do(t, http.MethodGet, "b.localhost", "/api/tenant", map[string]string{"Accept-Language": "en"})
	if rec.Code != http.StatusServiceUnavailable {
		t.Fatalf("disabled school: %d", rec.Code)
	}
	if p := decode[Problem](t, rec); p.StatusCode != 503 || !strings.Contains(p.Description, "temporarily closed") {
		t.Errorf("disabled school problem %+v", p)
	}
	if rec.Header().Get("Retry-After") == "" {
		t.Error("503 without Retry-After")
	}
	// The web app itself answers with the matching status, so the page can
	// say what is wrong.
	if rec := f.do(t, http.MethodGet, "b.localhost", "/student", nil); rec.Code != http.StatusServiceUnavailable {
		t.Errorf("app page of a disabled school: %d", rec.Code)
	}
	if rec := f.do(t, http.MethodGet, "a.localhost", "/api/tenant", nil); rec.Code != http.StatusOK {
		t.Errorf("the other school suffered: %d", rec.Code)
	}
}

func TestForwardedHostOnlyFromTrustedProxies(t *testing.T) {
	f := newFixture(t)
	req := httptest.NewRequest(http.MethodGet, "/api/tenant", nil)
	req.Host = "a.localhost"
	req.Header.Set("X-Forwarded-Host", "b.localhost")
	req.RemoteAddr = "192.0.2.1:1234"
	rec := httptest.NewRecorder()
	f.srv.Handler().ServeHTTP(rec, req)
	if got := decode[tenants.PublicInfo](t, rec).AppName; got != "Skole A" {
		t.Errorf("untrusted X-Forwarded-Host was believed: %s", got)
	}
	req.RemoteAddr = "10.1.2.3:1234"
	rec = httptest.NewRecorder()
	f.srv.Handler().ServeHTTP(rec, req)
	if got := decode[tenants.PublicInfo](t, rec).AppName; got != "Skole B" {
		t.Errorf("trusted proxy's X-Forwarded-Host was ignored: %s", got)
	}
}

// Many requests at once, alternating between two schools whose names live
// only in their own schemas, never see each other's rows.
func TestConcurrentRequestsStayInTheirSchool(t *testing.T) {
	f := newFixture(t)
	ts := httptest.NewServer(f.srv.Handler())
	defer ts.Close()
	const n = 200
	var wg sync.WaitGroup
	errs := make(chan error, n)
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			host, want := "a.localhost", "Skole A"
			if i%2 == 1 {
				host, want = "b.localhost", "Skole B"
			}
			req, _ := http.NewRequest(http.MethodGet, ts.URL+"/api/tenant", nil)
			req.Host = host
			resp, err := ts.Client().Do(req)
			if err != nil {
				errs <- err
				return
			}
			defer resp.Body.Close()
			var info tenants.PublicInfo
			if err := json.NewDecoder(resp.Body).Decode(&info); err != nil {
				errs <- fmt.Errorf("request %d: status %d: %w", i, resp.StatusCode, err)
				return
			}
			if info.AppName != want {
				errs <- fmt.Errorf("request %d to %s saw %q", i, host, info.AppName)
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

// A change whose commit fails must not be answered as a success: the
// response waits for the commit.
func TestResponseWaitsForCommit(t *testing.T) {
	f := newFixture(t)
	// The deferred unique constraint on question order is checked at commit,
	// after the handler has already written its answer.
	f.srv.e.POST("/test/commit-fails", func(c *echo.Context) error {
		tx, err := tenants.DB(c.Request().Context())
		if err != nil {
			return err
		}
		if err := tx.Exec("INSERT INTO forms (name, is_main_form) VALUES ('Skjema', true)").Error; err != nil {
			return err
		}
		if err := tx.Exec(`INSERT INTO question_groups (form_id, name, type, sort_order)
			SELECT id, 'G', 2, 1 FROM forms UNION ALL SELECT id, 'H', 2, 1 FROM forms`).Error; err != nil {
			return err
		}
		return c.JSON(http.StatusCreated, map[string]string{"status": "saved"})
	}, f.srv.resolveTenant, f.srv.scoped)
	rec := f.do(t, http.MethodPost, "a.localhost", "/test/commit-fails", nil)
	if rec.Code == http.StatusCreated || strings.Contains(rec.Body.String(), "saved") {
		t.Fatalf("a failed commit was answered %d %s", rec.Code, rec.Body)
	}
	var n int64
	f.db.Service.InScope(context.Background(), "skole-a", func(ctx context.Context, tx *gorm.DB) error {
		return tx.Raw("SELECT count(*) FROM forms").Scan(&n).Error
	})
	if n != 0 {
		t.Errorf("rolled-back form is there")
	}

	// A returned domain error rolls back too, and is answered in the error shape.
	f.srv.e.POST("/test/refused", func(c *echo.Context) error {
		tx, _ := tenants.DB(c.Request().Context())
		tx.Exec("INSERT INTO forms (name, is_main_form) VALUES ('Skjema', true)")
		return apperror.Conflictf("error.conflict")
	}, f.srv.resolveTenant, f.srv.scoped)
	rec = f.do(t, http.MethodPost, "a.localhost", "/test/refused", nil)
	if rec.Code != http.StatusConflict || decode[Problem](t, rec).StatusCode != 409 {
		t.Fatalf("refused change answered %d %s", rec.Code, rec.Body)
	}
	f.db.Service.InScope(context.Background(), "skole-a", func(ctx context.Context, tx *gorm.DB) error {
		return tx.Raw("SELECT count(*) FROM forms").Scan(&n).Error
	})
	if n != 0 {
		t.Errorf("a refused change was committed")
	}
}

func TestErrorShapeForClientMistakes(t *testing.T) {
	f := newFixture(t)
	cases := []struct {
		method, path string
		status       int
	}{
		{http.MethodGet, "/api/no-such-route", http.StatusNotFound},
		// Echo routes a wrong method under a group to its not-found
		// handler; either way the client gets the error shape.
		{http.MethodDelete, "/api/tenant", http.StatusNotFound},
	}
	for _, c := range cases {
		rec := f.do(t, c.method, "a.localhost", c.path, map[string]string{"Accept-Language": "en"})
		if rec.Code != c.status {
			t.Errorf("%s %s: %d, want %d", c.method, c.path, rec.Code, c.status)
			continue
		}
		p := decode[Problem](t, rec)
		if p.StatusCode != c.status || p.Description == "" || len(p.Errors) == 0 {
			t.Errorf("%s %s: problem %+v", c.method, c.path, p)
		}
	}
	big := httptest.NewRequest(http.MethodPost, "/api/tenant", strings.NewReader(strings.Repeat("x", 2<<20)))
	big.Host = "a.localhost"
	rec := httptest.NewRecorder()
	f.srv.Handler().ServeHTTP(rec, big)
	if rec.Code != http.StatusRequestEntityTooLarge && rec.Code != http.StatusMethodNotAllowed {
		t.Errorf("2 MiB body: %d", rec.Code)
	}
}

func TestOperationsEndpoints(t *testing.T) {
	f := newFixture(t)
	for path, want := range map[string]int{"/healthz": 200, "/readyz": 200, "/metrics": 200} {
		if rec := f.do(t, http.MethodGet, "anything.localhost", path, nil); rec.Code != want {
			t.Errorf("%s: %d", path, rec.Code)
		}
	}
	f.do(t, http.MethodGet, "a.localhost", "/api/tenant", nil)
	rec := f.do(t, http.MethodGet, "localhost", "/metrics", nil)
	if !strings.Contains(rec.Body.String(), `http_request_duration_seconds_count{method="GET",route="/api/tenant",status="200",tenant="skole-a"}`) {
		t.Errorf("request metrics missing:\n%s", rec.Body.String()[:min(2000, rec.Body.Len())])
	}
	if rec := f.do(t, http.MethodGet, "a.localhost", "/metrics", nil); rec.Code != http.StatusNotFound {
		t.Errorf("metrics on a school's public host: %d", rec.Code)
	}
	f.srv.controlReady = func(context.Context) error { return fmt.Errorf("control schema is behind") }
	if rec := f.do(t, http.MethodGet, "localhost", "/readyz", nil); rec.Code != http.StatusServiceUnavailable {
		t.Errorf("readyz with a schema behind: %d", rec.Code)
	}
	if rec := f.do(t, http.MethodGet, "a.localhost", "/api/tenant", map[string]string{"X-Request-ID": "abcdef123456"}); rec.Header().Get("X-Request-ID") != "abcdef123456" {
		t.Errorf("request id not echoed: %q", rec.Header().Get("X-Request-ID"))
	}
}

// Every route the router knows is in the OpenAPI document: registering a
// route without documenting it fails here.
func TestOpenAPIDocumentsEveryRoute(t *testing.T) {
	f := newFixture(t)
	rec := f.do(t, http.MethodGet, "anything.localhost", "/api/openapi.json", nil)
	if rec.Code != http.StatusOK {
		t.Fatalf("openapi: %d", rec.Code)
	}
	doc := decode[struct {
		OpenAPI string                               `json:"openapi"`
		Paths   map[string]map[string]map[string]any `json:"paths"`
	}](t, rec)
	if doc.OpenAPI != "3.1.0" {
		t.Errorf("openapi version %q", doc.OpenAPI)
	}
	routes := f.srv.Echo().Router().Routes()
	if len(routes) < 5 {
		t.Fatalf("only %d routes registered", len(routes))
	}
	for _, r := range routes {
		if r.Method == echo.RouteNotFound {
			// Echo's own not-found entries for groups, not operations.
			continue
		}
		method := strings.ToLower(r.Method)
		ops, ok := doc.Paths[OpenAPIPath(r.Path)]
		if !ok {
			t.Errorf("route %s %s is not in the OpenAPI document", r.Method, r.Path)
			continue
		}
		if _, ok := ops[method]; !ok {
			t.Errorf("route %s %s: method missing from the OpenAPI document", r.Method, r.Path)
		}
	}
}

func TestInjectTenantEscapes(t *testing.T) {
	page := []byte(`<html><head><title>Praksis</title><!--praksis:head--></head><body></body></html>`)
	info := tenants.PublicInfo{AppName: `Skole </script><script>alert(1)</script> & co`, Theme: tenants.Theme{PrimaryColor: `#000000"><script>`}}
	out := string(injectHead(page, "bm9uY2U=", &info, "", nil))
	if strings.Contains(out, "<script>alert(1)") || !strings.Contains(out, `content="#000000&#34;&gt;&lt;script&gt;"`) {
		t.Errorf("unescaped injection:\n%s", out)
	}
	if !strings.Contains(out, "<title>Skole &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; co</title>") {
		t.Errorf("title not set:\n%s", out)
	}
	if !strings.Contains(out, `<script type="application/json" id="praksis-tenant">{`) || !strings.Contains(out, `<meta name="csp-nonce" content="bm9uY2U=">`) {
		t.Errorf("tenant data block or nonce missing:\n%s", out)
	}
}
