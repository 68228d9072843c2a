package tenants

import (
	"context"
	"database/sql"
	"errors"

	"gorm.io/gorm"
)

// schoolStatements is the connection of a request's school scope (see
// PerSchoolStatements): every statement it sends begins with a comment naming the school's schema, so that a
// connection keeps one prepared statement per school and statement.
//
// Postgres drops a prepared statement's plan whenever it runs under another
// search path than the one it was planned under, and every request sets its
// school's. Were the text the same for every school, a connection moving
// between schools would re-analyse and re-plan each statement at every
// move; planning a hot route's statement costs more than running it, and
// ten times more the first time a connection meets a school's tables.
// With the school in the text, the driver's statement cache (keyed by the
// text) holds each school's statement apart, each runs only under its own
// school's search path, and its plan survives.
//
// Isolation is untouched: the scope still sets the school's role and search
// path, which decide what a statement may read; the comment only decides
// which cached statement is reused. pg_stat_statements ignores comments, so
// its figures stay grouped per statement.
type schoolStatements struct {
	inner  gorm.ConnPool
	prefix string
}

type perSchoolKey struct{}

// PerSchoolStatements marks ctx so that a school scope entered with it keeps
// its statements apart per school (schoolStatements). Requests use it: they
// run the same few statements all day. Work that visits every school once in
// a while (the daily and hourly sweeps, jobs, the command line) does not: a
// statement prepared per school and connection for one run a day would fill
// each connection's statement cache, pushing out the requests' statements,
// and cost a plan per school for nothing.
func PerSchoolStatements(ctx context.Context) context.Context {
	return context.WithValue(ctx, perSchoolKey{}, true)
}

// perSchool reports whether ctx asks for statements kept per school.
func perSchool(ctx context.Context) bool {
	v, _ := ctx.Value(perSchoolKey{}).(bool)
	return v
}

// statementsOf wraps the scope's transaction so that its statements are
// tagged with the schema. The schema name is one of ours ("t_" and a slug
// of lower-case letters, digits and underscores), so it cannot end the
// comment.
func statementsOf(inner gorm.ConnPool, schema string) *schoolStatements {
	return &schoolStatements{inner: inner, prefix: schoolTag(schema)}
}

// schoolTag is what begins each of a school's statements.
func schoolTag(schema string) string { return "/* " + schema + " */ " }

// PrepareContext prepares the tagged statement.
func (s *schoolStatements) PrepareContext(ctx context.Context, query string) (*sql.Stmt, error) {
	return s.inner.PrepareContext(ctx, s.prefix+query)
}

// ExecContext runs the tagged statement.
func (s *schoolStatements) ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error) {
	return s.inner.ExecContext(ctx, s.prefix+query, args...)
}

// QueryContext runs the tagged query.
func (s *schoolStatements) QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	return s.inner.QueryContext(ctx, s.prefix+query, args...)
}

// QueryRowContext runs the tagged query for one row.
func (s *schoolStatements) QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row {
	return s.inner.QueryRowContext(ctx, s.prefix+query, args...)
}

// errNotTransaction is a programming error: the scope always wraps a
// transaction.
var errNotTransaction = errors.New("school scope outside a transaction")

// Commit commits the scope's transaction (GORM commits through its
// connection).
func (s *schoolStatements) Commit() error {
	if c, ok := s.inner.(gorm.TxCommitter); ok {
		return c.Commit()
	}
	return errNotTransaction
}

// Rollback rolls the scope's transaction back.
func (s *schoolStatements) Rollback() error {
	if c, ok := s.inner.(gorm.TxCommitter); ok {
		return c.Rollback()
	}
	return errNotTransaction
}

// SQLTx returns the scope's database/sql transaction, for work that must
// speak to it directly (the job queue); its statements are not tagged.
func SQLTx(ctx context.Context) (*sql.Tx, error) {
	s, ok := ctx.Value(scopeKey{}).(*scope)
	if !ok || s.tx == nil {
		return nil, ErrNoScope
	}
	pool := s.tx.Statement.ConnPool
	if w, ok := pool.(*schoolStatements); ok {
		pool = w.inner
	}
	tx, ok := pool.(*sql.Tx)
	if !ok {
		return nil, errNotTransaction
	}
	return tx, nil
}
