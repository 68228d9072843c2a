package tenants

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/multitracer"
	"github.com/jackc/pgx/v5/stdlib"
	"gorm.io/driver/postgres"
	"gorm.io/gorm"
	"gorm.io/gorm/logger"
)

// Open connects the shared pool of one replica. The handle it returns is the
// root handle: it reaches only the control schema, and it must never be handed
// to a request handler; handlers get the scoped transaction from DB(ctx).
//
// Every non-nil tracer sees every statement (OpenTelemetry tracing, the
// statements per request).
func Open(ctx context.Context, url string, maxConns int, tracer ...pgx.QueryTracer) (*gorm.DB, error) {
	cfg, err := pgx.ParseConfig(url)
	if err != nil {
		return nil, fmt.Errorf("parse database URL: %w", err)
	}
	var tracers []pgx.QueryTracer
	for _, t := range tracer {
		if t != nil {
			tracers = append(tracers, t)
		}
	}
	switch len(tracers) {
	case 0:
	case 1:
		cfg.Tracer = tracers[0]
	default:
		cfg.Tracer = multitracer.New(tracers...)
	}
	citus, err := onCitus(ctx, cfg)
	if err != nil {
		return nil, err
	}
	plannerSettings(cfg, citus)
	if !strings.Contains(url, "statement_cache_capacity") {
		cfg.StatementCacheCapacity = statementCacheCapacity
	}
	pool := sql.OpenDB(scopeConnector{stdlib.GetConnector(*cfg)})
	dialector := quietDialector{postgres.New(postgres.Config{Conn: pool}).(*postgres.Dialector)}
	db, err := gorm.Open(dialector, &gorm.Config{
		Logger:                 logger.Discard,
		SkipDefaultTransaction: true,
		TranslateError:         true,
	})
	if err != nil {
		return nil, fmt.Errorf("open database: %w", err)
	}
	sqlDB, err := db.DB()
	if err != nil {
		return nil, fmt.Errorf("open database pool: %w", err)
	}
	sqlDB.SetMaxOpenConns(maxConns)
	sqlDB.SetMaxIdleConns(maxConns)
	sqlDB.SetConnMaxIdleTime(5 * time.Minute)
	pingCtx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	if err := sqlDB.PingContext(pingCtx); err != nil {
		return nil, fmt.Errorf("connect to database: %w", err)
	}
	return db, nil
}

// quietDialector is Postgres' dialect without the rendering of statements
// for logs. GORM's Scan renders every statement it runs with its arguments
// written in, whatever the logger (it records the text for the logger to
// drop), and that rendering was a twentieth of the server's work on the hot
// routes. Praksis never logs statements with their arguments: those are
// personal data, and tracing names statements without them.
type quietDialector struct{ *postgres.Dialector }

// Explain gives the statement as it is, without its arguments.
func (quietDialector) Explain(sql string, _ ...any) string { return sql }

// statementCacheCapacity is how many prepared statements one connection
// keeps (the driver's default is 512). Each school's statements are kept
// apart (schoolStatements), so a connection serving many schools needs room
// for every busy school's hot statements, or it prepares and plans them
// again and again. A URL's statement_cache_capacity keeps its choice.
const statementCacheCapacity = 2048

// plannerSettings asks Postgres for the plans that suit the application's
// statements. It does so only when the driver keeps prepared statements,
// its default mode. Behind a transaction-mode pooler nothing is asked:
// the pooler passes no settings on, and every statement is planned anew there
// anyway. A URL that sets either setting itself keeps its choice.
//
// plan_cache_mode=force_generic_plan plans each prepared statement once,
// for any parameters. Otherwise Postgres plans a statement five times
// with its parameters before it tries the generic plan. It would do
// that on every connection, and for every school too, since each school's
// statements are kept apart (schoolStatements). The hot routes' statements
// cost ten times more to plan than to run, and their generic plans
// are the ones Postgres settles on.
//
// random_page_cost=1.1 prices a page read by index about as a page read
// in sequence. That is its true cost when the data is in memory,
// and a school's data is small beside the server's memory. At the default
// of 4, a lookup by key in a table of a few pages (a small school's users)
// is planned as a scan of the whole table, run once for each row that needs
// it. The full read looked up each comment's author that way: a quarter
// of its time.
//
// On a Citus coordinator (citus) plan_cache_mode is left to Postgres: Citus
// plans a school's statement for its worker on every run anyway, and it
// cannot make a generic plan of a statement with parameters that writes in a
// CTE (the sign-in's), which force_generic_plan would ask of it on the first
// run.
func plannerSettings(cfg *pgx.ConnConfig, citus bool) {
	if cfg.DefaultQueryExecMode != pgx.QueryExecModeCacheStatement {
		return
	}
	for name, value := range plannerDefaults {
		if citus && name == "plan_cache_mode" {
			continue
		}
		if _, set := cfg.RuntimeParams[name]; !set && !strings.Contains(cfg.RuntimeParams["options"], name) {
			cfg.RuntimeParams[name] = value
		}
	}
}

// onCitus reports whether the database of cfg has the citus extension, on
// a connection of its own that is closed again (no tracer sees it).
func onCitus(ctx context.Context, cfg *pgx.ConnConfig) (bool, error) {
	probe := cfg.Copy()
	probe.Tracer = nil
	probe.DefaultQueryExecMode = pgx.QueryExecModeSimpleProtocol
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	conn, err := pgx.ConnectConfig(ctx, probe)
	if err != nil {
		return false, fmt.Errorf("connect to database: %w", err)
	}
	defer func() { _ = conn.Close(context.WithoutCancel(ctx)) }()
	var citus bool
	if err := conn.QueryRow(ctx, "SELECT EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'citus')").Scan(&citus); err != nil {
		return false, fmt.Errorf("look for the citus extension: %w", err)
	}
	return citus, nil
}

// plannerDefaults are the settings plannerSettings asks for.
var plannerDefaults = map[string]string{
	"plan_cache_mode":  "force_generic_plan",
	"random_page_cost": "1.1",
}

// Close closes the pool behind db.
func Close(db *gorm.DB) {
	if sqlDB, err := db.DB(); err == nil {
		_ = sqlDB.Close()
	}
}
