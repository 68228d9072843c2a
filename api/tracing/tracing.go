// Package tracing sends OpenTelemetry traces of requests and of the database
// statements they run to a collector, when OTEL_EXPORTER_OTLP_ENDPOINT names
// one. Without it nothing is set up and the cost is nil: the global tracer
// provider stays the no-op one, and the middleware and the database plugin
// are not installed at all.
//
// A trace answers what the metrics cannot: which statements one slow request
// ran and how long each took. The span of a request is named by its route
// ("POST /api/answers"), never by its path, so ids do not make every span
// name unique; a caller's traceparent header is honoured, so a trace started
// by a load balancer or a browser continues here.
package tracing

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"

	"github.com/exaring/otelpgx"
	"github.com/jackc/pgx/v5"
	"github.com/labstack/echo/v5"
	"go.opentelemetry.io/contrib/instrumentation/net/http/otelhttp"
	"go.opentelemetry.io/otel"
	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/exporters/otlp/otlptrace/otlptracehttp"
	"go.opentelemetry.io/otel/propagation"
	sdkresource "go.opentelemetry.io/otel/sdk/resource"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	semconv "go.opentelemetry.io/otel/semconv/v1.43.0"
	"go.opentelemetry.io/otel/trace"
)

// ServiceName is the service.name of every span, unless OTEL_SERVICE_NAME
// says otherwise.
const ServiceName = "praksis"

// Tracer is the tracing of one process: nil when tracing is off, so every
// method is safe to call on a nil *Tracer.
type Tracer struct {
	provider *sdktrace.TracerProvider
}

// Setup starts exporting spans to the OTLP/HTTP collector at endpoint (such
// as http://collector:4318); an empty endpoint turns tracing off and returns
// nil. The other OTEL_* variables of the SDK (headers, sampler, service
// name, resource attributes) apply as documented by OpenTelemetry.
func Setup(ctx context.Context, endpoint, version string) (*Tracer, error) {
	if endpoint == "" {
		return nil, nil
	}
	u, err := url.Parse(endpoint)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, fmt.Errorf("tracing: OTEL_EXPORTER_OTLP_ENDPOINT %q is not an http(s) URL", endpoint)
	}
	opts := []otlptracehttp.Option{otlptracehttp.WithEndpointURL(u.JoinPath("v1", "traces").String())}
	exporter, err := otlptracehttp.New(ctx, opts...)
	if err != nil {
		return nil, fmt.Errorf("tracing: exporter for %s: %w", endpoint, err)
	}
	res, err := sdkresource.Merge(sdkresource.Default(), sdkresource.NewSchemaless(
		semconv.ServiceName(ServiceName), semconv.ServiceVersion(version)))
	if err != nil {
		// A conflicting schema URL between the SDK's defaults and ours:
		// the defaults (which read OTEL_SERVICE_NAME) are enough.
		res = sdkresource.Default()
	}
	provider := sdktrace.NewTracerProvider(sdktrace.WithBatcher(exporter), sdktrace.WithResource(res))
	otel.SetTracerProvider(provider)
	otel.SetTextMapPropagator(propagation.NewCompositeTextMapPropagator(propagation.TraceContext{}, propagation.Baggage{}))
	return &Tracer{provider: provider}, nil
}

// Handler wraps the server's handler so that every request gets a span,
// continuing the caller's trace. Without tracing it returns h itself.
func (t *Tracer) Handler(h http.Handler) http.Handler {
	if t == nil {
		return h
	}
	return otelhttp.NewHandler(h, "HTTP", otelhttp.WithTracerProvider(t.provider),
		otelhttp.WithPropagators(otel.GetTextMapPropagator()))
}

// Middleware names the request's span after the matched route and records
// the school, once the router has matched it. It must run after routing
// (registered with Use). Without tracing it is a pass-through.
func (t *Tracer) Middleware(tenant func(c *echo.Context) string) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		if t == nil {
			return next
		}
		return func(c *echo.Context) error {
			err := next(c)
			span := trace.SpanFromContext(c.Request().Context())
			if !span.IsRecording() {
				return err
			}
			route := c.Path()
			if route == "" {
				route = "unmatched"
			}
			span.SetName(c.Request().Method + " " + route)
			span.SetAttributes(semconv.HTTPRoute(route))
			if slug := tenant(c); slug != "" {
				span.SetAttributes(attribute.String("praksis.tenant", slug))
			}
			return err
		}
	}
}

// QueryTracer makes every statement a child span of the request's span,
// with the statement's text and never its arguments, which hold people's
// answers. Without tracing it is nil, and pgx traces nothing.
func (t *Tracer) QueryTracer() pgx.QueryTracer {
	if t == nil {
		return nil
	}
	return otelpgx.NewTracer(otelpgx.WithTracerProvider(t.provider), otelpgx.WithTrimSQLInSpanName())
}

// Shutdown sends the spans still buffered and stops exporting.
func (t *Tracer) Shutdown(ctx context.Context) error {
	if t == nil {
		return nil
	}
	if err := t.provider.Shutdown(ctx); err != nil && !errors.Is(err, context.Canceled) {
		return fmt.Errorf("tracing: flush spans: %w", err)
	}
	return nil
}
