package tenants

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"time"

	"gorm.io/gorm"
)

type scopeKey struct{}

type scope struct {
	tenant *Tenant
	tx     *gorm.DB
	// conn is the connection of a transaction that beginScope began, which
	// QueryAndCommit may end; nil in a caller's own transaction.
	conn *sql.Conn
	// session is what entering the scope read of the caller's session;
	// nil when the request asked for none, or while sessionPending.
	session *SessionRead
	// sessionPending is set while the scope's beginning, and with it the
	// session's read, waits for the scope's first statement (ReadsFirst).
	sessionPending bool
	// checks run on the session as soon as it is read (OnSessionRead).
	checks []func(*SessionRead) error
	// refusal is the error of the first check that refused the session,
	// or of a kept-back beginning that failed (SessionChecked).
	refusal error
}

// sessionRead keeps what entering the school read of the session and runs
// the checks on it; the first check's error refuses the scope.
func (s *scope) sessionRead(read *SessionRead) error {
	s.session, s.sessionPending = read, false
	for _, check := range s.checks {
		if err := check(read); err != nil {
			s.refusal = err
			return err
		}
	}
	return nil
}

// ErrNoScope is returned by work that needs a school's scope when there is
// none in the context: a programming error, never a client's.
var ErrNoScope = errors.New("no tenant scope in context")

// SessionProbe names the session a request's token claims, so that entering
// the school's scope can read it in the same statement. The token has been
// verified; the session's being live is what the read finds out.
type SessionProbe struct {
	// ID is the session's id (a UUID); UserID the token's user.
	ID     string
	UserID int64
}

// SessionRead is what entering the scope found of a probed session: Found
// is false when the session is unknown, revoked, expired or its user is
// deactivated. Roles are the user's role ids, comma-separated, ascending.
type SessionRead struct {
	Probe        SessionProbe
	Found        bool
	ID           string
	UserID       int64
	CreatedAt    time.Time
	ExpiresAt    time.Time
	RevokedAt    *time.Time
	SignInMethod string
	Roles        string
}

// InScope runs fn in one transaction confined to the tenant: the transaction
// starts with SET LOCAL search_path to the tenant schema and SET LOCAL role
// to the tenant role, so every statement in fn sees this school's tables and
// is refused any other's. fn's error rolls the transaction back.
func InScope(ctx context.Context, root *gorm.DB, t *Tenant, fn func(ctx context.Context, tx *gorm.DB) error) error {
	return InScopeAs(ctx, root, t, nil, fn)
}

// InScopeAs is InScope that, when probe is not nil, also reads the probed
// session and its user's roles in the statement that enters the scope
// (control.enter_school_v2): the read runs after the settings, as the school's
// role in the school's schema, so it is confined exactly as any later
// statement. SessionFrom(ctx) gives fn what it found.
//
// When ctx is marked SessionOnly and probe is not nil, the session is read
// in one statement with no transaction of its own (Postgres runs it in one
// of its own, which the settings do not outlive) and fn gets no handle:
// DB and SQLTx refuse with ErrNoScope.
//
// On the pool, or on a connection taken from it, BEGIN and the statement
// that enters the school go to Postgres in one round trip (beginScope).
func InScopeAs(ctx context.Context, root *gorm.DB, t *Tenant, probe *SessionProbe, fn func(ctx context.Context, tx *gorm.DB) error) error {
	if probe != nil && sessionOnly(ctx) {
		read, err := enterSchool(root.WithContext(ctx), t, probe)
		if err != nil {
			return err
		}
		return fn(context.WithValue(ctx, scopeKey{}, &scope{tenant: t, session: read}), nil)
	}
	db := root.WithContext(ctx)
	switch pool := db.Statement.ConnPool.(type) {
	case *sql.Conn:
		return inBegunScope(ctx, db, pool, t, probe, fn)
	case *sql.DB:
		// As database/sql does when it begins a transaction itself, a
		// connection found broken before anything ran is swapped once.
		for attempt := 0; ; attempt++ {
			began := false
			err := onConnection(ctx, pool, t, func(conn *sql.Conn) error {
				on := root.WithContext(ctx)
				on.Statement.ConnPool = conn
				return inBegunScope(ctx, on, conn, t, probe, func(ctx context.Context, tx *gorm.DB) error {
					began = true
					return fn(ctx, tx)
				})
			})
			if attempt == 0 && mayRetry(err, began) {
				continue
			}
			return err
		}
	default:
		// Already in a transaction (a caller's own): enter the scope in it.
		return db.Transaction(func(tx *gorm.DB) error {
			var read *SessionRead
			if probe == nil {
				if err := tx.Exec("SELECT set_config('search_path', ?, true), set_config('role', ?, true)",
					t.SchemaName, t.DBRole).Error; err != nil {
					return fmt.Errorf("enter scope of tenant %s: %w", t.Slug, err)
				}
			} else {
				r, err := enterSchool(tx, t, probe)
				if err != nil {
					return err
				}
				read = r
			}
			return runScoped(ctx, tx, &scope{tenant: t, session: read}, fn)
		})
	}
}

// mayRetry reports whether scoped work that failed with err may run again
// on another connection: only when the connection was found broken before
// the work began. Once a handler has begun it may have read the request's
// body, so it cannot run again.
func mayRetry(err error, began bool) bool {
	return !began && errors.Is(err, driver.ErrBadConn)
}

// onConnection runs work on a connection of the pool, given back however
// work ends (a handler's panic included).
func onConnection(ctx context.Context, pool *sql.DB, t *Tenant, work func(conn *sql.Conn) error) error {
	conn, err := pool.Conn(ctx)
	if err != nil {
		return fmt.Errorf("connection for tenant %s: %w", t.Slug, err)
	}
	defer func() { _ = conn.Close() }()
	return work(conn)
}

// inBegunScope runs fn in a transaction on conn that began, and entered the
// school, in one round trip (beginScope).
//
// When ctx is marked ReadsFirst and a session is probed, the beginning is
// kept back for the scope's first statement instead (deferScope).
func inBegunScope(ctx context.Context, db *gorm.DB, conn *sql.Conn, t *Tenant, probe *SessionProbe, fn func(ctx context.Context, tx *gorm.DB) error) error {
	s := &scope{tenant: t, conn: conn}
	deferred := false
	if probe != nil && readsFirst(ctx) {
		var err error
		if deferred, err = deferScope(conn, s, probe); err != nil {
			return err
		}
		s.sessionPending = deferred
	}
	if !deferred {
		read, err := beginScope(ctx, conn, t, probe)
		if err != nil {
			return err
		}
		s.session = read
	}
	return db.Transaction(func(tx *gorm.DB) error {
		return runScoped(ctx, tx, s, fn)
	})
}

// runScoped runs fn in s, the scope of the transaction tx, which has
// entered the school.
func runScoped(ctx context.Context, tx *gorm.DB, s *scope, fn func(ctx context.Context, tx *gorm.DB) error) error {
	if perSchool(ctx) {
		tx.Statement.ConnPool = statementsOf(tx.Statement.ConnPool, s.tenant.SchemaName)
	}
	sctx := context.WithValue(ctx, scopeKey{}, s)
	s.tx = tx.WithContext(sctx)
	return fn(sctx, s.tx)
}

// enterSchool enters the school's scope on db and reads the probed session
// and its user's roles in the same statement (control.enter_school_v2, which
// calls the school's own session_of so that each school keeps its plan).
func enterSchool(db *gorm.DB, t *Tenant, probe *SessionProbe) (*SessionRead, error) {
	var row struct {
		SessID           string
		SessUserID       int64
		SessCreatedAt    time.Time
		SessExpiresAt    time.Time
		SessRevokedAt    *time.Time
		SessSignInMethod string
		SessRoles        string
	}
	res := db.Raw("SELECT * FROM control.enter_school_v2(?, ?, ?::uuid, ?)", t.SchemaName, t.DBRole, probe.ID, probe.UserID).Scan(&row)
	if res.Error != nil {
		return nil, fmt.Errorf("enter scope of tenant %s: %w", t.Slug, res.Error)
	}
	return &SessionRead{Probe: *probe, Found: res.RowsAffected > 0, ID: row.SessID, UserID: row.SessUserID,
		CreatedAt: row.SessCreatedAt, ExpiresAt: row.SessExpiresAt, RevokedAt: row.SessRevokedAt,
		SignInMethod: row.SessSignInMethod, Roles: row.SessRoles}, nil
}

type sessionOnlyKey struct{}

// SessionOnly marks a request whose handler runs no statement of its own
// (a token refresh): entering the school then reads the session in one
// statement, without BEGIN and COMMIT around it. Two round trips fewer.
func SessionOnly(ctx context.Context) context.Context {
	return context.WithValue(ctx, sessionOnlyKey{}, true)
}

func sessionOnly(ctx context.Context) bool {
	v, _ := ctx.Value(sessionOnlyKey{}).(bool)
	return v
}

type readsFirstKey struct{}

// ReadsFirst marks a request whose handler's first statement is a read by
// ReadRow (the full assessment, the class page, the autosave's state).
// BEGIN and the statement that enters the school and reads the session
// then wait for that read and go to Postgres with it: one round trip fewer.
// The session's checks (OnSessionRead) run before the read's row reaches
// the handler; when they refuse it, the row is dropped unread, the
// transaction rolled back and every later statement refused. Any other
// statement sends the beginning first, alone, and runs only once the
// session has passed, so nothing is written, and nothing read reaches Go,
// for a session that is not live. A read that commits (ReadRow's last)
// begins READ ONLY.
//
// A connection found broken as the beginning is sent fails the request
// (503: the database is away); deferScope sends the beginning at once on a
// connection that has been idle, so that one closed meanwhile is found, and
// left, before the handler runs.
func ReadsFirst(ctx context.Context) context.Context {
	return context.WithValue(ctx, readsFirstKey{}, true)
}

func readsFirst(ctx context.Context) bool {
	v, _ := ctx.Value(readsFirstKey{}).(bool)
	return v
}

// SessionPending reports whether the session of the current scope is
// still to be read: the request reads first (ReadsFirst) and has sent no
// statement yet.
func SessionPending(ctx context.Context) bool {
	s, ok := ctx.Value(scopeKey{}).(*scope)
	return ok && s.sessionPending
}

// OnSessionRead adds check, which runs on the scope's session as soon as it
// is read, before any row read with it reaches the caller; when the session
// has been read already, check runs now. A check's error refuses the
// scope: the statement that brought the session returns it instead of its
// rows, and so does SessionChecked.
func OnSessionRead(ctx context.Context, check func(*SessionRead) error) error {
	s, ok := ctx.Value(scopeKey{}).(*scope)
	if !ok {
		return ErrNoScope
	}
	if s.sessionPending {
		s.checks = append(s.checks, check)
		return nil
	}
	if s.refusal != nil {
		return s.refusal
	}
	if err := check(s.session); err != nil {
		s.refusal = err
		return err
	}
	return nil
}

// SessionChecked reads and checks the scope's session now when it is
// still pending (BEGIN and the statement that enters the school, alone),
// and returns the scope's refusal: the first check's error, or that of a
// beginning that failed; nil outside a scope. A request that reads first
// asks for it after its handler has run, so that a handler that sent no
// statement, or dropped the error of the one that brought the refusal, is
// refused all the same.
func SessionChecked(ctx context.Context) error {
	s, ok := ctx.Value(scopeKey{}).(*scope)
	if !ok {
		return nil
	}
	if s.sessionPending && s.conn != nil {
		err := onScopeConn(s, func(c *scopeConn) error { return c.flush(ctx) })
		if err != nil && s.refusal == nil {
			s.refusal = err
		}
	}
	return s.refusal
}

// SessionFrom returns what entering the current scope read of the probed
// session, or nil when no session was probed (or it is still pending).
func SessionFrom(ctx context.Context) *SessionRead {
	if s, ok := ctx.Value(scopeKey{}).(*scope); ok {
		return s.session
	}
	return nil
}

// DB returns the scoped transaction of the current request. Domain code gets
// its database handle only from here, so it cannot reach another school.
func DB(ctx context.Context) (*gorm.DB, error) {
	s, ok := ctx.Value(scopeKey{}).(*scope)
	if !ok || s.tx == nil {
		return nil, ErrNoScope
	}
	return s.tx.WithContext(ctx), nil
}

// Current returns the tenant of the current scope, or nil outside one.
func Current(ctx context.Context) *Tenant {
	if s, ok := ctx.Value(scopeKey{}).(*scope); ok {
		return s.tenant
	}
	return nil
}
