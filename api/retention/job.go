package retention

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"
	"gorm.io/gorm"

	"github.com/praksis/praksis/api/jobs"
	"github.com/praksis/praksis/tenants"
)

// Schools is what the jobs need of the tenant registry.
type Schools = jobs.Schools

// DailyArgs is the periodic job that starts one SweepArgs per school.
type DailyArgs struct{}

// Kind names the job kind.
func (DailyArgs) Kind() string { return "retention.daily" }

// SweepArgs is the job that applies one school's policy. Unique per school
// and day, so a restart or a second leader does not sweep twice.
type SweepArgs struct {
	Tenant string `json:"tenant" river:"unique"`
}

// Kind names the job kind.
func (SweepArgs) Kind() string { return "retention.sweep" }

// InsertOpts makes the sweep unique per school and day.
func (SweepArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{MaxAttempts: 5, UniqueOpts: river.UniqueOpts{ByArgs: true, ByPeriod: 24 * time.Hour}}
}

// DailyJob starts the sweeps every night at 02:30 Norwegian time, and when
// the leader starts (each school's sweep is unique per day, so a start
// sweeps only the schools not yet swept that day: after the first start, or
// when a night's sweep was missed).
func DailyJob() *river.PeriodicJob {
	return river.NewPeriodicJob(nightly(2, 30),
		func() (river.JobArgs, *river.InsertOpts) { return DailyArgs{}, nil },
		&river.PeriodicJobOpts{RunOnStart: true})
}

// nightly is a schedule at one time of day, Norwegian time. The sweeps visit
// every school, a burst of work on the database that is best had while
// nobody assesses; every 24 hours from the leader's start put it wherever a
// deploy happened to restart the replicas, often mid-morning.
func nightly(hour, minute int) river.PeriodicSchedule {
	loc, err := time.LoadLocation("Europe/Oslo")
	if err != nil {
		loc = time.UTC
	}
	return atTimeOfDay{hour: hour, minute: minute, loc: loc}
}

// atTimeOfDay is river.PeriodicSchedule at hour:minute every day in loc.
type atTimeOfDay struct {
	hour, minute int
	loc          *time.Location
}

// Next is the first hour:minute in loc after t.
func (s atTimeOfDay) Next(t time.Time) time.Time {
	lt := t.In(s.loc)
	for day := 0; ; day++ {
		next := time.Date(lt.Year(), lt.Month(), lt.Day()+day, s.hour, s.minute, 0, 0, s.loc)
		if next.After(t) {
			return next
		}
	}
}

// DailyWorker runs DailyArgs.
type DailyWorker struct {
	river.WorkerDefaults[DailyArgs]
	schools Schools
}

// NewDailyWorker makes the worker that starts the sweeps.
func NewDailyWorker(schools Schools) *DailyWorker { return &DailyWorker{schools: schools} }

// Work enqueues a sweep for every school that is served.
func (w *DailyWorker) Work(ctx context.Context, _ *river.Job[DailyArgs]) error {
	var errs []error
	for _, t := range w.schools.All() {
		if ok, _ := t.Serveable(w.schools.TargetVersion()); !ok {
			continue
		}
		if err := insertFromWorker(ctx, SweepArgs{Tenant: t.Slug}); err != nil {
			errs = append(errs, fmt.Errorf("start retention sweep of %s: %w", t.Slug, err))
		}
	}
	return errors.Join(errs...)
}

// insertFromWorker inserts a job through the client that works the current
// one. Which client that is depends on how the workers wake: the request
// pool's (database/sql) when they poll, the listening pool's (pgx) in listen
// mode, the default.
func insertFromWorker(ctx context.Context, args river.JobArgs) error {
	if client, err := river.ClientFromContextSafely[*sql.Tx](ctx); err == nil {
		_, err = client.Insert(ctx, args, nil)
		return err
	}
	client, err := river.ClientFromContextSafely[pgx.Tx](ctx)
	if err != nil {
		return fmt.Errorf("no job queue client in the worker's context: %w", err)
	}
	_, err = client.Insert(ctx, args, nil)
	return err
}

// SweepWorker runs SweepArgs.
type SweepWorker struct {
	river.WorkerDefaults[SweepArgs]
	schools Schools
	log     *slog.Logger
	now     func() time.Time
}

// NewSweepWorker makes the worker that applies a school's policy.
func NewSweepWorker(schools Schools, log *slog.Logger) *SweepWorker {
	return &SweepWorker{schools: schools, log: log, now: time.Now}
}

// Timeout leaves a large first sweep time to finish its batches.
func (w *SweepWorker) Timeout(*river.Job[SweepArgs]) time.Duration { return 30 * time.Minute }

// Work sweeps the job's school; an unknown school cancels the job, one not
// served now waits for the next day.
func (w *SweepWorker) Work(ctx context.Context, job *river.Job[SweepArgs]) error {
	t, ok := w.schools.BySlug(job.Args.Tenant)
	if !ok {
		return river.JobCancel(fmt.Errorf("school %q is not registered", job.Args.Tenant))
	}
	if ok, _ := t.Serveable(w.schools.TargetVersion()); !ok {
		return nil
	}
	r, err := Sweep(ctx, For(w.schools, t), w.now())
	if err != nil {
		return fmt.Errorf("retention sweep of %s: %w", t.Slug, err)
	}
	if r.Total() > 0 {
		w.log.Info("retention sweep", "tenant", t.Slug, "removed", r.Removed)
	}
	return nil
}

// For is the Runner of one school.
func For(schools interface {
	Scope(ctx context.Context, t *tenants.Tenant, fn func(ctx context.Context, tx *gorm.DB) error) error
}, t *tenants.Tenant) Runner {
	return func(ctx context.Context, fn func(ctx context.Context, tx *gorm.DB) error) error {
		return schools.Scope(ctx, t, fn)
	}
}
