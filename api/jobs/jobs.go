// Package jobs runs background work (sending e-mail, clean-up) with River, a
// Postgres job queue, and lets a request enqueue a job inside its own
// transaction, so that a job exists exactly when the change that caused it
// committed.
//
// River's tables live in their own schema, river, owned by the application's
// login role and migrated by `praksis migrate` before any school. Tenant roles
// get no rights on it: a request, which runs as its school's role, leaves
// that role for the few statements that insert a job and takes it up again
// before anything else runs (see OutsideTenantRole).
//
// A request inserts jobs through River's database/sql driver, in the same
// transaction as the rest of the request (GORM on pgx's database/sql
// adapter); the insert also sends a NOTIFY, delivered on commit. How the
// workers learn of new jobs is configuration (Config.ListenURL): with a
// listen URL, they run on a pgx pool of their own at that URL and LISTEN,
// so that a job (a sign-in code's e-mail) starts within milliseconds of the
// commit; without one, they poll the request pool every PollInterval, which
// keeps working behind a transaction-mode connection pooler, where LISTEN
// does not. River is pinned at the newest release whose database/sql
// driver is published alongside it.
//
// Job arguments carry the school's slug and only ids, never personal data:
// the data a job needs stays in the school's schema, and the worker reads it
// there in the school's scope.
package jobs

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverdatabasesql"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/rivermigrate"

	"github.com/praksis/praksis/tenants"
)

// Schema is the Postgres schema holding River's tables.
const Schema = "river"

// QueueMail is the queue of e-mail jobs.
const QueueMail = "mail"

// Migrate creates River's schema when missing and brings its tables to the
// version of this binary. It is idempotent and safe to run while replicas
// serve (River's migrations take their own lock).
func Migrate(ctx context.Context, db *sql.DB) error {
	if _, err := db.ExecContext(ctx, "CREATE SCHEMA IF NOT EXISTS "+Schema); err != nil {
		return fmt.Errorf("create schema %s: %w", Schema, err)
	}
	// A schema grants nothing to PUBLIC unless told to; say so anyway, so
	// that a hand-made schema cannot open the queue to tenant roles.
	if _, err := db.ExecContext(ctx, "REVOKE ALL ON SCHEMA "+Schema+" FROM PUBLIC"); err != nil {
		return fmt.Errorf("restrict schema %s: %w", Schema, err)
	}
	m, err := migrator(db)
	if err != nil {
		return err
	}
	if _, err := m.Migrate(ctx, rivermigrate.DirectionUp, nil); err != nil {
		return fmt.Errorf("migrate job queue: %w", err)
	}
	return nil
}

// CheckMigrated returns an error naming `praksis migrate` when River's
// tables are missing or behind this binary's version.
func CheckMigrated(ctx context.Context, db *sql.DB) error {
	m, err := migrator(db)
	if err != nil {
		return err
	}
	all := m.AllVersions()
	have, err := m.ExistingVersions(ctx)
	if err != nil || len(have) == 0 || len(all) == 0 || have[len(have)-1].Version < all[len(all)-1].Version {
		return errors.New("the job queue schema (river) is missing or behind this binary: run `praksis migrate`")
	}
	return nil
}

func migrator(db *sql.DB) (*rivermigrate.Migrator[*sql.Tx], error) {
	m, err := rivermigrate.New(riverdatabasesql.New(db), &rivermigrate.Config{Schema: Schema, Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		return nil, fmt.Errorf("job queue migrator: %w", err)
	}
	return m, nil
}

// Config says what a Queue works on.
type Config struct {
	// Workers are the job kinds this process knows. Every kind that is
	// enqueued must be registered, even when the process works no jobs.
	Workers *river.Workers
	// PeriodicJobs run on the elected leader among the replicas.
	PeriodicJobs []*river.PeriodicJob
	// MailWorkers is how many e-mails one replica sends at once (default 5).
	MailWorkers int
	// PollInterval is how often an idle replica looks for new jobs (default
	// one second).
	PollInterval time.Duration
	// CompletedRetention is how long a completed job is kept (default
	// DefaultCompletedRetention).
	CompletedRetention time.Duration
	// Logger receives River's own logs (no personal data: job arguments
	// are ids).
	Logger *slog.Logger
	// ListenURL, when set, is a database URL on which LISTEN works (Postgres
	// itself, or a pooler in session mode): the workers then run on a small
	// pool of their own there and are woken by NOTIFY as soon as a job's
	// transaction commits. Empty, they poll (behind a transaction-mode
	// pooler, where LISTEN does not work).
	ListenURL string
}

// DefaultCompletedRetention is how long a completed job is kept unless
// Config says otherwise. A job kind that is unique per period (a school's
// retention sweep per day, the sign-in clean-up per hour) is unique only
// while the job's row exists: once the row is gone, the next leader to start
// runs it again. Kept a minute, every restart of the leader swept every
// school again. A day and an hour more outlives the longest such period, with
// room for a job that ran late in it.
const DefaultCompletedRetention = 25 * time.Hour

// Queue enqueues jobs in request transactions and, once started, works them.
type Queue struct {
	// client inserts jobs in request transactions; in poll mode it also
	// works them.
	client *river.Client[*sql.Tx]
	// listener works the jobs in listen mode (nil in poll mode), on pool.
	listener *river.Client[pgx.Tx]
	pool     *pgxpool.Pool
}

// Listening reports whether the workers are woken by LISTEN/NOTIFY rather
// than by polling.
func (q *Queue) Listening() bool { return q.listener != nil }

// New makes a queue on db, the application's root pool. It works nothing
// until Start.
func New(db *sql.DB, cfg Config) (*Queue, error) {
	if cfg.Workers == nil {
		cfg.Workers = river.NewWorkers()
	}
	if cfg.MailWorkers < 1 {
		cfg.MailWorkers = 5
	}
	if cfg.PollInterval <= 0 {
		cfg.PollInterval = time.Second
	}
	if cfg.CompletedRetention <= 0 {
		cfg.CompletedRetention = DefaultCompletedRetention
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.DiscardHandler)
	}
	cooldown := min(100*time.Millisecond, cfg.PollInterval)
	base := func(pollOnly bool) *river.Config {
		return &river.Config{
			Schema:                      Schema,
			Workers:                     cfg.Workers,
			PeriodicJobs:                cfg.PeriodicJobs,
			Queues:                      map[string]river.QueueConfig{river.QueueDefault: {MaxWorkers: 2}, QueueMail: {MaxWorkers: cfg.MailWorkers}},
			PollOnly:                    pollOnly,
			FetchPollInterval:           cfg.PollInterval,
			FetchCooldown:               cooldown,
			CompletedJobRetentionPeriod: cfg.CompletedRetention,
			// A job that failed every attempt is kept a day for operators to
			// see; its arguments are ids only.
			DiscardedJobRetentionPeriod: 24 * time.Hour,
			CancelledJobRetentionPeriod: 24 * time.Hour,
			JobTimeout:                  2 * time.Minute,
			Logger:                      cfg.Logger,
		}
	}
	if cfg.ListenURL == "" {
		client, err := river.NewClient(riverdatabasesql.New(db), base(true))
		if err != nil {
			return nil, fmt.Errorf("make job queue: %w", err)
		}
		return &Queue{client: client}, nil
	}
	// Listen mode: the request pool only inserts. Its NOTIFY is limited to
	// one per queue per cooldown, so the cooldown is short: a notification
	// held back is a job that waits for the next poll.
	ins := base(true)
	ins.Queues, ins.PeriodicJobs, ins.FetchCooldown = nil, nil, 5*time.Millisecond
	client, err := river.NewClient(riverdatabasesql.New(db), ins)
	if err != nil {
		return nil, fmt.Errorf("make job queue: %w", err)
	}
	pcfg, err := pgxpool.ParseConfig(cfg.ListenURL)
	if err != nil {
		return nil, fmt.Errorf("job queue listen URL: %w", err)
	}
	// The fetches, completions, the elected leader's maintenance and one
	// listening connection.
	pcfg.MaxConns = 4
	pool, err := pgxpool.NewWithConfig(context.Background(), pcfg)
	if err != nil {
		return nil, fmt.Errorf("job queue pool: %w", err)
	}
	work := base(false)
	work.FetchCooldown = 5 * time.Millisecond
	listener, err := river.NewClient(riverpgxv5.New(pool), work)
	if err != nil {
		pool.Close()
		return nil, fmt.Errorf("make job queue: %w", err)
	}
	return &Queue{client: client, listener: listener, pool: pool}, nil
}

// Start starts working jobs until ctx ends or Stop is called.
func (q *Queue) Start(ctx context.Context) error {
	if q.listener != nil {
		if err := q.listener.Start(ctx); err != nil {
			return fmt.Errorf("start job workers: %w", err)
		}
		return nil
	}
	if err := q.client.Start(ctx); err != nil {
		return fmt.Errorf("start job workers: %w", err)
	}
	return nil
}

// Stop stops fetching jobs and waits for running ones to finish, or for ctx
// to end.
func (q *Queue) Stop(ctx context.Context) error {
	if q.listener != nil {
		defer q.pool.Close()
		if err := q.listener.Stop(ctx); err != nil {
			return fmt.Errorf("stop job workers: %w", err)
		}
		return nil
	}
	if err := q.client.Stop(ctx); err != nil {
		return fmt.Errorf("stop job workers: %w", err)
	}
	return nil
}

// Enqueue inserts a job in the transaction of the current school scope: the
// job becomes visible to workers when, and only when, that transaction
// commits. It returns tenants.ErrNoScope outside a scope.
func (q *Queue) Enqueue(ctx context.Context, args river.JobArgs, opts *river.InsertOpts) error {
	return OutsideTenantRole(ctx, func(ctx context.Context, tx *sql.Tx) error {
		if _, err := q.client.InsertTx(ctx, tx, args, opts); err != nil {
			return fmt.Errorf("enqueue %s job: %w", args.Kind(), err)
		}
		return nil
	})
}

// EnqueueMany inserts jobs in the transaction of the current school scope
// in one statement, as Enqueue does one.
func (q *Queue) EnqueueMany(ctx context.Context, params []river.InsertManyParams) error {
	if len(params) == 0 {
		return nil
	}
	return OutsideTenantRole(ctx, func(ctx context.Context, tx *sql.Tx) error {
		if _, err := q.client.InsertManyTx(ctx, tx, params); err != nil {
			return fmt.Errorf("enqueue %d %s jobs: %w", len(params), params[0].Args.Kind(), err)
		}
		return nil
	})
}

// OutsideTenantRole runs fn inside the current school scope's transaction
// with the school's role and search path set aside, so fn acts as the
// application's login role (which owns the job queue), then takes the
// school's role and search path up again before returning.
//
// All of it is transaction-local (set_config(..., true)), like the scope
// itself, so nothing can leak to the pooled connection. fn must only do what
// it was written for: every statement in fn runs with the login role's
// rights. When fn or the restore fails, the error is returned and the
// transaction must be rolled back; if the restore fails the transaction is
// already aborted by Postgres, so no later statement can run as the login
// role.
//
// It returns tenants.ErrNoScope outside a school scope.
func OutsideTenantRole(ctx context.Context, fn func(ctx context.Context, tx *sql.Tx) error) (err error) {
	t := tenants.Current(ctx)
	if t == nil {
		return tenants.ErrNoScope
	}
	tx, err := tenants.SQLTx(ctx)
	if err != nil {
		return fmt.Errorf("scope of %s: %w", t.Slug, err)
	}
	if _, err := tx.ExecContext(ctx, "SELECT set_config('role', 'none', true), set_config('search_path', $1, true)", Schema); err != nil {
		return fmt.Errorf("leave role of %s: %w", t.Slug, err)
	}
	defer func() {
		_, rerr := tx.ExecContext(context.WithoutCancel(ctx),
			"SELECT set_config('role', $1, true), set_config('search_path', $2, true)", t.DBRole, t.SchemaName)
		if rerr != nil {
			err = errors.Join(err, fmt.Errorf("take up role of %s again: %w", t.Slug, rerr))
		}
	}()
	return fn(ctx, tx)
}
