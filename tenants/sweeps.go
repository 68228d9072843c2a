package tenants

import (
	"context"

	"gorm.io/gorm"
)

// Sweeps is the registry as work that visits every school sees it (the
// hourly sign-in clean-up, the daily retention sweep): the same schools, but
// each school's scope runs on a pool of its own rather than on the
// requests'.
//
// A connection that has served a school keeps that school's table
// descriptions and plans, some megabytes a school. A sweep over every
// school run on the request pool would load every school into each of its
// connections (and, with affinity, take the connections that last served
// the busy schools): a connection that had served 50 schools held about
// 190 MB, and after a clean-up over 200 schools each request connection
// planned its own schools' statements cold again. On their own pool, only
// the sweeps' connections carry every school, and the requests keep theirs.
type Sweeps struct {
	*Registry
	db *gorm.DB
}

// SweepConns is how many connections a replica opens for the sweeps, on
// top of DB_MAX_CONNS: the hourly clean-up and a retention sweep at once.
// Idle for five minutes they close, and with them the schools they carried.
const SweepConns = 2

// Sweeps returns the registry whose scopes run on db, a pool opened apart
// (tenants.Open) for work over every school. Its scopes are the same as the
// requests': the school's role and search path, set for the transaction.
func (r *Registry) Sweeps(db *gorm.DB) *Sweeps {
	return &Sweeps{Registry: r, db: db}
}

// Scope runs fn inside the school's scope on the sweeps' pool.
func (s *Sweeps) Scope(ctx context.Context, t *Tenant, fn func(ctx context.Context, tx *gorm.DB) error) error {
	return InScope(ctx, s.db, t, fn)
}

// ScopeAs is Registry.ScopeAs on the sweeps' pool.
func (s *Sweeps) ScopeAs(ctx context.Context, t *Tenant, probe *SessionProbe, fn func(ctx context.Context, tx *gorm.DB) error) error {
	return InScopeAs(ctx, s.db, t, probe, fn)
}
