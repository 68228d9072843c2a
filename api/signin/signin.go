// Package signin lets people sign in to a school: with a one-time code sent
// by e-mail (anyone with an active account), with Feide (students and
// teachers) and with Vipps Login (practice supervisors), both through OpenID
// Connect. Every method ends in auth's StartSession, which gives the token.
//
// State of an OpenID Connect round trip (state, nonce, PKCE verifier, and
// what the front end wants back afterwards) is kept in a short-lived,
// signed, HttpOnly, SameSite=Lax cookie scoped to the school's host and to
// /api/auth, rather than in the database: starting a sign-in is a GET that
// the browser navigates to, and it changes nothing on the server. The cookie
// also binds the round trip to the browser that started it, which stops a
// forged return link from signing a victim in as someone else.
package signin

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"fmt"
	"net/http"
	"strings"
	"time"

	"gorm.io/gorm"

	"github.com/praksis/praksis/api/auth"
	"github.com/praksis/praksis/api/mail"
)

// sessions starts a session and returns its token.
type sessions interface {
	StartSession(ctx context.Context, userID int64, method auth.Method, userAgent, host string) (string, error)
}

// mailQueue queues an e-mail in the request's transaction.
type mailQueue interface {
	Queue(ctx context.Context, m mail.Message) error
}

// Service signs people in.
type Service struct {
	sessions  sessions
	now       func() time.Time
	secret    []byte
	mail      mailQueue
	publicURL func(host string) string
	feide     *oidcProvider
	groupsAPI string
	vipps     *oidcProvider
	client    *http.Client
}

// Option configures a Service.
type Option func(*Service)

// New makes the sign-in service. Sessions are started through s (the auth
// service). Without options only the code flow's rules are in place, with a
// secret of the process's own and no mail; the options add the rest.
func New(s sessions, opts ...Option) *Service {
	svc := &Service{
		sessions:  s,
		now:       time.Now,
		publicURL: func(host string) string { return "https://" + host },
		client:    &http.Client{Timeout: 15 * time.Second},
	}
	for _, o := range opts {
		o(svc)
	}
	if svc.secret == nil {
		svc.secret = make([]byte, 32)
		_, _ = rand.Read(svc.secret)
	}
	return svc
}

// SetClock replaces the clock (tests): code expiry, request limits and
// sign-in cookies follow it.
func (s *Service) SetClock(now func() time.Time) { s.now = now }

// WithMail sends one-time codes through q.
func WithMail(q mailQueue) Option { return func(s *Service) { s.mail = q } }

// WithSecret sets the secret shared by every replica (see LoadSecret) from
// which the keys of code hashes and sign-in cookies are derived.
func WithSecret(secret []byte) Option {
	return func(s *Service) { s.secret = append([]byte(nil), secret...) }
}

// WithPublicURL sets how a school's host becomes the absolute base URL
// browsers use (scheme and port), for OIDC redirect URIs and cookies.
func WithPublicURL(f func(host string) string) Option {
	return func(s *Service) { s.publicURL = f }
}

// WithHTTPClient sets the client for calls to identity providers.
func WithHTTPClient(c *http.Client) Option { return func(s *Service) { s.client = c } }

// ProviderConfig is one OpenID Connect client registration.
type ProviderConfig struct {
	Issuer       string
	ClientID     string
	ClientSecret string
}

// WithFeide enables sign-in with Feide. groupsAPI is the base URL of the
// Feide groups API (https://groups-api.dataporten.no).
func WithFeide(p ProviderConfig, groupsAPI string) Option {
	return func(s *Service) {
		s.feide = newOIDCProvider("Feide", p, []string{"openid", "userid", "profile", "email", "groups"})
		s.groupsAPI = strings.TrimSuffix(groupsAPI, "/")
	}
}

// WithVipps enables sign-in with Vipps Login. Only name, e-mail and phone
// number are asked for, never the national identity number.
func WithVipps(p ProviderConfig) Option {
	return func(s *Service) {
		s.vipps = newOIDCProvider("Vipps", p, []string{"openid", "name", "email", "phoneNumber"})
	}
}

// subkey derives the key for one purpose from the shared secret.
func (s *Service) subkey(purpose string) []byte {
	m := hmac.New(sha256.New, s.secret)
	m.Write([]byte("praksis/" + purpose))
	return m.Sum(nil)
}

// LoadSecret returns the named secret shared by every replica, kept in the
// control schema (which tenant roles cannot read), creating it on first use.
// Replicas starting at once agree on the first one stored.
func LoadSecret(ctx context.Context, root *gorm.DB, name string) ([]byte, error) {
	fresh := make([]byte, 32)
	if _, err := rand.Read(fresh); err != nil {
		return nil, fmt.Errorf("generate secret %s: %w", name, err)
	}
	if err := root.WithContext(ctx).Exec("INSERT INTO control.secrets (name, value) VALUES (?, ?) ON CONFLICT (name) DO NOTHING",
		name, fresh).Error; err != nil {
		return nil, fmt.Errorf("store secret %s: %w", name, err)
	}
	var row struct{ Value []byte }
	if err := root.WithContext(ctx).Raw("SELECT value FROM control.secrets WHERE name = ?", name).Scan(&row).Error; err != nil {
		return nil, fmt.Errorf("load secret %s: %w", name, err)
	}
	if len(row.Value) < 32 {
		return nil, fmt.Errorf("secret %s is missing or too short", name)
	}
	return row.Value, nil
}
