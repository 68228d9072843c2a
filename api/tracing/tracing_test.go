package tracing_test

import (
	"context"
	"encoding/hex"
	"io"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"

	"github.com/labstack/echo/v5"
	coltracepb "go.opentelemetry.io/proto/otlp/collector/trace/v1"
	tracepb "go.opentelemetry.io/proto/otlp/trace/v1"
	"google.golang.org/protobuf/proto"

	"github.com/praksis/praksis/api/tracing"
	"github.com/praksis/praksis/tenants"
	"github.com/praksis/praksis/tenants/testdb"
)

// collector is an OTLP/HTTP endpoint that keeps the spans it is sent.
type collector struct {
	mu    sync.Mutex
	spans []*tracepb.Span
	paths []string
}

func (col *collector) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	var req coltracepb.ExportTraceServiceRequest
	if err := proto.Unmarshal(body, &req); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	col.mu.Lock()
	defer col.mu.Unlock()
	col.paths = append(col.paths, r.URL.Path)
	for _, rs := range req.ResourceSpans {
		for _, ss := range rs.ScopeSpans {
			col.spans = append(col.spans, ss.Spans...)
		}
	}
	w.Header().Set("Content-Type", "application/x-protobuf")
	_, _ = w.Write(nil)
}

func (col *collector) byName() map[string]*tracepb.Span {
	col.mu.Lock()
	defer col.mu.Unlock()
	m := map[string]*tracepb.Span{}
	for _, s := range col.spans {
		m[s.Name] = s
	}
	return m
}

func TestOffIsNothing(t *testing.T) {
	tr, err := tracing.Setup(context.Background(), "", "")
	if err != nil || tr != nil {
		t.Fatalf("Setup without endpoint = %v, %v; want nil, nil", tr, err)
	}
	h := http.NotFoundHandler()
	if got := tr.Handler(h); got == nil {
		t.Fatal("Handler on a nil tracer must return the handler itself")
	}
	if tr.QueryTracer() != nil {
		t.Fatal("QueryTracer on a nil tracer must be nil")
	}
	if err := tr.Shutdown(context.Background()); err != nil {
		t.Fatal(err)
	}
}

func TestBadEndpointRefused(t *testing.T) {
	for _, endpoint := range []string{"collector:4318", "ftp://collector", "http://"} {
		if _, err := tracing.Setup(context.Background(), endpoint, ""); err == nil {
			t.Errorf("Setup(%q) accepted", endpoint)
		}
	}
}

// A request gets a span named by its route (not its path), continuing the
// caller's trace, with a child span for each statement it runs.
func TestRequestAndStatementSpans(t *testing.T) {
	db := testdb.New(t)
	col := &collector{}
	srv := httptest.NewServer(col)
	defer srv.Close()

	ctx := context.Background()
	tr, err := tracing.Setup(ctx, srv.URL, "test")
	if err != nil {
		t.Fatal(err)
	}
	traced, err := tenants.Open(ctx, db.URL, 2, tr.QueryTracer())
	if err != nil {
		t.Fatal(err)
	}
	defer tenants.Close(traced)

	e := echo.New()
	e.Use(tr.Middleware(func(*echo.Context) string { return "demo" }))
	e.GET("/api/classes/:id", func(c *echo.Context) error {
		var n int
		if err := traced.WithContext(c.Request().Context()).Raw("SELECT 41 + 1").Scan(&n).Error; err != nil {
			return err
		}
		return c.JSON(http.StatusOK, n)
	})
	app := httptest.NewServer(tr.Handler(e))
	defer app.Close()

	const traceID = "4bf92f3577b34da6a3ce929d0e0e4736"
	req, _ := http.NewRequest(http.MethodGet, app.URL+"/api/classes/17", nil)
	req.Header.Set("traceparent", "00-"+traceID+"-00f067aa0ba902b7-01")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	_ = resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("status %d", resp.StatusCode)
	}
	if err := tr.Shutdown(ctx); err != nil {
		t.Fatal(err)
	}

	spans := col.byName()
	reqSpan := spans["GET /api/classes/:id"]
	if reqSpan == nil {
		t.Fatalf("no span named by the route; got %v", keys(spans))
	}
	if got := hex.EncodeToString(reqSpan.TraceId); got != traceID {
		t.Errorf("request span in trace %s, want the caller's %s", got, traceID)
	}
	attrs := map[string]string{}
	for _, kv := range reqSpan.Attributes {
		attrs[kv.Key] = kv.Value.GetStringValue()
	}
	if attrs["http.route"] != "/api/classes/:id" || attrs["praksis.tenant"] != "demo" {
		t.Errorf("request span attributes %v", attrs)
	}
	var stmt *tracepb.Span
	for _, s := range col.spans {
		if string(s.ParentSpanId) == string(reqSpan.SpanId) && s != reqSpan {
			stmt = s
		}
	}
	if stmt == nil {
		t.Fatalf("no statement span under the request span; got %v", keys(spans))
	}
	for _, kv := range stmt.Attributes {
		if kv.Key == "pgx.query.parameters" {
			t.Errorf("statement span carries the statement's arguments")
		}
	}
	for _, p := range col.paths {
		if p != "/v1/traces" {
			t.Errorf("spans sent to %s, want /v1/traces", p)
		}
	}
}

func keys(m map[string]*tracepb.Span) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	return out
}
