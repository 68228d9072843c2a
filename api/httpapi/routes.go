package httpapi

import (
	"net/http"

	"github.com/labstack/echo/v5"

	"github.com/praksis/praksis/api/apperror"
	"github.com/praksis/praksis/api/auth"
	"github.com/praksis/praksis/api/users"
)

// routes is the route table. Every route is registered through Handle with

// guards are the role checks routes share. Relations (teacher of the
// class, the student, the student's own supervisor) are checked by package
// policy in the handlers.
type guards struct {
	signedIn, admin, teacherOrAdmin, asStudent, asTeacher, asAdvisor echo.MiddlewareFunc
}

// studentPath is the prefix of the routes about one student in a class.
const studentPath = "/classes/:classId/students/:studentId"

// routes is the route table. Every route is registered through Handle with
// its documentation; a test fails when one is not in the OpenAPI document.
func (s *Server) routes() {
	root := s.router.Group("")
	s.operationsRoutes(root)

	// Everything else under /api belongs to the school of the request's
	// host and runs in that school's database scope.
	api := s.router.Group("/api", s.resolveTenant, s.scoped)
	g := guards{
		signedIn:       s.auth.Required,
		admin:          auth.RequireRole(users.RoleAdmin),
		teacherOrAdmin: auth.RequireRole(users.RoleAdmin, users.RoleTeacher),
		asStudent:      auth.RequireRole(users.RoleStudent),
		asTeacher:      auth.RequireRole(users.RoleTeacher),
		asAdvisor:      auth.RequireRole(users.RoleAdvisor),
	}
	s.authRoutes(root, api, g)
	s.adminRoutes(api, g)
	s.schoolRoutes(api, g)
	s.signingRoutes(api, g)
	s.placementRoutes(api, g)
	s.progressRoutes(api, g)

	s.docsRoutes(root)
	// A development helper that is not handed in (production) is not
	// found, whatever the method.
	root.g.RouteNotFound("/dev/*", func(*echo.Context) error { return apperror.NotFoundf("error.routeNotFound") })
	root.Handle(http.MethodGet, "/*", s.spa(s.dist), Op{
		Summary: "The web app for the school of the request's host (client-side routes fall back to index.html)",
		Tag:     "app", Access: "public", Produces: "text/html",
	})
}
