package httpapi

import (
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"

	"github.com/labstack/echo/v5"

	"github.com/praksis/praksis/api/apperror"
	"github.com/praksis/praksis/api/reqlog"
)

// ctxNonce holds the request's Content-Security-Policy nonce.
const ctxNonce = "praksis.cspNonce"

// cspReportPath is where browsers report what the policy blocked.
const cspReportPath = "/api/csp-report"

// permissionsPolicy turns off the browser features Praksis does not use, so
// that nothing injected into a page could use them either.
const permissionsPolicy = "accelerometer=(), autoplay=(), camera=(), display-capture=(), geolocation=(), " +
	"gyroscope=(), magnetometer=(), microphone=(), midi=(), payment=(), publickey-credentials-get=(), " +
	"screen-wake-lock=(), serial=(), usb=(), xr-spatial-tracking=()"

// contentSecurityPolicy is the policy of every answer: scripts only from
// the app's own origin, styles from it and from the style elements that
// carry this answer's nonce (MUI's, through Emotion), nothing framed,
// submitted or loaded elsewhere. Images may come from a school's own logo
// address over https.
func contentSecurityPolicy(nonce string) string {
	return strings.Join([]string{
		"default-src 'self'",
		"script-src 'self' " + earlyReadsHash,
		"style-src 'self' 'nonce-" + nonce + "'",
		"img-src 'self' data: https:",
		"font-src 'self' data:",
		"connect-src 'self'",
		"manifest-src 'self'",
		"worker-src 'self'",
		"frame-ancestors 'none'",
		"form-action 'self'",
		"base-uri 'none'",
		"object-src 'none'",
		"report-uri " + cspReportPath,
	}, "; ")
}

// securityHeaders sets the headers a security review checks on every
// answer. The development-only pages (/dev/…: the mail catcher, the test
// identity provider and archive) are plain server-made pages with inline
// styles and a form that sends the browser back to a school's host, so they
// go without the Content-Security-Policy; production serves none of them.
func (s *Server) securityHeaders(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c *echo.Context) error {
		h := c.Response().Header()
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Referrer-Policy", "same-origin")
		h.Set("X-Frame-Options", "DENY")
		h.Set("Cross-Origin-Opener-Policy", "same-origin")
		h.Set("Permissions-Policy", permissionsPolicy)
		if s.cfg.PublicScheme == "https" {
			h.Set("Strict-Transport-Security", "max-age=31536000; includeSubDomains")
		}
		if !strings.HasPrefix(c.Request().URL.Path, "/dev/") {
			nonce, err := newNonce()
			if err != nil {
				return fmt.Errorf("content security policy nonce: %w", err)
			}
			c.Set(ctxNonce, nonce)
			h.Set("Content-Security-Policy", contentSecurityPolicy(nonce))
		}
		return next(c)
	}
}

// newNonce is 128 random bits, as the CSP specification asks.
func newNonce() (string, error) {
	b := make([]byte, 16)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	return base64.StdEncoding.EncodeToString(b), nil
}

// nonceOf is the request's nonce ("" on the development pages).
func nonceOf(c *echo.Context) string {
	n, _ := c.Get(ctxNonce).(string)
	return n
}

// cspReport is a violation report as browsers send it to a report-uri
// (as application/csp-report, or JSON).
type cspReport struct {
	Body struct {
		DocumentURI        string `json:"document-uri" description:"The page; logged without its query"`
		ViolatedDirective  string `json:"violated-directive" example:"style-src-elem"`
		EffectiveDirective string `json:"effective-directive"`
		BlockedURI         string `json:"blocked-uri" description:"Logged without its query"`
		SourceFile         string `json:"source-file"`
		LineNumber         int    `json:"line-number"`
	} `json:"csp-report" required:"true"`
}

// maxCSPReport caps a violation report; real ones are a few hundred bytes.
const maxCSPReport = 16 << 10

// cspReport logs what a browser reports the policy blocked, so a violation
// in production is seen. The report names pages and directives, never a
// person; only those fields are logged.
func (s *Server) cspReport(c *echo.Context) error {
	body, err := io.ReadAll(io.LimitReader(c.Request().Body, maxCSPReport))
	if err != nil {
		return apperror.New(apperror.Invalid, "error.badRequest")
	}
	var report cspReport
	if err := json.Unmarshal(body, &report); err != nil || report.Body.ViolatedDirective == "" && report.Body.EffectiveDirective == "" {
		return apperror.New(apperror.Invalid, "error.badRequest")
	}
	r := report.Body
	reqlog.From(c.Request().Context()).Warn("csp violation", "document", stripQuery(r.DocumentURI),
		"directive", r.ViolatedDirective, "effective", r.EffectiveDirective, "blocked", stripQuery(r.BlockedURI),
		"source", stripQuery(r.SourceFile), "line", r.LineNumber)
	return c.NoContent(http.StatusNoContent)
}

// stripQuery drops a URL's query and fragment, where personal data could be.
func stripQuery(u string) string {
	if i := strings.IndexAny(u, "?#"); i >= 0 {
		return u[:i]
	}
	return u
}

// securityTxt serves /.well-known/security.txt (RFC 9116) with the
// configured contact, valid for a year from now.
func (s *Server) securityTxt(c *echo.Context) error {
	if s.cfg.SecurityContact == "" {
		return apperror.NotFoundf("error.routeNotFound")
	}
	expires := time.Now().UTC().AddDate(1, 0, 0).Truncate(24 * time.Hour).Format(time.RFC3339)
	return c.String(http.StatusOK, "Contact: "+s.cfg.SecurityContact+"\nExpires: "+expires+"\nPreferred-Languages: nb, nn, en\n")
}
