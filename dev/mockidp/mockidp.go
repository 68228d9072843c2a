// Package mockidp is the OpenID Connect provider of development and tests,
// standing in for Feide and for Vipps Login. Each is a provider of the
// oauth2-proxy/mockoidc library (discovery, authorization code grant with
// PKCE, single-use codes, RS256 ID tokens, userinfo, JWKS) served under one
// base URL: {base}/feide/oidc and {base}/vipps/oidc are the issuers. This
// package adds what the library leaves to its user: the page where a
// developer picks the test person to sign in as (or cancels), the Feide
// test persons with their realm, affiliation and course groups, the Vipps
// test persons with name, phone and e-mail, and Feide's groups API
// ({base}/feide/groups/me/groups).
//
// Everything lives in memory. The provider is served only with
// DEV_MOCK_IDP=true, which the configuration refuses outside
// PRAKSIS_ENV=development.
package mockidp

import (
	"crypto/rand"
	"crypto/rsa"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/golang-jwt/jwt/v5"
	"github.com/oauth2-proxy/mockoidc"
)

// Client is a registered client of one issuer.
type Client struct {
	ID     string
	Secret string
}

// Options configure the provider.
type Options struct {
	// BaseURL is where the provider is served, such as
	// http://localhost:8080/dev/idp; its path is the prefix ServeHTTP
	// expects. The library writes issuer URLs as plain http, so the base
	// must be http too.
	BaseURL string
	// Feide and Vipps are the clients each issuer accepts.
	Feide Client
	Vipps Client
}

// The scopes Feide and Vipps Login take besides the ones the library knows
// (openid, email, groups, profile); the library refuses an authorization
// request that names a scope outside its list.
var extraScopes = []string{"userid", "userid-feide", "name", "phoneNumber"}

func init() {
	for _, s := range extraScopes {
		if !slices.Contains(mockoidc.ScopesSupported, s) {
			mockoidc.ScopesSupported = append(mockoidc.ScopesSupported, s)
		}
	}
}

const tokenLifetime = time.Hour

// issuer is one of the two stand-ins.
type issuer struct {
	name   string
	title  string
	op     *mockoidc.MockOIDC
	people []*Person
}

// Server is the mock provider.
type Server struct {
	base    string
	prefix  string
	issuers map[string]*issuer

	// mu serialises every call into the library: its session store is a
	// plain map, and a picked person must be queued and taken by the same
	// authorization request.
	mu   sync.Mutex
	next int
}

// New makes the provider.
func New(opts Options) (*Server, error) {
	u, err := url.Parse(strings.TrimSuffix(opts.BaseURL, "/"))
	if err != nil || u.Host == "" || u.Scheme != "http" || u.RawQuery != "" || u.Fragment != "" {
		return nil, fmt.Errorf("mock identity provider: base URL %q must be an absolute http URL", opts.BaseURL)
	}
	if opts.Feide.ID == "" || opts.Vipps.ID == "" {
		return nil, errors.New("mock identity provider: the Feide and Vipps client ids are required")
	}
	s := &Server{base: u.String(), prefix: u.Path, issuers: map[string]*issuer{}}
	for _, iss := range []*issuer{
		{name: "feide", title: "Feide", people: feidePeople()},
		{name: "vipps", title: "Vipps", people: vippsPeople()},
	} {
		client := opts.Feide
		if iss.name == "vipps" {
			client = opts.Vipps
		}
		// A key of our own: without one the library signs with a key
		// published in its source.
		key, err := rsa.GenerateKey(rand.Reader, 2048)
		if err != nil {
			return nil, fmt.Errorf("mock identity provider: key: %w", err)
		}
		op, err := mockoidc.NewServer(key)
		if err != nil {
			return nil, fmt.Errorf("mock identity provider: %s: %w", iss.title, err)
		}
		op.ClientID, op.ClientSecret = client.ID, client.Secret
		op.CodeChallengeMethodsSupported = []string{"S256"}
		op.AccessTTL, op.RefreshTTL = tokenLifetime, tokenLifetime
		// The library is meant to listen on an address of its own and
		// derives its issuer ("http://" + Server.Addr + "/oidc") from that
		// server; it is mounted here instead, so the server only carries
		// the host and path it is reached at and is never started.
		op.Server = &http.Server{Addr: u.Host + u.Path + "/" + iss.name}
		iss.op = op
		s.issuers[iss.name] = iss
	}
	return s, nil
}

// FeideIssuer is the issuer URL standing in for Feide.
func (s *Server) FeideIssuer() string { return s.issuers["feide"].op.Issuer() }

// VippsIssuer is the issuer URL standing in for Vipps Login.
func (s *Server) VippsIssuer() string { return s.issuers["vipps"].op.Issuer() }

// FeideGroupsAPI is the base URL standing in for the Feide groups API.
func (s *Server) FeideGroupsAPI() string { return s.base + "/feide" }

// ServeHTTP routes {prefix}/{feide|vipps}/oidc/{endpoint} to the library
// and {prefix}/feide/groups/me/groups to the groups API.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	rest, ok := strings.CutPrefix(r.URL.Path, s.prefix+"/")
	if !ok {
		http.NotFound(w, r)
		return
	}
	name, endpoint, _ := strings.Cut(rest, "/")
	iss := s.issuers[name]
	if iss == nil {
		http.NotFound(w, r)
		return
	}
	w.Header().Set("Cache-Control", "no-store")
	get, post := r.Method == http.MethodGet, r.Method == http.MethodPost
	switch {
	case endpoint == "oidc/.well-known/openid-configuration" && get:
		s.locked(w, r, iss.op.Discovery)
	case endpoint == "oidc/.well-known/jwks.json" && get:
		s.locked(w, r, iss.op.JWKS)
	case endpoint == "oidc/authorize" && get:
		s.authorizePage(w, r, iss)
	case endpoint == "oidc/authorize" && post:
		s.authorize(w, r, iss)
	case endpoint == "oidc/token" && post:
		s.token(w, r, iss)
	case endpoint == "oidc/userinfo" && (get || post):
		s.locked(w, r, iss.op.Userinfo)
	case endpoint == "groups/me/groups" && iss.name == "feide" && get:
		s.groups(w, r, iss)
	default:
		http.NotFound(w, r)
	}
}

func (s *Server) locked(w http.ResponseWriter, r *http.Request, h http.HandlerFunc) {
	s.mu.Lock()
	defer s.mu.Unlock()
	h(w, r)
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

// authRequest is an authorization request, carried through the picker.
type authRequest struct {
	ClientID, RedirectURI, State, Nonce, Challenge, Method, Scope string
}

// parseAuthRequest checks what the picker needs before it is shown, so a
// broken request is refused at once rather than after a person is picked;
// the library checks the request again when the person is picked.
func parseAuthRequest(v url.Values, iss *issuer) (authRequest, error) {
	a := authRequest{
		ClientID: v.Get("client_id"), RedirectURI: v.Get("redirect_uri"), State: v.Get("state"), Nonce: v.Get("nonce"),
		Challenge: v.Get("code_challenge"), Method: v.Get("code_challenge_method"), Scope: v.Get("scope"),
	}
	if a.ClientID != iss.op.ClientID {
		return a, errors.New("unknown client_id")
	}
	if rt := v.Get("response_type"); rt != "code" {
		return a, errors.New("response_type must be code")
	}
	u, err := url.Parse(a.RedirectURI)
	if err != nil || u.Host == "" || (u.Scheme != "http" && u.Scheme != "https") || u.Fragment != "" {
		return a, errors.New("redirect_uri must be an absolute http(s) URL")
	}
	if !slices.Contains(strings.Fields(a.Scope), "openid") {
		return a, errors.New("scope must include openid")
	}
	if a.State == "" {
		return a, errors.New("state is required")
	}
	if a.Challenge != "" && a.Method != "S256" {
		return a, errors.New("code_challenge_method must be S256")
	}
	return a, nil
}

func (s *Server) authorizePage(w http.ResponseWriter, r *http.Request, iss *issuer) {
	a, err := parseAuthRequest(r.URL.Query(), iss)
	if err != nil {
		http.Error(w, "invalid authorization request: "+err.Error(), http.StatusBadRequest)
		return
	}
	renderPicker(w, r, iss, a)
}

// authorize handles the picker's form: the sign-in is cancelled, or the
// picked person is queued and the library's authorization endpoint sends
// the browser back to the client with a code for them.
func (s *Server) authorize(w http.ResponseWriter, r *http.Request, iss *issuer) {
	if err := r.ParseForm(); err != nil {
		http.Error(w, "bad form", http.StatusBadRequest)
		return
	}
	a, err := parseAuthRequest(r.PostForm, iss)
	if err != nil {
		http.Error(w, "invalid authorization request: "+err.Error(), http.StatusBadRequest)
		return
	}
	if r.PostForm.Get("action") == "cancel" {
		back, _ := url.Parse(a.RedirectURI)
		q := back.Query()
		q.Set("state", a.State)
		q.Set("error", "access_denied")
		q.Set("error_description", "The user cancelled the sign-in")
		back.RawQuery = q.Encode()
		http.Redirect(w, r, back.String(), http.StatusFound)
		return
	}
	p := s.person(iss, r.PostForm.Get("person"))
	if p == nil {
		http.Error(w, "pick a person", http.StatusBadRequest)
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	iss.op.QueueUser(oidcUser{p})
	iss.op.Authorize(w, r)
}

// person returns the picked person; "new-student" makes a Feide student
// that exists nowhere yet.
func (s *Server) person(iss *issuer, key string) *Person {
	if iss.name == "feide" && key == "new-student" {
		s.mu.Lock()
		s.next++
		n := s.next
		s.mu.Unlock()
		id := fmt.Sprintf("%d%s", n, strings.ToLower(randomString(3)))
		id = strings.NewReplacer("-", "x", "_", "y").Replace(id)
		return feidePerson("new-"+id, "Ny Student "+id, "ny.student."+id+"@demo.test", "ny.student."+id+"@stud.demo.test",
			"New student", student, feideGroup("demo.test", "SYKP2100", "1", "Praksisstudier i spesialisthelsetjenesten – medisinsk avdeling", []string{"STUDENT"}, true))
	}
	for _, p := range iss.people {
		if p.Key == key {
			return p
		}
	}
	return nil
}

func randomString(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return base64.RawURLEncoding.EncodeToString(b)
}

// token is the library's token endpoint. Feide and Vipps authenticate
// clients with HTTP basic authentication (client_secret_basic), which the
// library does not read, so the credentials are moved into the form it
// does read.
func (s *Server) token(w http.ResponseWriter, r *http.Request, iss *issuer) {
	if err := r.ParseForm(); err != nil {
		writeJSON(w, http.StatusBadRequest, map[string]string{"error": "invalid_request", "error_description": "bad form"})
		return
	}
	if id, secret, ok := r.BasicAuth(); ok {
		// RFC 6749 §2.3.1: both are form-encoded before they are joined.
		if v, err := url.QueryUnescape(id); err == nil {
			id = v
		}
		if v, err := url.QueryUnescape(secret); err == nil {
			secret = v
		}
		r.Form.Set("client_id", id)
		r.Form.Set("client_secret", secret)
	}
	s.locked(w, r, iss.op.Token)
}

// groups serves Feide's groups API for the holder of an access token.
func (s *Server) groups(w http.ResponseWriter, r *http.Request, iss *issuer) {
	s.mu.Lock()
	p := s.bearer(r, iss)
	s.mu.Unlock()
	if p == nil {
		w.Header().Set("WWW-Authenticate", `Bearer error="invalid_token"`)
		writeJSON(w, http.StatusUnauthorized, map[string]string{"error": "invalid_token", "error_description": "unknown or expired access token"})
		return
	}
	groups := p.Groups
	if groups == nil {
		groups = []map[string]any{}
	}
	writeJSON(w, http.StatusOK, groups)
}

// bearer returns the person an access token was issued to, or nil; the
// caller holds mu.
func (s *Server) bearer(r *http.Request, iss *issuer) *Person {
	h := r.Header.Get("Authorization")
	if len(h) < 8 || !strings.EqualFold(h[:7], "Bearer ") {
		return nil
	}
	tok, err := iss.op.Keypair.VerifyJWT(strings.TrimSpace(h[7:]), iss.op.Now)
	if err != nil || !tok.Valid {
		return nil
	}
	if exp, err := tok.Claims.GetExpirationTime(); err != nil || exp == nil || iss.op.Now().After(exp.Time) {
		return nil
	}
	session, err := iss.op.SessionStore.GetSessionByToken(tok)
	if err != nil {
		return nil
	}
	u, ok := session.User.(oidcUser)
	if !ok {
		return nil
	}
	return u.p
}

// oidcUser is a test person as the library's User.
type oidcUser struct{ p *Person }

// ID is the person's subject.
func (u oidcUser) ID() string { return u.p.Sub() }

// Userinfo is what the userinfo endpoint answers for the person: every
// claim the real provider would give the scopes Praksis asks for.
func (u oidcUser) Userinfo([]string) ([]byte, error) { return json.Marshal(u.p.Claims) }

// Claims are the person's ID token claims: the standard ones the library
// fills in (issuer, subject, audience, times, nonce). Praksis reads the
// rest from userinfo, as with the real providers.
func (u oidcUser) Claims(_ []string, base *mockoidc.IDTokenClaims) (jwt.Claims, error) {
	return base, nil
}

// The client registrations `praksis dev` gives the mock provider and the
// service alike.
var (
	DevFeideClient = Client{ID: "praksis-dev-feide", Secret: "praksis-dev-feide-secret"}
	DevVippsClient = Client{ID: "praksis-dev-vipps", Secret: "praksis-dev-vipps-secret"}
)
