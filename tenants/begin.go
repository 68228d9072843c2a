package tenants

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"

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
	// database/sql still holds open: statements are refused until it is
	// closed, and closing it sends nothing.
	ended bool
}

// errScopeEnded is a programming error: a statement after the scope's last
// (QueryAndCommit), which would run outside the transaction and the school.
var errScopeEnded = errors.New("statement after the school scope's transaction ended")

// QueryContext runs a query unless the transaction has ended.
func (c *scopeConn) QueryContext(ctx context.Context, query string, args []driver.NamedValue) (driver.Rows, error) {
	if c.ended {
		return nil, errScopeEnded
	}
	return c.Conn.QueryContext(ctx, query, args)
}

// ExecContext runs a statement unless the transaction has ended.
func (c *scopeConn) ExecContext(ctx context.Context, query string, args []driver.NamedValue) (driver.Result, error) {
	if c.ended {
		return nil, errScopeEnded
	}
	return c.Conn.ExecContext(ctx, query, args)
}

// PrepareContext prepares a statement unless the transaction has ended.
func (c *scopeConn) PrepareContext(ctx context.Context, query string) (driver.Stmt, error) {
	if c.ended {
		return nil, errScopeEnded
	}
	return c.Conn.PrepareContext(ctx, query)
}

// errNotScopeConn is a programming error: the pool was not opened by Open.
var errNotScopeConn = errors.New("database connection not opened by tenants.Open")

// BeginTx begins a transaction, or takes over the one beginScope began.
func (c *scopeConn) BeginTx(ctx context.Context, opts driver.TxOptions) (driver.Tx, error) {
	if !c.begun {
		return c.Conn.BeginTx(ctx, opts)
	}
	c.begun = false
	pc := c.Conn.Conn()
	if opts != (driver.TxOptions{}) || pc.PgConn().TxStatus() != 'T' {
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
	if t.c.ended {
		t.c.ended = false
		return nil
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
	if t.c.ended {
		t.c.ended = false
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
		b.Queue("begin")
		if probe == nil {
			b.Queue(enterScopeSQL, t.SchemaName, t.DBRole)
		} else {
			b.Queue(enterSchoolSQL, t.SchemaName, t.DBRole, probe.ID, probe.UserID)
		}
		r, err := runBegin(ctx, pc, b, probe)
		if err != nil {
			if pc.PgConn().TxStatus() != 'I' && !pc.IsClosed() {
				if _, rerr := pc.Exec(ctx, "rollback"); rerr != nil {
					_ = pc.Close(ctx)
				}
			}
			if pgconn.SafeToRetry(err) || pc.IsClosed() {
				// Nothing ran, or the connection died: another may serve.
				return errors.Join(driver.ErrBadConn, err)
			}
			return err
		}
		c.begun = true
		read = r
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("enter scope of tenant %s: %w", t.Slug, err)
	}
	return read, nil
}

// runBegin sends the batch of beginScope and reads what the settings
// statement returned: the session's row, when a session was probed.
func runBegin(ctx context.Context, pc *pgx.Conn, b *pgx.Batch, probe *SessionProbe) (*SessionRead, error) {
	br := pc.SendBatch(ctx, b)
	if _, err := br.Exec(); err != nil {
		_ = br.Close()
		return nil, err
	}
	var read *SessionRead
	if probe == nil {
		if _, err := br.Exec(); err != nil {
			_ = br.Close()
			return nil, err
		}
	} else {
		rows, err := br.Query()
		if err != nil {
			_ = br.Close()
			return nil, err
		}
		read = &SessionRead{Probe: *probe}
		for rows.Next() {
			if err := rows.Scan(&read.ID, &read.UserID, &read.CreatedAt, &read.ExpiresAt,
				&read.RevokedAt, &read.SignInMethod, &read.Roles); err != nil {
				rows.Close()
				_ = br.Close()
				return nil, err
			}
			read.Found = true
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			_ = br.Close()
			return nil, err
		}
	}
	if err := br.Close(); err != nil {
		return nil, err
	}
	return read, nil
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
func onScopeConn(s *scope, fn func(c *scopeConn) error) error {
	return s.conn.Raw(func(dc any) error {
		c, ok := dc.(*scopeConn)
		if !ok {
			return errNotScopeConn
		}
		if c.ended {
			return errScopeEnded
		}
		return fn(c)
	})
}

// commitWith sends query with args and COMMIT together on the connection of
// s, a scope that beginScope began, and reads query's rows with scan.
func commitWith(ctx context.Context, s *scope, query string, args []any, scan func(pgx.Rows) error) error {
	return onScopeConn(s, func(c *scopeConn) error {
		pc := c.Conn.Conn()
		b := &pgx.Batch{}
		b.Queue(query, args...)
		b.Queue("commit")
		br := pc.SendBatch(ctx, b)
		rows, err := br.Query()
		if err == nil {
			err = scan(rows)
		}
		var tag pgconn.CommandTag
		if err == nil {
			tag, err = br.Exec()
		}
		if cerr := br.Close(); err == nil {
			err = cerr
		}
		if pc.PgConn().TxStatus() == 'I' {
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
	})
}
