package tenants

import (
	"container/list"
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"sync"
	"time"

	"gorm.io/gorm"
)

// Affinity hands each request a connection that last served the same school
// when there is one, so that the connection's prepared statements keep
// their plans. Postgres drops a cached plan whenever the search path it was
// made under differs from the current one; since every request sets its
// school's search path, a connection that moves between schools plans its
// statements again each time, and planning was most of Postgres' work.
//
// It sits on top of database/sql's pool: at most max connections are out at
// once (a request waits for one, as it would in the pool); an idle one is
// kept under the school it last served, newest first. A request for a school
// with none idle takes the one idle the longest (whatever its school) or a
// fresh one from the pool. Connections idle longer than idleTimeout, and
// any whose request failed, go back to the pool, which checks and closes
// them as it does its own.
//
// Isolation does not change: every setting a request makes is transaction-
// local (SET LOCAL role and search_path), so a connection carries nothing
// from one school to the next but its statement cache.
type Affinity struct {
	db          *sql.DB
	slots       chan struct{}
	idleTimeout time.Duration

	mu     sync.Mutex
	bySlug map[string]*list.List // of *idleConn, newest at the front
	all    *list.List            // of *idleConn, newest at the front
}

type idleConn struct {
	conn  *sql.Conn
	slug  string
	since time.Time
	// own and any are its elements in bySlug[slug] and all.
	own, any *list.Element
}

// NewAffinity makes the school-affine pool over db, with at most max
// connections out at once (db's own limit should be the same).
func NewAffinity(db *sql.DB, max int) *Affinity {
	if max < 1 {
		max = 1
	}
	return &Affinity{db: db, slots: make(chan struct{}, max), idleTimeout: 5 * time.Minute,
		bySlug: map[string]*list.List{}, all: list.New()}
}

// get returns a connection for the school, waiting for a free slot.
func (a *Affinity) get(ctx context.Context, slug string) (*sql.Conn, error) {
	select {
	case a.slots <- struct{}{}:
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	if c := a.take(slug); c != nil {
		return c, nil
	}
	c, err := a.db.Conn(ctx)
	if err != nil {
		<-a.slots
		return nil, err
	}
	return c, nil
}

// take removes and returns an idle connection: the school's newest, else
// the one idle the longest; nil when none is idle. Connections idle too
// long go back to the pool on the way.
func (a *Affinity) take(slug string) *sql.Conn {
	a.mu.Lock()
	defer a.mu.Unlock()
	for e := a.all.Back(); e != nil; {
		ic := e.Value.(*idleConn)
		if time.Since(ic.since) < a.idleTimeout {
			break
		}
		prev := e.Prev()
		a.remove(ic)
		_ = ic.conn.Close()
		e = prev
	}
	var ic *idleConn
	if l := a.bySlug[slug]; l != nil && l.Len() > 0 {
		ic = l.Front().Value.(*idleConn)
	} else if e := a.all.Back(); e != nil {
		ic = e.Value.(*idleConn)
	}
	if ic == nil {
		return nil
	}
	a.remove(ic)
	return ic.conn
}

func (a *Affinity) remove(ic *idleConn) {
	l := a.bySlug[ic.slug]
	l.Remove(ic.own)
	if l.Len() == 0 {
		delete(a.bySlug, ic.slug)
	}
	a.all.Remove(ic.any)
}

// put keeps c as the school's, or gives it back to the pool when its
// request failed (the pool then checks it before reuse).
func (a *Affinity) put(slug string, c *sql.Conn, failed bool) {
	defer func() { <-a.slots }()
	if failed {
		_ = c.Close()
		return
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	l := a.bySlug[slug]
	if l == nil {
		l = list.New()
		a.bySlug[slug] = l
	}
	ic := &idleConn{conn: c, slug: slug, since: time.Now()}
	ic.own = l.PushFront(ic)
	ic.any = a.all.PushFront(ic)
}

// Close gives every idle connection back to the pool.
func (a *Affinity) Close() {
	a.mu.Lock()
	defer a.mu.Unlock()
	for e := a.all.Front(); e != nil; e = e.Next() {
		_ = e.Value.(*idleConn).conn.Close()
	}
	a.bySlug, a.all = map[string]*list.List{}, list.New()
}

// inScope runs InScopeAs on a connection that last served the school when
// there is one. A connection found broken before the transaction began is
// given back and the request tried once more on another, as database/sql
// does with its own pool.
func (a *Affinity) inScope(ctx context.Context, root *gorm.DB, t *Tenant, probe *SessionProbe, fn func(ctx context.Context, tx *gorm.DB) error) error {
	for attempt := 0; ; attempt++ {
		c, err := a.get(ctx, t.Slug)
		if err != nil {
			return fmt.Errorf("connection for tenant %s: %w", t.Slug, err)
		}
		db := root.WithContext(ctx)
		db.Statement.ConnPool = c
		began := false
		err = InScopeAs(ctx, db, t, probe, func(ctx context.Context, tx *gorm.DB) error {
			began = true
			return fn(ctx, tx)
		})
		a.put(t.Slug, c, err != nil)
		if err != nil && !began && attempt == 0 && errors.Is(err, driver.ErrBadConn) {
			continue
		}
		return err
	}
}
