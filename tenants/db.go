package tenants

import (
	"context"
	"fmt"
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
	dialector := postgres.Open(url)
	var tracers []pgx.QueryTracer
	for _, t := range tracer {
		if t != nil {
			tracers = append(tracers, t)
		}
	}
	if len(tracers) > 0 {
		cfg, err := pgx.ParseConfig(url)
		if err != nil {
			return nil, fmt.Errorf("parse database URL: %w", err)
		}
		cfg.Tracer = tracers[0]
		if len(tracers) > 1 {
			cfg.Tracer = multitracer.New(tracers...)
		}
		dialector = postgres.New(postgres.Config{Conn: stdlib.OpenDB(*cfg)})
	}
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

// Close closes the pool behind db.
func Close(db *gorm.DB) {
	if sqlDB, err := db.DB(); err == nil {
		_ = sqlDB.Close()
	}
}
