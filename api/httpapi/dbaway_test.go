package httpapi

import (
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgproto3"

	"github.com/praksis/praksis/tenants"
	"github.com/praksis/praksis/tenants/testdb"
)

// dbProxy stands between the server and the real Postgres, so a test can
// take the database away as it goes away in production: connections
// refused (the server is down), or answered with 57P03 as Postgres answers
// while it starts up. Every connection it forwards can be cut at once, as a
// crash or a restart cuts them.
type dbProxy struct {
	t      *testing.T
	addr   string
	target string

	mu       sync.Mutex
	ln       net.Listener
	starting bool
	conns    map[net.Conn]struct{}
}

func startDBProxy(t *testing.T, target string) *dbProxy {
	t.Helper()
	p := &dbProxy{t: t, target: target, conns: map[net.Conn]struct{}{}}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	p.addr = ln.Addr().String()
	p.serve(ln)
	t.Cleanup(func() { p.down() })
	return p
}

func (p *dbProxy) serve(ln net.Listener) {
	p.mu.Lock()
	p.ln = ln
	p.mu.Unlock()
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			go p.handle(c)
		}
	}()
}

func (p *dbProxy) handle(c net.Conn) {
	p.mu.Lock()
	starting := p.starting
	p.conns[c] = struct{}{}
	p.mu.Unlock()
	if starting {
		answerStartingUp(c)
		return
	}
	up, err := net.Dial("tcp", p.target)
	if err != nil {
		_ = c.Close()
		return
	}
	p.mu.Lock()
	p.conns[up] = struct{}{}
	p.mu.Unlock()
	go func() { _, _ = io.Copy(up, c); _ = up.Close() }()
	_, _ = io.Copy(c, up)
	_ = c.Close()
}

// answerStartingUp answers a connection as a Postgres that is starting up:
// it reads the startup message and sends FATAL 57P03.
func answerStartingUp(c net.Conn) {
	defer c.Close()
	be := pgproto3.NewBackend(c, c)
	msg, err := be.ReceiveStartupMessage()
	if err != nil {
		return
	}
	if _, ok := msg.(*pgproto3.SSLRequest); ok {
		if _, err := c.Write([]byte("N")); err != nil {
			return
		}
		if _, err := be.ReceiveStartupMessage(); err != nil {
			return
		}
	}
	be.Send(&pgproto3.ErrorResponse{Severity: "FATAL", SeverityUnlocalized: "FATAL", Code: "57P03",
		Message: "the database system is starting up"})
	_ = be.Flush()
}

// cut closes every connection passing through, as a crash would.
func (p *dbProxy) cut() {
	p.mu.Lock()
	defer p.mu.Unlock()
	for c := range p.conns {
		_ = c.Close()
	}
	p.conns = map[net.Conn]struct{}{}
}

// down stops listening and cuts every connection: new ones are refused.
func (p *dbProxy) down() {
	p.mu.Lock()
	if p.ln != nil {
		_ = p.ln.Close()
		p.ln = nil
	}
	p.mu.Unlock()
	p.cut()
}

// up listens again on the same address and forwards to the database.
func (p *dbProxy) up() {
	p.t.Helper()
	p.setStarting(false)
	p.mu.Lock()
	listening := p.ln != nil
	p.mu.Unlock()
	if listening {
		return
	}
	ln, err := net.Listen("tcp", p.addr)
	if err != nil {
		p.t.Fatalf("listen again on %s: %v", p.addr, err)
	}
	p.serve(ln)
}

func (p *dbProxy) setStarting(on bool) {
	p.mu.Lock()
	p.starting = on
	p.mu.Unlock()
}

// awayFixture is a server whose every database connection goes through a
// dbProxy, with one school, "a.localhost".
type awayFixture struct {
	*fixture
	proxy *dbProxy
}

func newAwayFixture(t *testing.T) *awayFixture {
	t.Helper()
	db := testdb.New(t)
	db.School(t, "skole-a", "Skole A", "a.localhost")
	u, err := url.Parse(db.URL)
	if err != nil {
		t.Fatal(err)
	}
	proxy := startDBProxy(t, u.Host)
	u.Host = proxy.addr
	ctx := context.Background()
	root, err := tenants.Open(ctx, u.String(), 4)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if sqlDB, err := root.DB(); err == nil {
			_ = sqlDB.Close()
		}
	})
	f := newFixtureOn(t, db, root, u.String(), nil)
	return &awayFixture{fixture: f, proxy: proxy}
}

// expectDatabaseAway checks a 503 that tells the client to come back soon,
// in the error shape and the client's language.
func expectDatabaseAway(t *testing.T, f *awayFixture, method, path, lang string) {
	t.Helper()
	rec := f.doBody(t, method, "a.localhost", path, `{"email":"ingen@skole.test"}`, map[string]string{"Accept-Language": lang})
	if rec.Code != http.StatusServiceUnavailable {
		t.Fatalf("%s %s: status %d, want 503: %s", method, path, rec.Code, rec.Body.String())
	}
	if got := rec.Header().Get("Retry-After"); got != "5" {
		t.Errorf("Retry-After %q, want 5", got)
	}
	p := decode[Problem](t, rec)
	want := map[string]string{"nb": "databasen", "en": "database"}[lang]
	if p.StatusCode != 503 || !strings.Contains(p.Description, want) || len(p.Errors) != 1 || p.Errors[0].Reason != "databaseUnavailable" {
		t.Errorf("error shape: %+v", p)
	}
}

func (f *fixture) doBody(t *testing.T, method, host, path, body string, header map[string]string) *httptest.ResponseRecorder {
	t.Helper()
	req, err := http.NewRequest(method, path, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Host = host
	req.RemoteAddr = "192.0.2.10:1234"
	if method != http.MethodGet {
		req.Header.Set("Content-Type", "application/json")
	}
	for k, v := range header {
		req.Header.Set(k, v)
	}
	rec := httptest.NewRecorder()
	f.srv.Handler().ServeHTTP(rec, req)
	return rec
}

// eventually sends the request until it is not answered 503, at most five
// times: each connection the pool held when the database went away fails
// the request that finds it broken.
func (f *awayFixture) eventually(t *testing.T, method, path string) *httptest.ResponseRecorder {
	t.Helper()
	var rec *httptest.ResponseRecorder
	for range 5 {
		rec = f.doBody(t, method, "a.localhost", path, `{"email":"ingen@skole.test"}`, nil)
		if rec.Code != http.StatusServiceUnavailable {
			break
		}
	}
	return rec
}

func TestDatabaseAwayAnswers503AndRecovers(t *testing.T) {
	f := newAwayFixture(t)
	if rec := f.do(t, http.MethodGet, "a.localhost", "/api/tenant", nil); rec.Code != http.StatusOK {
		t.Fatalf("with the database up: %d %s", rec.Code, rec.Body.String())
	}

	// The server is down: the pool's connections break and new ones are refused.
	f.proxy.down()
	expectDatabaseAway(t, f, http.MethodGet, "/api/tenant", "nb")
	expectDatabaseAway(t, f, http.MethodGet, "/api/tenant", "en")
	if rec := f.do(t, http.MethodGet, "localhost", "/readyz", nil); rec.Code != http.StatusServiceUnavailable {
		t.Errorf("readyz with the database down: %d", rec.Code)
	}

	// Starting up: Postgres takes the connection and answers 57P03.
	f.proxy.setStarting(true)
	f.proxy.up()
	f.proxy.setStarting(true)
	expectDatabaseAway(t, f, http.MethodGet, "/api/tenant", "nb")

	// Back: the pool finds its way again without a restart.
	f.proxy.up()
	if rec := f.eventually(t, http.MethodGet, "/api/tenant"); rec.Code != http.StatusOK {
		t.Fatalf("after the database came back: %d %s", rec.Code, rec.Body.String())
	}
	if rec := f.do(t, http.MethodGet, "localhost", "/readyz", nil); rec.Code != http.StatusOK {
		t.Errorf("readyz after the database came back: %d", rec.Code)
	}
}

// A standby after a failover takes reads and refuses writes with 25006:
// made real here by making the application's sessions read-only.
func TestReadOnlyDatabaseAnswers503ToWrites(t *testing.T) {
	f := newAwayFixture(t)
	setReadOnly := func(on bool) {
		t.Helper()
		ctx := context.Background()
		conn, err := pgx.Connect(ctx, f.db.URL)
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close(ctx)
		if _, err := conn.Exec(ctx, "SET default_transaction_read_only = off"); err != nil {
			t.Fatal(err)
		}
		stmt := "ALTER ROLE CURRENT_USER RESET default_transaction_read_only"
		if on {
			stmt = "ALTER ROLE CURRENT_USER SET default_transaction_read_only = on"
		}
		if _, err := conn.Exec(ctx, stmt); err != nil {
			t.Fatal(err)
		}
		// New sessions take the setting: cut the pool's connections.
		f.proxy.cut()
	}
	setReadOnly(true)
	t.Cleanup(func() { setReadOnly(false) })

	// The pool's connections cut above fail once each (503), then it
	// reconnects by itself.
	if rec := f.eventually(t, http.MethodGet, "/api/tenant"); rec.Code != http.StatusOK {
		t.Errorf("a read on a read-only database: %d %s", rec.Code, rec.Body.String())
	}
	expectDatabaseAway(t, f, http.MethodPost, "/api/auth/external/sign-in", "nb")

	setReadOnly(false)
	if rec := f.eventually(t, http.MethodPost, "/api/auth/external/sign-in"); rec.Code != http.StatusAccepted {
		t.Errorf("a write once the database takes writes again: %d %s", rec.Code, rec.Body.String())
	}
}

// The classification itself, on errors as pgx returns them.
func TestDatabaseAwayErrors(t *testing.T) {
	ctx := context.Background()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	closed := ln.Addr().String()
	_ = ln.Close()
	_, refused := pgx.Connect(ctx, "postgres://x@"+closed+"/x?sslmode=disable&connect_timeout=2")
	if refused == nil {
		t.Fatal("connected to a closed port")
	}
	for name, err := range map[string]error{
		"connection refused": refused,
		"wrapped":            errors.Join(errors.New("load class 1"), refused),
	} {
		if !databaseAway(err) {
			t.Errorf("%s: %v not seen as the database away", name, err)
		}
		if status, _ := ToProblem("nb", err); status != http.StatusServiceUnavailable {
			t.Errorf("%s: status %d", name, status)
		}
	}
	for name, err := range map[string]error{
		"a plain error":   errors.New("boom"),
		"context expired": context.DeadlineExceeded,
	} {
		if databaseAway(err) {
			t.Errorf("%s seen as the database away", name)
		}
	}
}
