package main

import (
	"fmt"
	"io"
	"math"
	"os"
	"slices"
	"sort"
	"sync"
	"time"
)

// The routes as the statistics name them.
const (
	routeSave        = "POST /api/answers"
	routeFormFull    = "GET /api/classes/{id}/students/{sid}/forms/{fid}/full"
	routeClassPage   = "GET /api/classes/{id}/students"
	routeRefresh     = "GET /api/auth/refresh"
	routeFeed        = "GET /api/calendar/{secret}.ics"
	routeCodeRequest = "POST /api/auth/external/sign-in"
	routeCodeSignIn  = "POST /api/auth/external/signed-in"
	// routeSignIn is a whole sign-in: code asked for, e-mail received
	// through the server's mail queue, code sent back. Not an HTTP request,
	// so not counted in the request rate.
	routeSignIn = "sign-in by e-mailed code (end to end)"
	// routeCodeMail is the e-mail with the code: from the answer to the
	// code request to its receipt by the mail sink. Not counted either.
	routeCodeMail = "e-mail with the code (request answered to mail received)"
)

// routeOrder is the order of the report.
var routeOrder = []string{routeSave, routeFormFull, routeClassPage, routeRefresh, routeFeed, routeCodeRequest, routeCodeSignIn, routeSignIn, routeCodeMail}

// recorder keeps every latency of a run, per route. Safe for concurrent use.
type recorder struct {
	mu     sync.Mutex
	routes map[string]*routeStats
}

type routeStats struct {
	ok, failed int
	samples    []time.Duration
	// statuses counts the failures by HTTP status (0: no answer).
	statuses map[int]int
}

func newRecorder() *recorder { return &recorder{routes: map[string]*routeStats{}} }

// add records one request; status is its HTTP status (0: no answer).
func (r *recorder) add(route string, d time.Duration, ok bool, status int) {
	r.mu.Lock()
	defer r.mu.Unlock()
	s := r.routes[route]
	if s == nil {
		s = &routeStats{samples: make([]time.Duration, 0, 4096), statuses: map[int]int{}}
		r.routes[route] = s
	}
	if ok {
		s.ok++
	} else {
		s.failed++
		s.statuses[status]++
	}
	s.samples = append(s.samples, d)
}

// failures describes the failed requests of every route, such as
// "POST /api/answers: 2 × 409".
func (r *recorder) failures() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	var out []string
	for name, s := range r.routes {
		for status, n := range s.statuses {
			what := fmt.Sprintf("status %d", status)
			if status == 0 {
				what = "no answer"
			}
			out = append(out, fmt.Sprintf("%s: %d × %s", name, n, what))
		}
	}
	sort.Strings(out)
	return out
}

// row is one line of the report.
type row struct {
	Route         string
	Count, Failed int
	PerSecond     float64
	P50, P95, P99 time.Duration
}

func percentile(sorted []time.Duration, p float64) time.Duration {
	if len(sorted) == 0 {
		return 0
	}
	i := int(math.Ceil(p/100*float64(len(sorted)))) - 1
	return sorted[max(0, min(i, len(sorted)-1))]
}

func summarize(route string, all []time.Duration, failed int, elapsed time.Duration) row {
	s := slices.Clone(all)
	slices.Sort(s)
	return row{Route: route, Count: len(s), Failed: failed, PerSecond: float64(len(s)) / elapsed.Seconds(),
		P50: percentile(s, 50), P95: percentile(s, 95), P99: percentile(s, 99)}
}

// report is the rows of every route, then the total of the HTTP requests.
func (r *recorder) report(elapsed time.Duration) (rows []row, total row) {
	r.mu.Lock()
	defer r.mu.Unlock()
	names := make([]string, 0, len(r.routes))
	for name := range r.routes {
		names = append(names, name)
	}
	sort.SliceStable(names, func(i, j int) bool {
		a, b := slices.Index(routeOrder, names[i]), slices.Index(routeOrder, names[j])
		if a < 0 || b < 0 {
			return names[i] < names[j]
		}
		return a < b
	})
	var all []time.Duration
	failed := 0
	for _, name := range names {
		s := r.routes[name]
		rows = append(rows, summarize(name, s.samples, s.failed, elapsed))
		if name != routeSignIn && name != routeCodeMail {
			all = append(all, s.samples...)
			failed += s.failed
		}
	}
	return rows, summarize("all requests", all, failed, elapsed)
}

func ms(d time.Duration) string { return fmt.Sprintf("%.1f", float64(d.Microseconds())/1000) }

// printReport writes the human-readable table.
func printReport(w io.Writer, rows []row, total row) {
	fmt.Fprintf(w, "%-56s %8s %7s %9s %8s %8s %8s\n", "route", "requests", "failed", "per s", "p50 ms", "p95 ms", "p99 ms")
	line := func(r row) {
		fmt.Fprintf(w, "%-56s %8d %7d %9.1f %8s %8s %8s\n", r.Route, r.Count, r.Failed, r.PerSecond, ms(r.P50), ms(r.P95), ms(r.P99))
	}
	for _, r := range rows {
		line(r)
	}
	line(total)
}

// writeTSV writes the rows for scripts: route, requests, failed, per
// second, p50, p95, p99 (milliseconds), tab-separated, the total last.
func writeTSV(w io.Writer, rows []row, total row) error {
	for _, r := range append(rows, total) {
		if _, err := fmt.Fprintf(w, "%s\t%d\t%d\t%.1f\t%s\t%s\t%s\n", r.Route, r.Count, r.Failed, r.PerSecond, ms(r.P50), ms(r.P95), ms(r.P99)); err != nil {
			return err
		}
	}
	return nil
}

// writeFile creates the file at path and fills it with write; the file is
// closed whatever write returns, and a failed close is an error too (the
// results may not all be on disk).
func writeFile(path string, write func(io.Writer) error) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := write(f); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
