package tenants

import (
	"container/list"
	"context"
	"database/sql"
	"fmt"
	"sync"
	"time"

	"gorm.io/gorm"
)

// Affinity hands each request a connection that last served the same school
// when there is one, so that the connection has that school's prepared
// statements, plans and table descriptions at hand. Each school's
// statements are kept apart on a connection (schoolStatements), so their
// plans survive moves between schools; a connection that serves fewer
// schools still plans and loads less, and keeps less in memory.
//
// It sits on top of database/sql's pool: at most max connections are out at
// once; an idle one is kept under the school it last served, newest first.
// A request for a school with none idle takes the newest idle one that has
// served the school before (it still holds the school's statements and
// table descriptions), else the one idle the longest (whatever its school),
// else a fresh one from the pool. Over many schools this keeps each
// connection to fewer of them: the first meeting of a connection and a
// school costs tens of milliseconds of planning and catalogue reads, and
// each school met stays in the connection's memory. Connections idle
// longer than idleTimeout, and any whose request failed, go back to the
// pool, which checks and closes them as it does its own.
//
// When all max are out, requests wait in line. A connection given back then
// goes straight to the longest-waiting request of the school it served, so
// that at full load (when every connection is out and requests queue) a
// connection keeps its school as it does when idle; only when no request of
// that school waits does it go to the first in line. A request is passed
// over that way at most maxOvertakes times while first in line, so a school
// with few requests is never starved by a busy one.
//
// Isolation does not change: every setting a request makes is transaction-
// local (SET LOCAL role and search_path), so a connection carries nothing
// from one school to the next but its statement cache.
type Affinity struct {
	db           *sql.DB
	max          int
	maxOvertakes int
	idleTimeout  time.Duration

	mu      sync.Mutex
	out     int                   // connections handed out (or being opened)
	waiting *list.List            // of *waiter, first in line at the front
	bySlug  map[string]*list.List // of *idleConn, newest at the front
	all     *list.List            // of *idleConn, newest at the front
	// met is, for each connection kept here, the schools it has served.
	met map[*sql.Conn]map[string]struct{}
}

type idleConn struct {
	conn  *sql.Conn
	slug  string
	since time.Time
	// own and any are its elements in bySlug[slug] and all.
	own, any *list.Element
}

// waiter is a request waiting for a connection.
type waiter struct {
	slug  string
	ready chan grant // buffered: the hand-off never blocks
	// overtaken counts the requests served before this one while it was
	// first in line.
	overtaken int
	// e is its element in waiting; nil once it has been served.
	e *list.Element
}

// grant is what a waiting request is given: a connection (with the school
// it last served), or only the right to take one (conn nil).
type grant struct {
	conn *sql.Conn
	slug string
}

// NewAffinity makes the school-affine pool over db, with at most max
// connections out at once (db's own limit should be the same).
func NewAffinity(db *sql.DB, max int) *Affinity {
	if max < 1 {
		max = 1
	}
	return &Affinity{db: db, max: max, maxOvertakes: max, idleTimeout: 5 * time.Minute,
		waiting: list.New(), bySlug: map[string]*list.List{}, all: list.New(),
		met: map[*sql.Conn]map[string]struct{}{}}
}

// get returns a connection for the school, waiting in line when max are
// out.
func (a *Affinity) get(ctx context.Context, slug string) (*sql.Conn, error) {
	a.mu.Lock()
	if a.out < a.max {
		a.out++
		c := a.take(slug)
		a.mu.Unlock()
		if c != nil {
			return c, nil
		}
		return a.open(ctx)
	}
	w := &waiter{slug: slug, ready: make(chan grant, 1)}
	w.e = a.waiting.PushBack(w)
	a.mu.Unlock()
	select {
	case g := <-w.ready:
		return a.use(ctx, slug, g)
	case <-ctx.Done():
		a.mu.Lock()
		if w.e != nil {
			a.waiting.Remove(w.e)
			w.e = nil
			a.mu.Unlock()
			return nil, ctx.Err()
		}
		a.mu.Unlock()
		// Served as it gave up: pass what it was given on.
		if g := <-w.ready; g.conn != nil {
			a.put(g.slug, g.conn, false)
		} else {
			a.release()
		}
		return nil, ctx.Err()
	}
}

// use is the connection a served request runs on: the one handed to it, or
// one it takes (idle or fresh) in the place it was given.
func (a *Affinity) use(ctx context.Context, slug string, g grant) (*sql.Conn, error) {
	if g.conn != nil {
		return g.conn, nil
	}
	a.mu.Lock()
	c := a.take(slug)
	a.mu.Unlock()
	if c != nil {
		return c, nil
	}
	return a.open(ctx)
}

// open takes a fresh connection from the pool for a request that holds a
// place; on failure the place goes to the next in line.
func (a *Affinity) open(ctx context.Context) (*sql.Conn, error) {
	c, err := a.db.Conn(ctx)
	if err != nil {
		a.release()
		return nil, err
	}
	return c, nil
}

// take removes and returns an idle connection: the school's newest, else
// the newest that served the school before, else the one idle the longest;
// nil when none is idle. Connections idle too long go back to the pool on
// the way. a.mu is held.
func (a *Affinity) take(slug string) *sql.Conn {
	for e := a.all.Back(); e != nil; {
		ic := e.Value.(*idleConn)
		if time.Since(ic.since) < a.idleTimeout {
			break
		}
		prev := e.Prev()
		a.remove(ic)
		delete(a.met, ic.conn)
		_ = ic.conn.Close()
		e = prev
	}
	var ic *idleConn
	if l := a.bySlug[slug]; l != nil && l.Len() > 0 {
		ic = l.Front().Value.(*idleConn)
	} else {
		// At most max are idle: a look at each is cheap.
		for e := a.all.Front(); e != nil && ic == nil; e = e.Next() {
			if _, ok := a.met[e.Value.(*idleConn).conn][slug]; ok {
				ic = e.Value.(*idleConn)
			}
		}
		if e := a.all.Back(); ic == nil && e != nil {
			ic = e.Value.(*idleConn)
		}
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

// next removes and returns the request to serve with a connection that
// last served slug ("" for none): the first in line of that school, unless
// the first in line has been passed over maxOvertakes times already; else
// the first in line; nil when nobody waits. a.mu is held.
func (a *Affinity) next(slug string) *waiter {
	front := a.waiting.Front()
	if front == nil {
		return nil
	}
	first := front.Value.(*waiter)
	chosen := first
	if slug != "" && first.slug != slug && first.overtaken < a.maxOvertakes {
		for e := front.Next(); e != nil; e = e.Next() {
			if w := e.Value.(*waiter); w.slug == slug {
				chosen = w
				break
			}
		}
	}
	if chosen != first {
		first.overtaken++
	}
	a.waiting.Remove(chosen.e)
	chosen.e = nil
	return chosen
}

// release gives up a place without a connection (the request's failed, or
// opening one did): the next in line takes it, else it is free.
func (a *Affinity) release() {
	a.mu.Lock()
	defer a.mu.Unlock()
	if w := a.next(""); w != nil {
		w.ready <- grant{}
		return
	}
	a.out--
}

// put hands c to a request waiting for it (of the school it served, first)
// or keeps it as the school's; a connection whose request failed goes back
// to the pool (which checks it before reuse) and its place to the next in
// line.
func (a *Affinity) put(slug string, c *sql.Conn, failed bool) {
	if failed {
		a.mu.Lock()
		delete(a.met, c)
		a.mu.Unlock()
		_ = c.Close()
		a.release()
		return
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	met := a.met[c]
	if met == nil {
		met = map[string]struct{}{}
		a.met[c] = met
	}
	met[slug] = struct{}{}
	if w := a.next(slug); w != nil {
		w.ready <- grant{conn: c, slug: slug}
		return
	}
	a.out--
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
	a.met = map[*sql.Conn]map[string]struct{}{}
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
		err = a.run(t.Slug, c, func() error {
			return InScopeAs(ctx, db, t, probe, func(ctx context.Context, tx *gorm.DB) error {
				began = true
				return fn(ctx, tx)
			})
		})
		if attempt == 0 && mayRetry(err, began) {
			continue
		}
		return err
	}
}

// run runs scoped work on c and gives c back, as failed when the work
// failed or panicked: a handler's panic (which the HTTP layer recovers
// from) must not keep one of the max places for good.
func (a *Affinity) run(slug string, c *sql.Conn, work func() error) (err error) {
	done := false
	defer func() {
		if !done {
			a.put(slug, c, true)
		}
	}()
	err = work()
	done = true
	a.put(slug, c, err != nil)
	return err
}
