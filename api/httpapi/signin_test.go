package httpapi

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/riverqueue/river"
	"gorm.io/gorm"

	"github.com/praksis/praksis/api/auth"
	"github.com/praksis/praksis/api/jobs"
	"github.com/praksis/praksis/api/mail"
	"github.com/praksis/praksis/api/signin"
	"github.com/praksis/praksis/api/users"
	"github.com/praksis/praksis/dev/mailcatcher"
	"github.com/praksis/praksis/dev/mockidp"
	"github.com/praksis/praksis/tenants"
)

// signinFixture is the fixture with every way of signing in: codes queued
// through the real job queue to a capturing sender, and Feide and Vipps
// played by the mock identity provider on a server of its own. School A
// accepts the Feide realm demo.test; school B accepts none.
type signinFixture struct {
	*fixture
	signin  *signin.Service
	catcher *mailcatcher.Catcher
	queue   *jobs.Queue
	idp     *mockidp.Server
}

func newSignInFixture(t *testing.T) *signinFixture {
	t.Helper()
	sf := &signinFixture{catcher: mailcatcher.New()}
	sf.fixture = newFixtureWith(t, func(f *fixture, o *Options) {
		ctx := context.Background()
		realms := []string{"demo.test"}
		if _, err := f.db.Service.Update(ctx, "skole-a", tenants.UpdateParams{FeideRealms: &realms}); err != nil {
			t.Fatal(err)
		}
		if err := f.reg.Load(ctx); err != nil {
			t.Fatal(err)
		}
		sqlDB := f.db.Queue(t, jobs.Migrate)
		var err error
		workers := river.NewWorkers()
		river.AddWorker(workers, mail.NewWorker(f.reg, sf.catcher, slog.New(slog.NewTextHandler(io.Discard, nil))))
		if sf.queue, err = jobs.New(sqlDB, jobs.Config{Workers: workers, PollInterval: 50 * time.Millisecond}); err != nil {
			t.Fatal(err)
		}
		var idp *mockidp.Server
		ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { idp.ServeHTTP(w, r) }))
		t.Cleanup(ts.Close)
		if idp, err = mockidp.New(mockidp.Options{BaseURL: ts.URL + "/dev/idp", Feide: mockidp.DevFeideClient, Vipps: mockidp.DevVippsClient}); err != nil {
			t.Fatal(err)
		}
		sf.idp = idp
		sf.signin = signin.New(f.auth,
			signin.WithMail(mail.NewOutbox(sf.queue)),
			signin.WithPublicURL(func(host string) string { return "http://" + host }),
			signin.WithFeide(signin.ProviderConfig{Issuer: idp.FeideIssuer(), ClientID: mockidp.DevFeideClient.ID, ClientSecret: mockidp.DevFeideClient.Secret}, idp.FeideGroupsAPI()),
			signin.WithVipps(signin.ProviderConfig{Issuer: idp.VippsIssuer(), ClientID: mockidp.DevVippsClient.ID, ClientSecret: mockidp.DevVippsClient.Secret}),
		)
		o.SignIn, o.DevMail, o.MockIDP = sf.signin, sf.catcher, idp
		o.Mail = mail.NewOutbox(sf.queue)
	})
	return sf
}

// call sends a request with a JSON body (when not nil) and lets mod add
// cookies or a client address.
func (sf *signinFixture) call(t *testing.T, method, host, path string, body any, mod func(*http.Request)) *httptest.ResponseRecorder {
	t.Helper()
	req := jsonRequest(t, method, host, path, body)
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	req.Header.Set("Accept-Language", "en")
	if mod != nil {
		mod(req)
	}
	rec := httptest.NewRecorder()
	sf.srv.Handler().ServeHTTP(rec, req)
	return rec
}

func from(ip string) func(*http.Request) {
	return func(r *http.Request) { r.RemoteAddr = ip + ":40000" }
}

func withCookie(c *http.Cookie) func(*http.Request) {
	return func(r *http.Request) {
		if c != nil {
			r.AddCookie(c)
		}
	}
}

// text runs a query returning one string in a school's scope.
func (sf *signinFixture) text(t *testing.T, slug, sql string, args ...any) string {
	t.Helper()
	var s string
	err := sf.db.Service.InScope(context.Background(), slug, func(ctx context.Context, tx *gorm.DB) error {
		return tx.Raw(sql, args...).Scan(&s).Error
	})
	if err != nil {
		t.Fatalf("%s: %v", sql, err)
	}
	return s
}

var codeInMail = regexp.MustCompile(`(?m)^    ([0-9]{6})$`)

// queuedCode reads the code of the newest e-mail queued to email (the
// workers are not running unless a test starts them).
func (sf *signinFixture) queuedCode(t *testing.T, slug, email string) string {
	t.Helper()
	body := sf.text(t, slug, "SELECT text_body FROM mail_outbox WHERE lower(to_address) = lower(?) ORDER BY id DESC LIMIT 1", email)
	m := codeInMail.FindStringSubmatch(body)
	if m == nil {
		t.Fatalf("no code queued for %s", email)
	}
	return m[1]
}

func (sf *signinFixture) requestCode(t *testing.T, host, email, ip string) *httptest.ResponseRecorder {
	t.Helper()
	return sf.call(t, http.MethodPost, host, "/api/auth/external/sign-in", map[string]string{"email": email}, from(ip))
}

func (sf *signinFixture) useCode(t *testing.T, host, email, code string) *httptest.ResponseRecorder {
	t.Helper()
	return sf.call(t, http.MethodPost, host, "/api/auth/external/signed-in", map[string]string{"email": email, "code": code}, nil)
}

// user makes an account in school A directly.
func (sf *signinFixture) user(t *testing.T, name, email string, feideID, vippsSub *string, roles ...int64) int64 {
	t.Helper()
	var id int64
	err := sf.db.Service.InScope(context.Background(), "skole-a", func(ctx context.Context, tx *gorm.DB) error {
		u, err := users.Create(ctx, users.NewUser{DisplayName: name, Email: email, FeideID: feideID, VippsSub: vippsSub, Roles: roles})
		if err != nil {
			return err
		}
		id = u.ID
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return id
}

func ptr(s string) *string { return &s }

func (sf *signinFixture) me(t *testing.T, host, tok string) users.Me {
	t.Helper()
	rec := sf.do(t, http.MethodGet, host, "/api/users/me", bearer(tok))
	if rec.Code != http.StatusOK {
		t.Fatalf("me: %d %s", rec.Code, rec.Body)
	}
	return decode[users.Me](t, rec)
}

func roleNames(me users.Me) string {
	var names []string
	for _, r := range me.Roles {
		names = append(names, r.Name)
	}
	return strings.Join(names, ",")
}

// wantProblem checks a refusal: status, the error shape and the reason of
// its first entry.
func wantProblem(t *testing.T, name string, rec *httptest.ResponseRecorder, status int, reason string) Problem {
	t.Helper()
	if rec.Code != status {
		t.Errorf("%s: %d %s, want %d", name, rec.Code, rec.Body, status)
		return Problem{}
	}
	p := decode[Problem](t, rec)
	if p.StatusCode != status || p.Description == "" || len(p.Errors) == 0 || (reason != "" && p.Errors[0].Reason != reason) {
		t.Errorf("%s: problem %+v, want reason %q", name, p, reason)
	}
	return p
}

// The code flow through HTTP and the real queue: the code is e-mailed in
// the user's language naming the school, and signs the user in once.
func TestCodeSignInEndToEnd(t *testing.T) {
	sf := newSignInFixture(t)
	if err := sf.queue.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		_ = sf.queue.Stop(ctx)
	})
	kari := sf.user(t, "Kari", "kari@a.test", nil, nil, users.RoleStudent)
	sf.db.Exec(t, "skole-a", "UPDATE users SET language = 'en' WHERE id = ?", kari)
	ola := sf.user(t, "Ola", "Ola@A.test", nil, nil, users.RoleTeacher)
	cases := []struct {
		email   string
		id      int64
		subject string
		text    string
	}{
		{"kari@a.test", kari, "One-time code for School A", "The code is valid for 10 minutes"},
		// Any case of the address works; the mail goes to the account's.
		{"ola@a.test", ola, "Engangskode til Skole A", "Koden er gyldig i 10 minutter"},
	}
	for _, c := range cases {
		rec := sf.requestCode(t, "a.localhost", c.email, "192.0.2.1")
		if rec.Code != http.StatusAccepted || rec.Body.Len() != 0 {
			t.Fatalf("%s: request code: %d %q", c.email, rec.Code, rec.Body)
		}
		var got *mailcatcher.Caught
		for deadline := time.Now().Add(15 * time.Second); got == nil && time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
			for _, m := range sf.catcher.Messages() {
				if strings.EqualFold(m.To, c.email) {
					got = &m
					break
				}
			}
		}
		if got == nil {
			t.Fatalf("%s: no e-mail within 15 seconds", c.email)
		}
		if got.Subject != c.subject || !strings.Contains(got.Text, c.text) {
			t.Errorf("%s: mail %q\n%s", c.email, got.Subject, got.Text)
		}
		m := codeInMail.FindStringSubmatch(got.Text)
		if m == nil {
			t.Fatalf("%s: no code in\n%s", c.email, got.Text)
		}
		rec = sf.useCode(t, "a.localhost", c.email, m[1])
		if rec.Code != http.StatusOK {
			t.Fatalf("%s: sign in: %d %s", c.email, rec.Code, rec.Body)
		}
		tok := decode[auth.TokenResponse](t, rec).Token
		if me := sf.me(t, "a.localhost", tok); me.ID != c.id {
			t.Errorf("%s: signed in as %d, want %d", c.email, me.ID, c.id)
		}
		if got := sf.text(t, "skole-a", "SELECT sign_in_method FROM sessions WHERE user_id = ? ORDER BY created_at DESC LIMIT 1", c.id); got != "code" {
			t.Errorf("%s: session method %q", c.email, got)
		}
		wantProblem(t, c.email+": used code", sf.useCode(t, "a.localhost", c.email, m[1]), http.StatusBadRequest, "code")
	}
	// The sent message left the school's outbox, and the development page
	// shows it, newest first.
	if n := sf.scalar(t, "skole-a", "SELECT count(*) FROM mail_outbox"); n != 0 {
		t.Errorf("%d messages still in the outbox", n)
	}
	rec := sf.do(t, http.MethodGet, "localhost", "/dev/mail/messages", nil)
	msgs := decode[[]mailcatcher.Caught](t, rec)
	if len(msgs) != 2 || !strings.EqualFold(msgs[0].To, "ola@a.test") || !codeInMail.MatchString(msgs[0].Text) {
		t.Errorf("dev mail: %+v", msgs)
	}
}

// Unknown, deactivated and active addresses get the same answer; only the
// active one gets a code, and a failed sign-in reads the same for all.
func TestCodeRequestLooksTheSameForEveryAddress(t *testing.T) {
	sf := newSignInFixture(t)
	sf.user(t, "Aktiv", "aktiv@a.test", nil, nil, users.RoleStudent)
	gone := sf.user(t, "Deaktivert", "gone@a.test", nil, nil, users.RoleStudent)
	sf.db.Exec(t, "skole-a", "UPDATE users SET is_active = false, deactivated_at = now() WHERE id = ?", gone)
	cases := []struct {
		email  string
		mailed int64
	}{
		{"nobody@a.test", 0},
		{"gone@a.test", 0},
		{"aktiv@a.test", 1},
	}
	var answers []string
	for _, c := range cases {
		rec := sf.requestCode(t, "a.localhost", c.email, "192.0.2.1")
		if rec.Code != http.StatusAccepted || rec.Body.Len() != 0 {
			t.Errorf("%s: %d %q", c.email, rec.Code, rec.Body)
		}
		if n := sf.scalar(t, "skole-a", "SELECT count(*) FROM mail_outbox WHERE to_address = ?", c.email); n != c.mailed {
			t.Errorf("%s: %d e-mails queued, want %d", c.email, n, c.mailed)
		}
		if n := sf.scalar(t, "skole-a", "SELECT count(*) FROM one_time_codes WHERE email = ?", c.email); n != 1 {
			t.Errorf("%s: %d codes stored, want 1 (with or without an account)", c.email, n)
		}
		if strings.Contains(sf.text(t, "skole-a", "SELECT code_hash FROM one_time_codes WHERE email = ?", c.email), "hmac-sha256:") == false {
			t.Errorf("%s: code not stored as a keyed hash", c.email)
		}
		p := wantProblem(t, c.email, sf.useCode(t, "a.localhost", c.email, "000000"), http.StatusBadRequest, "code")
		answers = append(answers, fmt.Sprint(p))
	}
	for _, a := range answers[1:] {
		if a != answers[0] {
			t.Errorf("failed sign-ins differ: %q vs %q", a, answers[0])
		}
	}
	// The same address in the other school is another account.
	if rec := sf.requestCode(t, "b.localhost", "aktiv@a.test", "192.0.2.1"); rec.Code != http.StatusAccepted {
		t.Errorf("school B: %d", rec.Code)
	}
	if n := sf.scalar(t, "skole-b", "SELECT count(*) FROM mail_outbox"); n != 0 {
		t.Errorf("school B mailed a code to school A's user")
	}
}

func TestCodeExpiresAfterTenMinutes(t *testing.T) {
	sf := newSignInFixture(t)
	sf.user(t, "Kari", "kari@a.test", nil, nil, users.RoleStudent)
	start := time.Now()
	cases := []struct {
		name  string
		use   time.Duration
		works bool
	}{
		{"after nine minutes", 9 * time.Minute, true},
		{"after eleven minutes", 11 * time.Minute, false},
	}
	for i, c := range cases {
		at := start.Add(time.Duration(i) * time.Hour)
		sf.signin.SetClock(func() time.Time { return at })
		if rec := sf.requestCode(t, "a.localhost", "kari@a.test", "192.0.2.1"); rec.Code != http.StatusAccepted {
			t.Fatalf("%s: request: %d", c.name, rec.Code)
		}
		code := sf.queuedCode(t, "skole-a", "kari@a.test")
		sf.signin.SetClock(func() time.Time { return at.Add(c.use) })
		rec := sf.useCode(t, "a.localhost", "kari@a.test", code)
		if c.works && rec.Code != http.StatusOK {
			t.Errorf("%s: %d %s", c.name, rec.Code, rec.Body)
		}
		if !c.works {
			wantProblem(t, c.name, rec, http.StatusBadRequest, "code")
		}
	}
}

// Five wrong tries burn a code: after them the right code fails too. The
// tries count although each answer is an error.
func TestCodeBurntAfterFiveWrongTries(t *testing.T) {
	sf := newSignInFixture(t)
	cases := []struct {
		wrong      int
		rightWorks bool
	}{
		{4, true},
		{5, false},
		{6, false},
	}
	for _, c := range cases {
		email := fmt.Sprintf("wrong%d@a.test", c.wrong)
		sf.user(t, "Prøver", email, nil, nil, users.RoleStudent)
		if rec := sf.requestCode(t, "a.localhost", email, "192.0.2.1"); rec.Code != http.StatusAccepted {
			t.Fatalf("request: %d", rec.Code)
		}
		right := sf.queuedCode(t, "skole-a", email)
		for i := 0; i < c.wrong; i++ {
			wrong := fmt.Sprintf("%06d", (atoi(right)+1+i)%1_000_000)
			wantProblem(t, fmt.Sprintf("%d wrong: try %d", c.wrong, i+1), sf.useCode(t, "a.localhost", email, wrong), http.StatusBadRequest, "code")
		}
		tries := sf.scalar(t, "skole-a", "SELECT failed_attempts FROM one_time_codes WHERE email = ?", email)
		burnt := sf.scalar(t, "skole-a", "SELECT count(*) FROM one_time_codes WHERE email = ? AND burnt_at IS NOT NULL", email)
		if tries != int64(min(c.wrong, 5)) || (burnt == 1) != !c.rightWorks {
			t.Errorf("%d wrong: failed_attempts %d, burnt %d", c.wrong, tries, burnt)
		}
		rec := sf.useCode(t, "a.localhost", email, right)
		if c.rightWorks && rec.Code != http.StatusOK {
			t.Errorf("%d wrong, then right: %d %s", c.wrong, rec.Code, rec.Body)
		}
		if !c.rightWorks {
			wantProblem(t, fmt.Sprintf("%d wrong, then right", c.wrong), rec, http.StatusBadRequest, "code")
		}
	}
}

func atoi(s string) int {
	n := 0
	for _, r := range s {
		n = n*10 + int(r-'0')
	}
	return n
}

func TestSupersededCodeFails(t *testing.T) {
	sf := newSignInFixture(t)
	sf.user(t, "Kari", "kari@a.test", nil, nil, users.RoleStudent)
	sf.requestCode(t, "a.localhost", "kari@a.test", "192.0.2.1")
	first := sf.queuedCode(t, "skole-a", "kari@a.test")
	sf.requestCode(t, "a.localhost", "kari@a.test", "192.0.2.1")
	second := sf.queuedCode(t, "skole-a", "kari@a.test")
	if n := sf.scalar(t, "skole-a", `SELECT count(*) FROM one_time_codes WHERE email = 'kari@a.test' AND burnt_at IS NOT NULL
		AND id = (SELECT min(id) FROM one_time_codes WHERE email = 'kari@a.test')`); n != 1 {
		t.Errorf("the older code was not superseded")
	}
	// Two equal codes in a row (one in a million) leave nothing more to try.
	if first != second {
		wantProblem(t, "superseded code", sf.useCode(t, "a.localhost", "kari@a.test", first), http.StatusBadRequest, "code")
	}
	if rec := sf.useCode(t, "a.localhost", "kari@a.test", second); rec.Code != http.StatusOK {
		t.Errorf("newest code: %d %s", rec.Code, rec.Body)
	}
}

func TestCodeRequestsAreRateLimited(t *testing.T) {
	sf := newSignInFixture(t)
	sf.user(t, "Kari", "kari@a.test", nil, nil, users.RoleStudent)
	// Per address, whatever the client.
	for i := 1; i <= 6; i++ {
		rec := sf.requestCode(t, "a.localhost", "kari@a.test", fmt.Sprintf("192.0.2.%d", i))
		if i <= signin.CodeLimitPerEmail && rec.Code != http.StatusAccepted {
			t.Fatalf("request %d: %d", i, rec.Code)
		}
		if i > signin.CodeLimitPerEmail {
			wantProblem(t, "sixth code for one address", rec, http.StatusTooManyRequests, "tooManyCodes")
		}
	}
	// The limited request neither stored nor mailed a code.
	if n := sf.scalar(t, "skole-a", "SELECT count(*) FROM mail_outbox"); n != signin.CodeLimitPerEmail {
		t.Errorf("%d e-mails queued", n)
	}
	// Per client, whatever the addresses; another client is not held back.
	for i := 1; i <= signin.CodeLimitPerClient+1; i++ {
		rec := sf.requestCode(t, "a.localhost", fmt.Sprintf("person%d@a.test", i), "198.51.100.7")
		if i <= signin.CodeLimitPerClient && rec.Code != http.StatusAccepted {
			t.Fatalf("client request %d: %d", i, rec.Code)
		}
		if i > signin.CodeLimitPerClient {
			wantProblem(t, "21st code from one client", rec, http.StatusTooManyRequests, "tooManyCodes")
		}
	}
	if rec := sf.requestCode(t, "a.localhost", "person21@a.test", "198.51.100.8"); rec.Code != http.StatusAccepted {
		t.Errorf("another client: %d", rec.Code)
	}
	// The window moves on.
	sf.signin.SetClock(func() time.Time { return time.Now().Add(16 * time.Minute) })
	if rec := sf.requestCode(t, "a.localhost", "kari@a.test", "192.0.2.1"); rec.Code != http.StatusAccepted {
		t.Errorf("after the window: %d", rec.Code)
	}
}

func TestCodeRequestValidation(t *testing.T) {
	sf := newSignInFixture(t)
	cases := []struct {
		name, path string
		body       any
		reason     string
	}{
		{"no e-mail", "/api/auth/simple/sign-in", map[string]string{}, "email"},
		{"not an address", "/api/auth/simple/sign-in", map[string]string{"email": "kari"}, "email"},
		{"display name", "/api/auth/external/sign-in", map[string]string{"email": "Kari <kari@a.test>"}, "email"},
		{"unknown field", "/api/auth/external/sign-in", map[string]string{"mail": "kari@a.test"}, "mail"},
		{"no code", "/api/auth/external/signed-in", map[string]string{"email": "kari@a.test"}, "code"},
		{"short code", "/api/auth/external/signed-in", map[string]string{"email": "kari@a.test", "code": "12345"}, "code"},
		{"letters", "/api/auth/external/signed-in", map[string]string{"email": "kari@a.test", "code": "12a456"}, "code"},
		{"no body", "/api/auth/external/signed-in", nil, "bodyRequired"},
	}
	for _, c := range cases {
		wantProblem(t, c.name, sf.call(t, http.MethodPost, "a.localhost", c.path, c.body, nil), http.StatusBadRequest, c.reason)
	}
	if n := sf.scalar(t, "skole-a", "SELECT count(*) FROM one_time_codes"); n != 0 {
		t.Errorf("invalid requests stored %d codes", n)
	}
}

// startOIDC calls a start endpoint and returns where it sends the browser
// and the sign-in cookie it sets.
func (sf *signinFixture) startOIDC(t *testing.T, host, path string) (*url.URL, *http.Cookie) {
	t.Helper()
	rec := sf.call(t, http.MethodGet, host, path, nil, nil)
	if rec.Code != http.StatusFound {
		t.Fatalf("%s: %d %s", path, rec.Code, rec.Body)
	}
	loc, err := url.Parse(rec.Header().Get("Location"))
	if err != nil {
		t.Fatal(err)
	}
	var cookie *http.Cookie
	for _, c := range rec.Result().Cookies() {
		if strings.HasPrefix(c.Name, "praksis_signin_") {
			cookie = c
		}
	}
	if cookie == nil || !cookie.HttpOnly || cookie.SameSite != http.SameSiteLaxMode || cookie.Path != "/api/auth" {
		t.Fatalf("%s: sign-in cookie %+v", path, cookie)
	}
	return loc, cookie
}

var noRedirects = &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}

// pick answers the provider's picker as person and returns the query the
// provider sends the browser back with.
func pick(t *testing.T, authorize *url.URL, person string) url.Values {
	t.Helper()
	form := authorize.Query()
	form.Set("person", person)
	endpoint := *authorize
	endpoint.RawQuery = ""
	resp, err := noRedirects.PostForm(endpoint.String(), form)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusFound {
		b, _ := io.ReadAll(resp.Body)
		t.Fatalf("pick %s: %d %s", person, resp.StatusCode, b)
	}
	back, err := url.Parse(resp.Header.Get("Location"))
	if err != nil {
		t.Fatal(err)
	}
	if back.Query().Get("redirect_uri") != "" || back.Query().Get("code") == "" {
		t.Fatalf("pick %s: back to %s", person, back)
	}
	return back.Query()
}

// feideSignIn goes the whole round trip: start, pick, return.
func (sf *signinFixture) feideSignIn(t *testing.T, host, person string) *httptest.ResponseRecorder {
	t.Helper()
	loc, cookie := sf.startOIDC(t, host, "/api/auth/feide/start")
	back := pick(t, loc, person)
	return sf.call(t, http.MethodPost, host, "/api/auth/signed-in",
		map[string]any{"code": back.Get("code"), "state": back.Get("state"), "redirectToLocal": false}, withCookie(cookie))
}

func TestFeideStartRedirectsWithPKCE(t *testing.T) {
	sf := newSignInFixture(t)
	loc, _ := sf.startOIDC(t, "a.localhost", "/api/auth/feide/start")
	q := loc.Query()
	if !strings.HasPrefix(loc.String(), sf.idp.FeideIssuer()+"/authorize?") || q.Get("client_id") != mockidp.DevFeideClient.ID ||
		q.Get("redirect_uri") != "http://a.localhost/feide-success" || q.Get("scope") != "openid userid profile email groups" ||
		q.Get("code_challenge_method") != "S256" || len(q.Get("code_challenge")) != 43 || len(q.Get("state")) < 32 || len(q.Get("nonce")) < 32 ||
		q.Get("response_type") != "code" {
		t.Errorf("authorize URL %s", loc)
	}
}

func TestFeideSignIn(t *testing.T) {
	sf := newSignInFixture(t)
	ola := sf.user(t, "Ola N.", "ola.nordmann@stud.demo.test", ptr("ola.nordmann@demo.test"), nil, users.RoleStudent)
	marte := sf.user(t, "Marte", "marte.solberg@demo.test", nil, nil, users.RoleTeacher)
	henrik := sf.user(t, "Henrik", "henrik.lie@stud.demo.test", ptr("henrik.lie@demo.test"), nil, users.RoleStudent)
	sf.db.Exec(t, "skole-a", "UPDATE users SET is_active = false, deactivated_at = now() WHERE id = ?", henrik)
	cases := []struct {
		name, host, person string
		status             int
		id                 int64 // 0: a new account
		roles, reason      string
	}{
		{"first sign-in of a student makes a Student", "a.localhost", "new-student", http.StatusOK, 0, "Student", ""},
		{"a teacher without an account gets no role", "a.localhost", "knut", http.StatusOK, 0, "", ""},
		{"linked by Feide id", "a.localhost", "ola", http.StatusOK, ola, "Student", ""},
		{"linked by e-mail", "a.localhost", "marte", http.StatusOK, marte, "Teacher", ""},
		{"realm the school does not accept", "a.localhost", "eva", http.StatusForbidden, 0, "", "feideRealmRefused"},
		{"school accepting no realm", "b.localhost", "ola", http.StatusForbidden, 0, "", "feideRealmRefused"},
		{"deactivated account", "a.localhost", "henrik", http.StatusForbidden, 0, "", "accountDeactivated"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			rec := sf.feideSignIn(t, c.host, c.person)
			if c.status != http.StatusOK {
				p := wantProblem(t, c.name, rec, c.status, c.reason)
				if c.reason == "feideRealmRefused" && !strings.Contains(p.Description, "annen.test") && !strings.Contains(p.Description, "demo.test") {
					t.Errorf("the refusal does not name the realm: %q", p.Description)
				}
				return
			}
			if rec.Code != http.StatusOK {
				t.Fatalf("%d %s", rec.Code, rec.Body)
			}
			me := sf.me(t, c.host, decode[auth.TokenResponse](t, rec).Token)
			if (c.id != 0 && me.ID != c.id) || roleNames(me) != c.roles {
				t.Errorf("signed in as %d with roles %q", me.ID, roleNames(me))
			}
			if c.id == 0 && sf.scalar(t, "skole-a", "SELECT count(*) FROM audit_log WHERE action = 'user.createdAtSignIn' AND entity_id = ?", me.ID) != 1 {
				t.Errorf("the new account was not audited")
			}
			if got := sf.text(t, "skole-a", "SELECT sign_in_method FROM sessions WHERE user_id = ? ORDER BY created_at DESC LIMIT 1", me.ID); got != "feide" {
				t.Errorf("session method %q", got)
			}
		})
	}
	if got := sf.text(t, "skole-a", "SELECT feide_id FROM users WHERE id = ?", marte); got != "marte.solberg@demo.test" {
		t.Errorf("Feide id not linked on e-mail: %q", got)
	}
	if n := sf.scalar(t, "skole-a", "SELECT count(*) FROM users WHERE email LIKE '%annen.test'"); n != 0 {
		t.Errorf("a refused realm got an account")
	}
}

// The round trip is bound to the browser and the provider: a changed
// state, a missing or foreign cookie, another sign-in's PKCE verifier and a
// used code are all refused with 400, never 500.
func TestFeideRoundTripRefusals(t *testing.T) {
	sf := newSignInFixture(t)
	signedIn := func(host string, body map[string]any, cookie *http.Cookie) *httptest.ResponseRecorder {
		return sf.call(t, http.MethodPost, host, "/api/auth/signed-in", body, withCookie(cookie))
	}
	type round struct {
		back   url.Values
		cookie *http.Cookie
	}
	begin := func(host string) round {
		loc, cookie := sf.startOIDC(t, host, "/api/auth/feide/start")
		return round{pick(t, loc, "ola"), cookie}
	}
	cases := []struct {
		name   string
		send   func() *httptest.ResponseRecorder
		reason string
	}{
		{"state changed", func() *httptest.ResponseRecorder {
			r := begin("a.localhost")
			return signedIn("a.localhost", map[string]any{"code": r.back.Get("code"), "state": "another-state"}, r.cookie)
		}, "stateMismatch"},
		{"no cookie", func() *httptest.ResponseRecorder {
			r := begin("a.localhost")
			return signedIn("a.localhost", map[string]any{"code": r.back.Get("code"), "state": r.back.Get("state")}, nil)
		}, "signInExpired"},
		{"tampered cookie", func() *httptest.ResponseRecorder {
			r := begin("a.localhost")
			c := *r.cookie
			c.Value = "x" + c.Value
			return signedIn("a.localhost", map[string]any{"code": r.back.Get("code")}, &c)
		}, "signInExpired"},
		{"cookie of another school", func() *httptest.ResponseRecorder {
			r := begin("a.localhost")
			return signedIn("b.localhost", map[string]any{"code": r.back.Get("code"), "state": r.back.Get("state")}, r.cookie)
		}, "signInExpired"},
		{"verifier of another sign-in (PKCE)", func() *httptest.ResponseRecorder {
			r := begin("a.localhost")
			_, other := sf.startOIDC(t, "a.localhost", "/api/auth/feide/start")
			return signedIn("a.localhost", map[string]any{"code": r.back.Get("code")}, other)
		}, "providerFailed"},
		{"code used twice", func() *httptest.ResponseRecorder {
			r := begin("a.localhost")
			body := map[string]any{"code": r.back.Get("code"), "state": r.back.Get("state")}
			if rec := signedIn("a.localhost", body, r.cookie); rec.Code != http.StatusOK {
				t.Fatalf("first use: %d %s", rec.Code, rec.Body)
			}
			return signedIn("a.localhost", body, r.cookie)
		}, "providerFailed"},
		{"made-up code", func() *httptest.ResponseRecorder {
			_, cookie := sf.startOIDC(t, "a.localhost", "/api/auth/feide/start")
			return signedIn("a.localhost", map[string]any{"code": "made-up"}, cookie)
		}, "providerFailed"},
		{"no code", func() *httptest.ResponseRecorder {
			_, cookie := sf.startOIDC(t, "a.localhost", "/api/auth/feide/start")
			return signedIn("a.localhost", map[string]any{}, cookie)
		}, "code"},
	}
	for _, c := range cases {
		wantProblem(t, c.name, c.send(), http.StatusBadRequest, c.reason)
	}
}

func TestFeideCarriesParametersAndKeepsWhatFeideSaid(t *testing.T) {
	sf := newSignInFixture(t)
	guid := "3f2504e0-4f89-41d3-9a0c-0305e82c3301"
	cases := []struct {
		query, wantGUID, wantRedirect string
	}{
		{"?verificationGuid=" + guid + "&redirect_uri=" + url.QueryEscape("/supervisor/accept-invitation?x=1"), guid, "/supervisor/accept-invitation?x=1"},
		{"", "", ""},
		// What could send the browser elsewhere is left behind, not carried.
		{"?redirect_uri=https://evil.example/&verificationGuid=" + url.QueryEscape("<script>"), "", ""},
		{"?redirect_uri=//evil.example/", "", ""},
	}
	var token string
	for _, c := range cases {
		loc, cookie := sf.startOIDC(t, "a.localhost", "/api/auth/feide/start"+c.query)
		back := pick(t, loc, "ola")
		rec := sf.call(t, http.MethodPost, "a.localhost", "/api/auth/signed-in", map[string]any{"code": back.Get("code")}, withCookie(cookie))
		if rec.Code != http.StatusOK {
			t.Fatalf("%s: signed in: %d %s", c.query, rec.Code, rec.Body)
		}
		var answer struct {
			Token, VerificationGUID, RedirectURI string
		}
		if err := json.Unmarshal(rec.Body.Bytes(), &answer); err != nil {
			t.Fatal(err)
		}
		if answer.Token == "" || answer.VerificationGUID != c.wantGUID || answer.RedirectURI != c.wantRedirect {
			t.Errorf("%s: answer %+v", c.query, answer)
		}
		cleared := false
		for _, ck := range rec.Result().Cookies() {
			cleared = cleared || (ck.Name == cookie.Name && ck.MaxAge < 0)
		}
		if !cleared {
			t.Errorf("%s: the sign-in cookie was not cleared", c.query)
		}
		token = answer.Token
	}
	get := func(path, tok string) *httptest.ResponseRecorder {
		return sf.do(t, http.MethodGet, "a.localhost", path, bearer(tok))
	}
	info := decode[map[string]any](t, get("/api/auth/feide-info", token))
	if info["https://n.feide.no/claims/eduPersonPrincipalName"] != "ola.nordmann@demo.test" || info["name"] != "Ola Nordmann" {
		t.Errorf("feide-info %v", info)
	}
	groups := get("/api/auth/feide-group-memberships", token).Body.String()
	if !strings.Contains(groups, `"fc:org:demo.test"`) || !strings.Contains(groups, `"fc:fs:fs:emne:demo.test:SYKP2100:1"`) {
		t.Errorf("groups %s", groups)
	}
	ms := decode[[]signin.Membership](t, get("/api/memberships", token))
	if len(ms) != 2 || ms[0].SubjectCode != "SYKP1200" || ms[0].Active || ms[1].SubjectCode != "SYKP2100" || !ms[1].Active ||
		ms[1].Realm != "demo.test" || len(ms[1].Roles) != 1 || ms[1].Roles[0] != "STUDENT" {
		t.Errorf("memberships %+v", ms)
	}
	// Someone who never signed in with Feide.
	tok, _ := sf.signIn(t, "skole-a", "a.localhost", "kode@a.test", users.RoleAdvisor)
	wantProblem(t, "feide-info without Feide", get("/api/auth/feide-info", tok), http.StatusNotFound, "noFeideProfile")
	if body := get("/api/memberships", tok).Body.String(); body != "[]\n" && body != "[]" {
		t.Errorf("memberships without Feide: %q", body)
	}
	if body := get("/api/auth/feide-group-memberships", tok).Body.String(); body != "[]" {
		t.Errorf("groups without Feide: %q", body)
	}
	for _, path := range []string{"/api/auth/feide-info", "/api/auth/feide-group-memberships", "/api/memberships"} {
		if rec := sf.do(t, http.MethodGet, "a.localhost", path, nil); rec.Code != http.StatusUnauthorized {
			t.Errorf("%s anonymous: %d", path, rec.Code)
		}
	}
}

// vippsSignIn goes the round trip through the start call (with the front
// end's state) or, as a front end that builds the URL itself, without it.
func (sf *signinFixture) vippsSignIn(t *testing.T, host, person string, viaStart bool) *httptest.ResponseRecorder {
	t.Helper()
	var cookie *http.Cookie
	var loc *url.URL
	if viaStart {
		loc, cookie = sf.startOIDC(t, host, "/api/auth/vipps/start?state=front-end-state-42")
		if q := loc.Query(); q.Get("state") != "front-end-state-42" || q.Get("scope") != "openid name email phoneNumber" ||
			q.Get("redirect_uri") != "http://"+host+"/vipps-success" || q.Get("code_challenge") == "" {
			t.Fatalf("authorize URL %s", loc)
		}
	} else {
		q := url.Values{"client_id": {mockidp.DevVippsClient.ID}, "redirect_uri": {"http://" + host + "/vipps-success"}, "response_type": {"code"},
			"scope": {"openid name email phoneNumber"}, "state": {"front-end-state-43"}}
		var err error
		if loc, err = url.Parse(sf.idp.VippsIssuer() + "/authorize?" + q.Encode()); err != nil {
			t.Fatal(err)
		}
	}
	back := pick(t, loc, person)
	return sf.call(t, http.MethodPost, host, "/api/auth/vipps/signed-in",
		map[string]any{"code": back.Get("code"), "redirectUri": "http://" + host + "/vipps-success"}, withCookie(cookie))
}

func TestVippsSignIn(t *testing.T) {
	sf := newSignInFixture(t)
	s := newSchool(t, sf.fixture)
	f := sf.fixture
	f.db.Exec(t, "skole-a", "INSERT INTO supervisor_invitations (class_id, student_user_id, email) VALUES (?, ?, 'Tone.Hagen@sykehus.test')", s.classID, s.studentID)
	hilde := sf.user(t, "Hilde", "hilde.bakken@sykehus.test", nil, ptr("vipps-demo-hilde-bakken"), users.RoleAdvisor)
	anders := sf.user(t, "Anders", "anders.moen@sykehus.test", nil, ptr("vipps-demo-anders-moen"), users.RoleAdvisor)
	camilla := sf.user(t, "Camilla", "camilla.strand@sykehus.test", nil, nil, users.RoleAdvisor)
	cases := []struct {
		name, person string
		viaStart     bool
		status       int
		id           int64
		roles        string
		reason       string
	}{
		{"linked on the Vipps subject", "hilde-bakken", true, http.StatusOK, hilde, "Advisor", ""},
		{"front end built the URL itself", "anders-moen", false, http.StatusOK, anders, "Advisor", ""},
		{"unverified e-mail does not link", "unverified", true, http.StatusForbidden, 0, "", "vippsNoAccount"},
		{"verified e-mail links", "camilla-strand", true, http.StatusOK, camilla, "Advisor", ""},
		{"open invitation makes a supervisor", "tone-hagen", true, http.StatusOK, 0, "Advisor", ""},
		{"no account and no invitation", "stranger", true, http.StatusForbidden, 0, "", "vippsNoAccount"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			rec := sf.vippsSignIn(t, "a.localhost", c.person, c.viaStart)
			if c.status != http.StatusOK {
				p := wantProblem(t, c.name, rec, c.status, c.reason)
				if !strings.Contains(p.Description, "invitation") {
					t.Errorf("the refusal does not say what to do: %q", p.Description)
				}
				return
			}
			if rec.Code != http.StatusOK {
				t.Fatalf("%d %s", rec.Code, rec.Body)
			}
			me := sf.me(t, "a.localhost", decode[auth.TokenResponse](t, rec).Token)
			if (c.id != 0 && me.ID != c.id) || roleNames(me) != c.roles {
				t.Errorf("signed in as %d with roles %q", me.ID, roleNames(me))
			}
			if got := sf.text(t, "skole-a", "SELECT vipps_sub FROM users WHERE id = ?", me.ID); got != "vipps-demo-"+c.person {
				t.Errorf("vipps_sub %q", got)
			}
		})
	}
	if n := sf.scalar(t, "skole-a", "SELECT count(*) FROM users WHERE lower(email) = 'tone.hagen@sykehus.test' AND phone_number = '4790011223'"); n != 1 {
		t.Errorf("the invited supervisor's account: %d", n)
	}
	if n := sf.scalar(t, "skole-a", "SELECT count(*) FROM users WHERE lower(email) = 'sigrid.ukjent@example.test'"); n != 0 {
		t.Errorf("a stranger got an account")
	}
}

// The front end handles the provider's own errors; the backend refuses a
// bad return cleanly with 400.
func TestVippsRefusesBadInputCleanly(t *testing.T) {
	sf := newSignInFixture(t)
	post := func(body map[string]any, cookie *http.Cookie) *httptest.ResponseRecorder {
		return sf.call(t, http.MethodPost, "a.localhost", "/api/auth/vipps/signed-in", body, withCookie(cookie))
	}
	good := "http://a.localhost/vipps-success"
	cases := []struct {
		name   string
		send   func() *httptest.ResponseRecorder
		reason string
	}{
		{"made-up code", func() *httptest.ResponseRecorder {
			return post(map[string]any{"code": "made-up", "redirectUri": good}, nil)
		}, "providerFailed"},
		{"another school's return address", func() *httptest.ResponseRecorder {
			return post(map[string]any{"code": "x", "redirectUri": "http://b.localhost/vipps-success"}, nil)
		}, "redirectUri"},
		{"no code", func() *httptest.ResponseRecorder { return post(map[string]any{"redirectUri": good}, nil) }, "code"},
		{"state differs from the start call's", func() *httptest.ResponseRecorder {
			loc, cookie := sf.startOIDC(t, "a.localhost", "/api/auth/vipps/start?state=front-end-state-42")
			back := pick(t, loc, "hilde-bakken")
			return post(map[string]any{"code": back.Get("code"), "redirectUri": good, "state": "front-end-state-99"}, cookie)
		}, "stateMismatch"},
		{"start without state", func() *httptest.ResponseRecorder {
			return sf.call(t, http.MethodGet, "a.localhost", "/api/auth/vipps/start", nil, nil)
		}, "state"},
		{"start with a short state", func() *httptest.ResponseRecorder {
			return sf.call(t, http.MethodGet, "a.localhost", "/api/auth/vipps/start?state=abc", nil, nil)
		}, "state"},
	}
	for _, c := range cases {
		wantProblem(t, c.name, c.send(), http.StatusBadRequest, c.reason)
	}
}

// Without the development options the development pages do not exist.
func TestDevelopmentPagesOnlyWhenConfigured(t *testing.T) {
	prod := newFixture(t)
	sf := newSignInFixture(t)
	cases := []struct {
		name string
		f    *fixture
		path string
		want bool
	}{
		{"mail messages in production", prod, "/dev/mail/messages", false},
		{"mail page in production", prod, "/dev/mail", false},
		{"identity provider in production", prod, "/dev/idp/feide/oidc/.well-known/openid-configuration", false},
		{"mail messages in development", sf.fixture, "/dev/mail/messages", true},
		{"mail page in development", sf.fixture, "/dev/mail", true},
		{"identity provider in development", sf.fixture, "/dev/idp/feide/oidc/.well-known/openid-configuration", true},
	}
	for _, c := range cases {
		rec := c.f.do(t, http.MethodGet, "localhost", c.path, nil)
		body := rec.Body.String()
		served := rec.Code == http.StatusOK && (strings.HasPrefix(body, "[") || strings.Contains(body, "Development mail") || strings.Contains(body, `"issuer"`))
		if served != c.want {
			t.Errorf("%s: %d %.80q", c.name, rec.Code, body)
		}
	}
}

// A supervisor whom a student invited, and who has no account yet, signs in
// with a one-time code to the invited address: the code creates their
// supervisor account, and nobody else gets one.
func TestInvitedSupervisorSignsInWithCode(t *testing.T) {
	sf := newSignInFixture(t)
	p := sf.newPlacement(t)
	sf.srv.cfg.PublicScheme = "http"
	if rec := sf.send(t, http.MethodPost, "a.localhost", "/api/invitations/advisor", p.tokens["student"], map[string]string{"email": "Ny.Veileder@sykehus.test"}); rec.Code != http.StatusCreated {
		t.Fatalf("invite: %d %s", rec.Code, rec.Body)
	}
	// Without an invitation there is no account and no code.
	if rec := sf.requestCode(t, "a.localhost", "stranger@sykehus.test", "192.0.2.10"); rec.Code != http.StatusAccepted {
		t.Fatalf("stranger: %d", rec.Code)
	}
	if n := sf.scalar(t, "skole-a", "SELECT count(*) FROM mail_outbox WHERE to_address = 'stranger@sykehus.test'"); n != 0 {
		t.Errorf("a code was sent to an address without account or invitation")
	}
	if rec := sf.requestCode(t, "a.localhost", "ny.veileder@sykehus.test", "192.0.2.11"); rec.Code != http.StatusAccepted {
		t.Fatalf("invited: %d", rec.Code)
	}
	code := sf.queuedCode(t, "skole-a", "ny.veileder@sykehus.test")
	rec := sf.call(t, http.MethodPost, "a.localhost", "/api/auth/external/signed-in", map[string]string{"email": "ny.veileder@sykehus.test", "code": code}, from("192.0.2.11"))
	if rec.Code != http.StatusOK {
		t.Fatalf("sign in: %d %s", rec.Code, rec.Body)
	}
	tok := decode[struct {
		Token string `json:"token"`
	}](t, rec).Token
	me := decode[users.Me](t, sf.send(t, http.MethodGet, "a.localhost", "/api/users/me", tok, nil))
	if len(me.Roles) != 1 || me.Roles[0].ID != users.RoleAdvisor {
		t.Errorf("new supervisor's roles %+v", me.Roles)
	}
}
