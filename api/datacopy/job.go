package datacopy

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/riverqueue/river"
	"gorm.io/gorm"

	"github.com/praksis/praksis/tenants"
	"github.com/praksis/praksis/tenants/texts"
)

// ErrNoPerson is returned when the copy's person no longer exists (erased
// before the job ran).
var ErrNoPerson = errors.New("no such person")

// Enqueuer inserts a job in the current school scope's transaction (jobs.Queue).
type Enqueuer interface {
	Enqueue(ctx context.Context, args river.JobArgs, opts *river.InsertOpts) error
}

// Args is the job that builds one copy. It holds ids only.
type Args struct {
	Tenant string `json:"tenant"`
	CopyID string `json:"copyId"`
}

// Kind names the job kind.
func (Args) Kind() string { return "datacopy.build" }

// InsertOpts gives a failing build a few tries, then marks it failed.
func (Args) InsertOpts() river.InsertOpts { return river.InsertOpts{MaxAttempts: 3} }

// Schools is what the worker needs of the tenant registry.
type Schools interface {
	BySlug(slug string) (*tenants.Tenant, bool)
	Scope(ctx context.Context, t *tenants.Tenant, fn func(ctx context.Context, tx *gorm.DB) error) error
}

// Worker runs Args.
type Worker struct {
	river.WorkerDefaults[Args]
	schools Schools
	log     *slog.Logger
}

// NewWorker makes the worker that builds copies.
func NewWorker(schools Schools, log *slog.Logger) *Worker {
	return &Worker{schools: schools, log: log}
}

// Work builds the copy and stores both files; on its last failing attempt
// the copy is marked failed so the person sees it and can ask again.
func (w *Worker) Work(ctx context.Context, job *river.Job[Args]) error {
	t, ok := w.schools.BySlug(job.Args.Tenant)
	if !ok {
		return river.JobCancel(fmt.Errorf("school %q is not registered", job.Args.Tenant))
	}
	err := w.schools.Scope(ctx, t, func(ctx context.Context, tx *gorm.DB) error {
		return Make(ctx, job.Args.CopyID, time.Now())
	})
	if err == nil {
		return nil
	}
	if errors.Is(err, ErrNoPerson) || job.Attempt >= job.MaxAttempts {
		if ferr := w.schools.Scope(ctx, t, func(ctx context.Context, tx *gorm.DB) error {
			return tx.Exec("UPDATE data_copies SET status = 'failed' WHERE id = ? AND status = 'pending'", job.Args.CopyID).Error
		}); ferr != nil {
			return errors.Join(err, ferr)
		}
		if errors.Is(err, ErrNoPerson) {
			return river.JobCancel(err)
		}
	}
	return err
}

// Make builds a pending copy in the current scope and stores its files.
// A copy that is not pending (already made, or expired and deleted) is left
// as it is.
func Make(ctx context.Context, copyID string, now time.Time) error {
	tx, err := tenants.DB(ctx)
	if err != nil {
		return err
	}
	var row []struct {
		UserID   int64
		Language string
	}
	if err := tx.Raw(`SELECT d.user_id, u.language FROM data_copies d JOIN users u ON u.id = d.user_id
		WHERE d.id = ? AND d.status = 'pending' FOR UPDATE OF d`, copyID).Scan(&row).Error; err != nil {
		return fmt.Errorf("load data copy %s: %w", copyID, err)
	}
	if len(row) == 0 {
		return nil
	}
	c, err := Build(ctx, row[0].UserID, now)
	if err != nil {
		return err
	}
	js, err := json.MarshalIndent(c, "", "  ")
	if err != nil {
		return fmt.Errorf("encode data copy %s: %w", copyID, err)
	}
	t := tenants.Current(ctx)
	lang := texts.Negotiate(row[0].Language, "", t.DefaultLanguage)
	doc, err := PDF(c, lang, t.DisplayName, t.OrgNumber)
	if err != nil {
		return fmt.Errorf("render data copy %s: %w", copyID, err)
	}
	if err := tx.Exec(`UPDATE data_copies SET status = 'ready', json = ?, pdf = ?, ready_at = ?, expires_at = ?
		WHERE id = ?`, js, doc, now, now.Add(Lifetime), copyID).Error; err != nil {
		return fmt.Errorf("store data copy %s: %w", copyID, err)
	}
	return nil
}
