package jobs

import (
	"context"

	"gorm.io/gorm"

	"github.com/praksis/praksis/tenants"
)

// Schools is what the periodic sweeps need of the tenant registry (the
// sweeps' pool, tenants.Sweeps): every school, one by slug, the schema
// version a school must have reached before a sweep touches it, and a
// transaction in a school's scope.
type Schools interface {
	All() []*tenants.Tenant
	BySlug(slug string) (*tenants.Tenant, bool)
	TargetVersion() int64
	Scope(ctx context.Context, t *tenants.Tenant, fn func(ctx context.Context, tx *gorm.DB) error) error
}
