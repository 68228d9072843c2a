package signin

import (
	"context"
	"testing"

	"github.com/riverqueue/river"
	"gorm.io/gorm"

	"github.com/praksis/praksis/tenants"
	"github.com/praksis/praksis/tenants/testdb"
)

// The clean-up removes stale codes, sessions and unsent e-mail in every
// served school, and keeps what is still of use.
func TestCleanup(t *testing.T) {
	db := testdb.New(t)
	for _, slug := range []string{"skole-a", "skole-b"} {
		db.School(t, slug, "Skole")
		db.Exec(t, slug, "INSERT INTO users (display_name, email) VALUES ('Kari', 'kari@example.no')")
		db.Exec(t, slug, `INSERT INTO one_time_codes (email, code_hash, created_at, expires_at) VALUES
			('old@example.no', 'x', now() - interval '3 days', now() - interval '3 days' + interval '10 minutes'),
			('new@example.no', 'x', now() - interval '1 hour', now() - interval '50 minutes')`)
		db.Exec(t, slug, `INSERT INTO sessions (user_id, sign_in_method, created_at, expires_at) SELECT users.id, 'code', v.created_at, v.expires_at
			FROM users, (VALUES (now() - interval '20 days', now() - interval '19 days'), (now() - interval '1 hour', now() + interval '11 hours')) v(created_at, expires_at)`)
		db.Exec(t, slug, `INSERT INTO mail_outbox (to_address, subject, text_body, html_body, created_at) VALUES
			('old@example.no', 's', 't', 'h', now() - interval '2 days'), ('new@example.no', 's', 't', 'h', now())`)
	}
	reg := tenants.NewRegistry(db.Root, tenants.TenantTarget())
	if err := reg.Load(context.Background()); err != nil {
		t.Fatal(err)
	}
	if err := NewCleanupWorker(reg).Work(context.Background(), &river.Job[CleanupArgs]{}); err != nil {
		t.Fatal(err)
	}
	for _, slug := range []string{"skole-a", "skole-b"} {
		for table, want := range map[string]int64{"one_time_codes": 1, "sessions": 1, "mail_outbox": 1} {
			var n int64
			err := db.InScopeTest(slug, func(ctx context.Context, tx *gorm.DB) error {
				return tx.Raw("SELECT count(*) FROM " + table).Scan(&n).Error
			})
			if err != nil || n != want {
				t.Errorf("%s.%s: %d rows left (%v), want %d", slug, table, n, err, want)
			}
		}
	}
	if CleanupJob() == nil {
		t.Error("no periodic job")
	}
}
