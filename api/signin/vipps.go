package signin

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"

	"github.com/labstack/echo/v5"
	"golang.org/x/oauth2"

	"github.com/praksis/praksis/api/apperror"
	"github.com/praksis/praksis/api/auth"
	"github.com/praksis/praksis/api/request"
	"github.com/praksis/praksis/api/users"
	"github.com/praksis/praksis/tenants"
)

const providerVipps = "vipps"

// vippsRedirect is the school's page Vipps sends the browser back to.
func (s *Service) vippsRedirect(host string) string { return s.publicURL(host) + "/vipps-success" }

// HandleVippsStart serves GET /api/auth/vipps/start?state=&verificationGuid=&redirect_uri=:
// a 302 to Vipps Login's authorization endpoint with scopes openid name
// email phoneNumber and redirect URI {school}/vipps-success. The front end
// makes the state (8 to 128 characters of A-Z a-z 0-9 - . _ ~), keeps it in
// sessionStorage and compares it on return, as the spec has it; the server
// adds a nonce and PKCE, kept with the state in a signed HttpOnly cookie.
// verificationGuid and redirect_uri (a local path) come back from
// POST /api/auth/vipps/signed-in.
func (s *Service) HandleVippsStart(c *echo.Context) error {
	if s.vipps == nil {
		return apperror.New(apperror.Unavailable, "auth.notConfigured").With("Provider", "Vipps")
	}
	state := c.QueryParam("state")
	if !statePattern.MatchString(state) {
		return invalid(nil).Field("state", "auth.stateFormat", nil)
	}
	guid, redirect := startParams(c)
	t := tenants.Current(c.Request().Context())
	if t == nil {
		return tenants.ErrNoScope
	}
	host := requestHost(c)
	_, cfg, err := s.oauth(c.Request().Context(), s.vipps, s.vippsRedirect(host))
	if err != nil {
		return err
	}
	ls := loginState{
		Provider: providerVipps, Tenant: t.Slug, Host: host,
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

type vippsSignedInBody struct {
	Code        string `json:"code"`
	RedirectURI string `json:"redirectUri"`
	State       string `json:"state"`
}

// HandleVippsSignedIn serves POST /api/auth/vipps/signed-in
// {code, redirectUri, state?} → 200 {token, verificationGuid?, redirectUri?}.
// redirectUri must be the school's {school}/vipps-success. When the start
// call's cookie is there its PKCE verifier and nonce are checked (and state,
// when given, must match it); a front end that built the authorization URL
// itself sends no cookie, and the exchange goes without them.
func (s *Service) HandleVippsSignedIn(c *echo.Context) error {
	if s.vipps == nil {
		return apperror.New(apperror.Unavailable, "auth.notConfigured").With("Provider", "Vipps")
	}
	var body vippsSignedInBody
	if err := request.JSON(c, &body); err != nil {
		return err
	}
	host := requestHost(c)
	var fail *apperror.Error
	if strings.TrimSpace(body.Code) == "" {
		fail = invalid(fail).Field("code", "auth.codeRequired", nil)
	}
	if body.RedirectURI != s.vippsRedirect(host) {
		fail = invalid(fail).Field("redirectUri", "auth.redirectUriInvalid", map[string]any{"URI": s.vippsRedirect(host)})
	}
	if fail != nil {
		return fail
	}
	ctx := c.Request().Context()
	ls, err := s.readState(c, providerVipps)
	if err != nil && !errors.Is(err, errNoLoginState) {
		return err
	}
	if ls == nil {
		ls = &loginState{}
	} else if body.State != "" && body.State != ls.State {
		return apperror.Invalidf("auth.stateMismatch")
	}
	x, err := s.exchange(ctx, s.vipps, body.RedirectURI, strings.TrimSpace(body.Code), ls.Verifier, ls.Nonce)
	if err != nil {
		return err
	}
	u, err := s.vippsUser(ctx, x.subject, x.claims)
	if err != nil {
		return err
	}
	tok, err := s.sessions.StartSession(ctx, u.ID, auth.MethodVipps, c.Request().UserAgent(), host)
	if err != nil {
		return err
	}
	s.clearState(c, providerVipps)
	return c.JSON(http.StatusOK, signedInResponse{Token: tok, VerificationGUID: ls.VerificationGUID, RedirectURI: ls.RedirectURI})
}

// vippsUser finds or makes the account of a Vipps sign-in, by these rules:
//
//  1. an account linked to the Vipps subject (sub) is the one;
//  2. else, when Vipps says the e-mail is verified, the account with that
//     e-mail is linked to the subject (unless linked to another one: 409);
//  3. else, when the verified e-mail has an open supervisor invitation
//     (not accepted, not replaced, not expired), a new account is made with
//     the Advisor role;
//  4. else the sign-in is refused (403): supervisor accounts are made by a
//     teacher's or a student's invitation, never by signing in alone.
//
// A deactivated account is refused (403). The phone number from Vipps fills
// an empty one.
func (s *Service) vippsUser(ctx context.Context, sub string, claims map[string]any) (*users.User, error) {
	t := tenants.Current(ctx)
	if t == nil {
		return nil, tenants.ErrNoScope
	}
	if sub == "" || len(sub) > 255 {
		return nil, apperror.Invalidf("auth.providerFailed").With("Provider", "Vipps")
	}
	email, ok := normalEmail(claimString(claims, "email"))
	if !ok {
		email = ""
	}
	verified, _ := claims["email_verified"].(bool)
	if !verified {
		if v, ok := claims["email_verified"].(string); ok {
			verified = strings.EqualFold(v, "true")
		}
	}
	name := displayName(claimString(claims, "name"))
	phone := claimString(claims, "phone_number")
	if len(phone) > 32 {
		phone = ""
	}

	u, err := users.ByVippsSub(ctx, sub)
	if errors.Is(err, users.ErrNotFound) && verified && email != "" {
		u, err = users.ByEmail(ctx, email)
		if err == nil && u.VippsSub != nil && *u.VippsSub != sub {
			return nil, apperror.Conflictf("auth.accountLinkedElsewhere").With("Provider", "Vipps")
		}
	}
	switch {
	case errors.Is(err, users.ErrNotFound):
		if !verified || email == "" {
			return nil, apperror.Forbiddenf("auth.vippsNoAccount")
		}
		open, err := s.openInvitation(ctx, email)
		if err != nil {
			return nil, err
		}
		if !open {
			return nil, apperror.Forbiddenf("auth.vippsNoAccount")
		}
		if name == "" {
			name = email[:strings.IndexByte(email, '@')]
		}
		id := sub
		n := users.NewUser{DisplayName: name, Email: email, VippsSub: &id, Language: t.DefaultLanguage, Roles: []int64{users.RoleAdvisor}}
		if phone != "" {
			n.PhoneNumber = &phone
		}
		if u, err = users.Create(ctx, n); err != nil {
			return nil, err
		}
		if err := auditCreated(ctx, u.ID, auth.MethodVipps, n.Roles); err != nil {
			return nil, err
		}
		return u, nil
	case err != nil:
		return nil, err
	}
	if !u.IsActive {
		return nil, apperror.Forbiddenf("auth.accountDeactivated")
	}
	id := sub
	u.VippsSub = &id
	if phone != "" && (u.PhoneNumber == nil || *u.PhoneNumber == "") {
		u.PhoneNumber = &phone
	}
	if err := users.Update(ctx, u); err != nil {
		return nil, err
	}
	return u, nil
}

// openInvitation reports whether a supervisor invitation to email is open.
func (s *Service) openInvitation(ctx context.Context, email string) (bool, error) {
	tx, err := tenants.DB(ctx)
	if err != nil {
		return false, err
	}
	var open bool
	if err := tx.Raw(`SELECT EXISTS (SELECT 1 FROM supervisor_invitations WHERE lower(email) = lower(?)
		AND accepted_at IS NULL AND replaced_at IS NULL AND expires_at > ?)`, email, s.now()).Scan(&open).Error; err != nil {
		return false, fmt.Errorf("look for an open invitation: %w", err)
	}
	return open, nil
}
