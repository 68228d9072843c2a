package mockidp

import (
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/lestrrat-go/jwx/v3/jwk"
	"github.com/lestrrat-go/jwx/v3/jwt"
)

func newServer(t *testing.T) (*Server, *httptest.Server) {
	t.Helper()
	var s *Server
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { s.ServeHTTP(w, r) }))
	t.Cleanup(ts.Close)
	var err error
	s, err = New(Options{BaseURL: ts.URL + "/dev/idp", Feide: DevFeideClient, Vipps: DevVippsClient})
	if err != nil {
		t.Fatal(err)
	}
	return s, ts
}

var noRedirect = &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}

const verifier = "a-verifier-that-is-long-enough-for-pkce-0123456789"

func challenge(v string) string {
	sum := sha256.Sum256([]byte(v))
	return base64.RawURLEncoding.EncodeToString(sum[:])
}

// authorize picks a person and returns the code (or the error) sent back.
func authorize(t *testing.T, s *Server, issuer, person, action string) url.Values {
	t.Helper()
	form := url.Values{
		"client_id": {DevFeideClient.ID}, "redirect_uri": {"http://a.localhost/feide-success"}, "response_type": {"code"},
		"scope": {"openid userid profile email groups"}, "state": {"st-123456"}, "nonce": {"n-1"},
		"code_challenge": {challenge(verifier)}, "code_challenge_method": {"S256"}, "person": {person}, "action": {action},
	}
	if issuer == "vipps" {
		form.Set("client_id", DevVippsClient.ID)
		form.Set("redirect_uri", "http://a.localhost/vipps-success")
	}
	resp, err := noRedirect.PostForm(s.base+"/"+issuer+"/authorize", form)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusFound {
		b, _ := io.ReadAll(resp.Body)
		t.Fatalf("authorize: %d %s", resp.StatusCode, b)
	}
	loc, err := url.Parse(resp.Header.Get("Location"))
	if err != nil {
		t.Fatal(err)
	}
	return loc.Query()
}

func exchange(t *testing.T, s *Server, code string, change func(url.Values, *http.Request)) (int, map[string]any) {
	t.Helper()
	form := url.Values{"grant_type": {"authorization_code"}, "code": {code}, "redirect_uri": {"http://a.localhost/feide-success"}, "code_verifier": {verifier}}
	req, _ := http.NewRequest(http.MethodPost, s.FeideIssuer()+"/token", nil)
	req.SetBasicAuth(DevFeideClient.ID, DevFeideClient.Secret)
	if change != nil {
		change(form, req)
	}
	req.Body = io.NopCloser(strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var body map[string]any
	_ = json.NewDecoder(resp.Body).Decode(&body)
	return resp.StatusCode, body
}

func TestDiscoveryAndPicker(t *testing.T) {
	s, _ := newServer(t)
	for _, iss := range []string{s.FeideIssuer(), s.VippsIssuer()} {
		resp, err := http.Get(iss + "/.well-known/openid-configuration")
		if err != nil {
			t.Fatal(err)
		}
		var doc map[string]any
		_ = json.NewDecoder(resp.Body).Decode(&doc)
		resp.Body.Close()
		if doc["issuer"] != iss || doc["token_endpoint"] != iss+"/token" {
			t.Errorf("discovery of %s: %v", iss, doc)
		}
	}
	q := url.Values{"client_id": {DevFeideClient.ID}, "redirect_uri": {"http://a.localhost/feide-success"}, "response_type": {"code"},
		"scope": {"openid"}, "state": {"s"}, "code_challenge": {challenge(verifier)}, "code_challenge_method": {"S256"}}
	resp, err := http.Get(s.FeideIssuer() + "/authorize?" + q.Encode())
	if err != nil {
		t.Fatal(err)
	}
	page, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	for _, want := range []string{`name="person" value="ola"`, "Ola Nordmann", `value="new-student"`, `name="action" value="cancel"`, `<html lang="en">`} {
		if !strings.Contains(string(page), want) {
			t.Errorf("picker lacks %s", want)
		}
	}
	bad := []url.Values{
		{"client_id": {"someone"}, "redirect_uri": {"http://a.localhost/x"}, "scope": {"openid"}},
		{"client_id": {DevFeideClient.ID}, "redirect_uri": {"/relative"}, "scope": {"openid"}},
		{"client_id": {DevFeideClient.ID}, "redirect_uri": {"http://a.localhost/x"}, "scope": {"profile"}},
		{"client_id": {DevFeideClient.ID}, "redirect_uri": {"http://a.localhost/x"}, "scope": {"openid"}, "code_challenge": {"x"}, "code_challenge_method": {"plain"}},
	}
	for _, q := range bad {
		resp, err := http.Get(s.FeideIssuer() + "/authorize?" + q.Encode())
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusBadRequest {
			t.Errorf("bad request %v: %d", q, resp.StatusCode)
		}
	}
}

func TestTokenEndpointRules(t *testing.T) {
	s, _ := newServer(t)
	cases := []struct {
		name   string
		change func(url.Values, *http.Request)
		status int
		errMsg string
	}{
		{"wrong secret", func(_ url.Values, r *http.Request) { r.SetBasicAuth(DevFeideClient.ID, "wrong") }, http.StatusUnauthorized, "invalid_client"},
		{"wrong verifier", func(f url.Values, _ *http.Request) {
			f.Set("code_verifier", "another-verifier-0123456789-0123456789-0123")
		}, http.StatusBadRequest, "invalid_grant"},
		{"no verifier", func(f url.Values, _ *http.Request) { f.Del("code_verifier") }, http.StatusBadRequest, "invalid_grant"},
		{"other redirect", func(f url.Values, _ *http.Request) { f.Set("redirect_uri", "http://b.localhost/feide-success") }, http.StatusBadRequest, "invalid_grant"},
		{"other grant", func(f url.Values, _ *http.Request) { f.Set("grant_type", "password") }, http.StatusBadRequest, "unsupported_grant_type"},
		{"secret in the form", func(f url.Values, r *http.Request) {
			r.Header.Del("Authorization")
			f.Set("client_id", DevFeideClient.ID)
			f.Set("client_secret", DevFeideClient.Secret)
		}, http.StatusOK, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			code := authorize(t, s, "feide", "ola", "").Get("code")
			status, body := exchange(t, s, code, c.change)
			if status != c.status || (c.errMsg != "" && body["error"] != c.errMsg) {
				t.Errorf("%d %v", status, body)
			}
		})
	}
}

func TestCodeFlow(t *testing.T) {
	s, _ := newServer(t)
	back := authorize(t, s, "feide", "ola", "")
	if back.Get("state") != "st-123456" || back.Get("code") == "" {
		t.Fatalf("back: %v", back)
	}
	status, body := exchange(t, s, back.Get("code"), nil)
	if status != http.StatusOK {
		t.Fatalf("token: %d %v", status, body)
	}
	// The code works once.
	if status, _ := exchange(t, s, back.Get("code"), nil); status != http.StatusBadRequest {
		t.Errorf("reused code: %d", status)
	}
	// An expired code does not work.
	late := authorize(t, s, "feide", "ola", "").Get("code")
	s.now = func() time.Time { return time.Now().Add(codeLifetime + time.Second) }
	if status, _ := exchange(t, s, late, nil); status != http.StatusBadRequest {
		t.Errorf("expired code: %d", status)
	}
	s.now = time.Now

	resp, err := http.Get(s.FeideIssuer() + "/jwks")
	if err != nil {
		t.Fatal(err)
	}
	raw, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	set, err := jwk.Parse(raw)
	if err != nil {
		t.Fatal(err)
	}
	idt, err := jwt.Parse([]byte(body["id_token"].(string)), jwt.WithKeySet(set), jwt.WithIssuer(s.FeideIssuer()), jwt.WithAudience(DevFeideClient.ID))
	if err != nil {
		t.Fatalf("id token: %v", err)
	}
	var nonce string
	if err := idt.Get("nonce", &nonce); err != nil || nonce != "n-1" {
		t.Errorf("nonce %q %v", nonce, err)
	}
	get := func(path string, token string) (int, []byte) {
		req, _ := http.NewRequest(http.MethodGet, s.FeideIssuer()+path, nil)
		req.Header.Set("Authorization", "Bearer "+token)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, b
	}
	access := body["access_token"].(string)
	if status, b := get("/userinfo", access); status != http.StatusOK || !strings.Contains(string(b), "ola.nordmann@demo.test") {
		t.Errorf("userinfo: %d %s", status, b)
	}
	if status, b := get("/groups/me/groups", access); status != http.StatusOK || !strings.Contains(string(b), "fc:fs:fs:emne:demo.test:SYKP2100:1") {
		t.Errorf("groups: %d %s", status, b)
	}
	if status, _ := get("/userinfo", "nope"); status != http.StatusUnauthorized {
		t.Errorf("userinfo without a token: %d", status)
	}
}

func TestCancelAndNewStudent(t *testing.T) {
	s, _ := newServer(t)
	back := authorize(t, s, "vipps", "hilde-bakken", "cancel")
	if back.Get("error") != "access_denied" || back.Get("code") != "" || back.Get("state") != "st-123456" {
		t.Errorf("cancel: %v", back)
	}
	a := s.person(s.issuers["feide"], "new-student")
	b := s.person(s.issuers["feide"], "new-student")
	if a == nil || b == nil || a.Sub() == b.Sub() || a.Claims["email"] == b.Claims["email"] {
		t.Errorf("new students are not new: %v %v", a, b)
	}
	if s.person(s.issuers["vipps"], "new-student") != nil {
		t.Error("Vipps offers a new student")
	}
}
