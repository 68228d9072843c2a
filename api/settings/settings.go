// Package settings stores a school's settings that are not texts: one JSON
// document per key in the school's settings table (the eFormidling set-up,
// the retention policy).
package settings

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/praksis/praksis/tenants"
)

// Load reads the setting key of the current scope into v; found is false
// (and v untouched) when the school has none.
func Load(ctx context.Context, key string, v any) (found bool, err error) {
	tx, err := tenants.DB(ctx)
	if err != nil {
		return false, err
	}
	var raw []string
	if err := tx.Raw("SELECT value::text FROM settings WHERE key = ?", key).Scan(&raw).Error; err != nil {
		return false, fmt.Errorf("read setting %s: %w", key, err)
	}
	if len(raw) == 0 {
		return false, nil
	}
	if err := json.Unmarshal([]byte(raw[0]), v); err != nil {
		return false, fmt.Errorf("read setting %s: %w", key, err)
	}
	return true, nil
}

// Save stores v as the setting key of the current scope.
func Save(ctx context.Context, key string, v any) error {
	tx, err := tenants.DB(ctx)
	if err != nil {
		return err
	}
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Errorf("encode setting %s: %w", key, err)
	}
	if err := tx.Exec(`INSERT INTO settings (key, value, updated_at) VALUES (?, ?::jsonb, now())
		ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at`, key, string(b)).Error; err != nil {
		return fmt.Errorf("save setting %s: %w", key, err)
	}
	return nil
}
