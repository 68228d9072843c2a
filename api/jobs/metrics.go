package jobs

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"github.com/prometheus/client_golang/prometheus"
)

// Collector reports the job queue to Prometheus at each scrape, read from
// River's table: praksis_jobs (gauge, by queue, kind and state) and
// praksis_job_errors (gauge, by queue and kind: attempts that failed, summed
// over the jobs still kept). The depth to watch is state="available" (waiting
// for a worker); failures are state="retryable" (failed, will retry) and
// state="discarded" (gave up: kept a day for operators, see New). Completed
// jobs are not counted: they are kept only so that a job unique per period
// stays unique (DefaultCompletedRetention), and say nothing of the queue.
//
// It reads at scrape time rather than counting in the process so that every
// replica reports the same, whole queue, whichever replica worked a job.
type Collector struct {
	db      *sql.DB
	timeout time.Duration
	jobs    *prometheus.Desc
	errors  *prometheus.Desc
	up      *prometheus.Desc
}

// NewCollector makes a collector over db, the application's root pool.
func NewCollector(db *sql.DB) *Collector {
	return &Collector{
		db:      db,
		timeout: 2 * time.Second,
		jobs: prometheus.NewDesc("praksis_jobs", "Jobs in the queue by queue, kind and state.",
			[]string{"queue", "kind", "state"}, nil),
		errors: prometheus.NewDesc("praksis_job_errors", "Failed attempts of the jobs still kept, by queue and kind.",
			[]string{"queue", "kind"}, nil),
		up: prometheus.NewDesc("praksis_jobs_scrape_ok", "1 when the job queue could be read at this scrape, else 0.",
			nil, nil),
	}
}

// Describe implements prometheus.Collector.
func (c *Collector) Describe(ch chan<- *prometheus.Desc) {
	ch <- c.jobs
	ch <- c.errors
	ch <- c.up
}

// Collect implements prometheus.Collector. A failed read reports
// praksis_jobs_scrape_ok 0 instead of failing the whole scrape, so the HTTP
// metrics stay visible while the database is the problem.
func (c *Collector) Collect(ch chan<- prometheus.Metric) {
	ctx, cancel := context.WithTimeout(context.Background(), c.timeout)
	defer cancel()
	if err := c.collect(ctx, ch); err != nil {
		ch <- prometheus.MustNewConstMetric(c.up, prometheus.GaugeValue, 0)
		return
	}
	ch <- prometheus.MustNewConstMetric(c.up, prometheus.GaugeValue, 1)
}

func (c *Collector) collect(ctx context.Context, ch chan<- prometheus.Metric) error {
	rows, err := c.db.QueryContext(ctx, `SELECT queue, kind, state::text, count(*), coalesce(sum(coalesce(array_length(errors, 1), 0)), 0)
		FROM `+Schema+`.river_job WHERE state <> 'completed' GROUP BY queue, kind, state`)
	if err != nil {
		return fmt.Errorf("count jobs: %w", err)
	}
	defer rows.Close()
	type key struct{ queue, kind string }
	errs := map[key]float64{}
	var metrics []prometheus.Metric
	for rows.Next() {
		var queue, kind, state string
		var n, failed float64
		if err := rows.Scan(&queue, &kind, &state, &n, &failed); err != nil {
			return fmt.Errorf("count jobs: %w", err)
		}
		metrics = append(metrics, prometheus.MustNewConstMetric(c.jobs, prometheus.GaugeValue, n, queue, kind, state))
		errs[key{queue, kind}] += failed
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("count jobs: %w", err)
	}
	for _, m := range metrics {
		ch <- m
	}
	for k, n := range errs {
		ch <- prometheus.MustNewConstMetric(c.errors, prometheus.GaugeValue, n, k.queue, k.kind)
	}
	return nil
}
