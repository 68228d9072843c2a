package httpapi

import (
	"strconv"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
)

type metrics struct {
	reg      *prometheus.Registry
	duration *prometheus.HistogramVec
	// statements counts the database statements of requests by route, so
	// that statements per request can be followed per route.
	statements *prometheus.CounterVec
}

func newMetrics(reg *prometheus.Registry, more ...prometheus.Collector) *metrics {
	m := &metrics{
		reg: reg,
		duration: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "http_request_duration_seconds",
			Help:    "Duration of HTTP requests by route template, method, status and school.",
			Buckets: []float64{0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5},
		}, []string{"route", "method", "status", "tenant"}),
		statements: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "http_request_db_statements_total",
			Help: "Database statements (BEGIN and COMMIT included) run by HTTP requests, by route template and method; divide by the requests of http_request_duration_seconds_count.",
		}, []string{"route", "method"}),
	}
	reg.MustRegister(m.duration, m.statements, collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	reg.MustRegister(more...)
	return m
}

func (m *metrics) observe(method, route string, status int, tenant string, d time.Duration, statements int64) {
	m.duration.WithLabelValues(route, method, strconv.Itoa(status), tenant).Observe(d.Seconds())
	m.statements.WithLabelValues(route, method).Add(float64(statements))
}
