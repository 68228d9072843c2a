package tenants

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/stdlib"
)

// A request's transaction begins with BEGIN and then the statement that
// enters the school. Each was a round trip of its own: the server wrote,
// Postgres woke, answered and slept again, the server woke. beginScope sends
// both at once, one write and one answer, and the transaction that BEGIN
// opened is then handed to database/sql as the request's *sql.Tx, so that
// GORM, the job queue and everything else see an ordinary transaction.

// enterScopeSQL sets the school's search path and role for the current
// transaction only.
const enterScopeSQL = "SELECT set_config('search_path', $1, true), set_config('role', $2, true)"

// enterSchoolSQL sets the same two settings and reads the probed session
// and its user's roles (control.enter_school_v2).
const enterSchoolSQL = "SELECT * FROM control.enter_school_v2($1, $2, $3::uuid, $4)"

// scopeConnector makes the pool's connections: pgx's, able to take over a
// transaction that beginScope began.
type scopeConnector struct{ driver.Connector }

// Connect opens one connection.
func (c scopeConnector) Connect(ctx context.Context) (driver.Conn, error) {
	dc, err := c.Connector.Connect(ctx)
	if err != nil {
		return nil, err
	}
	pc, ok := dc.(*stdlib.Conn)
	if !ok {
		_ = dc.Close()
		return nil, fmt.Errorf("database connection is a %T, not pgx's", dc)
	}
	return &scopeConn{Conn: pc}, nil
}

// scopeConn is pgx's database/sql connection; BeginTx takes over the
// transaction beginScope began instead of sending BEGIN again.
type scopeConn struct {
	*stdlib.Conn
	// begun is set by beginScope once its BEGIN has run, and cleared by the
	// BeginTx that takes the transaction over. database/sql holds the
	// connection's lock around both, so no other caller sees it.
	begun bool
	// ended is set when QueryAndCommit has ended the transaction that
	// database/sql still holds open, or when a pending beginning failed or
	// its session was refused: statements are refused until it is closed,
	// and closing it sends nothing.
	ended bool
	// refusal is why a pending beginning ended the transaction; Commit
	// returns it, so that a refused scope never commits as if it had run.
	refusal error
	// pending is a beginning that deferScope kept back for the scope's
	// first statement (ReadsFirst); nil once sent.
	pending *pendingBegin
	// lastScope is when the connection last began or ended a school's
	// scope (deferScope, beginScope, begunTx).
	lastScope time.Time
	// warm holds the reads (ReadRow's statements, as sent) that have run
	// on this connection and so are prepared there for their school. Only
	// those go with a kept-back beginning: pgx prepares a statement new to
	// the connection before the batch runs, outside the school's search
	// path, where its tables are unknown.
	warm map[string]struct{}
}

// pendingBegin is what a kept-back beginning sends: BEGIN and the statement
// that enters the school and reads the probed session for the scope s.
type pendingBegin struct {
	s     *scope
	probe *SessionProbe
}

// errScopeEnded is a programming error: a statement after the scope's last
// (QueryAndCommit), which would run outside the transaction and the school.
var errScopeEnded = errors.New("statement after the school scope's transaction ended")

// ready makes the connection ready for one of database/sql's statements:
// a kept-back beginning goes first, alone, so that only a read by ReadRow
// ever runs before the session has been checked.
func (c *scopeConn) ready(ctx context.Context) error {
	if c.ended {
		return errScopeEnded
	}
	return c.flush(ctx)
}

// QueryContext runs a query unless the transaction has ended.
func (c *scopeConn) QueryContext(ctx context.Context, query string, args []driver.NamedValue) (driver.Rows, error) {
	if err := c.ready(ctx); err != nil {
		return nil, err
	}
	return c.Conn.QueryContext(ctx, query, args)
}

// ExecContext runs a statement unless the transaction has ended.
func (c *scopeConn) ExecContext(ctx context.Context, query string, args []driver.NamedValue) (driver.Result, error) {
	if err := c.ready(ctx); err != nil {
		return nil, err
	}
	return c.Conn.ExecContext(ctx, query, args)
}

// PrepareContext prepares a statement unless the transaction has ended.
func (c *scopeConn) PrepareContext(ctx context.Context, query string) (driver.Stmt, error) {
	if err := c.ready(ctx); err != nil {
		return nil, err
	}
	return c.Conn.PrepareContext(ctx, query)
}

// errNotScopeConn is a programming error: the pool was not opened by Open.
var errNotScopeConn = errors.New("database connection not opened by tenants.Open")

// BeginTx begins a transaction, or takes over the one beginScope began.
func (c *scopeConn) BeginTx(ctx context.Context, opts driver.TxOptions) (driver.Tx, error) {
	if !c.begun {
		c.pending = nil
		return c.Conn.BeginTx(ctx, opts)
	}
	c.begun = false
	pc := c.Conn.Conn()
	want := byte('T')
	if c.pending != nil {
		// Kept back: nothing has gone to Postgres yet.
		want = 'I'
	}
	if opts != (driver.TxOptions{}) || pc.PgConn().TxStatus() != want {
		c.pending = nil
		// The transaction begun is not the one asked for, or is gone: end
		// whatever there is and let the pool drop the connection.
		_ = pc.Close(ctx)
		return nil, driver.ErrBadConn
	}
	return begunTx{ctx: ctx, conn: pc, c: c}, nil
}

// begunTx ends a transaction that beginScope began, as pgx ends its own.
type begunTx struct {
	ctx  context.Context
	conn *pgx.Conn
	c    *scopeConn
}

// Commit commits; a transaction that failed is rolled back by COMMIT, and
// that is an error. One that QueryAndCommit ended is over already.
func (t begunTx) Commit() error {
	defer t.c.used()
	if t.c.ended {
		t.c.ended = false
		err := t.c.refusal
		t.c.refusal = nil
		return err
	}
	// A scope that ran no statement has not begun in Postgres; its session
	// is read and checked all the same before it may commit.
	if err := t.c.flush(t.ctx); err != nil {
		t.c.ended, t.c.refusal = false, nil
		return err
	}
	tag, err := t.conn.Exec(t.ctx, "commit")
	if err != nil {
		if t.conn.PgConn().TxStatus() != 'I' {
			_ = t.conn.Close(t.ctx)
		}
		return err
	}
	if tag.String() == "ROLLBACK" {
		return pgx.ErrTxCommitRollback
	}
	return nil
}

// Rollback rolls back; a connection whose rollback failed is closed, since
// nobody knows what state it is in.
func (t begunTx) Rollback() error {
	defer t.c.used()
	t.c.pending = nil
	if t.c.ended {
		t.c.ended = false
		t.c.refusal = nil
		return nil
	}
	if _, err := t.conn.Exec(t.ctx, "rollback"); err != nil {
		_ = t.conn.Close(t.ctx)
		return err
	}
	return nil
}

// beginScope begins a transaction on conn and enters the school's scope in
// the same round trip: BEGIN and the settings (with the session read when
// probe is not nil) go to Postgres together. The next BeginTx on conn takes
// the transaction over. A connection found broken before anything was sent
// gives driver.ErrBadConn, so that the caller may try another.
func beginScope(ctx context.Context, conn *sql.Conn, t *Tenant, probe *SessionProbe) (*SessionRead, error) {
	var read *SessionRead
	err := conn.Raw(func(dc any) error {
		c, ok := dc.(*scopeConn)
		if !ok {
			return errNotScopeConn
		}
		pc := c.Conn.Conn()
		if pc.IsClosed() {
			return driver.ErrBadConn
		}
		b := &pgx.Batch{}
		queueBegin(b, t, probe, false)
		r, err := runBegin(ctx, pc, b, probe)
		if err != nil {
			return failedBegin(ctx, pc, err)
		}
		c.begun, c.lastScope = true, time.Now()
		read = r
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("enter scope of tenant %s: %w", t.Slug, err)
	}
	return read, nil
}

// queueBegin queues a scope's beginning: BEGIN (READ ONLY when readOnly)
// and the statement that enters the school, which reads the probed session
// when probe is not nil.
func queueBegin(b *pgx.Batch, t *Tenant, probe *SessionProbe, readOnly bool) {
	if readOnly {
		b.Queue("begin read only")
	} else {
		b.Queue("begin")
	}
	if probe == nil {
		b.Queue(enterScopeSQL, t.SchemaName, t.DBRole)
	} else {
		b.Queue(enterSchoolSQL, t.SchemaName, t.DBRole, probe.ID, probe.UserID)
	}
}

// failedBegin ends whatever a beginning that failed left open on pc. A
// connection on which nothing ran, or that died, gives driver.ErrBadConn
// with err, so that the caller may try another.
func failedBegin(ctx context.Context, pc *pgx.Conn, err error) error {
	if pc.PgConn().TxStatus() != 'I' && !pc.IsClosed() {
		if _, rerr := pc.Exec(ctx, "rollback"); rerr != nil {
			_ = pc.Close(ctx)
		}
	}
	if pgconn.SafeToRetry(err) || pc.IsClosed() {
		return errors.Join(driver.ErrBadConn, err)
	}
	return err
}

// runBegin sends the batch of beginScope and reads what the settings
// statement returned: the session's row, when a session was probed.
func runBegin(ctx context.Context, pc *pgx.Conn, b *pgx.Batch, probe *SessionProbe) (*SessionRead, error) {
	br := pc.SendBatch(ctx, b)
	read, err := readBegin(br, probe)
	if cerr := br.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return nil, err
	}
	return read, nil
}

// readBegin reads the answers to a beginning (queueBegin) from br, which is
// then at the next statement of its batch.
func readBegin(br pgx.BatchResults, probe *SessionProbe) (*SessionRead, error) {
	if _, err := br.Exec(); err != nil {
		return nil, err
	}
	if probe == nil {
		_, err := br.Exec()
		return nil, err
	}
	rows, err := br.Query()
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	read := &SessionRead{Probe: *probe}
	for rows.Next() {
		if err := rows.Scan(&read.ID, &read.UserID, &read.CreatedAt, &read.ExpiresAt,
			&read.RevokedAt, &read.SignInMethod, &read.Roles); err != nil {
			return nil, err
		}
		read.Found = true
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	return read, nil
}

// used notes that the connection has just served a scope.
func (c *scopeConn) used() { c.lastScope = time.Now() }

// brokenAt is when a kept-back beginning last found its connection
// broken (Unix nanoseconds). Postgres restarting breaks every connection at
// once: each connection used before then sends its next beginning at once
// (deferScope), so that only the one request that found the break fails.
var brokenAt atomic.Int64

// idleBeforeCheck is how long a connection may have been idle and still
// keep its beginning back (deferScope), as pgx's database/sql driver pings
// a connection idle for longer before handing it out again.
const idleBeforeCheck = time.Second

// deferScope keeps back the beginning of the scope s on conn, with the read
// of the probed session, for the scope's first statement (ReadsFirst): a
// read by ReadRow takes it along, anything else sends it first (flush). The
// next BeginTx on conn takes over the transaction that is to begin.
//
// It keeps nothing back, and reports false, when the connection has been
// idle for more than idleBeforeCheck, or was last used before a kept-back
// beginning found a connection broken (brokenAt). The beginning is then
// sent at once (beginScope), so that a connection Postgres closed meanwhile
// (a restart) is found before the handler runs and the scope moves to
// another. Found under the handler, it could only fail the request: the
// handler may have read the request's body.
func deferScope(conn *sql.Conn, s *scope, probe *SessionProbe) (bool, error) {
	deferred := false
	err := conn.Raw(func(dc any) error {
		c, ok := dc.(*scopeConn)
		if !ok {
			return errNotScopeConn
		}
		if c.Conn.Conn().IsClosed() {
			return driver.ErrBadConn
		}
		now := time.Now()
		if now.Sub(c.lastScope) > idleBeforeCheck || !c.lastScope.After(time.Unix(0, brokenAt.Load())) {
			return nil
		}
		c.lastScope = now
		c.begun, c.ended, c.refusal = true, false, nil
		c.pending = &pendingBegin{s: s, probe: probe}
		deferred = true
		return nil
	})
	if err != nil {
		return false, fmt.Errorf("enter scope of tenant %s: %w", s.tenant.Slug, err)
	}
	return deferred, nil
}

// errNotPrepared says that a read sent with a kept-back beginning was no
// longer prepared on the connection (pgx's cache had let it go), so that
// nothing was run and the beginning is still kept back.
var errNotPrepared = errors.New("read not prepared on the connection")

// read runs query, a read, and scans its rows with scan; when commit, the
// transaction commits with it, in the same round trip. A kept-back
// beginning goes with it when the read is warm on the connection, and
// first, alone, when it is not.
func (c *scopeConn) read(ctx context.Context, query string, args []any, commit bool, scan func(pgx.Rows) error) error {
	if c.pending != nil {
		if _, ok := c.warm[query]; ok {
			err := c.beginWith(ctx, query, args, commit, scan)
			if !errors.Is(err, errNotPrepared) {
				return err
			}
		}
		if err := c.flush(ctx); err != nil {
			return err
		}
	}
	var err error
	if commit {
		err = c.queryAndCommit(ctx, query, args, scan)
	} else {
		var rows pgx.Rows
		if rows, err = c.Conn.Conn().Query(ctx, query, args...); err == nil {
			err = scan(rows)
		}
	}
	if err == nil {
		if c.warm == nil {
			c.warm = map[string]struct{}{}
		}
		c.warm[query] = struct{}{}
	}
	return err
}

// flush sends a kept-back beginning alone, when there is one.
func (c *scopeConn) flush(ctx context.Context) error {
	if c.pending == nil {
		return nil
	}
	return c.beginWith(ctx, "", nil, false, nil)
}

// beginWith sends the kept-back beginning, followed by query (when not
// empty) and, when commit, by COMMIT, all in one round trip; the beginning
// is READ ONLY when the query commits with it, since the query is a read
// (ReadRow) that runs before its session has been checked. The session
// read goes to the scope's checks before scan sees a row of query. A
// refused session, or a beginning that failed, ends the transaction (the
// read's rows are dropped unread), and every later statement of the scope
// is refused with errScopeEnded; Commit returns the refusal.
func (c *scopeConn) beginWith(ctx context.Context, query string, args []any, commit bool, scan func(pgx.Rows) error) error {
	p := c.pending
	c.pending = nil
	pc := c.Conn.Conn()
	b := &pgx.Batch{}
	queueBegin(b, p.s.tenant, p.probe, commit)
	if query != "" {
		b.Queue(query, args...)
		if commit {
			b.Queue("commit")
		}
	}
	br := pc.SendBatch(ctx, b)
	read, err := readBegin(br, p.probe)
	var unprepared pgx.ErrPreprocessingBatch
	if err != nil && query != "" && errors.As(err, &unprepared) && !pc.IsClosed() && pc.PgConn().TxStatus() == 'I' {
		// Nothing ran: the read has to be prepared anew, in the school.
		_ = br.Close()
		delete(c.warm, query)
		c.pending = p
		return errNotPrepared
	}
	if err != nil {
		_ = br.Close()
		err = fmt.Errorf("enter scope of tenant %s: %w", p.s.tenant.Slug, failedBegin(ctx, pc, err))
		if errors.Is(err, driver.ErrBadConn) {
			brokenAt.Store(time.Now().UnixNano())
		}
		return c.refuse(ctx, pc, p.s, err)
	}
	if err := p.s.sessionRead(read); err != nil {
		_ = br.Close()
		return c.refuse(ctx, pc, p.s, err)
	}
	if query == "" {
		return br.Close()
	}
	return c.readAndCommit(pc, br, commit, scan)
}

// refuse ends the transaction of the scope s after its beginning failed or
// its session was refused, for err.
func (c *scopeConn) refuse(ctx context.Context, pc *pgx.Conn, s *scope, err error) error {
	if !pc.IsClosed() && pc.PgConn().TxStatus() != 'I' {
		if _, rerr := pc.Exec(ctx, "rollback"); rerr != nil {
			_ = pc.Close(ctx)
		}
	}
	c.ended, c.refusal = true, err
	s.refusal = err
	return err
}

// readAndCommit reads the rows of the statement br is at with scan and,
// when commit, the answer to the COMMIT after it, and closes br.
func (c *scopeConn) readAndCommit(pc *pgx.Conn, br pgx.BatchResults, commit bool, scan func(pgx.Rows) error) error {
	rows, err := br.Query()
	if err == nil {
		err = scan(rows)
	}
	var tag pgconn.CommandTag
	if err == nil && commit {
		tag, err = br.Exec()
	}
	if cerr := br.Close(); err == nil {
		err = cerr
	}
	if commit && pc.PgConn().TxStatus() == 'I' {
		// COMMIT ran, and ended the transaction whatever it said (even
		// when the row could not be scanned).
		c.ended = true
	}
	if err != nil {
		return err
	}
	if tag.String() == "ROLLBACK" {
		return pgx.ErrTxCommitRollback
	}
	return nil
}

// QueryAndCommit runs query (written with $1 … for args), the scope's last
// statement, scans its single row into dest and commits the scope's
// transaction, the statement and COMMIT in one round trip. After it the
// transaction is over: whatever fn returns, nothing is rolled back, and a
// further statement in the scope is refused. A route whose last statement
// writes what it answers with uses it, so that the answer still follows the
// commit; ReadRow does the same for a route that ends with a read. A
// statement that fails leaves the transaction to be rolled back as usual; a
// COMMIT that fails is the error returned.
//
// Outside a scope begun by beginScope (in a caller's own transaction) it
// only runs query and scans the row; the transaction commits when it ends.
func QueryAndCommit(ctx context.Context, query string, args []any, dest ...any) error {
	s, ok := ctx.Value(scopeKey{}).(*scope)
	if !ok || s.tx == nil {
		return ErrNoScope
	}
	if s.conn == nil {
		return s.tx.WithContext(ctx).Raw(query, args...).Row().Scan(dest...)
	}
	return commitWith(ctx, s, s.tagged(ctx, query), args, func(rows pgx.Rows) error {
		defer rows.Close()
		if !rows.Next() {
			if err := rows.Err(); err != nil {
				return err
			}
			return sql.ErrNoRows
		}
		if err := rows.Scan(dest...); err != nil {
			return err
		}
		rows.Close()
		return rows.Err()
	})
}

// tagged is query as the scope's statements go to Postgres: with the
// school's tag when each school's statements are its own (perSchool), as
// statementsOf tags those that GORM sends.
func (s *scope) tagged(ctx context.Context, query string) string {
	if perSchool(ctx) {
		return schoolTag(s.tenant.SchemaName) + query
	}
	return query
}

// onScopeConn runs fn on the connection of s, a scope that beginScope
// began, while the scope's transaction is still open.
//
// An error of fn that says the connection is broken (driver.ErrBadConn, as
// a kept-back beginning that failed gives) is handed out past sql.Conn.Raw:
// Raw would close the connection at once, and that waits for the scope's
// transaction, which is waiting for the statement: it would never end.
// database/sql drops the connection when the transaction ends instead.
func onScopeConn(s *scope, fn func(c *scopeConn) error) error {
	var broken error
	err := s.conn.Raw(func(dc any) error {
		c, ok := dc.(*scopeConn)
		if !ok {
			return errNotScopeConn
		}
		if c.ended {
			return errScopeEnded
		}
		if err := fn(c); errors.Is(err, driver.ErrBadConn) {
			broken = err
		} else if err != nil {
			return err
		}
		return nil
	})
	if broken != nil {
		return broken
	}
	return err
}

// commitWith sends query with args and COMMIT together on the connection of
// s, a scope that beginScope began, and reads query's rows with scan. A
// kept-back beginning goes first, alone: query may write.
func commitWith(ctx context.Context, s *scope, query string, args []any, scan func(pgx.Rows) error) error {
	return onScopeConn(s, func(c *scopeConn) error {
		if err := c.flush(ctx); err != nil {
			return err
		}
		return c.queryAndCommit(ctx, query, args, scan)
	})
}

// queryAndCommit sends query with args and COMMIT in one round trip, on a
// connection whose beginning has gone, and reads query's rows with scan.
func (c *scopeConn) queryAndCommit(ctx context.Context, query string, args []any, scan func(pgx.Rows) error) error {
	pc := c.Conn.Conn()
	b := &pgx.Batch{}
	b.Queue(query, args...)
	b.Queue("commit")
	return c.readAndCommit(pc, pc.SendBatch(ctx, b), true, scan)
}
