package tenants_test

import (
	"context"
	"errors"
	"testing"

	"gorm.io/gorm"

	"github.com/praksis/praksis/tenants"
	"github.com/praksis/praksis/tenants/testdb"
)

func TestSessionOnlyScopeReadsTheSessionAndLeavesNothing(t *testing.T) {
	db := testdb.New(t)
	a := db.School(t, "only-a", "Skole A")
	b := db.School(t, "only-b", "Skole B")
	kari := userWithSession(t, db, "only-a")
	db.Exec(t, "only-a", "INSERT INTO sessions (id, user_id, sign_in_method, revoked_at) SELECT '5f0c3f4e-0000-4000-8000-000000000002', id, 'code', now() FROM users")
	sqlDB, err := db.Root.DB()
	if err != nil {
		t.Fatal(err)
	}
	// One connection, so that what the statement left behind would show.
	sqlDB.SetMaxOpenConns(1)

	for _, tc := range []struct {
		name   string
		school *tenants.Tenant
		probe  tenants.SessionProbe
		found  bool
	}{
		{"a live session", a, tenants.SessionProbe{ID: "5f0c3f4e-0000-4000-8000-000000000001", UserID: kari}, true},
		{"a revoked session", a, tenants.SessionProbe{ID: "5f0c3f4e-0000-4000-8000-000000000002", UserID: kari}, false},
		{"another user's claim", a, tenants.SessionProbe{ID: "5f0c3f4e-0000-4000-8000-000000000001", UserID: kari + 1}, false},
		{"the session in another school", b, tenants.SessionProbe{ID: "5f0c3f4e-0000-4000-8000-000000000001", UserID: kari}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx := tenants.SessionOnly(context.Background())
			ran := false
			err := tenants.InScopeAs(ctx, db.Root, tc.school, &tc.probe, func(ctx context.Context, tx *gorm.DB) error {
				ran = true
				read := tenants.SessionFrom(ctx)
				if read == nil || read.Found != tc.found {
					t.Errorf("session read %+v, want found %v", read, tc.found)
				}
				if tc.found && (read.UserID != kari || read.SignInMethod != "code") {
					t.Errorf("session read %+v", read)
				}
				if tx != nil {
					t.Error("a handle for statements in a session-only scope")
				}
				if _, err := tenants.DB(ctx); !errors.Is(err, tenants.ErrNoScope) {
					t.Errorf("DB in a session-only scope: %v, want ErrNoScope", err)
				}
				if _, err := tenants.SQLTx(ctx); !errors.Is(err, tenants.ErrNoScope) {
					t.Errorf("SQLTx in a session-only scope: %v, want ErrNoScope", err)
				}
				if tenants.Current(ctx) != tc.school {
					t.Error("the scope does not name its school")
				}
				return nil
			})
			if err != nil || !ran {
				t.Fatalf("InScopeAs: %v (ran %v)", err, ran)
			}
			// The settings ended with the statement.
			var path, user string
			if err := db.Root.Raw("SELECT current_setting('search_path'), current_user::text").Row().Scan(&path, &user); err != nil {
				t.Fatal(err)
			}
			if path == tc.school.SchemaName || user == tc.school.DBRole {
				t.Fatalf("the connection kept the scope: search_path %q, role %q", path, user)
			}
		})
	}
}

// userWithSession adds Kari to the school and a live session of hers
// (5f0c3f4e-0000-4000-8000-000000000001), and returns her id.
func userWithSession(t *testing.T, db *testdb.DB, slug string) int64 {
	t.Helper()
	db.Exec(t, slug, "INSERT INTO users (display_name, email) VALUES ('Kari', 'kari@a.test')")
	db.Exec(t, slug, "INSERT INTO sessions (id, user_id, sign_in_method) SELECT '5f0c3f4e-0000-4000-8000-000000000001', id, 'code' FROM users")
	var kari int64
	if err := db.InScopeTest(slug, func(_ context.Context, tx *gorm.DB) error {
		return tx.Raw("SELECT id FROM users").Row().Scan(&kari)
	}); err != nil {
		t.Fatal(err)
	}
	return kari
}
