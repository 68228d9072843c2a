package httpapi

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"gorm.io/gorm"

	"github.com/praksis/praksis/api/auth"
	"github.com/praksis/praksis/api/users"
)

// signIn creates a user with roles in a school and returns a token minted on
// host, as a sign-in would.
func (f *fixture) signIn(t *testing.T, slug, host, email string, roles ...int64) (string, int64) {
	t.Helper()
	var tok string
	var id int64
	err := f.db.Service.InScope(context.Background(), slug, func(ctx context.Context, tx *gorm.DB) error {
		u, err := users.Create(ctx, users.NewUser{DisplayName: "Test " + email, Email: email, Roles: roles})
		if err != nil {
			return err
		}
		id = u.ID
		tok, err = f.auth.StartSession(ctx, u.ID, auth.MethodCode, "test", host)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return tok, id
}

func bearer(tok string) map[string]string { return map[string]string{"Authorization": "Bearer " + tok} }

func TestMeAndRoles(t *testing.T) {
	f := newFixture(t)
	tok, id := f.signIn(t, "skole-a", "a.localhost", "kari@a.test", users.RoleTeacher, users.RoleAdmin)
	rec := f.do(t, http.MethodGet, "a.localhost", "/api/users/me", bearer(tok))
	if rec.Code != http.StatusOK {
		t.Fatalf("me: %d %s", rec.Code, rec.Body)
	}
	me := decode[users.Me](t, rec)
	if me.ID != id || me.Email != "kari@a.test" || len(me.Roles) != 2 || me.Roles[0].Name != "Admin" || !me.IsActive {
		t.Errorf("me: %+v", me)
	}
	rec = f.do(t, http.MethodGet, "a.localhost", "/api/roles", bearer(tok))
	roles := decode[[]users.Role](t, rec)
	if len(roles) != 4 || roles[1].ID != 2 || roles[1].Name != "Student" || roles[3].Name != "Advisor" {
		t.Errorf("roles: %+v", roles)
	}
	rec = f.do(t, http.MethodPost, "a.localhost", "/api/users/me/privacy-policy", bearer(tok))
	if rec.Code != http.StatusOK {
		t.Fatalf("accept privacy policy: %d", rec.Code)
	}
	if me := decode[users.Me](t, f.do(t, http.MethodGet, "a.localhost", "/api/users/me", bearer(tok))); me.PrivacyPolicyAcceptedAt == nil {
		t.Error("privacy acceptance not recorded")
	}
}

func TestTokenRefusals(t *testing.T) {
	f := newFixture(t)
	tok, id := f.signIn(t, "skole-a", "a.localhost", "kari@a.test", users.RoleStudent)
	cases := []struct {
		name, host, header string
		want               int
	}{
		{"no token", "a.localhost", "", http.StatusUnauthorized},
		{"garbage", "a.localhost", "Bearer abc.def.ghi", http.StatusUnauthorized},
		{"valid", "a.localhost", "Bearer " + tok, http.StatusOK},
		{"other school's host", "b.localhost", "Bearer " + tok, http.StatusUnauthorized},
	}
	for _, c := range cases {
		h := map[string]string{}
		if c.header != "" {
			h["Authorization"] = c.header
		}
		rec := f.do(t, http.MethodGet, c.host, "/api/users/me", h)
		if rec.Code != c.want {
			t.Errorf("%s: %d, want %d", c.name, rec.Code, c.want)
		}
		if rec.Code == http.StatusUnauthorized {
			if p := decode[Problem](t, rec); p.StatusCode != 401 {
				t.Errorf("%s: problem %+v", c.name, p)
			}
		}
	}

	// A token 31 minutes old has expired, and says so.
	f.auth.SetClock(func() time.Time { return time.Now().Add(31 * time.Minute) })
	rec := f.do(t, http.MethodGet, "a.localhost", "/api/users/me", bearer(tok))
	if rec.Code != http.StatusUnauthorized || !strings.Contains(decode[Problem](t, rec).Description, "Token has expired") {
		t.Errorf("expired token: %d %s", rec.Code, rec.Body)
	}
	f.auth.SetClock(time.Now)

	// Deactivating the user revokes the session at once.
	f.db.Exec(t, "skole-a", "UPDATE users SET is_active = false, deactivated_at = now() WHERE id = ?", id)
	if rec := f.do(t, http.MethodGet, "a.localhost", "/api/users/me", bearer(tok)); rec.Code != http.StatusUnauthorized {
		t.Errorf("deactivated user: %d", rec.Code)
	}
}

// A school's token says which school it is for; the same user id in
// another school on the same host name pattern is never reached.
func TestTokenOfOneSchoolIsRefusedByAnother(t *testing.T) {
	f := newFixture(t)
	tokA, _ := f.signIn(t, "skole-a", "a.localhost", "kari@a.test", users.RoleAdmin)
	_, _ = f.signIn(t, "skole-b", "b.localhost", "kari@a.test", users.RoleAdmin)
	if rec := f.do(t, http.MethodGet, "b.localhost", "/api/users/me", bearer(tokA)); rec.Code != http.StatusUnauthorized {
		t.Fatalf("school A's token on school B: %d %s", rec.Code, rec.Body)
	}
	// Even if B's host is added to A's audience list by a proxy trick, the
	// tenant claim does not match.
	tok, err := f.auth.StartSessionForTest(t, f.db, "skole-a", "b.localhost")
	if err != nil {
		t.Fatal(err)
	}
	if rec := f.do(t, http.MethodGet, "b.localhost", "/api/users/me", bearer(tok)); rec.Code != http.StatusUnauthorized {
		t.Fatalf("school A's token with B's audience: %d", rec.Code)
	}
}

func TestRefreshAndSignOut(t *testing.T) {
	f := newFixture(t)
	tok, _ := f.signIn(t, "skole-a", "a.localhost", "kari@a.test", users.RoleTeacher)
	rec := f.do(t, http.MethodGet, "a.localhost", "/api/auth/refresh", bearer(tok))
	if rec.Code != http.StatusOK {
		t.Fatalf("refresh: %d %s", rec.Code, rec.Body)
	}
	fresh := decode[auth.TokenResponse](t, rec).Token
	if fresh == "" {
		t.Fatal("no fresh token")
	}
	if rec := f.do(t, http.MethodPost, "a.localhost", "/api/auth/sign-out", bearer(fresh)); rec.Code != http.StatusNoContent {
		t.Fatalf("sign out: %d", rec.Code)
	}
	for _, old := range []string{tok, fresh} {
		if rec := f.do(t, http.MethodGet, "a.localhost", "/api/users/me", bearer(old)); rec.Code != http.StatusUnauthorized {
			t.Errorf("replayed token after sign-out: %d", rec.Code)
		}
		if rec := f.do(t, http.MethodGet, "a.localhost", "/api/auth/refresh", bearer(old)); rec.Code != http.StatusUnauthorized {
			t.Errorf("refresh after sign-out: %d", rec.Code)
		}
	}
}

func TestSessionEndsAfterTwelveHours(t *testing.T) {
	f := newFixture(t)
	tok, id := f.signIn(t, "skole-a", "a.localhost", "kari@a.test", users.RoleTeacher)
	f.db.Exec(t, "skole-a", "UPDATE sessions SET created_at = now() - interval '13 hours', expires_at = now() - interval '1 hour' WHERE user_id = ?", id)
	if rec := f.do(t, http.MethodGet, "a.localhost", "/api/auth/refresh", bearer(tok)); rec.Code != http.StatusUnauthorized {
		t.Errorf("refresh of an ended session: %d", rec.Code)
	}
}
