package mockeformidling

import (
	"context"
	"fmt"
	"strings"

	"gorm.io/gorm"

	"github.com/praksis/praksis/api/eformidling"
	"github.com/praksis/praksis/tenants"
)

// UseDevDouble points a development school that has no eFormidling set-up
// at the test integrasjonspunkt served at base,
// with the school's organisation number as sender and archive, so that a
// developer sees results arrive in an archive. A school already set up is
// left alone.
func UseDevDouble(ctx context.Context, s *tenants.Service, slug, base string) (bool, error) {
	t, err := s.Get(ctx, slug)
	if err != nil {
		return false, err
	}
	org := strings.ReplaceAll(t.OrgNumber, " ", "")
	changed := false
	err = s.InScope(ctx, slug, func(ctx context.Context, _ *gorm.DB) error {
		cfg, err := eformidling.Load(ctx)
		if err != nil || cfg.URL != "" {
			return err
		}
		cfg = eformidling.Config{Enabled: true, URL: base, SenderOrgNumber: org, ReceiverOrgNumber: org}
		if errs := cfg.Normalize(); len(errs) > 0 {
			return fmt.Errorf("point %s at the test integrasjonspunkt: %v", slug, errs[0])
		}
		changed = true
		return eformidling.Save(ctx, cfg)
	})
	return changed, err
}
