// Package walarchive reports to Prometheus whether the database archives its
// write-ahead log, the stream that point-in-time recovery replays: when
// archiving stops, every moment after the last archived segment is lost
// with the database's disk (deploy/BACKUP.md).
package walarchive

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"github.com/prometheus/client_golang/prometheus"
)

// Collector reads pg_stat_archiver at each scrape: praksis_wal_archiving_on
// (archive_mode is not off), praksis_wal_archived_total and
// praksis_wal_archive_failures_total (segments archived and attempts that
// failed since the statistics were reset), and
// praksis_wal_last_archived_age_seconds (seconds since the last segment was
// archived; absent until one was). Under load and with archive_timeout set
// the age stays below archive_timeout plus the time a push takes; an age
// far beyond it, or failures that grow, mean archiving has stopped.
type Collector struct {
	db      *sql.DB
	timeout time.Duration
	on      *prometheus.Desc
	count   *prometheus.Desc
	failed  *prometheus.Desc
	age     *prometheus.Desc
	up      *prometheus.Desc
}

// NewCollector makes a collector over db, the application's root pool.
func NewCollector(db *sql.DB) *Collector {
	return &Collector{
		db:      db,
		timeout: 2 * time.Second,
		on:      prometheus.NewDesc("praksis_wal_archiving_on", "1 when the database archives its WAL (archive_mode is not off), else 0.", nil, nil),
		count:   prometheus.NewDesc("praksis_wal_archived_total", "WAL segments archived since the statistics were reset (pg_stat_archiver).", nil, nil),
		failed:  prometheus.NewDesc("praksis_wal_archive_failures_total", "Failed attempts to archive a WAL segment since the statistics were reset (pg_stat_archiver).", nil, nil),
		age:     prometheus.NewDesc("praksis_wal_last_archived_age_seconds", "Seconds since the last WAL segment was archived.", nil, nil),
		up:      prometheus.NewDesc("praksis_wal_archive_scrape_ok", "1 when the archiver's statistics could be read at this scrape, else 0.", nil, nil),
	}
}

// Describe implements prometheus.Collector.
func (c *Collector) Describe(ch chan<- *prometheus.Desc) {
	for _, d := range []*prometheus.Desc{c.on, c.count, c.failed, c.age, c.up} {
		ch <- d
	}
}

// Collect implements prometheus.Collector. A failed read reports
// praksis_wal_archive_scrape_ok 0 and leaves the rest of the scrape alone.
func (c *Collector) Collect(ch chan<- prometheus.Metric) {
	ctx, cancel := context.WithTimeout(context.Background(), c.timeout)
	defer cancel()
	ms, err := c.read(ctx)
	if err != nil {
		ch <- prometheus.MustNewConstMetric(c.up, prometheus.GaugeValue, 0)
		return
	}
	for _, m := range ms {
		ch <- m
	}
	ch <- prometheus.MustNewConstMetric(c.up, prometheus.GaugeValue, 1)
}

func (c *Collector) read(ctx context.Context) ([]prometheus.Metric, error) {
	var on bool
	var archived, failed float64
	var age sql.NullFloat64
	if err := c.db.QueryRowContext(ctx, `SELECT current_setting('archive_mode') <> 'off', archived_count, failed_count,
			extract(epoch FROM clock_timestamp() - last_archived_time)::float8
		FROM pg_stat_archiver`).Scan(&on, &archived, &failed, &age); err != nil {
		return nil, fmt.Errorf("read pg_stat_archiver: %w", err)
	}
	flag := 0.0
	if on {
		flag = 1
	}
	ms := []prometheus.Metric{
		prometheus.MustNewConstMetric(c.on, prometheus.GaugeValue, flag),
		prometheus.MustNewConstMetric(c.count, prometheus.CounterValue, archived),
		prometheus.MustNewConstMetric(c.failed, prometheus.CounterValue, failed),
	}
	if age.Valid {
		ms = append(ms, prometheus.MustNewConstMetric(c.age, prometheus.GaugeValue, age.Float64))
	}
	return ms, nil
}
