package reminders

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

	"github.com/praksis/praksis/api/clock"
	"github.com/praksis/praksis/api/jobs"
)

// Schools is what the jobs need of the tenant registry.
type Schools = jobs.Schools

// Interval is how often the schools are swept for reminders: hourly, so
// that reminders held back by quiet hours go soon after they end.
const Interval = time.Hour

// TickArgs is the periodic job that starts one SweepArgs per school.
type TickArgs struct{}

// Kind names the job kind.
func (TickArgs) Kind() string { return "reminders.tick" }

// SweepArgs is the job that sends one school's reminders of one period
// (the start of the interval on the school's clock). Unique by school and
// period, so several replicas, a restart or a second leader start it once;
// the records of what was sent keep a retry from sending twice.
type SweepArgs struct {
	Tenant string `json:"tenant" river:"unique"`
	Period string `json:"period" river:"unique"`
}

// Kind names the job kind.
func (SweepArgs) Kind() string { return "reminders.sweep" }

// InsertOpts makes the sweep unique by its arguments, school and period.
func (SweepArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{MaxAttempts: 5, UniqueOpts: river.UniqueOpts{ByArgs: true}}
}

// TickJob starts the sweeps every interval (Interval unless development
// asks for less), and when the leader starts.
func TickJob(interval time.Duration) *river.PeriodicJob {
	if interval <= 0 {
		interval = Interval
	}
	return river.NewPeriodicJob(river.PeriodicInterval(interval),
		func() (river.JobArgs, *river.InsertOpts) { return TickArgs{}, nil },
		&river.PeriodicJobOpts{RunOnStart: true})
}

// TickWorker runs TickArgs.
type TickWorker struct {
	river.WorkerDefaults[TickArgs]
	schools  Schools
	interval time.Duration
}

// NewTickWorker makes the worker that starts the sweeps; interval is the
// TickJob's, which the sweeps' periods are counted in.
func NewTickWorker(schools Schools, interval time.Duration) *TickWorker {
	if interval <= 0 {
		interval = Interval
	}
	return &TickWorker{schools: schools, interval: interval}
}

// Work enqueues, in one statement, a sweep for every school that is served
// and not in quiet hours, for the period its clock is in.
func (w *TickWorker) Work(ctx context.Context, _ *river.Job[TickArgs]) error {
	var params []river.InsertManyParams
	for _, t := range w.schools.All() {
		if ok, _ := t.Serveable(w.schools.TargetVersion()); !ok {
			continue
		}
		now := clock.At(t.Slug)
		if Quiet(now) {
			continue
		}
		params = append(params, river.InsertManyParams{Args: SweepArgs{Tenant: t.Slug, Period: PeriodOf(now, w.interval)}})
	}
	if len(params) == 0 {
		return nil
	}
	return insertManyFromWorker(ctx, params)
}

// PeriodOf names the interval now falls in, the key of a school's sweep.
func PeriodOf(now time.Time, interval time.Duration) string {
	return now.Truncate(interval).UTC().Format(time.RFC3339)
}

// insertManyFromWorker inserts jobs through the client that works the
// current one (database/sql when the workers poll, pgx when they listen).
func insertManyFromWorker(ctx context.Context, params []river.InsertManyParams) error {
	if client, err := river.ClientFromContextSafely[*sql.Tx](ctx); err == nil {
		_, err = client.InsertMany(ctx, params)
		return err
	}
	client, err := river.ClientFromContextSafely[pgx.Tx](ctx)
	if err != nil {
		return fmt.Errorf("no job queue client in the worker's context: %w", err)
	}
	_, err = client.InsertMany(ctx, params)
	return err
}

// SweepWorker runs SweepArgs.
type SweepWorker struct {
	river.WorkerDefaults[SweepArgs]
	schools Schools
	sweeper *Sweeper
	log     *slog.Logger
}

// NewSweepWorker makes the worker that sends a school's reminders.
func NewSweepWorker(schools Schools, sweeper *Sweeper, log *slog.Logger) *SweepWorker {
	return &SweepWorker{schools: schools, sweeper: sweeper, log: log}
}

// Work sweeps the job's school in one transaction on the school's clock;
// an unknown school cancels the job, one not served now waits for the next
// period.
func (w *SweepWorker) Work(ctx context.Context, job *river.Job[SweepArgs]) error {
	t, ok := w.schools.BySlug(job.Args.Tenant)
	if !ok {
		return river.JobCancel(fmt.Errorf("school %q is not registered", job.Args.Tenant))
	}
	if ok, _ := t.Serveable(w.schools.TargetVersion()); !ok {
		return nil
	}
	var n int
	err := w.schools.Scope(ctx, t, func(ctx context.Context, _ *gorm.DB) error {
		var err error
		n, err = w.sweeper.Sweep(ctx, clock.Now(ctx))
		return err
	})
	if err != nil && !errors.Is(err, context.Canceled) {
		return fmt.Errorf("reminder sweep of %s: %w", t.Slug, err)
	}
	if n > 0 {
		w.log.Info("reminder sweep", "tenant", t.Slug, "queued", n)
	}
	return err
}
