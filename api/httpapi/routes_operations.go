package httpapi

import (
	"net/http"

	"github.com/labstack/echo/v5"

	"github.com/praksis/praksis/api/clock"
	"github.com/praksis/praksis/tenants"
)

// operationsRoutes are the routes of operators and of the installed app:
// health, metrics, this document, security reports, manifest and icons,
// and the development-only helpers.
func (s *Server) operationsRoutes(root *Group) {
	root.Handle(http.MethodGet, "/healthz", s.healthz, Op{Summary: "Liveness: the process serves HTTP", Tag: "operations", Access: "public", Response: health{}})
	root.Handle(http.MethodGet, "/readyz", s.readyz, Op{Summary: "Readiness: database reachable and schema current", Tag: "operations", Access: "public", Response: health{},
		Responses: map[int]string{http.StatusServiceUnavailable: "Not ready"}})
	root.Handle(http.MethodGet, "/metrics", s.metricsHandler(), Op{Summary: "Prometheus metrics", Tag: "operations", Access: "public", Produces: "text/plain"})
	root.Handle(http.MethodGet, "/api/openapi.json", s.openapi, Op{Summary: "This OpenAPI document", Tag: "operations", Access: "public", Response: openAPIDocument{}})
	root.Handle(http.MethodPost, cspReportPath, s.cspReport, Op{Summary: "Browsers report here what the Content-Security-Policy blocked; logged, answered 204",
		Tag: "operations", Access: "public", Request: cspReport{}, Consumes: []string{"application/csp-report", "application/json"},
		Body:      "A violation report as browsers send it to a report-uri; only the fields named are read",
		Responses: map[int]string{http.StatusNoContent: "Logged", http.StatusBadRequest: "Not a violation report"}})
	root.Handle(http.MethodGet, "/.well-known/security.txt", s.securityTxt, Op{Summary: "Where to report a security problem (RFC 9116), from SECURITY_CONTACT; 404 when unset",
		Tag: "operations", Access: "public", Produces: "text/plain"})

	root.Handle(http.MethodGet, manifestPath, s.webAppManifest, Op{Summary: "The school's web app manifest: its name, theme colour and icons, so the app installs as the school's own",
		Tag: "app", Access: "public", Produces: "application/manifest+json", In: tenants.InfoParams{}, Response: webManifest{}})
	root.Handle(http.MethodGet, "/icons/:name", s.appIcon, Op{Summary: "An app icon of the manifest (app-192.png, app-512.png) in the school's colours",
		Tag: "app", Access: "public", Produces: "image/png", In: iconParams{}})

	// Development only: the configuration refuses both outside
	// PRAKSIS_ENV=development, and without them the routes do not exist.
	if s.devMail != nil {
		root.Handle(http.MethodGet, "/dev/mail", s.devMail.HandlePage, Op{Summary: "Development only: every e-mail sent since start, newest first", Tag: "development", Access: "public (development only)", Produces: "text/html"})
		root.Handle(http.MethodGet, "/dev/mail/messages", s.devMail.HandleMessages, Op{Summary: "Development only: every e-mail sent since start as [{to, subject, text, html, sentAt}], newest first", Tag: "development", Access: "public (development only)"})
	}
	if s.devClock != nil {
		clockOp := func(summary string) Op {
			return Op{Summary: summary, Tag: "development", Access: "public (development only)", Response: clock.Reading{}}
		}
		root.Handle(http.MethodGet, "/dev/clock", s.schoolClock(s.devClock.Show), clockOp("Development only: the clock of the request's school"))
		placeOp := clockOp("Development only: place the clock of the request's school (deadline states, semester status and reminders follow it; other schools keep theirs)")
		placeOp.Request = clock.Placement{}
		root.Handle(http.MethodPost, "/dev/clock", s.schoolClock(s.devClock.Place), placeOp)
		root.Handle(http.MethodDelete, "/dev/clock", s.schoolClock(s.devClock.Reset), clockOp("Development only: put the clock of the request's school back on the machine's"))
	}
	if s.mockEFormidling != nil {
		ip := echo.WrapHandler(s.mockEFormidling)
		for _, m := range []string{http.MethodGet, http.MethodPost} {
			root.Handle(m, "/dev/eformidling/*", ip, Op{Summary: "Development only: a test double of a school's eFormidling integrasjonspunkt (/api/capabilities, /api/messages/out/multipart, /api/statuses); GET /dev/eformidling/messages lists what it received, POST /dev/eformidling/control {fail, stall, finishWith} makes it misbehave", Tag: "development", Access: "public (development only)"})
		}
	}
	if s.mockIDP != nil {
		idp := echo.WrapHandler(s.mockIDP)
		for _, m := range []string{http.MethodGet, http.MethodPost} {
			root.Handle(m, "/dev/idp/*", idp, Op{Summary: "Development only: the mock Feide (/dev/idp/feide) and Vipps (/dev/idp/vipps) OpenID Connect providers with a page to pick a test person", Tag: "development", Access: "public (development only)", Produces: "text/html"})
		}
	}

}

// schoolClock runs a development clock route for the school of the
// request's host.
func (s *Server) schoolClock(h func(*echo.Context, *tenants.Tenant) error) func(*echo.Context) error {
	return func(c *echo.Context) error {
		t, err := s.tenantOf(c.Request())
		if err != nil {
			return err
		}
		return h(c, t)
	}
}
