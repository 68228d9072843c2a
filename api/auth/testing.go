package auth

import (
	"context"
	"testing"

	"gorm.io/gorm"
)

// StartSessionForTest signs in a new user of school slug and returns a
// token whose audience is host, whatever school that host belongs to. It
// lets tests forge the one thing a token's signature cannot stop: use on the
// wrong host.
func (s *Service) StartSessionForTest(t testing.TB, db interface {
	InScopeTest(slug string, fn func(ctx context.Context, tx *gorm.DB) error) error
}, slug, host string) (string, error) {
	t.Helper()
	var tok string
	err := db.InScopeTest(slug, func(ctx context.Context, tx *gorm.DB) error {
		var id int64
		if err := tx.Raw("INSERT INTO users (display_name, email) VALUES ('Forged', 'forged@test.invalid') RETURNING id").Scan(&id).Error; err != nil {
			return err
		}
		var err error
		tok, err = s.StartSession(ctx, id, MethodCode, "test", host)
		return err
	})
	return tok, err
}
