package httpapi

import (
	"context"
	"net/http"
	"time"

	"github.com/labstack/echo/v5"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"github.com/praksis/praksis/api/apperror"
)

// healthz answers as long as the process serves HTTP.
func (s *Server) healthz(c *echo.Context) error {
	return c.JSON(http.StatusOK, map[string]string{"status": "ok"})
}

// readyz answers 200 only when the database answers and the control schema
// is at this binary's version, so a load balancer sends no traffic to a
// replica that cannot serve it.
func (s *Server) readyz(c *echo.Context) error {
	ctx, cancel := context.WithTimeout(c.Request().Context(), 3*time.Second)
	defer cancel()
	if err := s.reg.Ping(ctx); err != nil {
		return c.JSON(http.StatusServiceUnavailable, map[string]string{"status": "database unreachable"})
	}
	if s.controlReady != nil {
		if err := s.controlReady(ctx); err != nil {
			return c.JSON(http.StatusServiceUnavailable, map[string]string{"status": err.Error()})
		}
	}
	return c.JSON(http.StatusOK, map[string]string{"status": "ready"})
}

func (s *Server) metricsHandler() echo.HandlerFunc {
	h := promhttp.HandlerFor(s.metrics.reg, promhttp.HandlerOpts{})
	return func(c *echo.Context) error {
		// Metrics are for the scraper, which calls a replica by its own
		// address; on a school's public host they do not exist.
		if _, ok := s.reg.ByHost(s.requestHost(c.Request())); ok {
			return apperror.NotFoundf("error.routeNotFound")
		}
		h.ServeHTTP(c.Response(), c.Request())
		return nil
	}
}

func (s *Server) openapi(c *echo.Context) error {
	return c.JSON(http.StatusOK, s.router.OpenAPI())
}
