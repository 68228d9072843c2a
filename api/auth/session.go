package auth

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/praksis/praksis/tenants"
)

// Method is how a person signed in, kept with the session (and later with
// each signature, since a signed result must say how the signer signed in).
type Method string

// The sign-in methods.
const (
	MethodFeide Method = "feide"
	MethodVipps Method = "vipps"
	MethodCode  Method = "code"
)

// Session is a row of the sessions table.
type Session struct {
	ID           string
	UserID       int64
	CreatedAt    time.Time
	ExpiresAt    time.Time
	RevokedAt    *time.Time
	SignInMethod Method
}

// ErrNoSession means the session is unknown, revoked, expired, or its user
// is deactivated.
var ErrNoSession = errors.New("session is not valid")

// StartSession opens a session for a user in the current school and returns
// a token for it, bound to host.
func (s *Service) StartSession(ctx context.Context, userID int64, method Method, userAgent, host string) (string, error) {
	tx, err := tenants.DB(ctx)
	if err != nil {
		return "", err
	}
	if len(userAgent) > 512 {
		userAgent = userAgent[:512]
	}
	var sess Session
	// The account keeps its last sign-in: sessions are deleted a week after
	// they end, and the retention policy removes accounts long unused.
	if err := tx.Raw(`WITH signed_in AS (UPDATE users SET last_signed_in_at = now() WHERE id = ?)
		INSERT INTO sessions (user_id, sign_in_method, user_agent, expires_at) VALUES (?, ?, ?, now() + ?::interval)
		RETURNING id, user_id, created_at, expires_at, sign_in_method`, userID, userID, method, userAgent,
		fmt.Sprintf("%d seconds", int(SessionLifetime.Seconds()))).Scan(&sess).Error; err != nil {
		return "", fmt.Errorf("start session for user %d: %w", userID, err)
	}
	if err := tx.Exec(`INSERT INTO audit_log (actor_user_id, action, entity, entity_id, details)
		VALUES (?, 'user.signedIn', 'user', ?, jsonb_build_object('method', ?::text))`, userID, userID, string(method)).Error; err != nil {
		return "", fmt.Errorf("audit sign-in: %w", err)
	}
	return s.token(ctx, &sess, host)
}

func (s *Service) token(ctx context.Context, sess *Session, host string) (string, error) {
	t := tenants.Current(ctx)
	if t == nil {
		return "", tenants.ErrNoScope
	}
	now := s.now()
	exp := now.Add(TokenLifetime)
	if sess.ExpiresAt.Before(exp) {
		exp = sess.ExpiresAt
	}
	return s.keys.Issue(Claims{UserID: sess.UserID, TenantID: t.Slug, Audience: host, SessionID: sess.ID, IssuedAt: now, Expires: exp})
}

// liveSessionAndRoles loads a session that is neither revoked nor expired
// and whose user is active, with the user's roles (ascending): one
// statement, since every signed-in request needs both.
func liveSessionAndRoles(ctx context.Context, id string, userID int64) (*Session, []int64, error) {
	tx, err := tenants.DB(ctx)
	if err != nil {
		return nil, nil, err
	}
	var row struct {
		Session
		Roles string
	}
	res := tx.Raw(`SELECT s.id, s.user_id, s.created_at, s.expires_at, s.revoked_at, s.sign_in_method,
			coalesce((SELECT string_agg(r.role_id::text, ',' ORDER BY r.role_id) FROM user_roles r WHERE r.user_id = s.user_id), '') AS roles
		FROM sessions s JOIN users u ON u.id = s.user_id
		WHERE s.id = ?::uuid AND s.user_id = ? AND s.revoked_at IS NULL AND s.expires_at > now() AND u.is_active`,
		id, userID).Scan(&row)
	if res.Error != nil {
		// A malformed session id is a bad token, not a server fault.
		return nil, nil, ErrNoSession
	}
	if res.RowsAffected == 0 {
		return nil, nil, ErrNoSession
	}
	sess := row.Session
	roles, err := parseRoles(row.Roles)
	if err != nil {
		return nil, nil, fmt.Errorf("roles of user %d: %w", userID, err)
	}
	return &sess, roles, nil
}

// sessionOf is the session and roles that entering the scope read.
func sessionOf(read *tenants.SessionRead) (*Session, []int64, error) {
	if !read.Found {
		return nil, nil, ErrNoSession
	}
	roles, err := parseRoles(read.Roles)
	if err != nil {
		return nil, nil, fmt.Errorf("roles of user %d: %w", read.UserID, err)
	}
	return &Session{ID: read.ID, UserID: read.UserID, CreatedAt: read.CreatedAt, ExpiresAt: read.ExpiresAt,
		RevokedAt: read.RevokedAt, SignInMethod: Method(read.SignInMethod)}, roles, nil
}

// parseRoles reads role ids joined by commas, ascending.
func parseRoles(joined string) ([]int64, error) {
	roles := []int64{}
	for _, f := range strings.Split(joined, ",") {
		if f == "" {
			continue
		}
		n, err := strconv.ParseInt(f, 10, 64)
		if err != nil {
			return nil, err
		}
		roles = append(roles, n)
	}
	return roles, nil
}

// RevokeSession ends one session.
func RevokeSession(ctx context.Context, id string) error {
	tx, err := tenants.DB(ctx)
	if err != nil {
		return err
	}
	if err := tx.Exec("UPDATE sessions SET revoked_at = now() WHERE id = ?::uuid AND revoked_at IS NULL", id).Error; err != nil {
		return fmt.Errorf("revoke session: %w", err)
	}
	return nil
}

// RevokeUserSessions ends every session of a user, as deactivation must.
func RevokeUserSessions(ctx context.Context, userID int64) error {
	tx, err := tenants.DB(ctx)
	if err != nil {
		return err
	}
	if err := tx.Exec("UPDATE sessions SET revoked_at = now() WHERE user_id = ? AND revoked_at IS NULL", userID).Error; err != nil {
		return fmt.Errorf("revoke sessions of user %d: %w", userID, err)
	}
	return nil
}
