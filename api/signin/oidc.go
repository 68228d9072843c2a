package signin

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/coreos/go-oidc/v3/oidc"
	"github.com/labstack/echo/v5"
	"golang.org/x/oauth2"

	"github.com/praksis/praksis/api/apperror"
	"github.com/praksis/praksis/api/auth"
	"github.com/praksis/praksis/api/edge"
	"github.com/praksis/praksis/api/reqlog"
	"github.com/praksis/praksis/tenants"
)

// The providers, as sign-in cookies name them.
const (
	providerFeide = "feide"
	providerVipps = "vipps"
)

// feideRedirect and vippsRedirect are the school's pages the providers send
// the browser back to.
func (s *Service) feideRedirect(host string) string { return s.publicURL(host) + "/feide-success" }
func (s *Service) vippsRedirect(host string) string { return s.publicURL(host) + "/vipps-success" }

// loginLifetime is how long a started OIDC sign-in may take.
const loginLifetime = 10 * time.Minute

// oidcProvider is one identity provider. Its discovery document is fetched
// on first use and kept, so the server starts even when the provider is
// down (or, in development, is served by the server itself).
type oidcProvider struct {
	name   string
	cfg    ProviderConfig
	scopes []string

	mu sync.Mutex
	p  *oidc.Provider
}

func newOIDCProvider(name string, cfg ProviderConfig, scopes []string) *oidcProvider {
	return &oidcProvider{name: name, cfg: cfg, scopes: scopes}
}

// provider returns the discovered provider.
func (o *oidcProvider) provider(client *http.Client) (*oidc.Provider, error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.p != nil {
		return o.p, nil
	}
	ctx, cancel := context.WithTimeout(oidc.ClientContext(context.Background(), client), 15*time.Second)
	defer cancel()
	p, err := oidc.NewProvider(ctx, o.cfg.Issuer)
	if err != nil {
		return nil, fmt.Errorf("discover %s: %w", o.name, err)
	}
	o.p = p
	return p, nil
}

// oauth returns the discovered provider and the OAuth2 client for a
// redirect URI. ctx is the request's, for its logger only: discovery is
// shared by every request and outlives any one of them.
func (s *Service) oauth(ctx context.Context, o *oidcProvider, redirectURI string) (*oidc.Provider, *oauth2.Config, error) {
	p, err := o.provider(s.client)
	if err != nil {
		reqlog.From(ctx).Warn("identity provider unreachable", "provider", o.name, "error", err.Error())
		return nil, nil, apperror.New(apperror.Unavailable, "auth.providerUnavailable").With("Provider", o.name).Because(err)
	}
	return p, &oauth2.Config{
		ClientID:     o.cfg.ClientID,
		ClientSecret: o.cfg.ClientSecret,
		Endpoint:     p.Endpoint(),
		RedirectURL:  redirectURI,
		Scopes:       o.scopes,
	}, nil
}

// loginState is what a sign-in round trip must remember, kept in a signed
// cookie (see the package doc).
type loginState struct {
	Provider         string `json:"p"`
	Tenant           string `json:"t"`
	Host             string `json:"h"`
	State            string `json:"s"`
	Nonce            string `json:"n"`
	Verifier         string `json:"v"`
	VerificationGUID string `json:"g,omitempty"`
	RedirectURI      string `json:"r,omitempty"`
	Expires          int64  `json:"e"`
}

func cookieName(provider string) string { return "praksis_signin_" + provider }

// cookiePath limits the sign-in cookies to the sign-in calls.
const cookiePath = "/api/auth"

func (s *Service) signState(ls loginState) (string, error) {
	payload, err := json.Marshal(ls)
	if err != nil {
		return "", fmt.Errorf("encode sign-in state: %w", err)
	}
	enc := base64.RawURLEncoding.EncodeToString(payload)
	m := hmac.New(sha256.New, s.subkey("sign-in-cookie"))
	m.Write([]byte(enc))
	return enc + "." + base64.RawURLEncoding.EncodeToString(m.Sum(nil)), nil
}

var errNoLoginState = errors.New("no valid sign-in state")

// openState checks a cookie value's signature, provider, school, host and
// expiry.
func (s *Service) openState(value, provider, tenant, host string) (*loginState, error) {
	enc, sig, ok := strings.Cut(value, ".")
	if !ok {
		return nil, errNoLoginState
	}
	got, err := base64.RawURLEncoding.DecodeString(sig)
	if err != nil {
		return nil, errNoLoginState
	}
	m := hmac.New(sha256.New, s.subkey("sign-in-cookie"))
	m.Write([]byte(enc))
	if !hmac.Equal(got, m.Sum(nil)) {
		return nil, errNoLoginState
	}
	payload, err := base64.RawURLEncoding.DecodeString(enc)
	if err != nil {
		return nil, errNoLoginState
	}
	var ls loginState
	if err := json.Unmarshal(payload, &ls); err != nil {
		return nil, errNoLoginState
	}
	if ls.Provider != provider || ls.Tenant != tenant || ls.Host != host || s.now().Unix() >= ls.Expires {
		return nil, errNoLoginState
	}
	return &ls, nil
}

func (s *Service) secureCookies(host string) bool {
	return strings.HasPrefix(s.publicURL(host), "https://")
}

// setState stores the round trip's state in the browser.
func (s *Service) setState(c *echo.Context, ls loginState) error {
	value, err := s.signState(ls)
	if err != nil {
		return err
	}
	c.SetCookie(&http.Cookie{
		Name: cookieName(ls.Provider), Value: value, Path: cookiePath, MaxAge: int(loginLifetime.Seconds()),
		HttpOnly: true, Secure: s.secureCookies(ls.Host), SameSite: http.SameSiteLaxMode,
	})
	return nil
}

// readState returns the round trip's state from the browser's cookie, or
// errNoLoginState.
func (s *Service) readState(c *echo.Context, provider string) (*loginState, error) {
	ck, err := c.Cookie(cookieName(provider))
	if err != nil || ck.Value == "" {
		return nil, errNoLoginState
	}
	t := tenants.Current(c.Request().Context())
	if t == nil {
		return nil, tenants.ErrNoScope
	}
	return s.openState(ck.Value, provider, t.Slug, requestHost(c))
}

// clearState removes the round trip's cookie: a state is used once.
func (s *Service) clearState(c *echo.Context, provider string) {
	c.SetCookie(&http.Cookie{
		Name: cookieName(provider), Value: "", Path: cookiePath, MaxAge: -1,
		HttpOnly: true, Secure: s.secureCookies(requestHost(c)), SameSite: http.SameSiteLaxMode,
	})
}

// StartParams are the query parameters a sign-in start carries through
// the round trip for the front end. A value that is not of the form given is
// left behind rather than refusing the sign-in, since the start is a page
// the browser navigates to; so the front end never gets back a redirect to
// another site.
type StartParams struct {
	VerificationGUID string `query:"verificationGuid" maxLength:"64" description:"Optional: a supervisor invitation's id (letters, digits, hyphens), handed back by the signed-in call"`
	RedirectURI      string `query:"redirect_uri" maxLength:"512" example:"/student" description:"Optional: a path on this site (starting with /) to go to after sign-in, handed back by the signed-in call; anything else is left out"`
}

// kept returns the start parameters that are of their form ("" for the
// others). It is not a method of StartParams: the document embeds params
// structs in types of its own, which cannot carry methods.
func kept(p StartParams) (guid, redirect string) {
	guid, redirect = strings.TrimSpace(p.VerificationGUID), strings.TrimSpace(p.RedirectURI)
	if !guidPattern.MatchString(guid) {
		guid = ""
	}
	if !localPath(redirect) {
		redirect = ""
	}
	return guid, redirect
}

// start begins a round trip with provider o: the state (with a fresh nonce
// and PKCE verifier) goes into the browser's cookie, and the browser to the
// provider's authorization endpoint.
func (s *Service) start(c *echo.Context, o *oidcProvider, provider, state string, redirectURI func(host string) string, p StartParams) error {
	guid, redirect := kept(p)
	t := tenants.Current(c.Request().Context())
	if t == nil {
		return tenants.ErrNoScope
	}
	host := requestHost(c)
	_, cfg, err := s.oauth(c.Request().Context(), o, redirectURI(host))
	if err != nil {
		return err
	}
	ls := loginState{
		Provider: provider, Tenant: t.Slug, Host: host,
		State: state, Nonce: randomToken(24), Verifier: oauth2.GenerateVerifier(),
		VerificationGUID: guid, RedirectURI: redirect, Expires: s.now().Add(loginLifetime).Unix(),
	}
	if err := s.setState(c, ls); err != nil {
		return err
	}
	url := cfg.AuthCodeURL(state, oauth2.SetAuthURLParam("nonce", ls.Nonce), oauth2.S256ChallengeOption(ls.Verifier))
	c.Response().Header().Set("Cache-Control", "no-store")
	return c.Redirect(http.StatusFound, url)
}

// needs refuses with 503 when the provider *o is not set up, before
// anything of the request is read.
func needs(o **oidcProvider, name string, h echo.HandlerFunc) echo.HandlerFunc {
	return func(c *echo.Context) error {
		if *o == nil {
			return apperror.New(apperror.Unavailable, "auth.notConfigured").With("Provider", name)
		}
		return h(c)
	}
}

// exchanged is a completed code exchange: the verified ID token's subject
// and the userinfo claims.
type exchanged struct {
	token   *oauth2.Token
	subject string
	claims  map[string]any
}

// exchange trades an authorization code for tokens, verifies the ID token
// (signature, issuer, audience, expiry and, when known, the nonce) and reads
// userinfo. Every failure of the provider or of the code is a 400 that says
// the provider did not confirm the sign-in, never a 500.
func (s *Service) exchange(ctx context.Context, o *oidcProvider, redirectURI, code, verifier, nonce string) (*exchanged, error) {
	p, cfg, err := s.oauth(ctx, o, redirectURI)
	if err != nil {
		return nil, err
	}
	failed := func(step string, err error) error {
		reqlog.From(ctx).Info("sign-in not confirmed", "provider", o.name, "step", step, "error", err.Error())
		return apperror.Invalidf("auth.providerFailed").With("Provider", o.name).Because(fmt.Errorf("%s: %w", step, err))
	}
	octx, cancel := context.WithTimeout(oidc.ClientContext(ctx, s.client), 20*time.Second)
	defer cancel()
	var opts []oauth2.AuthCodeOption
	if verifier != "" {
		opts = append(opts, oauth2.VerifierOption(verifier))
	}
	tok, err := cfg.Exchange(octx, code, opts...)
	if err != nil {
		return nil, failed("exchange code", err)
	}
	raw, _ := tok.Extra("id_token").(string)
	if raw == "" {
		return nil, failed("id token", errors.New("no id_token in token response"))
	}
	idt, err := p.Verifier(&oidc.Config{ClientID: o.cfg.ClientID, Now: s.now}).Verify(octx, raw)
	if err != nil {
		return nil, failed("verify id token", err)
	}
	if nonce != "" && !hmac.Equal([]byte(idt.Nonce), []byte(nonce)) {
		return nil, apperror.Invalidf("auth.stateMismatch")
	}
	ui, err := p.UserInfo(octx, oauth2.StaticTokenSource(tok))
	if err != nil {
		return nil, failed("userinfo", err)
	}
	if ui.Subject != idt.Subject {
		return nil, failed("userinfo", errors.New("userinfo subject differs from the id token's"))
	}
	claims := map[string]any{}
	if err := ui.Claims(&claims); err != nil {
		return nil, failed("userinfo claims", err)
	}
	return &exchanged{token: tok, subject: idt.Subject, claims: claims}, nil
}

// finishing is the endpoint that finishes a round trip with the provider
// *o by fn; 503 when the provider is not set up.
func finishing[B any](o **oidcProvider, name string, fn func(*echo.Context, edge.NoParams, B) (*SignedIn, error)) edge.Endpoint {
	e := edge.WriteWithContext(http.StatusOK, fn)
	e.Handler = needs(o, name, e.Handler)
	return e
}

// signedIn starts the session of a finished round trip and forgets the
// round trip's state: it is used once.
func (s *Service) signedIn(c *echo.Context, provider string, method auth.Method, userID int64, ls *loginState) (*SignedIn, error) {
	tok, err := s.sessions.StartSession(c.Request().Context(), userID, method, c.Request().UserAgent(), requestHost(c))
	if err != nil {
		return nil, err
	}
	s.clearState(c, provider)
	return &SignedIn{Token: tok, VerificationGUID: ls.VerificationGUID, RedirectURI: ls.RedirectURI}, nil
}

// SignedIn is the answer of the OpenID Connect sign-in calls.
type SignedIn struct {
	Token string `json:"token" description:"Bearer token for this school's host"`
	// VerificationGUID and RedirectURI are what the front end passed to the
	// start call, handed back so it can continue where it was.
	VerificationGUID string `json:"verificationGuid,omitempty" description:"The invitation id given to the start call, when it was of its form"`
	RedirectURI      string `json:"redirectUri,omitempty" description:"The local path given to the start call, when it was one"`
}

// claimString returns the first non-empty string among the named claims.
func claimString(claims map[string]any, names ...string) string {
	for _, n := range names {
		if v, ok := claims[n].(string); ok && strings.TrimSpace(v) != "" {
			return strings.TrimSpace(v)
		}
	}
	return ""
}

// claimStrings returns the strings of the first named claim that is a list
// (or a single string).
func claimStrings(claims map[string]any, names ...string) []string {
	for _, n := range names {
		switch v := claims[n].(type) {
		case string:
			return []string{v}
		case []any:
			out := make([]string, 0, len(v))
			for _, x := range v {
				if s, ok := x.(string); ok {
					out = append(out, s)
				}
			}
			return out
		}
	}
	return nil
}

// displayName cuts a name from a provider to the 200 characters an account
// holds.
func displayName(s string) string {
	r := []rune(strings.TrimSpace(s))
	if len(r) > 200 {
		r = r[:200]
	}
	return strings.TrimSpace(string(r))
}
