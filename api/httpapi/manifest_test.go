package httpapi

import (
	"bytes"
	"encoding/json"
	"image/png"
	"net/http"
	"strconv"
	"strings"
	"testing"
)

// Each school's host gets a manifest with its own name and colours, icons
// that exist, and the page links it; the policy stays strict on both.
func TestWebAppManifestPerSchool(t *testing.T) {
	f := newFixtureWith(t, func(_ *fixture, o *Options) { o.Dist = builtApp() })
	f.db.Exec(t, "skole-b", `INSERT INTO settings (key, value) VALUES ('theme', '{"primaryColor": "#0a7d3b"}')
		ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`)
	cases := []struct {
		host, lang, wantName, wantColor string
	}{
		{"a.localhost", "nb", "Skole A", "#1A5A8A"},
		{"a.localhost", "en", "School A", "#1A5A8A"},
		{"b.localhost", "nb", "Skole B", "#0a7d3b"},
	}
	for _, c := range cases {
		rec := f.do(t, http.MethodGet, c.host, manifestPath+"?lang="+c.lang, nil)
		if rec.Code != http.StatusOK {
			t.Fatalf("%s: %d %s", c.host, rec.Code, rec.Body)
		}
		if ct := rec.Header().Get("Content-Type"); !strings.HasPrefix(ct, "application/manifest+json") {
			t.Errorf("%s: Content-Type %q", c.host, ct)
		}
		csp := rec.Header().Get("Content-Security-Policy")
		if !strings.Contains(csp, "script-src 'self' "+earlyReadsHash+";") || !strings.Contains(csp, "manifest-src 'self'") || !strings.Contains(csp, "worker-src 'self'") ||
			strings.Contains(csp, "unsafe-inline") {
			t.Errorf("%s: policy %q", c.host, csp)
		}
		var m webManifest
		if err := json.Unmarshal(rec.Body.Bytes(), &m); err != nil {
			t.Fatalf("%s: %v", c.host, err)
		}
		if m.Name != c.wantName || m.ShortName != c.wantName || !strings.EqualFold(m.ThemeColor, c.wantColor) ||
			m.StartURL != "/" || m.Display != "standalone" || m.Lang != c.lang {
			t.Errorf("%s %s: manifest %+v", c.host, c.lang, m)
		}
		if len(m.Icons) < 2 {
			t.Fatalf("%s: icons %+v", c.host, m.Icons)
		}
		for _, icon := range m.Icons {
			got := f.do(t, http.MethodGet, c.host, icon.Src, nil)
			if got.Code != http.StatusOK || got.Header().Get("Content-Type") != "image/png" {
				t.Fatalf("%s %s: %d %q", c.host, icon.Src, got.Code, got.Header().Get("Content-Type"))
			}
			img, err := png.Decode(bytes.NewReader(got.Body.Bytes()))
			if err != nil || icon.Sizes != strconv.Itoa(img.Bounds().Dx())+"x"+strconv.Itoa(img.Bounds().Dy()) {
				t.Errorf("%s %s: %v, sizes %q", c.host, icon.Src, err, icon.Sizes)
			}
			r, g, b, _ := img.At(0, 0).RGBA()
			if hexOf(r, g, b) != strings.ToLower(c.wantColor) {
				t.Errorf("%s %s: corner colour %s, want %s", c.host, icon.Src, hexOf(r, g, b), c.wantColor)
			}
		}
	}

	page := f.do(t, http.MethodGet, "a.localhost", "/", nil)
	if !strings.Contains(page.Body.String(), `<link rel="manifest" href="/manifest.webmanifest"`) {
		t.Errorf("the page does not link the manifest:\n%s", page.Body)
	}
	for _, path := range []string{"/icons/app-100.png", "/icons/other.png", "/icons/app-192.svg"} {
		if rec := f.do(t, http.MethodGet, "a.localhost", path, nil); rec.Code != http.StatusNotFound {
			t.Errorf("%s: %d", path, rec.Code)
		}
	}
	if rec := f.do(t, http.MethodGet, "nowhere.localhost", manifestPath, nil); rec.Code != http.StatusNotFound {
		t.Errorf("unknown host: %d", rec.Code)
	}
	sw := f.do(t, http.MethodGet, "a.localhost", "/sw.js", nil)
	if sw.Code != http.StatusOK || sw.Header().Get("Cache-Control") != "no-cache" || !strings.Contains(sw.Header().Get("Content-Type"), "javascript") {
		t.Errorf("service worker: %d %v", sw.Code, sw.Header())
	}
}

func hexOf(r, g, b uint32) string {
	const digits = "0123456789abcdef"
	out := []byte{'#'}
	for _, v := range []uint32{r >> 8, g >> 8, b >> 8} {
		out = append(out, digits[v>>4], digits[v&15])
	}
	return string(out)
}
