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
	"sync"
	"testing"

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
	resp, err := noRedirect.PostForm(s.issuers[issuer].op.Issuer()+"/authorize", form)
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

// bearerGet GETs u with an access token; it returns the status and body.
func bearerGet(t *testing.T, u, token string) (int, []byte) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, u, nil)
	req.Header.Set("Authorization", "Bearer "+token)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, b
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
		if !strings.HasSuffix(iss, "/dev/idp/feide/oidc") && !strings.HasSuffix(iss, "/dev/idp/vipps/oidc") ||
			doc["issuer"] != iss || doc["token_endpoint"] != iss+"/token" || doc["jwks_uri"] == nil {
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
	for _, want := range []string{`name="person" value="ola"`, "Ola Nordmann", `value="new-student"`, `name="action" value="cancel"`, `<html lang="en">`,
		"ola.nordmann@demo.test · student, member · groups SYKP2100, SYKP1200"} {
		if !strings.Contains(string(page), want) {
			t.Errorf("picker lacks %s", want)
		}
	}
	// The picker speaks the language asked for: Nynorsk here.
	for _, ask := range []struct{ header, query string }{{"nn-NO,nn;q=0.9", ""}, {"", "nn"}} {
		req, _ := http.NewRequest(http.MethodGet, s.FeideIssuer()+"/authorize?"+q.Encode()+"&ui_locales="+ask.query, nil)
		if ask.header != "" {
			req.Header.Set("Accept-Language", ask.header)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		page, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		for _, want := range []string{`<html lang="nn">`, "Vel personen du vil logge inn som.", "Avbryt innlogginga", "Ola Nordmann"} {
			if !strings.Contains(string(page), want) {
				t.Errorf("Nynorsk picker (%+v) lacks %s", ask, want)
			}
		}
	}
	// Each request differs from a good one in one way only.
	good := func(change func(url.Values)) url.Values {
		q := url.Values{"client_id": {DevFeideClient.ID}, "redirect_uri": {"http://a.localhost/x"}, "response_type": {"code"}, "scope": {"openid"}, "state": {"s"}}
		change(q)
		return q
	}
	bad := []url.Values{
		good(func(q url.Values) { q.Set("client_id", "someone") }),
		good(func(q url.Values) { q.Set("client_id", DevVippsClient.ID) }),
		good(func(q url.Values) { q.Set("redirect_uri", "/relative") }),
		good(func(q url.Values) { q.Set("scope", "profile") }),
		good(func(q url.Values) { q.Set("response_type", "token") }),
		good(func(q url.Values) { q.Del("state") }),
		good(func(q url.Values) { q.Set("code_challenge", "x"); q.Set("code_challenge_method", "plain") }),
	}
	if resp, err := http.Get(s.FeideIssuer() + "/authorize?" + good(func(url.Values) {}).Encode()); err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("the good request is refused: %v %v", resp, err)
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
		{"other client", func(_ url.Values, r *http.Request) { r.SetBasicAuth(DevVippsClient.ID, DevVippsClient.Secret) }, http.StatusUnauthorized, "invalid_client"},
		{"no client", func(_ url.Values, r *http.Request) { r.Header.Del("Authorization") }, http.StatusBadRequest, "invalid_request"},
		{"wrong verifier", func(f url.Values, _ *http.Request) {
			f.Set("code_verifier", "another-verifier-0123456789-0123456789-0123")
		}, http.StatusUnauthorized, "invalid_grant"},
		{"no verifier", func(f url.Values, _ *http.Request) { f.Del("code_verifier") }, http.StatusUnauthorized, "invalid_grant"},
		{"other grant", func(f url.Values, _ *http.Request) { f.Set("grant_type", "password") }, http.StatusBadRequest, "invalid_request"},
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
	if status, body := exchange(t, s, back.Get("code"), nil); status != http.StatusUnauthorized || body["error"] != "invalid_grant" {
		t.Errorf("reused code: %d %v", status, body)
	}

	resp, err := http.Get(s.FeideIssuer() + "/.well-known/jwks.json")
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
	access := body["access_token"].(string)
	if status, b := bearerGet(t, s.FeideIssuer()+"/userinfo", access); status != http.StatusOK || !strings.Contains(string(b), "ola.nordmann@demo.test") {
		t.Errorf("userinfo: %d %s", status, b)
	}
	if status, b := bearerGet(t, s.FeideGroupsAPI()+"/groups/me/groups", access); status != http.StatusOK || !strings.Contains(string(b), "fc:fs:fs:emne:demo.test:SYKP2100:1") {
		t.Errorf("groups: %d %s", status, b)
	}
	if status, _ := bearerGet(t, s.FeideIssuer()+"/userinfo", "nope"); status != http.StatusUnauthorized {
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

// The person picked is the person signed in, also when many pick at once:
// each pick must be queued and taken by its own authorization request. The
// steps are written out here rather than taken from authorize and exchange,
// which stop the test with t.Fatal: that may only be called from the test's
// own goroutine.
func TestConcurrentPicksGetTheirOwnPerson(t *testing.T) {
	s, _ := newServer(t)
	people := map[string]string{"ola": "ola.nordmann@demo.test", "emma": "emma.johansen@demo.test", "jonas": "jonas.berg@demo.test"}
	keys := []string{"ola", "emma", "jonas"}
	var wg sync.WaitGroup
	errs := make(chan string, 30)
	for i := range 30 {
		wg.Add(1)
		go func(key string) {
			defer wg.Done()
			form := url.Values{
				"client_id": {DevFeideClient.ID}, "redirect_uri": {"http://a.localhost/feide-success"}, "response_type": {"code"},
				"scope": {"openid userid profile email groups"}, "state": {"st-" + key}, "person": {key},
			}
			resp, err := noRedirect.PostForm(s.FeideIssuer()+"/authorize", form)
			if err != nil {
				errs <- err.Error()
				return
			}
			resp.Body.Close()
			loc, _ := url.Parse(resp.Header.Get("Location"))
			tf := url.Values{"grant_type": {"authorization_code"}, "code": {loc.Query().Get("code")},
				"client_id": {DevFeideClient.ID}, "client_secret": {DevFeideClient.Secret}}
			resp, err = http.PostForm(s.FeideIssuer()+"/token", tf)
			if err != nil {
				errs <- err.Error()
				return
			}
			var tok map[string]any
			_ = json.NewDecoder(resp.Body).Decode(&tok)
			resp.Body.Close()
			access, _ := tok["access_token"].(string)
			req, _ := http.NewRequest(http.MethodGet, s.FeideIssuer()+"/userinfo", nil)
			req.Header.Set("Authorization", "Bearer "+access)
			resp, err = http.DefaultClient.Do(req)
			if err != nil {
				errs <- err.Error()
				return
			}
			info, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if !strings.Contains(string(info), people[key]) {
				errs <- key + " got " + string(info)
			}
		}(keys[i%len(keys)])
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
}

func TestTokensOfOneIssuerAreNotTakenByTheOther(t *testing.T) {
	s, _ := newServer(t)
	code := authorize(t, s, "vipps", "hilde-bakken", "").Get("code")
	status, tok := exchange(t, s, code, func(f url.Values, r *http.Request) {
		r.URL, _ = url.Parse(s.VippsIssuer() + "/token")
		r.Host = r.URL.Host
		r.SetBasicAuth(DevVippsClient.ID, DevVippsClient.Secret)
		f.Set("redirect_uri", "http://a.localhost/vipps-success")
	})
	access, _ := tok["access_token"].(string)
	if status != http.StatusOK || access == "" {
		t.Fatalf("vipps token: %d %v", status, tok)
	}
	for _, u := range []string{s.FeideIssuer() + "/userinfo", s.FeideGroupsAPI() + "/groups/me/groups"} {
		if status, _ := bearerGet(t, u, access); status != http.StatusUnauthorized {
			t.Errorf("%s with a Vipps token: %d", u, status)
		}
	}
}

func TestBaseURLMustBeHTTP(t *testing.T) {
	for _, base := range []string{"https://localhost/dev/idp", "/dev/idp", "localhost:8080"} {
		if _, err := New(Options{BaseURL: base, Feide: DevFeideClient, Vipps: DevVippsClient}); err == nil {
			t.Errorf("%s accepted", base)
		}
	}
}
