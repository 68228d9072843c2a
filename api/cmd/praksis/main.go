// Command praksis is the whole Praksis service in one binary: the HTTP
// server, the migrations, the operators' onboarding tool and the development
// environment.
package main

import (
	"context"
	"fmt"
	"log/slog"
	"net"
	"os"
	"os/signal"
	"runtime/debug"
	"syscall"
	"time"
	// Placement dates are Norwegian dates; the minimal image has no zone
	// database of its own.
	_ "time/tzdata"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/riverqueue/river"
	"github.com/spf13/cobra"

	"github.com/praksis/praksis/api/auth"
	"github.com/praksis/praksis/api/config"
	"github.com/praksis/praksis/api/datacopy"
	"github.com/praksis/praksis/api/eformidling"
	"github.com/praksis/praksis/api/erasure"
	"github.com/praksis/praksis/api/httpapi"
	"github.com/praksis/praksis/api/jobs"
	"github.com/praksis/praksis/api/mail"
	"github.com/praksis/praksis/api/reminders"
	"github.com/praksis/praksis/api/results"
	"github.com/praksis/praksis/api/retention"
	"github.com/praksis/praksis/api/signin"
	"github.com/praksis/praksis/api/signing"
	"github.com/praksis/praksis/api/sysmon"
	"github.com/praksis/praksis/api/tracing"
	"github.com/praksis/praksis/api/walarchive"
	"github.com/praksis/praksis/api/warnings"
	"github.com/praksis/praksis/tenants"
	"github.com/praksis/praksis/tenants/statements"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := newRootCmd().ExecuteContext(ctx); err != nil {
		fmt.Fprintln(os.Stderr, "praksis:", err)
		os.Exit(tenants.ExitCode(err))
	}
}

// newRootCmd builds the whole command tree of the binary, so that tests can
// walk it exactly as operators meet it.
func newRootCmd() *cobra.Command {
	root := &cobra.Command{
		Use:           "praksis",
		Short:         "Assessment in clinical placement for nursing schools",
		Long:          "Praksis: one binary for the HTTP server, migrations, onboarding of schools and the development environment.\nConfiguration comes from environment variables; see docs/operating.md.",
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	tenantCmd := tenants.Command(openService, &eformidling.UpdateFlags{}, &retention.UpdateFlags{})
	tenantCmd.AddCommand(erasure.Command(openService), datacopy.Command(openService))
	root.AddCommand(serveCmd(), migrateCmd(), devCmd(), openapiCmd(), tenantCmd, eformidling.ResultsCommand(openService))
	return root
}

// newLogger makes the process's JSON logger and makes it the default too, so
// that a line written outside a request (where reqlog.From falls back to the
// default) has the same shape and level as every other.
func newLogger(cfg *config.Config) *slog.Logger {
	log := slog.New(slog.NewJSONHandler(os.Stderr, &slog.HandlerOptions{Level: cfg.LogLevel}))
	slog.SetDefault(log)
	return log
}

// openService opens what the tenant commands need.
func openService(ctx context.Context) (*tenants.Service, func(), error) {
	cfg, err := config.FromEnv()
	if err != nil {
		return nil, nil, err
	}
	db, err := tenants.Open(ctx, cfg.DatabaseURL, 4)
	if err != nil {
		return nil, nil, err
	}
	m := tenants.NewMigrator(cfg.DatabaseURL, db, newLogger(cfg))
	v, err := m.ControlVersion(ctx)
	if err != nil {
		tenants.Close(db)
		return nil, nil, err
	}
	if v != tenants.ControlTarget() {
		tenants.Close(db)
		return nil, nil, fmt.Errorf("the control schema is at version %d, this binary needs %d: run `praksis migrate` first", v, tenants.ControlTarget())
	}
	s, err := tenants.NewService(ctx, db, m)
	if err != nil {
		tenants.Close(db)
		return nil, nil, err
	}
	return s, func() { tenants.Close(db) }, nil
}

func migrateCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "migrate",
		Short: "Migrate the control schema, then every school's schema (in parallel, each with its own lock)",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			cfg, err := config.FromEnv()
			if err != nil {
				return err
			}
			return migrateAll(cmd.Context(), cfg, newLogger(cfg), cmd.OutOrStdout())
		},
	}
}

func migrateAll(ctx context.Context, cfg *config.Config, log *slog.Logger, out interface{ Write([]byte) (int, error) }) error {
	db, err := tenants.Open(ctx, cfg.DatabaseURL, cfg.MigrateParallelism+2)
	if err != nil {
		return err
	}
	defer tenants.Close(db)
	sqlDB, err := db.DB()
	if err != nil {
		return fmt.Errorf("database pool: %w", err)
	}
	// The job queue first: a school's migrations may enqueue jobs.
	if err := jobs.Migrate(ctx, sqlDB); err != nil {
		return err
	}
	m := tenants.NewMigrator(cfg.DatabaseURL, db, log)
	results, err := m.MigrateAll(ctx, cfg.MigrateParallelism)
	ok := 0
	for _, r := range results {
		if r.Err == nil {
			ok++
		}
	}
	fmt.Fprintf(out, "control schema at version %d; %d of %d schools at version %d\n",
		tenants.ControlTarget(), ok, len(results), tenants.TenantTarget())
	return err
}

func serveCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "serve",
		Short: "Serve the API and the web app for every school host",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			// First: it runs the program again, and only that new run goes on.
			steady := sysmon.Steady()
			cfg, err := config.FromEnv()
			if err != nil {
				return err
			}
			tuneGC()
			log := newLogger(cfg)
			if steady != nil {
				log.Warn("the runtime's monitor thread keeps Go's default sleep", "error", steady.Error())
			}
			return serve(cmd.Context(), cfg, log, nil)
		},
	}
}

// serve runs the HTTP server until ctx ends. ready, when set, is called with
// the listening address once the server accepts connections.
func serve(ctx context.Context, cfg *config.Config, log *slog.Logger, ready func(addr string)) error {
	tracer, err := tracing.Setup(ctx, cfg.OTLPEndpoint, buildRevision())
	if err != nil {
		return err
	}
	defer func() {
		flushCtx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
		defer cancel()
		if err := tracer.Shutdown(flushCtx); err != nil {
			log.Warn("traces not all sent", "error", err.Error())
		}
	}()
	db, err := tenants.Open(ctx, cfg.DatabaseURL, cfg.DBMaxConns, tracer.QueryTracer(), statements.RequestTracer{})
	if err != nil {
		return err
	}
	defer tenants.Close(db)
	m := tenants.NewMigrator(cfg.DatabaseURL, db, log)
	controlReady := func(ctx context.Context) error {
		v, err := m.ControlVersion(ctx)
		if err != nil {
			return err
		}
		if v != tenants.ControlTarget() {
			return fmt.Errorf("control schema is at version %d, this binary needs %d: run `praksis migrate`", v, tenants.ControlTarget())
		}
		return nil
	}
	if err := controlReady(ctx); err != nil {
		return err
	}
	if cfg.PprofAddr != "" {
		startProfiler(ctx, cfg.PprofAddr, log)
	}
	reg := tenants.NewRegistry(db, tenants.TenantTarget())
	if err := reg.Load(ctx); err != nil {
		return err
	}
	if cfg.DBSchoolAffinity && cfg.DBMaxConns >= 4 {
		// Requests take connections that last served their school, so that
		// the statements' plans survive; a few of the pool's connections
		// stay free for the registry, the job queue and the health checks.
		if err := reg.UseAffinity(cfg.DBMaxConns - max(2, cfg.DBMaxConns/5)); err != nil {
			return err
		}
		defer reg.Close()
	}
	for _, t := range reg.All() {
		if ok, why := t.Serveable(reg.TargetVersion()); !ok {
			log.Warn("school not served until fixed", "tenant", t.Slug, "reason", why,
				"schema_version", t.SchemaVersion, "binary_version", reg.TargetVersion(), "hint", "run praksis migrate")
		}
	}
	go reg.Watch(ctx, cfg.RegistryRefresh, log)

	sqlDB, err := db.DB()
	if err != nil {
		return fmt.Errorf("database pool: %w", err)
	}
	if err := jobs.CheckMigrated(ctx, sqlDB); err != nil {
		return err
	}

	keys, err := auth.LoadKeys(ctx, db, cfg.JWTKeyFile)
	if err != nil {
		return err
	}
	secret, err := signin.LoadSecret(ctx, db, "sign-in")
	if err != nil {
		return err
	}
	sender, catcher, err := mailSender(cfg, log)
	if err != nil {
		return err
	}
	if catcher != nil {
		defer catcher.Close()
	}
	// The archive worker enqueues submissions on the queue it is part of,
	// which exists only once every worker is registered.
	var queue *jobs.Queue
	enqueue := results.EnqueuerFunc(func(ctx context.Context, args river.JobArgs, opts *river.InsertOpts) error {
		return queue.Enqueue(ctx, args, opts)
	})
	// Work that visits every school runs on connections of its own, so that
	// the requests' connections keep only the schools they serve (see
	// tenants.Sweeps).
	sweepDB, err := tenants.Open(ctx, cfg.DatabaseURL, tenants.SweepConns)
	if err != nil {
		return err
	}
	defer tenants.Close(sweepDB)
	sweeps := reg.Sweeps(sweepDB)
	workers := river.NewWorkers()
	river.AddWorker(workers, mail.NewWorker(reg, sender, log))
	river.AddWorker(workers, signin.NewCleanupWorker(sweeps))
	archiver := results.NewArchiveWorker(reg, enqueue, log)
	// A school with eFormidling set up also gets each result in its own
	// archive, started in the archiving transaction.
	archiver.OnArchived(func(ctx context.Context, id int64) error { return eformidling.Start(ctx, enqueue, id) })
	if cfg.DevArchiveDelay > 0 {
		archiver.SetDelay(cfg.DevArchiveDelay)
	}
	river.AddWorker(workers, archiver)
	river.AddWorker(workers, eformidling.NewWorker(reg, log))
	river.AddWorker(workers, results.NewSubmitWorker(reg, resultExporter(cfg), log))
	river.AddWorker(workers, retention.NewDailyWorker(reg))
	river.AddWorker(workers, retention.NewSweepWorker(sweeps, log))
	river.AddWorker(workers, datacopy.NewWorker(reg, log))
	// Deadline reminders: a tick per interval starts one sweep per school
	// on the sweeps' pool.
	river.AddWorker(workers, reminders.NewTickWorker(reg, cfg.DevReminderInterval))
	river.AddWorker(workers, reminders.NewSweepWorker(sweeps, reminders.NewSweeper(mail.NewOutbox(startedQueue{&queue}), cfg.PublicURL), log))
	queue, err = jobs.New(sqlDB, jobs.Config{
		Workers:      workers,
		PeriodicJobs: []*river.PeriodicJob{signin.CleanupJob(), retention.DailyJob(), reminders.TickJob(cfg.DevReminderInterval)},
		Logger:       log.With("component", "jobs"),
		ListenURL:    cfg.JobListenURL,
	})
	if err != nil {
		return err
	}

	authSvc := auth.NewService(keys)
	signinOpts := []signin.Option{
		signin.WithSecret(secret), signin.WithMail(mail.NewOutbox(queue)),
		signin.WithPublicURL(cfg.PublicURL),
	}
	if cfg.FeideIssuer != "" {
		signinOpts = append(signinOpts, signin.WithFeide(signin.ProviderConfig{
			Issuer: cfg.FeideIssuer, ClientID: cfg.FeideClientID, ClientSecret: cfg.FeideClientSecret}, cfg.FeideGroupsAPI))
	}
	if cfg.VippsIssuer != "" {
		signinOpts = append(signinOpts, signin.WithVipps(signin.ProviderConfig{
			Issuer: cfg.VippsIssuer, ClientID: cfg.VippsClientID, ClientSecret: cfg.VippsClientSecret}))
	}
	opts := httpapi.Options{ControlReady: controlReady, Auth: authSvc, Tracer: tracer,
		Collectors: []prometheus.Collector{collectors.NewDBStatsCollector(sqlDB, "praksis"), jobs.NewCollector(sqlDB),
			walarchive.NewCollector(sqlDB)}, SignIn: signin.New(authSvc, signinOpts...)}
	// Signatures schedule archiving; completing the end section and each
	// signature e-mail those whose turn it is to sign.
	scheduler := results.NewScheduler(queue)
	if cfg.DevArchiveDelay > 0 {
		scheduler.SetDelay(cfg.DevArchiveDelay)
		log.Warn("development: results are archived and delivered after DEV_ARCHIVE_DELAY, not after 72 hours", "delay", cfg.DevArchiveDelay.String())
	}
	opts.SigningEvents = signing.Fanout{scheduler, reminders.New(mail.NewOutbox(queue), cfg.PublicURL)}
	// Supervisor invitations and notices go out through the same outbox.
	opts.Mail = mail.NewOutbox(queue)
	opts.WarningNotifier = &warnings.MailNotifier{Queue: opts.Mail, PublicURL: cfg.PublicURL}
	opts.ArchiveJobs = queue
	opts.DataCopyJobs = queue
	if err := serveDoubles(cfg, log, catcher, &opts); err != nil {
		return err
	}
	if cfg.DevContractCheck {
		opts.Contract = func(err error) { log.Error("contract breach", "err", err) }
		log.Warn("development: every API answer is checked against the OpenAPI document")
	}
	srv := httpapi.New(cfg, reg, log, opts)
	ln, err := net.Listen("tcp", cfg.HTTPAddr)
	if err != nil {
		return fmt.Errorf("listen on %s: %w", cfg.HTTPAddr, err)
	}
	// The workers outlive the signal: they stop after the last request.
	if err := queue.Start(context.WithoutCancel(ctx)); err != nil {
		return err
	}
	log.Info("serving", "addr", ln.Addr().String(), "schools", len(reg.All()))
	if ready != nil {
		ready(ln.Addr().String())
	}
	serveErr := srv.Serve(ctx, ln)
	stopCtx, cancel := context.WithTimeout(context.WithoutCancel(ctx), cfg.ShutdownGrace)
	defer cancel()
	if err := queue.Stop(stopCtx); err != nil {
		log.Warn("job workers did not stop in time", "error", err.Error())
	}
	return serveErr
}

// resultExporter is how archived results reach the student administration
// system: a signed file, a web hook, both, or neither (nil: results are
// archived and not submitted).
func resultExporter(cfg *config.Config) results.Exporter {
	key := []byte(cfg.ResultSigningKey)
	var list results.Multi
	if cfg.ResultExportDir != "" {
		list = append(list, results.NewFileExporter(cfg.ResultExportDir, key))
	}
	if cfg.ResultWebhookURL != "" {
		list = append(list, results.NewWebhookExporter(cfg.ResultWebhookURL, key, results.WebhookTimeout))
	}
	switch len(list) {
	case 0:
		return nil
	case 1:
		return list[0]
	}
	return list
}

// buildRevision is the commit the binary was built from, when the build
// recorded it, for the service.version of traces.
func buildRevision() string {
	if info, ok := debug.ReadBuildInfo(); ok {
		for _, kv := range info.Settings {
			if kv.Key == "vcs.revision" {
				return kv.Value
			}
		}
	}
	return ""
}

// startedQueue is the job queue for workers registered before it is made:
// it enqueues through the queue q points to once it exists.
type startedQueue struct{ q **jobs.Queue }

// Enqueue inserts a job in the current school scope's transaction.
func (s startedQueue) Enqueue(ctx context.Context, args river.JobArgs, opts *river.InsertOpts) error {
	return (*s.q).Enqueue(ctx, args, opts)
}

// EnqueueMany inserts jobs in the current school scope's transaction.
func (s startedQueue) EnqueueMany(ctx context.Context, params []river.InsertManyParams) error {
	return (*s.q).EnqueueMany(ctx, params)
}
