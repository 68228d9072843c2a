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
	"github.com/swaggest/jsonschema-go"
	"golang.org/x/oauth2"

	"github.com/praksis/praksis/api/apperror"
	"github.com/praksis/praksis/api/auth"
	"github.com/praksis/praksis/api/edge"
	"github.com/praksis/praksis/api/reqlog"
	"github.com/praksis/praksis/api/users"
	"github.com/praksis/praksis/tenants"
)

// HandleFeideStart serves GET /api/auth/feide/start?verificationGuid=&redirect_uri=:
// a 302 to Feide's authorization endpoint (code flow with PKCE S256, state
// and nonce; scopes openid userid profile email groups; redirect URI
// {school}/feide-success). The round trip's state goes into a signed
// HttpOnly cookie; verificationGuid and redirect_uri (a local path) come
// back from POST /api/auth/signed-in. It stays a plain handler: a redirect.
func (s *Service) HandleFeideStart(c *echo.Context) error {
	return needs(&s.feide, "Feide", func(c *echo.Context) error {
		var p StartParams
		if err := edge.Bind(c, &p); err != nil {
			return err
		}
		return s.start(c, s.feide, providerFeide, randomToken(24), s.feideRedirect, p)
	})(c)
}

// FeideSignedInBody is the body of finishing a Feide sign-in.
type FeideSignedInBody struct {
	Code            string `json:"code" required:"true" description:"The code Feide gave /feide-success"`
	State           string `json:"state" description:"Optional: the state Feide gave /feide-success; must match the start call's when given"`
	RedirectToLocal bool   `json:"redirectToLocal" description:"Accepted and ignored: the redirect URI is always the school's /feide-success"`
}

// HandleFeideSignedIn serves POST /api/auth/signed-in
// {code, state?, redirectToLocal?} → 200 {token, verificationGuid?, redirectUri?}.
// The sign-in cookie set by the start call is required; state, when given,
// must be the one Feide echoed.
func (s *Service) HandleFeideSignedIn() edge.Endpoint {
	return finishing(&s.feide, "Feide", s.feideSignedIn)
}

func (s *Service) feideSignedIn(c *echo.Context, _ edge.NoParams, body FeideSignedInBody) (*SignedIn, error) {
	if strings.TrimSpace(body.Code) == "" {
		return nil, invalid(nil).Field("code", "auth.codeRequired", nil)
	}
	ctx := c.Request().Context()
	ls, err := s.readState(c, providerFeide)
	if err != nil {
		return nil, apperror.Invalidf("auth.signInExpired").Because(err)
	}
	if body.State != "" && body.State != ls.State {
		return nil, apperror.Invalidf("auth.stateMismatch")
	}
	host := requestHost(c)
	x, err := s.exchange(ctx, s.feide, s.feideRedirect(host), strings.TrimSpace(body.Code), ls.Verifier, ls.Nonce)
	if err != nil {
		return nil, err
	}
	groups := s.feideGroups(ctx, x.token)
	p := feidePerson(x.claims, groups)
	u, err := s.feideUser(ctx, p)
	if err != nil {
		return nil, err
	}
	if err := storeFeideProfile(ctx, u.ID, p.FeideID, x.claims, groups, s.now()); err != nil {
		return nil, err
	}
	return s.signedIn(c, providerFeide, auth.MethodFeide, u.ID, ls)
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
		return createdAtSignIn(ctx, users.NewUser{DisplayName: name, Email: p.Email, FeideID: &id, Language: t.DefaultLanguage, Roles: roles}, auth.MethodFeide)
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

// createdAtSignIn makes the account of a first sign-in and records that
// the sign-in made it.
func createdAtSignIn(ctx context.Context, n users.NewUser, method auth.Method) (*users.User, error) {
	u, err := users.Create(ctx, n)
	if err != nil {
		return nil, err
	}
	if err := auditCreated(ctx, u.ID, method, n.Roles); err != nil {
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

// FeideClaims are the userinfo claims Feide gave at a sign-in, as stored:
// the answer of GET /api/auth/feide-info, for the document.
type FeideClaims struct{}

// JSONSchema documents the claims as the object Feide sends.
func (FeideClaims) JSONSchema() (jsonschema.Schema, error) {
	var str jsonschema.Schema
	str.AddType(jsonschema.String)
	var s jsonschema.Schema
	s.AddType(jsonschema.Object)
	s.WithDescription("Feide's userinfo claims (sub, name, email, https://n.feide.no/claims/eduPersonPrincipalName, …) as Feide sent them")
	s.WithProperties(map[string]jsonschema.SchemaOrBool{"sub": str.ToSchemaOrBool(), "name": str.ToSchemaOrBool(), "email": str.ToSchemaOrBool()})
	s.WithAdditionalProperties(jsonschema.SchemaOrBool{TypeBoolean: &[]bool{true}[0]})
	return s, nil
}

// FeideGroups are the groups the Feide groups API listed at a sign-in, as
// stored: the answer of GET /api/auth/feide-group-memberships, for the
// document.
type FeideGroups struct{}

// JSONSchema documents the groups as the list Feide sends.
func (FeideGroups) JSONSchema() (jsonschema.Schema, error) {
	var item jsonschema.Schema
	item.AddType(jsonschema.Object)
	item.WithDescription("A group as the Feide groups API (me/groups) describes it: {id, type, displayName, membership: {active, fsroles, affiliation, …}, …}")
	var s jsonschema.Schema
	s.AddType(jsonschema.Array)
	s.WithItems(*(&jsonschema.Items{}).WithSchemaOrBool(item.ToSchemaOrBool()))
	return s, nil
}

// callerProfile loads the signed-in caller's stored Feide profile.
func callerProfile(ctx context.Context) (claims, groups json.RawMessage, found bool, err error) {
	cl, err := auth.SignedIn(ctx)
	if err != nil {
		return nil, nil, false, err
	}
	return feideProfile(ctx, cl.UserID)
}

// HandleFeideInfo serves GET /api/auth/feide-info: the caller's Feide
// userinfo claims as seen at their last Feide sign-in; 404 when they have
// never signed in with Feide. It stays a plain handler, as does
// HandleFeideGroups: both answer what was stored byte for byte; the route
// table names FeideClaims and FeideGroups as their answers.
func HandleFeideInfo(c *echo.Context) error {
	claims, _, found, err := callerProfile(c.Request().Context())
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
	_, groups, found, err := callerProfile(c.Request().Context())
	if err != nil {
		return err
	}
	if !found {
		groups = json.RawMessage("[]")
	}
	return c.JSONBlob(http.StatusOK, groups)
}

// HandleMemberships serves GET /api/memberships: the caller's course
// memberships from their last Feide sign-in; [] when none.
var HandleMemberships = edge.Read(http.StatusOK, func(ctx context.Context, _ edge.NoParams) ([]Membership, error) {
	_, raw, found, err := callerProfile(ctx)
	if err != nil {
		return nil, err
	}
	var groups []map[string]any
	if found {
		if err := json.Unmarshal(raw, &groups); err != nil {
			return nil, fmt.Errorf("read Feide groups of the caller: %w", err)
		}
	}
	return ParseMemberships(groups), nil
})

// Membership is one course the caller belongs to according to Feide, read
// from a group id fc:fs:fs:emne:<realm>:<subject code>:<version>.
type Membership struct {
	GroupID     string   `json:"groupId" example:"fc:fs:fs:emne:uio.no:SYK1001:1"`
	Realm       string   `json:"realm" example:"uio.no"`
	SubjectCode string   `json:"subjectCode" example:"SYK1001"`
	Version     string   `json:"version" example:"1"`
	DisplayName string   `json:"displayName"`
	Roles       []string `json:"roles" description:"The person's roles in the course (Feide's fsroles), e.g. STUDENT"`
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
