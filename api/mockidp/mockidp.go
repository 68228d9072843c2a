// Package mockidp is a small OpenID Connect provider for development and
// tests, standing in for Feide and for Vipps Login: two issuers under one
// base URL ({base}/feide and {base}/vipps), each with discovery, an
// authorization endpoint that shows a page to pick a test person, a token
// endpoint (authorization code grant, PKCE S256 checked, codes single-use
// and short-lived), userinfo and JWKS, plus Feide's groups API
// ({base}/feide/groups/me/groups).
//
// ID tokens are signed with RS256 by a key made at start. Everything lives
// in memory. The provider is served only with DEV_MOCK_IDP=true, which the
// configuration refuses outside PRAKSIS_ENV=development.
package mockidp

import (
	"crypto/rand"
	"crypto/rsa"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"

	"github.com/lestrrat-go/jwx/v3/jwa"
	"github.com/lestrrat-go/jwx/v3/jwk"
	"github.com/lestrrat-go/jwx/v3/jws"
	"github.com/lestrrat-go/jwx/v3/jwt"
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
	// expects.
	BaseURL string
	// Feide and Vipps are the clients each issuer accepts.
	Feide Client
	Vipps Client
}

const (
	codeLifetime  = 2 * time.Minute
	tokenLifetime = time.Hour
)

type issuer struct {
	name   string
	title  string
	client Client
	people []*Person
}

type grant struct {
	issuer      string
	person      *Person
	clientID    string
	redirectURI string
	nonce       string
	challenge   string
	expires     time.Time
}

// Server is the mock provider.
type Server struct {
	base    string
	prefix  string
	key     *rsa.PrivateKey
	keyID   string
	jwks    []byte
	issuers map[string]*issuer
	now     func() time.Time

	mu     sync.Mutex
	codes  map[string]*grant
	tokens map[string]*grant
	next   int
}

// New makes the provider.
func New(opts Options) (*Server, error) {
	u, err := url.Parse(strings.TrimSuffix(opts.BaseURL, "/"))
	if err != nil || u.Host == "" || (u.Scheme != "http" && u.Scheme != "https") {
		return nil, fmt.Errorf("mock identity provider: base URL %q must be an absolute http(s) URL", opts.BaseURL)
	}
	if opts.Feide.ID == "" || opts.Vipps.ID == "" {
		return nil, errors.New("mock identity provider: the Feide and Vipps client ids are required")
	}
	key, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		return nil, fmt.Errorf("mock identity provider: key: %w", err)
	}
	pub, err := jwk.Import(key.Public())
	if err != nil {
		return nil, fmt.Errorf("mock identity provider: public key: %w", err)
	}
	kid := randomString(8)
	_ = pub.Set(jwk.KeyIDKey, kid)
	_ = pub.Set(jwk.AlgorithmKey, jwa.RS256())
	_ = pub.Set(jwk.KeyUsageKey, "sig")
	set := jwk.NewSet()
	if err := set.AddKey(pub); err != nil {
		return nil, fmt.Errorf("mock identity provider: key set: %w", err)
	}
	jwks, err := json.Marshal(set)
	if err != nil {
		return nil, fmt.Errorf("mock identity provider: key set: %w", err)
	}
	return &Server{
		base: u.String(), prefix: u.Path, key: key, keyID: kid, jwks: jwks, now: time.Now,
		issuers: map[string]*issuer{
			"feide": {name: "feide", title: "Feide", client: opts.Feide, people: feidePeople()},
			"vipps": {name: "vipps", title: "Vipps", client: opts.Vipps, people: vippsPeople()},
		},
		codes: map[string]*grant{}, tokens: map[string]*grant{},
	}, nil
}

// FeideIssuer is the issuer URL standing in for Feide.
func (s *Server) FeideIssuer() string { return s.base + "/feide" }

// VippsIssuer is the issuer URL standing in for Vipps Login.
func (s *Server) VippsIssuer() string { return s.base + "/vipps" }

// FeideGroupsAPI is the base URL standing in for the Feide groups API.
func (s *Server) FeideGroupsAPI() string { return s.base + "/feide" }

func randomString(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return base64.RawURLEncoding.EncodeToString(b)
}

// ServeHTTP routes {prefix}/{feide|vipps}/{endpoint}.
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
	switch {
	case endpoint == ".well-known/openid-configuration" && r.Method == http.MethodGet:
		s.discovery(w, iss)
	case endpoint == "authorize" && r.Method == http.MethodGet:
		s.authorizePage(w, r, iss)
	case endpoint == "authorize" && r.Method == http.MethodPost:
		s.authorize(w, r, iss)
	case endpoint == "token" && r.Method == http.MethodPost:
		s.token(w, r, iss)
	case endpoint == "userinfo" && (r.Method == http.MethodGet || r.Method == http.MethodPost):
		s.userinfo(w, r, iss)
	case endpoint == "jwks" && r.Method == http.MethodGet:
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write(s.jwks)
	case endpoint == "groups/me/groups" && iss.name == "feide" && r.Method == http.MethodGet:
		s.groups(w, r, iss)
	default:
		http.NotFound(w, r)
	}
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

func (s *Server) discovery(w http.ResponseWriter, iss *issuer) {
	base := s.base + "/" + iss.name
	writeJSON(w, http.StatusOK, map[string]any{
		"issuer":                                base,
		"authorization_endpoint":                base + "/authorize",
		"token_endpoint":                        base + "/token",
		"userinfo_endpoint":                     base + "/userinfo",
		"jwks_uri":                              base + "/jwks",
		"response_types_supported":              []string{"code"},
		"grant_types_supported":                 []string{"authorization_code"},
		"subject_types_supported":               []string{"public"},
		"id_token_signing_alg_values_supported": []string{"RS256"},
		"code_challenge_methods_supported":      []string{"S256"},
		"token_endpoint_auth_methods_supported": []string{"client_secret_basic", "client_secret_post"},
		"scopes_supported":                      []string{"openid", "profile", "email", "userid", "groups", "name", "phoneNumber"},
	})
}

// authRequest is a validated authorization request.
type authRequest struct {
	ClientID, RedirectURI, State, Nonce, Challenge, Method, Scope string
}

func (s *Server) parseAuthRequest(v url.Values, iss *issuer) (authRequest, error) {
	a := authRequest{
		ClientID: v.Get("client_id"), RedirectURI: v.Get("redirect_uri"), State: v.Get("state"), Nonce: v.Get("nonce"),
		Challenge: v.Get("code_challenge"), Method: v.Get("code_challenge_method"), Scope: v.Get("scope"),
	}
	if a.ClientID != iss.client.ID {
		return a, errors.New("unknown client_id")
	}
	if rt := v.Get("response_type"); rt != "" && rt != "code" {
		return a, errors.New("response_type must be code")
	}
	u, err := url.Parse(a.RedirectURI)
	if err != nil || u.Host == "" || (u.Scheme != "http" && u.Scheme != "https") || u.Fragment != "" {
		return a, errors.New("redirect_uri must be an absolute http(s) URL")
	}
	if !strings.Contains(" "+a.Scope+" ", " openid ") {
		return a, errors.New("scope must include openid")
	}
	if a.Challenge != "" && a.Method != "S256" {
		return a, errors.New("code_challenge_method must be S256")
	}
	return a, nil
}

func (s *Server) authorizePage(w http.ResponseWriter, r *http.Request, iss *issuer) {
	a, err := s.parseAuthRequest(r.URL.Query(), iss)
	if err != nil {
		http.Error(w, "invalid authorization request: "+err.Error(), http.StatusBadRequest)
		return
	}
	renderPicker(w, iss, a)
}

// authorize handles the picker's form: a person is picked (or "new
// student" made, or the sign-in cancelled) and the browser goes back to the
// client with a code or an error.
func (s *Server) authorize(w http.ResponseWriter, r *http.Request, iss *issuer) {
	if err := r.ParseForm(); err != nil {
		http.Error(w, "bad form", http.StatusBadRequest)
		return
	}
	a, err := s.parseAuthRequest(r.PostForm, iss)
	if err != nil {
		http.Error(w, "invalid authorization request: "+err.Error(), http.StatusBadRequest)
		return
	}
	back, _ := url.Parse(a.RedirectURI)
	q := back.Query()
	if a.State != "" {
		q.Set("state", a.State)
	}
	if r.PostForm.Get("action") == "cancel" {
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
	code := randomString(24)
	s.mu.Lock()
	s.codes[code] = &grant{issuer: iss.name, person: p, clientID: a.ClientID, redirectURI: a.RedirectURI,
		nonce: a.Nonce, challenge: a.Challenge, expires: s.now().Add(codeLifetime)}
	s.mu.Unlock()
	q.Set("code", code)
	back.RawQuery = q.Encode()
	http.Redirect(w, r, back.String(), http.StatusFound)
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

func tokenError(w http.ResponseWriter, status int, code, desc string) {
	writeJSON(w, status, map[string]string{"error": code, "error_description": desc})
}

// token exchanges a code: the client must authenticate (basic or post),
// the code must be unused and unexpired, for this client and redirect URI,
// and the PKCE verifier must match the challenge when one was given.
func (s *Server) token(w http.ResponseWriter, r *http.Request, iss *issuer) {
	if err := r.ParseForm(); err != nil {
		tokenError(w, http.StatusBadRequest, "invalid_request", "bad form")
		return
	}
	id, secret, ok := r.BasicAuth()
	if ok {
		id, _ = url.QueryUnescape(id)
		secret, _ = url.QueryUnescape(secret)
	} else {
		id, secret = r.PostForm.Get("client_id"), r.PostForm.Get("client_secret")
	}
	if id != iss.client.ID || subtle.ConstantTimeCompare([]byte(secret), []byte(iss.client.Secret)) != 1 {
		tokenError(w, http.StatusUnauthorized, "invalid_client", "unknown client or wrong secret")
		return
	}
	if r.PostForm.Get("grant_type") != "authorization_code" {
		tokenError(w, http.StatusBadRequest, "unsupported_grant_type", "only authorization_code")
		return
	}
	code := r.PostForm.Get("code")
	s.mu.Lock()
	g := s.codes[code]
	delete(s.codes, code)
	s.mu.Unlock()
	switch {
	case g == nil || g.issuer != iss.name:
		tokenError(w, http.StatusBadRequest, "invalid_grant", "unknown or used code")
		return
	case s.now().After(g.expires):
		tokenError(w, http.StatusBadRequest, "invalid_grant", "code expired")
		return
	case g.clientID != id || g.redirectURI != r.PostForm.Get("redirect_uri"):
		tokenError(w, http.StatusBadRequest, "invalid_grant", "client or redirect_uri differs from the authorization request")
		return
	}
	if g.challenge != "" {
		sum := sha256.Sum256([]byte(r.PostForm.Get("code_verifier")))
		if subtle.ConstantTimeCompare([]byte(base64.RawURLEncoding.EncodeToString(sum[:])), []byte(g.challenge)) != 1 {
			tokenError(w, http.StatusBadRequest, "invalid_grant", "PKCE verifier does not match")
			return
		}
	}
	now := s.now()
	idt, err := jwt.NewBuilder().
		Issuer(s.base+"/"+iss.name).Subject(g.person.Sub()).Audience([]string{g.clientID}).
		IssuedAt(now).Expiration(now.Add(tokenLifetime)).Claim("auth_time", now.Unix()).Build()
	if err == nil && g.nonce != "" {
		err = idt.Set("nonce", g.nonce)
	}
	if err != nil {
		tokenError(w, http.StatusInternalServerError, "server_error", err.Error())
		return
	}
	hdr := jws.NewHeaders()
	_ = hdr.Set(jws.KeyIDKey, s.keyID)
	signed, err := jwt.Sign(idt, jwt.WithKey(jwa.RS256(), s.key, jws.WithProtectedHeaders(hdr)))
	if err != nil {
		tokenError(w, http.StatusInternalServerError, "server_error", err.Error())
		return
	}
	access := randomString(32)
	s.mu.Lock()
	s.tokens[access] = &grant{issuer: iss.name, person: g.person, expires: now.Add(tokenLifetime)}
	s.mu.Unlock()
	writeJSON(w, http.StatusOK, map[string]any{
		"access_token": access, "token_type": "Bearer", "expires_in": int(tokenLifetime.Seconds()),
		"id_token": string(signed), "scope": "openid",
	})
}

// bearer returns the grant of the request's access token.
func (s *Server) bearer(r *http.Request, iss *issuer) *grant {
	h := r.Header.Get("Authorization")
	if len(h) < 8 || !strings.EqualFold(h[:7], "Bearer ") {
		return nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	g := s.tokens[strings.TrimSpace(h[7:])]
	if g == nil || g.issuer != iss.name || s.now().After(g.expires) {
		return nil
	}
	return g
}

func (s *Server) userinfo(w http.ResponseWriter, r *http.Request, iss *issuer) {
	g := s.bearer(r, iss)
	if g == nil {
		w.Header().Set("WWW-Authenticate", `Bearer error="invalid_token"`)
		tokenError(w, http.StatusUnauthorized, "invalid_token", "unknown or expired access token")
		return
	}
	writeJSON(w, http.StatusOK, g.person.Claims)
}

func (s *Server) groups(w http.ResponseWriter, r *http.Request, iss *issuer) {
	g := s.bearer(r, iss)
	if g == nil {
		tokenError(w, http.StatusUnauthorized, "invalid_token", "unknown or expired access token")
		return
	}
	groups := g.person.Groups
	if groups == nil {
		groups = []map[string]any{}
	}
	writeJSON(w, http.StatusOK, groups)
}

// The client registrations `praksis dev` gives the mock provider and the
// service alike.
var (
	DevFeideClient = Client{ID: "praksis-dev-feide", Secret: "praksis-dev-feide-secret"}
	DevVippsClient = Client{ID: "praksis-dev-vipps", Secret: "praksis-dev-vipps-secret"}
)
