package tenants

import (
	"context"
	"errors"
	"fmt"

	"gorm.io/gorm"
)

type scopeKey struct{}

type scope struct {
	tenant *Tenant
	tx     *gorm.DB
}

// ErrNoScope is returned by work that needs a school's scope when there is
// none in the context: a programming error, never a client's.
var ErrNoScope = errors.New("no tenant scope in context")

// InScope runs fn in one transaction confined to the tenant: the transaction
// starts with SET LOCAL search_path to the tenant schema and SET LOCAL role
// to the tenant role, so every statement in fn sees this school's tables and
// is refused any other's. fn's error rolls the transaction back.
func InScope(ctx context.Context, root *gorm.DB, t *Tenant, fn func(ctx context.Context, tx *gorm.DB) error) error {
	return root.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		// One round trip for both settings; both are transaction-local.
		if err := tx.Exec("SELECT set_config('search_path', ?, true), set_config('role', ?, true)",
			t.SchemaName, t.DBRole).Error; err != nil {
			return fmt.Errorf("enter scope of tenant %s: %w", t.Slug, err)
		}
		sctx := context.WithValue(ctx, scopeKey{}, &scope{tenant: t, tx: tx})
		return fn(sctx, tx.WithContext(sctx))
	})
}

// DB returns the scoped transaction of the current request. Domain code gets
// its database handle only from here, so it cannot reach another school.
func DB(ctx context.Context) (*gorm.DB, error) {
	s, ok := ctx.Value(scopeKey{}).(*scope)
	if !ok {
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
