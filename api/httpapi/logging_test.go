package httpapi

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/labstack/echo/v5"

	"github.com/praksis/praksis/api/signin"
)

// syncBuffer is a log destination that tests read after the request.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

// lines parses every JSON line written so far and empties the buffer.
func (b *syncBuffer) lines(t *testing.T) []map[string]any {
	t.Helper()
	b.mu.Lock()
	defer b.mu.Unlock()
	var out []map[string]any
	sc := bufio.NewScanner(&b.buf)
	for sc.Scan() {
		var m map[string]any
		if err := json.Unmarshal(sc.Bytes(), &m); err != nil {
			t.Fatalf("log line %q is not JSON: %v", sc.Text(), err)
		}
		out = append(out, m)
	}
	b.buf.Reset()
	return out
}

// unreachableIssuer is an address where nothing listens, so discovery of
// the identity provider fails at once.
func unreachableIssuer(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	if err := ln.Close(); err != nil {
		t.Fatal(err)
	}
	return "http://" + addr
}

// TestLogLinesNameRequestSchoolAndUser serves requests through the real
// middleware and checks that lines written deep inside a request (by the
// error mapper, by the sign-in package) carry the request id, the school
// and, once signed in, the user.
func TestLogLinesNameRequestSchoolAndUser(t *testing.T) {
	logs := &syncBuffer{}
	f := newFixtureWith(t, func(f *fixture, o *Options) {
		f.log = slog.New(slog.NewJSONHandler(logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
		o.SignIn = signin.New(f.auth,
			signin.WithFeide(signin.ProviderConfig{Issuer: unreachableIssuer(t), ClientID: "c", ClientSecret: "s"}, ""))
	})
	f.srv.e.GET("/test/fails", func(c *echo.Context) error {
		return errors.New("disk on fire")
	}, f.srv.resolveTenant, f.srv.scoped)
	f.srv.e.GET("/test/fails-signed-in", func(c *echo.Context) error {
		return errors.New("disk on fire")
	}, f.srv.resolveTenant, f.srv.scoped, f.auth.Required)
	tok, userID := f.signIn(t, "skole-b", "b.localhost", "kari@b.test")

	tests := []struct {
		name       string
		host, path string
		header     map[string]string
		wantStatus int
		// wantMsg is the line written inside the request; the request's
		// own summary line ("request") is checked too.
		wantMsg    string
		wantTenant string
		wantUser   any
	}{
		{
			name: "error mapper", host: "a.localhost", path: "/test/fails",
			wantStatus: http.StatusInternalServerError, wantMsg: "request failed", wantTenant: "skole-a",
		},
		{
			name: "error mapper, signed in", host: "b.localhost", path: "/test/fails-signed-in", header: bearer(tok),
			wantStatus: http.StatusInternalServerError, wantMsg: "request failed", wantTenant: "skole-b", wantUser: float64(userID),
		},
		{
			name: "sign-in, identity provider down", host: "a.localhost", path: "/api/auth/feide/start",
			wantStatus: http.StatusServiceUnavailable, wantMsg: "identity provider unreachable", wantTenant: "skole-a",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rid := "test-" + strings.NewReplacer(" ", "-", ",", "").Replace(tt.name)
			header := map[string]string{"X-Request-ID": rid}
			for k, v := range tt.header {
				header[k] = v
			}
			rec := f.do(t, http.MethodGet, tt.host, tt.path, header)
			if rec.Code != tt.wantStatus {
				t.Fatalf("status %d, want %d: %s", rec.Code, tt.wantStatus, rec.Body)
			}
			if got := rec.Header().Get("X-Request-ID"); got != rid {
				t.Fatalf("X-Request-ID %q, want %q", got, rid)
			}
			found := map[string]bool{}
			for _, line := range logs.lines(t) {
				msg, _ := line["msg"].(string)
				if msg != tt.wantMsg && msg != "request" {
					continue
				}
				found[msg] = true
				if line["request_id"] != rid {
					t.Errorf("%q: request_id %v, want %q", msg, line["request_id"], rid)
				}
				if line["tenant"] != tt.wantTenant {
					t.Errorf("%q: tenant %v, want %q", msg, line["tenant"], tt.wantTenant)
				}
				if tt.wantUser != nil && line["user_id"] != tt.wantUser {
					t.Errorf("%q: user_id %v, want %v", msg, line["user_id"], tt.wantUser)
				}
			}
			for _, msg := range []string{tt.wantMsg, "request"} {
				if !found[msg] {
					t.Errorf("no %q line logged", msg)
				}
			}
		})
	}
}

// newLoggedFixture is the fixture with its log, every level, in logs.
func newLoggedFixture(t *testing.T) (*fixture, *syncBuffer) {
	t.Helper()
	logs := &syncBuffer{}
	f := newFixtureWith(t, func(f *fixture, o *Options) {
		f.log = slog.New(slog.NewJSONHandler(logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
	})
	return f, logs
}

// TestClientThatLeftIsNotAFault: a request whose client closed the
// connection mid-way (its context cancelled) is recorded as 499 at level
// INFO, with no "request failed" line; a cancellation the client did not
// cause stays a fault, 500.
func TestClientThatLeftIsNotAFault(t *testing.T) {
	f, logs := newLoggedFixture(t)
	// leave is set per request: the client leaving while the handler runs.
	var leave context.CancelFunc
	f.srv.e.GET("/test/slow", func(c *echo.Context) error {
		if leave != nil {
			leave()
		}
		if err := c.Request().Context().Err(); err != nil {
			return fmt.Errorf("load students of class 2: %w", err)
		}
		return fmt.Errorf("load students of class 2: %w", context.Canceled)
	}, f.srv.resolveTenant, f.srv.scoped)

	tests := []struct {
		name       string
		clientLeft bool
		wantStatus int
		wantLevel  string
		wantFailed bool
	}{
		{name: "the client left", clientLeft: true, wantStatus: StatusClientClosedRequest, wantLevel: "INFO"},
		{name: "cancelled inside the server", wantStatus: http.StatusInternalServerError, wantLevel: "ERROR", wantFailed: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := httptest.NewRequest(http.MethodGet, "/test/slow", nil)
			req.Host = "a.localhost"
			ctx, cancel := context.WithCancel(req.Context())
			defer cancel()
			leave = nil
			if tt.clientLeft {
				leave = cancel
			}
			rec := httptest.NewRecorder()
			f.srv.Handler().ServeHTTP(rec, req.WithContext(ctx))
			if rec.Code != tt.wantStatus {
				t.Fatalf("status %d, want %d: %s", rec.Code, tt.wantStatus, rec.Body)
			}
			var summary map[string]any
			failed := false
			for _, line := range logs.lines(t) {
				switch line["msg"] {
				case "request":
					summary = line
				case "request failed":
					failed = true
				}
			}
			if summary == nil {
				t.Fatal("no request line logged")
			}
			if summary["status"] != float64(tt.wantStatus) || summary["level"] != tt.wantLevel {
				t.Errorf("request line: status %v at %v, want %d at %s", summary["status"], summary["level"], tt.wantStatus, tt.wantLevel)
			}
			if failed != tt.wantFailed {
				t.Errorf("a \"request failed\" line: %v, want %v", failed, tt.wantFailed)
			}
		})
	}
}

// TestClientThatClosesItsConnectionIsRecordedAs499 serves over a real
// connection: net/http cancels the request's context when the client
// closes it, and the request is then recorded as 499, not as a fault.
func TestClientThatClosesItsConnectionIsRecordedAs499(t *testing.T) {
	f, logs := newLoggedFixture(t)
	started := make(chan struct{})
	f.srv.e.GET("/test/waits", func(c *echo.Context) error {
		close(started)
		select {
		case <-c.Request().Context().Done():
			return fmt.Errorf("load students of class 2: %w", c.Request().Context().Err())
		case <-time.After(10 * time.Second):
			return errors.New("the client's leaving never reached the handler")
		}
	}, f.srv.resolveTenant, f.srv.scoped)
	srv := httptest.NewServer(f.srv.Handler())
	defer srv.Close()

	ctx, cancel := context.WithCancel(context.Background())
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, srv.URL+"/test/waits", nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Host = "a.localhost"
	go func() {
		<-started
		cancel()
	}()
	if resp, err := srv.Client().Do(req); err == nil {
		resp.Body.Close()
		t.Fatalf("the request was answered (%d) though its client left", resp.StatusCode)
	}
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		for _, line := range logs.lines(t) {
			if line["msg"] == "request failed" {
				t.Errorf("a \"request failed\" line: %v", line)
			}
			if line["msg"] == "request" && line["route"] == "/test/waits" {
				if line["status"] != float64(StatusClientClosedRequest) || line["level"] != "INFO" {
					t.Fatalf("request line: status %v at %v, want %d at INFO", line["status"], line["level"], StatusClientClosedRequest)
				}
				return
			}
		}
	}
	t.Fatal("no request line logged")
}
