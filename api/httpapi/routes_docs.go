package httpapi

import (
	"bytes"
	"html"
	"io/fs"
	"net/http"
	"strings"

	"github.com/labstack/echo/v5"
	"github.com/praksis/praksis/api/apperror"
)

// apiDocsPage is the API reference page of the web app build
// (frontend/vite.config.ts, apiDocs): Redoc rendering /api/openapi.json.
// Its name starts with a dot, so spa never sends it as it is; apiDocs fills
// it in first.
const apiDocsPage = ".api-docs.html"

// docsRoutes registers the readable API reference. It is one route of its
// own so that the route table's other routes keep their policy untouched.
func (s *Server) docsRoutes(root *Group) {
	root.Handle(http.MethodGet, "/api/docs", s.apiDocs, Op{
		Summary: "The API reference: this OpenAPI document (/api/openapi.json) rendered for reading in a browser (Redoc); the same for every host",
		Tag:     "operations", Access: "public", Produces: "text/html",
		Responses: map[int]string{http.StatusServiceUnavailable: "The web app (and so the page) was not built into this binary"},
	})
}

// apiDocs serves the API reference page with the request's CSP nonce, which
// Redoc puts on the style elements it makes, under the policy of
// docsContentSecurityPolicy.
func (s *Server) apiDocs(c *echo.Context) error {
	raw, err := fs.ReadFile(s.dist, apiDocsPage)
	if err != nil {
		return apperror.New(apperror.Unavailable, "error.docsNotBuilt").Because(err)
	}
	nonce := nonceOf(c)
	h := c.Response().Header()
	h.Set("Content-Security-Policy", docsContentSecurityPolicy(nonce))
	// The page names the hashed scripts of this build: a new release must
	// reach the browser at once.
	h.Set("Cache-Control", "no-cache")
	head := `<meta name="csp-nonce" content="` + html.EscapeString(nonce) + `">`
	return c.HTMLBlob(http.StatusOK, bytes.Replace(raw, []byte(headMarker), []byte(head), 1))
}

// docsContentSecurityPolicy is the policy of every answer with one
// widening, for this page only: Redoc's search index runs in a web worker
// that it starts from a blob: URL holding the worker's code, so worker-src
// also allows blob:. Scripts still come only from the app's own origin, and
// Redoc's style elements carry the nonce, so style-src stays as strict.
func docsContentSecurityPolicy(nonce string) string {
	return strings.Replace(contentSecurityPolicy(nonce), "worker-src 'self'", "worker-src 'self' blob:", 1)
}
