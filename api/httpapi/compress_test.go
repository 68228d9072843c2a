package httpapi

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/klauspost/compress/zstd"
	"github.com/labstack/echo/v5"

	"github.com/praksis/praksis/api/apperror"
)

// builtApp is a build as Vite writes it: an asset with its brotli and gzip
// copies (whose bytes stand for themselves; the server never decodes them),
// a small file without copies, the page, the API reference page and the
// build manifest.
func builtApp() fstest.MapFS {
	return fstest.MapFS{
		"index.html":                &fstest.MapFile{Data: []byte(`<!doctype html><html><head><title>Praksis</title><!--praksis:head--><link rel="manifest" href="/manifest.webmanifest"></head><body><div id="root"></div>` + strings.Repeat("<!-- padding -->", 100) + `</body></html>`)},
		"assets/app-abc123.js":      &fstest.MapFile{Data: []byte(strings.Repeat("console.log('plain');", 100))},
		"assets/app-abc123.js.br":   &fstest.MapFile{Data: []byte("brotli copy")},
		"assets/app-abc123.js.gz":   &fstest.MapFile{Data: []byte("gzip copy")},
		"favicon.svg":               &fstest.MapFile{Data: []byte("<svg/>")},
		"sw.js":                     &fstest.MapFile{Data: []byte("self.addEventListener('fetch', () => {});")},
		".vite/manifest.json":       &fstest.MapFile{Data: []byte(`{"index.html":{}}`)},
		".vite/manifest.json.br":    &fstest.MapFile{Data: []byte("x")},
		"assets/.hidden-abc123.txt": &fstest.MapFile{Data: []byte("hidden")},
		apiDocsPage: &fstest.MapFile{Data: []byte(`<!doctype html><html><head><title>Praksis API reference</title><!--praksis:head--></head>` +
			`<body><div id="api-reference" data-document="/api/openapi.json"></div><script src="/assets/redoc.standalone-abc123.js"></script></body></html>`)},
	}
}

func TestAssetsAreSentInTheBestCodingTheBrowserAccepts(t *testing.T) {
	dist := builtApp()
	f := newFixtureWith(t, func(_ *fixture, o *Options) { o.Dist = dist })
	plain := dist["assets/app-abc123.js"].Data
	cases := []struct {
		name, accept, wantEncoding string
		wantBody                   []byte
	}{
		{"brotli", "br", "br", []byte("brotli copy")},
		{"brotli preferred", "gzip, deflate, br, zstd", "br", []byte("brotli copy")},
		{"gzip only", "gzip", "gzip", []byte("gzip copy")},
		{"brotli refused", "br;q=0, gzip;q=0.5", "gzip", []byte("gzip copy")},
		{"any coding", "*", "br", []byte("brotli copy")},
		{"neither", "", "", plain},
		{"only unknown codings", "compress, identity", "", plain},
		{"everything refused", "br;q=0, gzip;q=0, *;q=0", "", plain},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			header := map[string]string{}
			if tc.accept != "" {
				header["Accept-Encoding"] = tc.accept
			}
			rec := f.do(t, http.MethodGet, "a.localhost", "/assets/app-abc123.js", header)
			if rec.Code != http.StatusOK {
				t.Fatalf("status %d", rec.Code)
			}
			h := rec.Header()
			if got := h.Get("Content-Encoding"); got != tc.wantEncoding {
				t.Errorf("Content-Encoding %q, want %q", got, tc.wantEncoding)
			}
			if !bytes.Equal(rec.Body.Bytes(), tc.wantBody) {
				t.Errorf("body %q, want %q", rec.Body.Bytes()[:min(40, rec.Body.Len())], tc.wantBody[:min(40, len(tc.wantBody))])
			}
			if got := h.Get("Content-Length"); got != strconv.Itoa(len(tc.wantBody)) {
				t.Errorf("Content-Length %q, want %d", got, len(tc.wantBody))
			}
			if got := h.Get("Content-Type"); !strings.HasPrefix(got, "text/javascript") {
				t.Errorf("Content-Type %q: the type of the original file", got)
			}
			if got := h.Values("Vary"); len(got) != 1 || got[0] != "Accept-Encoding" {
				t.Errorf("Vary %q, want Accept-Encoding once", got)
			}
			if got := h.Get("Cache-Control"); got != "public, max-age=31536000, immutable" {
				t.Errorf("Cache-Control %q", got)
			}
		})
	}
}

func TestFileWithoutCopiesIsSentPlain(t *testing.T) {
	f := newFixtureWith(t, func(_ *fixture, o *Options) { o.Dist = builtApp() })
	rec := f.do(t, http.MethodGet, "a.localhost", "/favicon.svg", map[string]string{"Accept-Encoding": "br, gzip"})
	if rec.Code != http.StatusOK || rec.Header().Get("Content-Encoding") != "" || rec.Body.String() != "<svg/>" {
		t.Errorf("favicon: %d %q %q", rec.Code, rec.Header().Get("Content-Encoding"), rec.Body.String())
	}
}

func TestHiddenBuildFilesAreNotServed(t *testing.T) {
	f := newFixtureWith(t, func(_ *fixture, o *Options) { o.Dist = builtApp() })
	for _, p := range []string{"/.vite/manifest.json", "/.vite/manifest.json.br", "/assets/.hidden-abc123.txt"} {
		rec := f.do(t, http.MethodGet, "a.localhost", p, nil)
		if !strings.Contains(rec.Body.String(), `<div id="root">`) {
			t.Errorf("%s served as a file: %q", p, rec.Body.String())
		}
	}
}

// gunzip decodes a gzip body, failing the test when it is not one.
func gunzip(t *testing.T, body []byte) string {
	t.Helper()
	zr, err := gzip.NewReader(bytes.NewReader(body))
	if err != nil {
		t.Fatalf("not gzip: %v", err)
	}
	out, err := io.ReadAll(zr)
	if err != nil {
		t.Fatalf("gunzip: %v", err)
	}
	return string(out)
}

func TestPageAndAPIAnswersAreCompressedOnTheFly(t *testing.T) {
	f := newFixtureWith(t, func(_ *fixture, o *Options) { o.Dist = builtApp() })
	gz := map[string]string{"Accept-Encoding": "gzip, br"}

	page := f.do(t, http.MethodGet, "a.localhost", "/student", gz)
	if page.Header().Get("Content-Encoding") != "gzip" || page.Header().Get("Vary") != "Accept-Encoding" {
		t.Fatalf("page: Content-Encoding %q, Vary %q", page.Header().Get("Content-Encoding"), page.Header().Get("Vary"))
	}
	if html := gunzip(t, page.Body.Bytes()); !strings.Contains(html, "<title>Skole A</title>") {
		t.Errorf("page not filled in for the school:\n%s", html[:min(300, len(html))])
	}

	doc := f.do(t, http.MethodGet, "a.localhost", "/api/openapi.json", gz)
	if doc.Header().Get("Content-Encoding") != "gzip" {
		t.Fatalf("large API answer not compressed: %q", doc.Header().Get("Content-Encoding"))
	}
	if body := gunzip(t, doc.Body.Bytes()); !strings.Contains(body, `"openapi"`) {
		t.Errorf("API answer changed by compression: %q", body[:min(100, len(body))])
	}

	plain := f.do(t, http.MethodGet, "a.localhost", "/api/openapi.json", nil)
	if plain.Header().Get("Content-Encoding") != "" || !strings.Contains(plain.Body.String(), `"openapi"`) {
		t.Errorf("client without gzip got Content-Encoding %q", plain.Header().Get("Content-Encoding"))
	}

	small := f.do(t, http.MethodGet, "a.localhost", "/healthz", gz)
	if small.Header().Get("Content-Encoding") != "" {
		t.Errorf("a small answer is compressed: %q", small.Header().Get("Content-Encoding"))
	}
}

// decodeBody undoes the coding a response names, failing the test when the
// body is not in it.
func decodeBody(t *testing.T, rec *httptest.ResponseRecorder) string {
	t.Helper()
	switch enc := rec.Header().Get("Content-Encoding"); enc {
	case "":
		return rec.Body.String()
	case "gzip":
		return gunzip(t, rec.Body.Bytes())
	case "zstd":
		zr, err := zstd.NewReader(bytes.NewReader(rec.Body.Bytes()))
		if err != nil {
			t.Fatalf("not zstd: %v", err)
		}
		defer zr.Close()
		out, err := io.ReadAll(zr)
		if err != nil {
			t.Fatalf("unzstd: %v", err)
		}
		return string(out)
	default:
		t.Fatalf("unexpected Content-Encoding %q", enc)
		return ""
	}
}

// API answers go out in the coding the client prefers of zstd and gzip
// (zstd when it takes both alike), and unchanged once decoded.
func TestAPIAnswersAreCodedAsTheClientPrefers(t *testing.T) {
	f := newFixtureWith(t, func(_ *fixture, o *Options) { o.Dist = builtApp() })
	plain := f.do(t, http.MethodGet, "a.localhost", "/api/openapi.json", nil)
	if plain.Code != http.StatusOK || plain.Header().Get("Content-Encoding") != "" {
		t.Fatalf("plain: status %d, Content-Encoding %q", plain.Code, plain.Header().Get("Content-Encoding"))
	}
	for _, tc := range []struct{ accept, want string }{
		{"gzip, deflate, br, zstd", "zstd"},
		{"zstd", "zstd"},
		{"gzip, deflate", "gzip"},
		{"gzip;q=1, zstd;q=0.5", "gzip"},
		{"zstd;q=0, gzip", "gzip"},
		{"br", ""},
		{"identity", ""},
	} {
		t.Run(tc.accept, func(t *testing.T) {
			rec := f.do(t, http.MethodGet, "a.localhost", "/api/openapi.json", map[string]string{"Accept-Encoding": tc.accept})
			if rec.Code != http.StatusOK {
				t.Fatalf("status %d", rec.Code)
			}
			if got := rec.Header().Get("Content-Encoding"); got != tc.want {
				t.Errorf("Content-Encoding %q, want %q", got, tc.want)
			}
			if got := rec.Header().Values("Vary"); len(got) != 1 || got[0] != "Accept-Encoding" {
				t.Errorf("Vary %q, want Accept-Encoding once", got)
			}
			if tc.want != "" && rec.Body.Len()*4 > plain.Body.Len() {
				t.Errorf("%d bytes coded against %d plain", rec.Body.Len(), plain.Body.Len())
			}
			if body := decodeBody(t, rec); body != plain.Body.String() {
				t.Errorf("decoded answer differs from the plain one (%d bytes against %d)", len(body), plain.Body.Len())
			}
		})
	}
}

// A handler's error and a handler's panic are answered in the error shape
// with their status, and counted with it, when the client takes a coding:
// the error is answered while the coding writer is live, the panic by the
// middleware outside it, on the server's own response.
func TestErrorsAndPanicsAreAnsweredThroughTheCoding(t *testing.T) {
	logs := &syncBuffer{}
	f := newFixtureWith(t, func(f *fixture, o *Options) {
		f.log = slog.New(slog.NewJSONHandler(logs, nil))
	})
	f.srv.e.GET("/test/refused", func(c *echo.Context) error {
		return apperror.New(apperror.Forbidden, "error.forbidden")
	}, f.srv.resolveTenant)
	f.srv.e.GET("/test/panics", func(c *echo.Context) error {
		panic("disk on fire")
	}, f.srv.resolveTenant)
	for _, tc := range []struct {
		path   string
		status int
	}{
		{"/test/refused", http.StatusForbidden},
		{"/test/panics", http.StatusInternalServerError},
	} {
		for _, accept := range []string{"", "gzip", "zstd"} {
			t.Run(tc.path+" "+accept, func(t *testing.T) {
				rid := "compress-" + strings.Trim(strings.ReplaceAll(tc.path, "/", "-"), "-") + "-" + accept
				rec := f.do(t, http.MethodGet, "a.localhost", tc.path, map[string]string{"Accept-Encoding": accept, "X-Request-ID": rid})
				if rec.Code != tc.status {
					t.Fatalf("status %d, want %d: %q", rec.Code, tc.status, rec.Body.String())
				}
				var p struct {
					StatusCode  int    `json:"statusCode"`
					Description string `json:"description"`
				}
				if err := json.Unmarshal([]byte(decodeBody(t, rec)), &p); err != nil || p.StatusCode != tc.status || p.Description == "" {
					t.Errorf("not the error shape: %v %+v", err, p)
				}
				logged := false
				for _, line := range logs.lines(t) {
					if line["msg"] == "request" && line["request_id"] == rid {
						logged = true
						if line["status"] != float64(tc.status) {
							t.Errorf("request logged with status %v, want %d", line["status"], tc.status)
						}
					}
				}
				if !logged {
					t.Error("request not logged")
				}
			})
		}
	}
}
