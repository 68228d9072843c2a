package signin

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/labstack/echo/v5"

	"github.com/praksis/praksis/api/apperror"
	"github.com/praksis/praksis/api/auth"
	"github.com/praksis/praksis/api/edge"
	"github.com/praksis/praksis/api/users"
	"github.com/praksis/praksis/tenants"
)

// VippsStartParams are the query parameters of GET /api/auth/vipps/start.
type VippsStartParams struct {
	State            string `query:"state" required:"true" pattern:"^[A-Za-z0-9._~-]{8,128}$" description:"8 to 128 characters of A-Z a-z 0-9 - . _ ~, made fresh for every sign-in and kept by the front end"`
	VerificationGUID string `query:"verificationGuid" maxLength:"64" description:"Optional: a supervisor invitation's id (letters, digits, hyphens), handed back by POST /api/auth/vipps/signed-in"`
	RedirectURI      string `query:"redirect_uri" maxLength:"512" example:"/supervisor" description:"Optional: a path on this site (starting with /), handed back by POST /api/auth/vipps/signed-in; anything else is left out"`
}

// HandleVippsStart serves GET /api/auth/vipps/start?state=&verificationGuid=&redirect_uri=:
// a 302 to Vipps Login's authorization endpoint with scopes openid name
// email phoneNumber and redirect URI {school}/vipps-success. The front end
// makes the state, keeps it in sessionStorage and compares it on return, as
// the spec has it; the server adds a nonce and PKCE, kept with the state in
// a signed HttpOnly cookie. verificationGuid and redirect_uri (a local
// path) come back from POST /api/auth/vipps/signed-in. It stays a plain
// handler: a redirect.
func (s *Service) HandleVippsStart(c *echo.Context) error {
	return needs(&s.vipps, "Vipps", func(c *echo.Context) error {
		var p VippsStartParams
		if err := edge.Bind(c, &p); err != nil {
			return err
		}
		if !statePattern.MatchString(p.State) {
			return invalid(nil).Field("state", "auth.stateFormat", nil)
		}
		return s.start(c, s.vipps, providerVipps, p.State, s.vippsRedirect,
			StartParams{VerificationGUID: p.VerificationGUID, RedirectURI: p.RedirectURI})
	})(c)
}

// VippsSignedInBody is the body of finishing a Vipps sign-in.
type VippsSignedInBody struct {
	Code        string `json:"code" required:"true" description:"The code Vipps gave /vipps-success"`
	RedirectURI string `json:"redirectUri" required:"true" example:"https://school.example.no/vipps-success" description:"{school}/vipps-success, exactly as sent to Vipps"`
	State       string `json:"state" description:"Optional: must match the start call's when given"`
}

// HandleVippsSignedIn serves POST /api/auth/vipps/signed-in
// {code, redirectUri, state?} → 200 {token, verificationGuid?, redirectUri?}.
// redirectUri must be the school's {school}/vipps-success. When the start
// call's cookie is there its PKCE verifier and nonce are checked (and state,
// when given, must match it); a front end that built the authorization URL
// itself sends no cookie, and the exchange goes without them.
func (s *Service) HandleVippsSignedIn() edge.Endpoint {
	return finishing(&s.vipps, "Vipps", s.vippsSignedIn)
}

func (s *Service) vippsSignedIn(c *echo.Context, _ edge.NoParams, body VippsSignedInBody) (*SignedIn, error) {
	host := requestHost(c)
	var fail *apperror.Error
	if strings.TrimSpace(body.Code) == "" {
		fail = invalid(fail).Field("code", "auth.codeRequired", nil)
	}
	if body.RedirectURI != s.vippsRedirect(host) {
		fail = invalid(fail).Field("redirectUri", "auth.redirectUriInvalid", map[string]any{"URI": s.vippsRedirect(host)})
	}
	if fail != nil {
		return nil, fail
	}
	ctx := c.Request().Context()
	ls, err := s.readState(c, providerVipps)
	if err != nil && !errors.Is(err, errNoLoginState) {
		return nil, err
	}
	if ls == nil {
		ls = &loginState{}
	} else if body.State != "" && body.State != ls.State {
		return nil, apperror.Invalidf("auth.stateMismatch")
	}
	x, err := s.exchange(ctx, s.vipps, body.RedirectURI, strings.TrimSpace(body.Code), ls.Verifier, ls.Nonce)
	if err != nil {
		return nil, err
	}
	u, err := s.vippsUser(ctx, x.subject, x.claims)
	if err != nil {
		return nil, err
	}
	return s.signedIn(c, providerVipps, auth.MethodVipps, u.ID, ls)
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
		return createdAtSignIn(ctx, n, auth.MethodVipps)
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
