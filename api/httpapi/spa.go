package httpapi

import (
	"bytes"
	"context"
	"encoding/json"
	"html"
	"io/fs"
	"net/http"
	"path"
	"strings"

	"github.com/labstack/echo/v5"
	"gorm.io/gorm"

	"github.com/praksis/praksis/api/apperror"
	"github.com/praksis/praksis/tenants"
	"github.com/praksis/praksis/tenants/texts"
)

// The built index.html carries these two markers; the server replaces them
// with the school's name and public info.
const (
	titleMarker = "<title>Praksis</title>"
	headMarker  = "<!--praksis:head-->"
)

// spa serves the built web app: real files from dist as they are (hashed
// assets cached for a year), and for every other path index.html with the
// school's public info injected, so client-side routes work on reload and
// the theme applies before the first paint.
func (s *Server) spa(dist fs.FS) echo.HandlerFunc {
	return func(c *echo.Context) error {
		req := c.Request()
		if req.Method != http.MethodGet && req.Method != http.MethodHead {
			return echo.ErrMethodNotAllowed
		}
		p := strings.TrimPrefix(path.Clean("/"+req.URL.Path), "/")
		if p == "api" || strings.HasPrefix(p, "api/") {
			// An unknown API route is an API error, not an app page.
			return apperror.NotFoundf("error.routeNotFound")
		}
		if p != "" && p != "index.html" {
			if st, err := fs.Stat(dist, p); err == nil && !st.IsDir() {
				if strings.HasPrefix(p, "assets/") {
					c.Response().Header().Set("Cache-Control", "public, max-age=31536000, immutable")
				}
				http.ServeFileFS(c.Response(), req, dist, p)
				return nil
			}
		}
		return s.index(c, dist)
	}
}

func (s *Server) index(c *echo.Context, dist fs.FS) error {
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
		return c.HTMLBlob(status, raw)
	}
	c.Set(ctxTenant, t)
	lang := texts.Negotiate(c.QueryParam("lang"), c.Request().Header.Get("Accept-Language"), t.DefaultLanguage)
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
	return c.HTMLBlob(http.StatusOK, injectTenant(raw, info))
}

// injectTenant puts the school's name in the title and its public info in
// a script before the app's own, escaped for both contexts.
func injectTenant(page []byte, info tenants.PublicInfo) []byte {
	data, _ := json.Marshal(info) // json escapes <, > and & so it cannot close the script
	head := `<meta name="theme-color" content="` + html.EscapeString(info.Theme.PrimaryColor) + `">` +
		`<script>window.__PRAKSIS_TENANT__ = ` + string(data) + `;</script>`
	page = bytes.Replace(page, []byte(titleMarker), []byte("<title>"+html.EscapeString(info.AppName)+"</title>"), 1)
	page = bytes.Replace(page, []byte(headMarker), []byte(head), 1)
	return page
}
