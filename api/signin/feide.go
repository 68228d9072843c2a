package signin

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/labstack/echo/v5"
	"golang.org/x/oauth2"

	"github.com/praksis/praksis/api/apperror"
	"github.com/praksis/praksis/api/auth"
	"github.com/praksis/praksis/api/reqlog"
	"github.com/praksis/praksis/api/request"
	"github.com/praksis/praksis/api/users"
	"github.com/praksis/praksis/tenants"
)

const providerFeide = "feide"

// feideRedirect is the school's page Feide sends the browser back to.
func (s *Service) feideRedirect(host string) string { return s.publicURL(host) + "/feide-success" }

// HandleFeideStart serves GET /api/auth/feide/start?verificationGuid=&redirect_uri=:
// a 302 to Feide's authorization endpoint (code flow with PKCE S256, state
// and nonce; scopes openid userid profile email groups; redirect URI
// {school}/feide-success). The round trip's state goes into a signed
// HttpOnly cookie; verificationGuid and redirect_uri (a local path) come
// back from POST /api/auth/signed-in.
func (s *Service) HandleFeideStart(c *echo.Context) error {
	if s.feide == nil {
		return apperror.New(apperror.Unavailable, "auth.notConfigured").With("Provider", "Feide")
	}
	guid, redirect := startParams(c)
	t := tenants.Current(c.Request().Context())
	if t == nil {
		return tenants.ErrNoScope
	}
	host := requestHost(c)
	_, cfg, err := s.oauth(c.Request().Context(), s.feide, s.feideRedirect(host))
	if err != nil {
		return err
	}
	ls := loginState{
		Provider: providerFeide, Tenant: t.Slug, Host: host,
		State: randomToken(24), Nonce: randomToken(24), Verifier: oauth2.GenerateVerifier(),
		VerificationGUID: guid, RedirectURI: redirect, Expires: s.now().Add(loginLifetime).Unix(),
	}
	if err := s.setState(c, ls); err != nil {
		return err
	}
	url := cfg.AuthCodeURL(ls.State, oauth2.SetAuthURLParam("nonce", ls.Nonce), oauth2.S256ChallengeOption(ls.Verifier))
	c.Response().Header().Set("Cache-Control", "no-store")
	return c.Redirect(http.StatusFound, url)
}

type feideSignedInBody struct {
	Code            string `json:"code"`
	State           string `json:"state"`
	RedirectToLocal bool   `json:"redirectToLocal"`
}

// HandleFeideSignedIn serves POST /api/auth/signed-in
// {code, state?, redirectToLocal?} → 200 {token, verificationGuid?, redirectUri?}.
// The sign-in cookie set by the start call is required; state, when given,
// must be the one Feide echoed. redirectToLocal is accepted and ignored (the
// redirect URI is always the school's /feide-success).
func (s *Service) HandleFeideSignedIn(c *echo.Context) error {
	if s.feide == nil {
		return apperror.New(apperror.Unavailable, "auth.notConfigured").With("Provider", "Feide")
	}
	var body feideSignedInBody
	if err := request.JSON(c, &body); err != nil {
		return err
	}
	if strings.TrimSpace(body.Code) == "" {
		return invalid(nil).Field("code", "auth.codeRequired", nil)
	}
	ctx := c.Request().Context()
	ls, err := s.readState(c, providerFeide)
	if err != nil {
		return apperror.Invalidf("auth.signInExpired").Because(err)
	}
	if body.State != "" && body.State != ls.State {
		return apperror.Invalidf("auth.stateMismatch")
	}
	host := requestHost(c)
	x, err := s.exchange(ctx, s.feide, s.feideRedirect(host), strings.TrimSpace(body.Code), ls.Verifier, ls.Nonce)
	if err != nil {
		return err
	}
	groups := s.feideGroups(ctx, x.token)
	p := feidePerson(x.claims, groups)
	u, err := s.feideUser(ctx, p)
	if err != nil {
		return err
	}
	if err := storeFeideProfile(ctx, u.ID, p.FeideID, x.claims, groups, s.now()); err != nil {
		return err
	}
	tok, err := s.sessions.StartSession(ctx, u.ID, auth.MethodFeide, c.Request().UserAgent(), host)
	if err != nil {
		return err
	}
	s.clearState(c, providerFeide)
	return c.JSON(http.StatusOK, signedInResponse{Token: tok, VerificationGUID: ls.VerificationGUID, RedirectURI: ls.RedirectURI})
}

// feideGroups reads the user's groups from the Feide groups API with the
// access token. A failure is logged and gives no groups: sign-in does not
// depend on it.
func (s *Service) feideGroups(ctx context.Context, tok *oauth2.Token) []map[string]any {
	if s.groupsAPI == "" {
		return nil
	}
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, s.groupsAPI+"/groups/me/groups", nil)
	if err != nil {
		return nil
	}
	req.Header.Set("Authorization", "Bearer "+tok.AccessToken)
	req.Header.Set("Accept", "application/json")
	resp, err := s.client.Do(req)
	if err != nil {
		reqlog.From(ctx).Warn("Feide groups unavailable", "error", err.Error())
		return nil
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		reqlog.From(ctx).Warn("Feide groups unavailable", "status", resp.StatusCode)
		return nil
	}
	var groups []map[string]any
	if err := json.NewDecoder(io.LimitReader(resp.Body, 4<<20)).Decode(&groups); err != nil {
		reqlog.From(ctx).Warn("Feide groups unreadable", "error", err.Error())
		return nil
	}
	return groups
}

// person is who an identity provider says signed in.
type person struct {
	FeideID      string
	Realm        string
	Name         string
	Email        string
	Affiliations []string
}

// feidePerson reads the Feide user id (eduPersonPrincipalName, or the
// "feide:" entry of userid_sec), name, e-mail and affiliations (from the
// userinfo claims, or the organisation group's membership) of a sign-in.
func feidePerson(claims map[string]any, groups []map[string]any) person {
	var p person
	p.FeideID = strings.ToLower(claimString(claims,
		"https://n.feide.no/claims/eduPersonPrincipalName", "eduPersonPrincipalName"))
	if p.FeideID == "" {
		for _, id := range claimStrings(claims, "https://n.feide.no/claims/userid_sec", "userid_sec") {
			if rest, ok := strings.CutPrefix(id, "feide:"); ok {
				p.FeideID = strings.ToLower(rest)
				break
			}
		}
	}
	if len(p.FeideID) > 320 {
		p.FeideID = ""
	}
	if i := strings.LastIndexByte(p.FeideID, '@'); i > 0 {
		p.Realm = p.FeideID[i+1:]
	}
	p.Name = displayName(claimString(claims, "name"))
	if email, ok := normalEmail(claimString(claims, "email")); ok {
		p.Email = email
	}
	p.Affiliations = claimStrings(claims, "https://n.feide.no/claims/eduPersonAffiliation", "eduPersonAffiliation")
	if len(p.Affiliations) == 0 {
		for _, g := range groups {
			if typ, _ := g["type"].(string); typ != "fc:org" {
				continue
			}
			if m, ok := g["membership"].(map[string]any); ok {
				p.Affiliations = append(p.Affiliations, claimStrings(m, "affiliation")...)
			}
		}
	}
	for i, a := range p.Affiliations {
		p.Affiliations[i] = strings.ToLower(strings.TrimSpace(a))
	}
	return p
}

// feideUser finds or makes the account of a Feide sign-in: by Feide id,
// then by e-mail (linking the Feide id to it), else a new account that gets
// the Student role when the person's affiliation says student, and no role
// otherwise (an admin grants teachers theirs). A realm the school does not
// accept is refused with 403, as is a deactivated account.
func (s *Service) feideUser(ctx context.Context, p person) (*users.User, error) {
	t := tenants.Current(ctx)
	if t == nil {
		return nil, tenants.ErrNoScope
	}
	if p.FeideID == "" || p.Realm == "" {
		return nil, apperror.Invalidf("auth.feideNoUserID")
	}
	if !slices.Contains([]string(t.FeideRealms), p.Realm) {
		return nil, apperror.Forbiddenf("auth.feideRealmRefused").With("Realm", p.Realm)
	}
	u, err := users.ByFeideID(ctx, p.FeideID)
	if errors.Is(err, users.ErrNotFound) && p.Email != "" {
		u, err = users.ByEmail(ctx, p.Email)
		if err == nil && u.FeideID != nil && *u.FeideID != p.FeideID {
			return nil, apperror.Conflictf("auth.accountLinkedElsewhere").With("Provider", "Feide")
		}
	}
	switch {
	case errors.Is(err, users.ErrNotFound):
		if p.Email == "" {
			return nil, apperror.Invalidf("auth.feideNoEmail")
		}
		var roles []int64
		if slices.Contains(p.Affiliations, "student") {
			roles = []int64{users.RoleStudent}
		}
		name := p.Name
		if name == "" {
			name = p.FeideID[:strings.IndexByte(p.FeideID, '@')]
		}
		id := p.FeideID
		u, err = users.Create(ctx, users.NewUser{DisplayName: name, Email: p.Email, FeideID: &id, Language: t.DefaultLanguage, Roles: roles})
		if err != nil {
			return nil, err
		}
		if err := auditCreated(ctx, u.ID, auth.MethodFeide, roles); err != nil {
			return nil, err
		}
		return u, nil
	case err != nil:
		return nil, err
	}
	if !u.IsActive {
		return nil, apperror.Forbiddenf("auth.accountDeactivated")
	}
	id := p.FeideID
	u.FeideID = &id
	if p.Name != "" {
		u.DisplayName = p.Name
	}
	if p.Email != "" && !strings.EqualFold(p.Email, u.Email) {
		// Take Feide's address unless another account has it.
		if _, err := users.ByEmail(ctx, p.Email); errors.Is(err, users.ErrNotFound) {
			u.Email = p.Email
		}
	}
	if err := users.Update(ctx, u); err != nil {
		return nil, err
	}
	return u, nil
}

// auditCreated records an account made at sign-in.
func auditCreated(ctx context.Context, userID int64, method auth.Method, roles []int64) error {
	tx, err := tenants.DB(ctx)
	if err != nil {
		return err
	}
	details, _ := json.Marshal(map[string]any{"method": method, "roles": append([]int64{}, roles...)})
	if err := tx.Exec(`INSERT INTO audit_log (actor_user_id, action, entity, entity_id, details)
		VALUES (?, 'user.createdAtSignIn', 'user', ?, ?::jsonb)`, userID, userID, string(details)).Error; err != nil {
		return fmt.Errorf("audit account made at sign-in: %w", err)
	}
	return nil
}

func storeFeideProfile(ctx context.Context, userID int64, feideID string, claims map[string]any, groups []map[string]any, at time.Time) error {
	tx, err := tenants.DB(ctx)
	if err != nil {
		return err
	}
	if groups == nil {
		groups = []map[string]any{}
	}
	c, err := json.Marshal(claims)
	if err != nil {
		return fmt.Errorf("encode Feide claims: %w", err)
	}
	g, err := json.Marshal(groups)
	if err != nil {
		return fmt.Errorf("encode Feide groups: %w", err)
	}
	if err := tx.Exec(`INSERT INTO feide_profiles (user_id, feide_id, claims, groups, signed_in_at) VALUES (?, ?, ?::jsonb, ?::jsonb, ?)
		ON CONFLICT (user_id) DO UPDATE SET feide_id = excluded.feide_id, claims = excluded.claims,
		groups = excluded.groups, signed_in_at = excluded.signed_in_at`, userID, feideID, string(c), string(g), at).Error; err != nil {
		return fmt.Errorf("store Feide profile of user %d: %w", userID, err)
	}
	return nil
}

// feideProfile loads the caller's stored Feide profile; found is false when
// the caller has never signed in with Feide.
func feideProfile(ctx context.Context, userID int64) (claims json.RawMessage, groups json.RawMessage, found bool, err error) {
	tx, err := tenants.DB(ctx)
	if err != nil {
		return nil, nil, false, err
	}
	var row struct {
		Claims []byte
		Groups []byte
	}
	res := tx.Raw("SELECT claims, groups FROM feide_profiles WHERE user_id = ?", userID).Scan(&row)
	if res.Error != nil {
		return nil, nil, false, fmt.Errorf("load Feide profile of user %d: %w", userID, res.Error)
	}
	if res.RowsAffected == 0 {
		return nil, nil, false, nil
	}
	return row.Claims, row.Groups, true, nil
}

func caller(c *echo.Context) (*auth.Caller, error) {
	cl := auth.CallerFrom(c.Request().Context())
	if cl == nil {
		return nil, apperror.New(apperror.Unauthorized, "error.unauthorized")
	}
	return cl, nil
}

// HandleFeideInfo serves GET /api/auth/feide-info: the caller's Feide
// userinfo claims as seen at their last Feide sign-in; 404 when they have
// never signed in with Feide.
func HandleFeideInfo(c *echo.Context) error {
	cl, err := caller(c)
	if err != nil {
		return err
	}
	claims, _, found, err := feideProfile(c.Request().Context(), cl.UserID)
	if err != nil {
		return err
	}
	if !found {
		return apperror.NotFoundf("auth.noFeideProfile")
	}
	return c.JSONBlob(http.StatusOK, claims)
}

// HandleFeideGroups serves GET /api/auth/feide-group-memberships: the
// caller's groups as the Feide groups API (me/groups) listed them at their
// last Feide sign-in; [] when none.
func HandleFeideGroups(c *echo.Context) error {
	cl, err := caller(c)
	if err != nil {
		return err
	}
	_, groups, found, err := feideProfile(c.Request().Context(), cl.UserID)
	if err != nil {
		return err
	}
	if !found {
		return c.JSONBlob(http.StatusOK, []byte("[]"))
	}
	return c.JSONBlob(http.StatusOK, groups)
}

// Membership is one course the caller belongs to according to Feide, read
// from a group id fc:fs:fs:emne:<realm>:<subject code>:<version>.
type Membership struct {
	GroupID     string   `json:"groupId"`
	Realm       string   `json:"realm"`
	SubjectCode string   `json:"subjectCode"`
	Version     string   `json:"version"`
	DisplayName string   `json:"displayName"`
	Roles       []string `json:"roles"`
	Active      bool     `json:"active"`
}

// ParseMemberships returns the course memberships among Feide groups,
// ordered by subject code, realm and version. Groups of other kinds are
// skipped.
func ParseMemberships(groups []map[string]any) []Membership {
	out := []Membership{}
	for _, g := range groups {
		id, _ := g["id"].(string)
		parts := strings.Split(id, ":")
		if len(parts) != 7 || parts[0] != "fc" || parts[1] != "fs" || parts[2] != "fs" || parts[3] != "emne" ||
			parts[4] == "" || parts[5] == "" {
			continue
		}
		m := Membership{GroupID: id, Realm: parts[4], SubjectCode: parts[5], Version: parts[6], Roles: []string{}, Active: true}
		m.DisplayName, _ = g["displayName"].(string)
		if ms, ok := g["membership"].(map[string]any); ok {
			if roles := claimStrings(ms, "fsroles"); roles != nil {
				m.Roles = roles
			}
			if a, ok := ms["active"].(bool); ok {
				m.Active = a
			}
		}
		out = append(out, m)
	}
	sort.Slice(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if a.SubjectCode != b.SubjectCode {
			return a.SubjectCode < b.SubjectCode
		}
		if a.Realm != b.Realm {
			return a.Realm < b.Realm
		}
		return a.Version < b.Version
	})
	return out
}

// HandleMemberships serves GET /api/memberships: the caller's course
// memberships from their last Feide sign-in; [] when none.
func HandleMemberships(c *echo.Context) error {
	cl, err := caller(c)
	if err != nil {
		return err
	}
	_, raw, found, err := feideProfile(c.Request().Context(), cl.UserID)
	if err != nil {
		return err
	}
	var groups []map[string]any
	if found {
		if err := json.Unmarshal(raw, &groups); err != nil {
			return fmt.Errorf("read Feide groups of user %d: %w", cl.UserID, err)
		}
	}
	return c.JSON(http.StatusOK, ParseMemberships(groups))
}
