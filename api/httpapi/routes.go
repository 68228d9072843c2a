package httpapi

import (
	"net/http"

	"github.com/praksis/praksis/api/auth"
	"github.com/praksis/praksis/api/periods"
	"github.com/praksis/praksis/api/subjects"
	"github.com/praksis/praksis/api/users"
	"github.com/praksis/praksis/frontend"
	"github.com/praksis/praksis/tenants"
)

// routes is the route table. Every route is registered through Handle with
// its documentation; a test fails when one is not in the OpenAPI document.
func (s *Server) routes() {
	root := s.router.Group("")
	root.Handle(http.MethodGet, "/healthz", s.healthz, Op{Summary: "Liveness: the process serves HTTP", Tag: "operations", Access: "public"})
	root.Handle(http.MethodGet, "/readyz", s.readyz, Op{Summary: "Readiness: database reachable and schema current", Tag: "operations", Access: "public",
		Responses: map[int]string{http.StatusServiceUnavailable: "Not ready"}})
	root.Handle(http.MethodGet, "/metrics", s.metricsHandler(), Op{Summary: "Prometheus metrics", Tag: "operations", Access: "public", Produces: "text/plain"})
	root.Handle(http.MethodGet, "/api/openapi.json", s.openapi, Op{Summary: "This OpenAPI document", Tag: "operations", Access: "public"})

	// Everything else under /api belongs to the school of the request's
	// host and runs in that school's database scope.
	api := s.router.Group("/api", s.resolveTenant, s.scoped)
	api.Handle(http.MethodGet, "/tenant", tenants.HandlePublicInfo, Op{
		Summary: "The school's public info: name, organisation number, languages, theme, privacy policy",
		Tag:     "tenant", Access: "public",
		Query:     map[string]string{"lang": "nb or en; otherwise Accept-Language decides"},
		Responses: map[int]string{http.StatusNotModified: "Unchanged since the ETag in If-None-Match"},
	})

	signedIn := s.auth.Required
	api.Handle(http.MethodGet, "/auth/refresh", s.auth.HandleRefresh, Op{Summary: "A fresh token for the same session (30 minutes, never past the session's 12 hours)", Tag: "auth", Access: "signed in"}, signedIn)
	api.Handle(http.MethodPost, "/auth/sign-out", s.auth.HandleSignOut, Op{Summary: "Revoke the caller's session", Tag: "auth", Access: "signed in",
		Responses: map[int]string{http.StatusNoContent: "Signed out"}}, signedIn)
	api.Handle(http.MethodGet, "/users/me", users.HandleMe, Op{Summary: "The signed-in user with roles and class relations", Tag: "users", Access: "signed in"}, signedIn)
	api.Handle(http.MethodPost, "/users/me/privacy-policy", users.HandleAcceptPrivacyPolicy, Op{Summary: "Record that the caller accepted the privacy policy", Tag: "users", Access: "signed in"}, signedIn)
	api.Handle(http.MethodGet, "/roles", users.HandleRoles, Op{Summary: "The roles: Admin, Student, Teacher, Advisor", Tag: "users", Access: "signed in"}, signedIn)

	admin := auth.RequireRole(users.RoleAdmin)
	api.Handle(http.MethodGet, "/subjects", subjects.HandleList, Op{Summary: "Every subject, by code", Tag: "subjects", Access: "signed in"}, signedIn)
	api.Handle(http.MethodPost, "/subjects", subjects.HandleCreate, Op{Summary: "Create a subject (code and name required, code unique)", Tag: "subjects", Access: "Admin",
		Body: "{subjectCode, name}", Responses: map[int]string{http.StatusCreated: "The new subject"}}, signedIn, admin)
	api.Handle(http.MethodPut, "/subjects", subjects.HandleUpdate, Op{Summary: "Change a subject's code and name", Tag: "subjects", Access: "Admin",
		Body: "{id, subjectCode, name}"}, signedIn, admin)

	api.Handle(http.MethodGet, "/periods", periods.HandleList, Op{Summary: "Every semester, newest first, with status previous, current or future", Tag: "periods", Access: "signed in"}, signedIn)
	api.Handle(http.MethodGet, "/periods/next", periods.HandleNext, Op{Summary: "The semester that creating the next one would make (409 when a future one exists)", Tag: "periods", Access: "Admin"}, signedIn, admin)
	api.Handle(http.MethodGet, "/periods/:id", periods.HandleGet, Op{Summary: "One semester", Tag: "periods", Access: "signed in"}, signedIn)
	api.Handle(http.MethodPost, "/periods", periods.HandleCreate, Op{Summary: "Create the next semester by the naming rule; the body may repeat the name and dates shown, which must still hold", Tag: "periods", Access: "Admin",
		Body: "{name, startDate, endDate} as shown (optional)", Responses: map[int]string{http.StatusCreated: "The new semester"}}, signedIn, admin)

	root.Handle(http.MethodGet, "/*", s.spa(frontend.Dist()), Op{
		Summary: "The web app for the school of the request's host (client-side routes fall back to index.html)",
		Tag:     "app", Access: "public", Produces: "text/html",
	})
}
