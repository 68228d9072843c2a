package httpapi

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"html"
	"io"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"strconv"
	"strings"

	"github.com/labstack/echo/v5"
	"gorm.io/gorm"

	"github.com/praksis/praksis/api/apperror"
	"github.com/praksis/praksis/api/loginpage"
	"github.com/praksis/praksis/frontend"
	"github.com/praksis/praksis/tenants"
	"github.com/praksis/praksis/tenants/texts"
)

// The built index.html carries these two markers; the server replaces them
// with the school's name and public info.
const (
	titleMarker = "<title>Praksis</title>"
	headMarker  = "<!--praksis:head-->"
)

// rootElement is the built index.html's empty element the web app renders
// into; the login page's markup goes inside it.
const rootElement = "<div id=\"root\"></div>"

// serviceWorkerPath is the service worker the build writes (vite-plugin-pwa).
const serviceWorkerPath = "sw.js"

// spa serves the built web app: real files from dist as they are (hashed
// assets cached for a year), and for every other path index.html with the
// school's public info injected, so client-side routes work on reload and
// the theme applies before the first paint.
func (s *Server) spa(dist fs.FS) echo.HandlerFunc {
	pre := loadPreloads(dist)
	login, err := loginpage.New(frontend.Catalogues())
	if err != nil {
		// The page then paints when its script has run, as without it.
		s.log.Error("the login page cannot be written into the page", "error", err)
	}
	return func(c *echo.Context) error {
		req := c.Request()
		p := strings.TrimPrefix(path.Clean("/"+req.URL.Path), "/")
		if p == "dev" || strings.HasPrefix(p, "dev/") {
			// The development helpers exist only in development; elsewhere
			// (and for a helper not handed in) they are not found, whatever
			// the method, rather than an app page.
			return apperror.NotFoundf("error.routeNotFound")
		}
		if req.Method != http.MethodGet && req.Method != http.MethodHead {
			return echo.ErrMethodNotAllowed
		}
		if p == "api" || strings.HasPrefix(p, "api/") {
			// An unknown API route is an API error, not an app page.
			return apperror.NotFoundf("error.routeNotFound")
		}
		if isStaticFile(dist, p) {
			if strings.HasPrefix(p, "assets/") {
				c.Response().Header().Set("Cache-Control", "public, max-age=31536000, immutable")
			}
			if p == serviceWorkerPath {
				// A new release must reach the browser's update check at once.
				c.Response().Header().Set("Cache-Control", "no-cache")
			}
			serveStatic(c.Response(), req, dist, p)
			return nil
		}
		return s.index(c, dist, pre, login)
	}
}

// isStaticFile reports whether p (cleaned, without the leading slash) is a
// file of the built app that is served as it is. index.html is not: it is
// filled in per school. Nor are hidden files such as the build manifest.
func isStaticFile(dist fs.FS, p string) bool {
	if p == "" || p == "index.html" {
		return false
	}
	for _, seg := range strings.Split(p, "/") {
		if strings.HasPrefix(seg, ".") {
			return false
		}
	}
	st, err := fs.Stat(dist, p)
	return err == nil && !st.IsDir()
}

// precompressed are the copies the build writes beside each text asset,
// in the order the server prefers them.
var precompressed = []struct{ coding, suffix string }{
	{"br", ".br"},
	{"gzip", ".gz"},
}

// serveStatic sends the file p of dist, or the build's brotli or gzip copy
// of it when the browser accepts that coding: a phone on a slow link then
// downloads a fraction of the bytes, and the server compresses nothing at
// request time. The type is that of the original file; the length that of
// the copy sent.
func serveStatic(w http.ResponseWriter, r *http.Request, dist fs.FS, p string) {
	h := w.Header()
	h.Add("Vary", "Accept-Encoding")
	accept := r.Header.Get("Accept-Encoding")
	for _, pc := range precompressed {
		if !acceptsCoding(accept, pc.coding) {
			continue
		}
		f, err := dist.Open(p + pc.suffix)
		if err != nil {
			continue
		}
		defer f.Close()
		st, err := f.Stat()
		rs, ok := f.(io.ReadSeeker)
		if err != nil || !ok {
			continue
		}
		if ct := mime.TypeByExtension(path.Ext(p)); ct != "" {
			h.Set("Content-Type", ct)
		}
		h.Set("Content-Encoding", pc.coding)
		// ServeContent leaves the length out of an encoded answer, and a
		// range of a compressed copy is of little use: send it whole.
		h.Set("Content-Length", strconv.FormatInt(st.Size(), 10))
		whole := r.Clone(r.Context())
		whole.Header.Del("Range")
		http.ServeContent(w, whole, p, st.ModTime(), rs)
		return
	}
	http.ServeFileFS(w, r, dist, p)
}

// acceptsCoding reports whether an Accept-Encoding header value accepts the
// content coding (RFC 9110 §12.5.3): named with a quality above zero, or
// covered by "*" when it is not named.
func acceptsCoding(header, coding string) bool {
	star := false
	for _, part := range strings.Split(header, ",") {
		name, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		name = strings.ToLower(strings.TrimSpace(name))
		ok := qualityAboveZero(params)
		switch name {
		case coding:
			return ok
		case "*":
			star = ok
		}
	}
	return star
}

// qualityAboveZero reads the q parameter of one Accept-Encoding entry;
// without one the quality is 1.
func qualityAboveZero(params string) bool {
	for _, prm := range strings.Split(params, ";") {
		k, v, _ := strings.Cut(strings.TrimSpace(prm), "=")
		if strings.EqualFold(strings.TrimSpace(k), "q") {
			q, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
			return err == nil && q > 0
		}
	}
	return true
}

func (s *Server) index(c *echo.Context, dist fs.FS, pre *preloads, login *loginpage.Pages) error {
	raw, err := fs.ReadFile(dist, "index.html")
	if err != nil {
		return c.HTML(http.StatusServiceUnavailable,
			"<!doctype html><title>Praksis</title><p>The web app has not been built. Run <code>npm run build</code> and restart.</p>")
	}
	h := c.Response().Header()
	h.Set("Cache-Control", "no-cache")

	t, terr := s.tenantOf(c.Request())
	status := http.StatusOK
	switch apperror.KindOf(terr) {
	case apperror.NotFound:
		status = http.StatusNotFound
	case apperror.Unavailable:
		status = http.StatusServiceUnavailable
	}
	if terr != nil {
		// The app shows its own "school not found" or "unavailable" page
		// after asking /api/tenant; no school data is injected.
		return c.HTMLBlob(status, injectHead(raw, nonceOf(c), nil, "", nil))
	}
	c.Set(ctxTenant, t)
	// The page is in the language the web app's first render shows (a
	// browser asking for English still sees the school's default), so the
	// school's texts in it, the catalogue announced with it and the login
	// page are the ones the app uses, not a second language it fetches
	// again; ?lang= names one explicitly.
	uiLang := loginpage.Language(t.DefaultLanguage, c.Request().Header.Get("Accept-Language"), texts.Languages)
	lang := texts.Normalize(c.QueryParam("lang"))
	if lang == "" {
		lang = uiLang
	}
	var info tenants.PublicInfo
	err = s.reg.Scope(c.Request().Context(), t, func(ctx context.Context, tx *gorm.DB) error {
		st, err := tenants.LoadSchoolTexts(ctx, tx, t)
		if err != nil {
			return err
		}
		info = st.Public(lang)
		return nil
	})
	if err != nil {
		return err
	}
	urlPath := c.Request().URL.Path
	page := injectHead(raw, nonceOf(c), &info, earlyReadsHead(urlPath, lang), pre.forPath(urlPath, lang))
	if login != nil && isLoginAddress(c.Request()) {
		if page, err = withLoginPage(page, login, info, uiLang, nonceOf(c)); err != nil {
			return err
		}
	}
	return c.HTMLBlob(http.StatusOK, page)
}

// isLoginAddress reports whether a request is for the login page's own
// address, "/", without an invitation or a page to return to (which the
// web app's login page shows and passes on differently). Other addresses
// show the login page too while nobody is signed in, but also pages of the
// signed-in app, which the login page must not flash before.
func isLoginAddress(r *http.Request) bool {
	if r.URL.Path != "/" && r.URL.Path != "" {
		return false
	}
	q := r.URL.Query()
	return !q.Has("verificationGuid") && !q.Has("redirect_uri")
}

// withLoginPage writes the school's login page into the page, in lang, with
// its style in the head: a phone paints it before the script runs, and the
// script then renders the same page over it.
func withLoginPage(page []byte, login *loginpage.Pages, info tenants.PublicInfo, lang, nonce string) ([]byte, error) {
	body, err := login.Body(info, lang)
	if err != nil {
		return nil, fmt.Errorf("the login page: %w", err)
	}
	page = bytes.Replace(page, []byte(rootElement), []byte("<div id=\"root\">"+body+"</div>"), 1)
	return bytes.Replace(page, []byte("</head>"), []byte(loginpage.Head(info, nonce)+"</head>"), 1), nil
}

// injectHead fills in the page's head for this answer: the nonce that lets
// the app's style elements pass the Content-Security-Policy, and, when the
// school is known, its name as the title and its public info as a JSON data
// block. A data block is never run, so the policy needs no inline script;
// json escapes <, > and & so the data cannot close the element. preload
// names the scripts and stylesheets of the page asked for (see preloads), so the browser
// fetches them while it reads the page. early is a signed-in page's reads
// (earlyReadsHead), before any stylesheet, which would hold its script back
// until it had loaded.
func injectHead(page []byte, nonce string, info *tenants.PublicInfo, early string, preload []string) []byte {
	head := `<meta name="csp-nonce" content="` + html.EscapeString(nonce) + `">`
	if info != nil {
		data, _ := json.Marshal(info)
		head += `<meta name="theme-color" content="` + html.EscapeString(info.Theme.PrimaryColor) + `">` +
			`<script type="application/json" id="praksis-tenant">` + string(data) + `</script>`
		page = bytes.Replace(page, []byte(titleMarker), []byte("<title>"+html.EscapeString(info.AppName)+"</title>"), 1)
	}
	head += early + preloadLinks(preload)
	return bytes.Replace(page, []byte(headMarker), []byte(head), 1)
}
