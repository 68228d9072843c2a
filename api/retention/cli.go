package retention

import (
	"context"
	"fmt"
	"strings"

	"github.com/spf13/pflag"
	"gorm.io/gorm"

	"github.com/praksis/praksis/tenants"
)

// UpdateFlags are the retention flags of `praksis tenant update`
// (--retention-working-data-months and the rest, one per policy field).
type UpdateFlags struct {
	p Policy
}

var _ tenants.UpdateExtension = (*UpdateFlags)(nil)

// flagName is the flag of a policy field: workingDataMonths becomes
// retention-working-data-months.
func flagName(field string) string {
	var b strings.Builder
	b.WriteString("retention-")
	for _, r := range field {
		if r >= 'A' && r <= 'Z' {
			b.WriteByte('-')
			r += 'a' - 'A'
		}
		b.WriteRune(r)
	}
	return b.String()
}

// Flags registers one flag per policy field.
func (u *UpdateFlags) Flags(f *pflag.FlagSet) {
	for _, l := range Limits {
		f.IntVar(l.get(&u.p), flagName(l.Field), l.Value(&Default),
			fmt.Sprintf("retention policy: %s, %d to %d (default policy: %d)", l.Field, l.Min, l.Max, l.Value(&Default)))
	}
}

// Apply stores the given policy fields over the school's current policy; a
// value out of range fails naming its flag.
func (u *UpdateFlags) Apply(ctx context.Context, s *tenants.Service, slug string, changed func(string) bool) error {
	given := false
	for _, l := range Limits {
		given = given || changed(flagName(l.Field))
	}
	if !given {
		return nil
	}
	return s.InScope(ctx, slug, func(ctx context.Context, _ *gorm.DB) error {
		p, err := Load(ctx)
		if err != nil {
			return err
		}
		for _, l := range Limits {
			if changed(flagName(l.Field)) {
				l.Set(&p, l.Value(&u.p))
			}
		}
		if bad := p.Invalid(); len(bad) > 0 {
			var msgs []string
			for _, l := range bad {
				msgs = append(msgs, fmt.Sprintf("--%s: must be from %d to %d", flagName(l.Field), l.Min, l.Max))
			}
			return fmt.Errorf("retention policy of %s not saved:\n  %s", slug, strings.Join(msgs, "\n  "))
		}
		_, err = Saved(ctx, p)
		return err
	})
}
