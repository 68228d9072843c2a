package signin

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/riverqueue/river"
	"gorm.io/gorm"

	"github.com/praksis/praksis/api/retention"
	"github.com/praksis/praksis/tenants"
)

// CleanupArgs is the periodic job that removes what sign-in leaves behind
// in every school, hourly, after the times of its retention policy (by
// default one-time codes a day after they expired, sessions a week after
// they ended, and e-mail that could not be sent within a day, since it held
// a code long expired), and copies of a person's data once expired.
type CleanupArgs struct{}

// Kind names the job kind.
func (CleanupArgs) Kind() string { return "signin.cleanup" }

// InsertOpts makes the clean-up unique per hour: the leader inserts it when
// it starts, and a restart within the hour (a deploy, a second replica
// elected) finds it done and does not visit every school again.
func (CleanupArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{UniqueOpts: river.UniqueOpts{ByPeriod: time.Hour}}
}

// Schools is what the clean-up needs of the tenant registry.
type Schools interface {
	All() []*tenants.Tenant
	TargetVersion() int64
	Scope(ctx context.Context, t *tenants.Tenant, fn func(ctx context.Context, tx *gorm.DB) error) error
}

// CleanupWorker runs CleanupArgs.
type CleanupWorker struct {
	river.WorkerDefaults[CleanupArgs]
	schools Schools
}

// NewCleanupWorker makes the clean-up worker.
func NewCleanupWorker(schools Schools) *CleanupWorker {
	return &CleanupWorker{schools: schools}
}

// CleanupJob runs the clean-up every hour, and when the leader starts unless
// it ran within the hour (CleanupArgs.InsertOpts).
func CleanupJob() *river.PeriodicJob {
	return river.NewPeriodicJob(river.PeriodicInterval(time.Hour),
		func() (river.JobArgs, *river.InsertOpts) { return CleanupArgs{}, nil },
		&river.PeriodicJobOpts{RunOnStart: true})
}

// Work cleans every school that is served; a school that fails is reported
// and the others are still cleaned.
func (w *CleanupWorker) Work(ctx context.Context, _ *river.Job[CleanupArgs]) error {
	var errs []error
	for _, t := range w.schools.All() {
		if ok, _ := t.Serveable(w.schools.TargetVersion()); !ok {
			continue
		}
		if err := w.schools.Scope(ctx, t, Cleanup); err != nil {
			errs = append(errs, fmt.Errorf("clean up sign-in data of %s: %w", t.Slug, err))
		}
	}
	return errors.Join(errs...)
}

// Cleanup removes one school's stale sign-in data (see CleanupArgs) after
// the times of the school's retention policy.
func Cleanup(ctx context.Context, tx *gorm.DB) error {
	return retention.CleanSignIn(ctx, tx, time.Now())
}
