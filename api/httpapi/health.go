package httpapi

import (
	"context"
	"net/http"
	"time"

	"github.com/labstack/echo/v5"
	"github.com/prometheus/client_golang/prometheus/promhttp"
	"github.com/swaggest/jsonschema-go"

	"github.com/praksis/praksis/api/apperror"
)

// health is the answer of /healthz and /readyz.
type health struct {
	Status string `json:"status" example:"ok" description:"ok (healthz); ready, or what is not (readyz)"`
}

// openAPIDocument is the answer of /api/openapi.json: this document, typed
// as an open object so that it does not describe itself.
type openAPIDocument map[string]any

// JSONSchema documents the document as an OpenAPI 3.1 object.
func (openAPIDocument) JSONSchema() (jsonschema.Schema, error) {
	var str, obj jsonschema.Schema
	str.AddType(jsonschema.String)
	obj.AddType(jsonschema.Object)
	var s jsonschema.Schema
	s.AddType(jsonschema.Object)
	s.WithDescription("An OpenAPI 3.1 document")
	s.WithRequired("openapi", "info", "paths")
	s.WithProperties(map[string]jsonschema.SchemaOrBool{"openapi": str.ToSchemaOrBool(), "info": obj.ToSchemaOrBool(),
		"paths": obj.ToSchemaOrBool(), "components": obj.ToSchemaOrBool()})
	s.WithAdditionalProperties(jsonschema.SchemaOrBool{TypeBoolean: &[]bool{true}[0]})
	return s, nil
}

// healthz answers as long as the process serves HTTP.
func (s *Server) healthz(c *echo.Context) error {
	return c.JSON(http.StatusOK, health{Status: "ok"})
}

// readyz answers 200 only when the database answers and the control schema
// is at this binary's version, so a load balancer sends no traffic to a
// replica that cannot serve it.
func (s *Server) readyz(c *echo.Context) error {
	ctx, cancel := context.WithTimeout(c.Request().Context(), 3*time.Second)
	defer cancel()
	if err := s.reg.Ping(ctx); err != nil {
		return c.JSON(http.StatusServiceUnavailable, health{Status: "database unreachable"})
	}
	if s.controlReady != nil {
		if err := s.controlReady(ctx); err != nil {
			return c.JSON(http.StatusServiceUnavailable, health{Status: err.Error()})
		}
	}
	return c.JSON(http.StatusOK, health{Status: "ready"})
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
