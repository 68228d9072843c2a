package tenants

import (
	"context"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"sync"
	"time"

	"gorm.io/gorm"

	"github.com/praksis/praksis/tenants/texts"
)

// Registry is a replica's in-memory copy of the tenant registry: hosts to
// schools. It is refreshed when the control schema changes, so a school
// created by an operator is served by every replica within one refresh
// interval, without a restart.
type Registry struct {
	db     *gorm.DB
	target int64
	// affinity, when set, gives each request a connection that last served
	// its school (see Affinity).
	affinity *Affinity

	mu     sync.RWMutex
	byHost map[string]*Tenant
	bySlug map[string]*Tenant
	stamp  string
}

// NewRegistry makes an empty registry reading from db. target is the tenant
// schema version this binary serves.
func NewRegistry(db *gorm.DB, target int64) *Registry {
	return &Registry{db: db, target: target, byHost: map[string]*Tenant{}, bySlug: map[string]*Tenant{}}
}

// UseAffinity makes requests run on connections that last served their
// school (see Affinity), at most max at once.
func (r *Registry) UseAffinity(max int) error {
	sqlDB, err := r.db.DB()
	if err != nil {
		return fmt.Errorf("school-affine pool: %w", err)
	}
	r.affinity = NewAffinity(sqlDB, max)
	return nil
}

// Close gives the connections kept per school back to the pool.
func (r *Registry) Close() {
	if r.affinity != nil {
		r.affinity.Close()
	}
}

// TargetVersion is the tenant schema version this binary serves.
func (r *Registry) TargetVersion() int64 { return r.target }

// Load reads the whole registry.
func (r *Registry) Load(ctx context.Context) error {
	var stamp string
	if err := r.db.WithContext(ctx).Raw(`SELECT count(*)::text || '/' || coalesce(max(updated_at)::text, '') FROM control.tenants`).
		Scan(&stamp).Error; err != nil {
		return fmt.Errorf("read registry stamp: %w", err)
	}
	list, err := listTenants(ctx, r.db)
	if err != nil {
		return err
	}
	byHost := make(map[string]*Tenant, len(list))
	bySlug := make(map[string]*Tenant, len(list))
	for _, t := range list {
		bySlug[t.Slug] = t
		for _, h := range t.Hosts {
			byHost[h] = t
		}
	}
	r.mu.Lock()
	r.byHost, r.bySlug, r.stamp = byHost, bySlug, stamp
	r.mu.Unlock()
	return nil
}

// refreshIfChanged reloads when the registry's stamp (row count and latest
// update) differs from the loaded one: one cheap query per interval.
func (r *Registry) refreshIfChanged(ctx context.Context) error {
	var stamp string
	if err := r.db.WithContext(ctx).Raw(`SELECT count(*)::text || '/' || coalesce(max(updated_at)::text, '') FROM control.tenants`).
		Scan(&stamp).Error; err != nil {
		return fmt.Errorf("read registry stamp: %w", err)
	}
	r.mu.RLock()
	same := stamp == r.stamp
	r.mu.RUnlock()
	if same {
		return nil
	}
	return r.Load(ctx)
}

// Watch refreshes the registry every interval until ctx ends. Polling rather
// than LISTEN keeps it working behind a transaction-mode pooler.
func (r *Registry) Watch(ctx context.Context, interval time.Duration, log *slog.Logger) {
	tick := time.NewTicker(interval)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
			if err := r.refreshIfChanged(ctx); err != nil && ctx.Err() == nil {
				log.Warn("refresh tenant registry", "error", err)
			}
		}
	}
}

// ByHost returns the school served on host (lower-case, no port).
func (r *Registry) ByHost(host string) (*Tenant, bool) {
	r.mu.RLock()
	defer r.mu.RUnlock()
	t, ok := r.byHost[host]
	return t, ok
}

// BySlug returns the school with the slug.
func (r *Registry) BySlug(slug string) (*Tenant, bool) {
	r.mu.RLock()
	defer r.mu.RUnlock()
	t, ok := r.bySlug[slug]
	return t, ok
}

// All returns every registered school.
func (r *Registry) All() []*Tenant {
	r.mu.RLock()
	defer r.mu.RUnlock()
	out := make([]*Tenant, 0, len(r.bySlug))
	for _, t := range r.bySlug {
		out = append(out, t)
	}
	return out
}

// Scope runs fn inside the tenant's request scope (see InScope).
func (r *Registry) Scope(ctx context.Context, t *Tenant, fn func(ctx context.Context, tx *gorm.DB) error) error {
	return r.ScopeAs(ctx, t, nil, fn)
}

// ScopeAs runs fn inside the tenant's request scope, reading the probed
// session as it enters (see InScopeAs).
func (r *Registry) ScopeAs(ctx context.Context, t *Tenant, probe *SessionProbe, fn func(ctx context.Context, tx *gorm.DB) error) error {
	if r.affinity != nil {
		return r.affinity.inScope(ctx, r.db, t, probe, fn)
	}
	return InScopeAs(ctx, r.db, t, probe, fn)
}

// Ping checks that the database answers, for readiness.
func (r *Registry) Ping(ctx context.Context) error {
	sqlDB, err := r.db.DB()
	if err != nil {
		return err
	}
	return sqlDB.PingContext(ctx)
}

// SetDefaultLanguage makes lang (one of texts.Languages) the language a new
// visitor of the school meets, and reloads the registry so this replica
// serves it at once; the others pick it up at their next refresh.
func (r *Registry) SetDefaultLanguage(ctx context.Context, slug, lang string) error {
	if !slices.Contains(texts.Languages, lang) {
		return fmt.Errorf("default language must be one of %s, not %q", strings.Join(texts.Languages, ", "), lang)
	}
	res := r.db.WithContext(ctx).Exec("UPDATE control.tenants SET default_language = ?, updated_at = now() WHERE slug = ?", lang, slug)
	if res.Error != nil {
		return fmt.Errorf("set default language of %s: %w", slug, res.Error)
	}
	if res.RowsAffected == 0 {
		return ErrNotFound
	}
	return r.Load(ctx)
}
