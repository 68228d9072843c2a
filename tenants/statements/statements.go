// Package statements counts the SQL statements a pool sends to Postgres, so
// that tests can hold each route to a budget of round trips. BEGIN and
// COMMIT count like any other statement: each is a round trip.
package statements

import (
	"context"
	"strings"
	"sync"

	"github.com/jackc/pgx/v5"
)

// Counter is a pgx tracer that records every statement run on the pool it
// is given to (tenants.Open takes it). It is safe for concurrent use; tests
// read it between requests they make one at a time.
type Counter struct {
	mu   sync.Mutex
	sqls []string
}

// TraceQueryStart records the statement.
func (c *Counter) TraceQueryStart(ctx context.Context, _ *pgx.Conn, data pgx.TraceQueryStartData) context.Context {
	c.mu.Lock()
	c.sqls = append(c.sqls, strings.Join(strings.Fields(data.SQL), " "))
	c.mu.Unlock()
	return ctx
}

// TraceQueryEnd does nothing: a statement counts whether or not it failed.
func (c *Counter) TraceQueryEnd(context.Context, *pgx.Conn, pgx.TraceQueryEndData) {}

// TraceBatchStart is called when a batch is sent; its statements are
// counted one by one in TraceBatchQuery.
func (c *Counter) TraceBatchStart(ctx context.Context, _ *pgx.Conn, _ pgx.TraceBatchStartData) context.Context {
	return ctx
}

// TraceBatchQuery records one statement of a batch.
func (c *Counter) TraceBatchQuery(_ context.Context, _ *pgx.Conn, data pgx.TraceBatchQueryData) {
	c.mu.Lock()
	c.sqls = append(c.sqls, strings.Join(strings.Fields(data.SQL), " "))
	c.mu.Unlock()
}

// TraceBatchEnd does nothing.
func (c *Counter) TraceBatchEnd(context.Context, *pgx.Conn, pgx.TraceBatchEndData) {}

// Reset forgets what was counted.
func (c *Counter) Reset() {
	c.mu.Lock()
	c.sqls = nil
	c.mu.Unlock()
}

// Count is the number of statements since the last Reset.
func (c *Counter) Count() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.sqls)
}

// SQL returns the statements since the last Reset, in order, each on one
// line (for a failing test's message).
func (c *Counter) SQL() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]string(nil), c.sqls...)
}
