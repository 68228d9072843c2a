package deploy

import (
	"database/sql"
	"encoding/json"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/stdlib"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"

	"github.com/praksis/praksis/api/jobs"
	"github.com/praksis/praksis/api/walarchive"
)

type dashboard struct {
	UID        string  `json:"uid"`
	Title      string  `json:"title"`
	Panels     []panel `json:"panels"`
	Templating struct {
		List []struct {
			Name string `json:"name"`
			Type string `json:"type"`
		} `json:"list"`
	} `json:"templating"`
}

type panel struct {
	ID         int    `json:"id"`
	Type       string `json:"type"`
	Title      string `json:"title"`
	Datasource *struct {
		Type string `json:"type"`
		UID  string `json:"uid"`
	} `json:"datasource"`
	GridPos struct{ H, W, X, Y int } `json:"gridPos"`
	Targets []struct {
		Expr  string `json:"expr"`
		RefID string `json:"refId"`
	} `json:"targets"`
}

// exportedMetrics are the metric names a replica serves on /metrics: the
// request histogram (httpapi) and the Go and process collectors, gathered
// from the same collectors the service registers.
func exportedMetrics(t *testing.T) map[string]bool {
	t.Helper()
	reg := prometheus.NewRegistry()
	// The pool's statistics need no connection; sql.OpenDB does not dial.
	pool := sql.OpenDB(stdlib.GetConnector(pgx.ConnConfig{}))
	defer pool.Close()
	reg.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}),
		collectors.NewDBStatsCollector(pool, "praksis"))
	families, err := reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	names := map[string]bool{}
	for _, f := range families {
		names[f.GetName()] = true
	}
	// The job queue's metrics are read from the database at a scrape; take
	// their names from the collector's descriptions.
	// So are the WAL archiver's.
	descs := make(chan *prometheus.Desc, 20)
	jobs.NewCollector(nil).Describe(descs)
	walarchive.NewCollector(nil).Describe(descs)
	close(descs)
	for d := range descs {
		m := descName.FindStringSubmatch(d.String())
		if m == nil {
			t.Fatalf("no name in %s", d)
		}
		names[m[1]] = true
	}
	for _, suffix := range []string{"_bucket", "_count", "_sum"} {
		names["http_request_duration_seconds"+suffix] = true
	}
	if !names["process_cpu_seconds_total"] || !names["go_goroutines"] {
		t.Fatalf("the Go and process collectors gave %d metrics", len(names))
	}
	return names
}

var (
	// metricName finds metric names in PromQL: an identifier directly
	// followed by a selector or range, or standing alone as an argument.
	metricName = regexp.MustCompile(`\b([a-z_:][a-z0-9_:]*)\s*[{\[]`)
	// grouping and matcher labels.
	byLabels      = regexp.MustCompile(`\bby\s*\(([^)]*)\)`)
	matcherLabels = regexp.MustCompile(`\b([a-z_][a-z0-9_]*)\s*(=~|!~|!=|=)\s*"`)
	descName      = regexp.MustCompile(`fqName: "([a-z_:][a-z0-9_:]*)"`)
	variables     = regexp.MustCompile(`\$\{?([a-z_]+)`)
)

func TestGrafanaDashboard(t *testing.T) {
	data, err := os.ReadFile("grafana-dashboard.json")
	if err != nil {
		t.Fatal(err)
	}
	dec := json.NewDecoder(strings.NewReader(string(data)))
	var d dashboard
	if err := dec.Decode(&d); err != nil {
		t.Fatalf("grafana-dashboard.json: %v", err)
	}
	if d.UID == "" || d.Title == "" || len(d.Panels) == 0 {
		t.Fatalf("dashboard uid %q, title %q, %d panels", d.UID, d.Title, len(d.Panels))
	}
	vars := map[string]bool{"__rate_interval": true, "__interval": true, "__range": true}
	for _, v := range d.Templating.List {
		vars[v.Name] = true
	}
	if !vars["datasource"] {
		t.Error("no datasource variable: the dashboard must not name one Prometheus")
	}
	metrics := exportedMetrics(t)
	labels := map[string]bool{"route": true, "method": true, "status": true, "tenant": true,
		"le": true, "quantile": true, "job": true, "instance": true, "db_name": true, "queue": true, "kind": true, "state": true}

	ids := map[int]bool{}
	used := map[string]bool{}
	type cell struct{ x, y int }
	filled := map[cell]int{}
	for _, p := range d.Panels {
		if ids[p.ID] {
			t.Errorf("panel id %d is used twice", p.ID)
		}
		ids[p.ID] = true
		if p.GridPos.W < 1 || p.GridPos.X < 0 || p.GridPos.X+p.GridPos.W > 24 || p.GridPos.H < 1 {
			t.Errorf("panel %q: gridPos %+v is outside the 24-column grid", p.Title, p.GridPos)
		}
	grid:
		for x := p.GridPos.X; x < p.GridPos.X+p.GridPos.W; x++ {
			for y := p.GridPos.Y; y < p.GridPos.Y+p.GridPos.H; y++ {
				if other, ok := filled[cell{x, y}]; ok {
					t.Errorf("panel %q overlaps panel %d", p.Title, other)
					break grid
				}
				filled[cell{x, y}] = p.ID
			}
		}
		if p.Type == "row" {
			continue
		}
		if p.Datasource == nil || p.Datasource.Type != "prometheus" || p.Datasource.UID != "${datasource}" {
			t.Errorf("panel %q: datasource must be the ${datasource} variable", p.Title)
		}
		if len(p.Targets) == 0 {
			t.Errorf("panel %q has no query", p.Title)
		}
		refs := map[string]bool{}
		for _, q := range p.Targets {
			if refs[q.RefID] || q.RefID == "" {
				t.Errorf("panel %q: refId %q missing or repeated", p.Title, q.RefID)
			}
			refs[q.RefID] = true
			if strings.Count(q.Expr, "(") != strings.Count(q.Expr, ")") || strings.Count(q.Expr, "{") != strings.Count(q.Expr, "}") {
				t.Errorf("panel %q: unbalanced query %s", p.Title, q.Expr)
			}
			for _, m := range metricName.FindAllStringSubmatch(q.Expr, -1) {
				if slices.Contains([]string{"by", "without", "on", "ignoring"}, m[1]) {
					continue
				}
				if !metrics[m[1]] {
					t.Errorf("panel %q: the service exports no metric %s", p.Title, m[1])
				}
				used[m[1]] = true
			}
			for _, m := range byLabels.FindAllStringSubmatch(q.Expr, -1) {
				for _, l := range strings.Split(m[1], ",") {
					if l = strings.TrimSpace(l); !labels[l] {
						t.Errorf("panel %q: grouping by unknown label %q", p.Title, l)
					}
				}
			}
			for _, m := range matcherLabels.FindAllStringSubmatch(q.Expr, -1) {
				if !labels[m[1]] {
					t.Errorf("panel %q: matching on unknown label %q", p.Title, m[1])
				}
			}
			for _, m := range variables.FindAllStringSubmatch(q.Expr, -1) {
				if !vars[m[1]] {
					t.Errorf("panel %q: undefined variable $%s", p.Title, m[1])
				}
			}
		}
	}
	for _, want := range []string{"http_request_duration_seconds_bucket", "http_request_duration_seconds_count",
		"process_cpu_seconds_total", "process_resident_memory_bytes", "go_goroutines",
		// How an operator sees that WAL archiving, and so recovery to a
		// moment, has stopped (deploy/BACKUP.md).
		"praksis_wal_last_archived_age_seconds", "praksis_wal_archive_failures_total"} {
		if !used[want] {
			t.Errorf("the dashboard does not chart %s", want)
		}
	}
}
