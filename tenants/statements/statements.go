// Package statements counts the SQL statements a pool sends to Postgres, and
// the round trips that carry them, so that tests can hold each route to a
// budget. BEGIN and COMMIT count like any other statement; statements sent
// together in one batch share a round trip.
package statements

import (
	"context"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/jackc/pgx/v5"
)

// Counter is a pgx tracer that records every statement run on the pool it
// is given to (tenants.Open takes it). It is safe for concurrent use; tests
// read it between requests they make one at a time.
type Counter struct {
	mu    sync.Mutex
	sqls  []string
	trips int
}

// TraceQueryStart records the statement.
func (c *Counter) TraceQueryStart(ctx context.Context, _ *pgx.Conn, data pgx.TraceQueryStartData) context.Context {
	c.mu.Lock()
	c.sqls = append(c.sqls, strings.Join(strings.Fields(data.SQL), " "))
	c.trips++
	c.mu.Unlock()
	return ctx
}

// TraceQueryEnd does nothing: a statement counts whether or not it failed.
func (c *Counter) TraceQueryEnd(context.Context, *pgx.Conn, pgx.TraceQueryEndData) {}

// TraceBatchStart counts the batch's round trip; its statements are
// counted one by one in TraceBatchQuery.
func (c *Counter) TraceBatchStart(ctx context.Context, _ *pgx.Conn, _ pgx.TraceBatchStartData) context.Context {
	c.mu.Lock()
	c.trips++
	c.mu.Unlock()
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
	c.sqls, c.trips = nil, 0
	c.mu.Unlock()
}

// RoundTrips is the number of round trips since the last Reset: a
// statement sent alone is one, a batch is one.
func (c *Counter) RoundTrips() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.trips
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

type tallyKey struct{}

// Tally counts the statements run on behalf of one request.
type Tally struct{ n atomic.Int64 }

// Count is the number of statements counted so far.
func (t *Tally) Count() int64 { return t.n.Load() }

// WithTally returns a context whose statements RequestTracer counts in the
// returned tally: the HTTP layer gives one to every request and reports
// statements per request by route.
func WithTally(ctx context.Context) (context.Context, *Tally) {
	t := &Tally{}
	return context.WithValue(ctx, tallyKey{}, t), t
}

// RequestTracer is a pgx tracer that counts each statement in the tally of
// the context it runs in (WithTally), if any: one context lookup and one
// atomic add per statement.
type RequestTracer struct{}

// TraceQueryStart counts the statement.
func (RequestTracer) TraceQueryStart(ctx context.Context, _ *pgx.Conn, _ pgx.TraceQueryStartData) context.Context {
	if t, ok := ctx.Value(tallyKey{}).(*Tally); ok {
		t.n.Add(1)
	}
	return ctx
}

// TraceQueryEnd does nothing.
func (RequestTracer) TraceQueryEnd(context.Context, *pgx.Conn, pgx.TraceQueryEndData) {}

// TraceBatchStart does nothing; TraceBatchQuery counts.
func (RequestTracer) TraceBatchStart(ctx context.Context, _ *pgx.Conn, _ pgx.TraceBatchStartData) context.Context {
	return ctx
}

// TraceBatchQuery counts one statement of a batch.
func (RequestTracer) TraceBatchQuery(ctx context.Context, _ *pgx.Conn, _ pgx.TraceBatchQueryData) {
	if t, ok := ctx.Value(tallyKey{}).(*Tally); ok {
		t.n.Add(1)
	}
}

// TraceBatchEnd does nothing.
func (RequestTracer) TraceBatchEnd(context.Context, *pgx.Conn, pgx.TraceBatchEndData) {}
