package main

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"strings"
	"sync"
	"time"

	// The same encoder as the server's: the load generator shares the
	// processors with what it measures, and encoding/json's decoding of
	// the autosave's answers was a sixth of its CPU.
	json "github.com/goccy/go-json"
	"github.com/valyala/fasthttp"
)

// maxConns bounds the connections of one virtual user: open loop sends a
// user's requests whatever the answers to earlier ones, so they overlap as
// much as the server is slow, and none waits for a connection.
const maxConns = 1024

// requestTimeout bounds every single request.
const requestTimeout = 15 * time.Second

// loopbackURL parses an http URL whose host is a loopback address (or
// localhost); anything else is refused.
func loopbackURL(flagName, raw string) (*url.URL, error) {
	u, err := url.Parse(strings.TrimSuffix(raw, "/"))
	if err != nil || u.Scheme != "http" || u.Host == "" {
		return nil, fmt.Errorf("-%s: %q is not an http:// URL", flagName, raw)
	}
	host := u.Hostname()
	if host == "localhost" {
		return u, nil
	}
	if a, err := netip.ParseAddr(host); err == nil && a.IsLoopback() {
		return u, nil
	}
	return nil, fmt.Errorf("-%s: %q is not on the loopback interface (127.0.0.0/8, ::1 or localhost)", flagName, raw)
}

// clientAddr is the loopback source address of virtual client n in the
// network prefix 127.a.0.0/16: many clients, many addresses, as the
// server's per-address limits expect of real users.
func clientAddr(a byte, n int) net.IP {
	return net.IPv4(127, a, byte(n>>8), byte(1+n%250))
}

// newHTTPClient is a keep-alive client whose connections come from the
// local address src (nil: the system's choice), for what is not measured
// (the development mail page).
func newHTTPClient(src net.IP, conns int) *http.Client {
	d := &net.Dialer{Timeout: 5 * time.Second, KeepAlive: 30 * time.Second}
	if src != nil {
		d.LocalAddr = &net.TCPAddr{IP: src}
	}
	return &http.Client{
		Timeout: requestTimeout,
		Transport: &http.Transport{
			DialContext:         d.DialContext,
			MaxIdleConns:        conns,
			MaxIdleConnsPerHost: conns,
			IdleConnTimeout:     90 * time.Second,
			DisableCompression:  true,
			ForceAttemptHTTP2:   false,
		},
		// Redirects are answers to measure, not to follow.
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}
}

// newHostClient is a keep-alive client of the server at base whose
// connections come from the local address src (nil: the system's choice):
// as many as requests overlap, as net/http's client opened. It does not
// follow redirects (they are answers to measure).
//
// The load generator shares the processors with what it measures, and
// net/http's client hands every request between three goroutines (the
// caller's and each connection's reader and writer): at the semester-end
// mix it spent 0.15 to 0.19 ms of CPU per request, an eighth of the
// machine. fasthttp's client sends and reads on the caller's goroutine.
func newHostClient(base *url.URL, src net.IP) *fasthttp.HostClient {
	d := &net.Dialer{Timeout: 5 * time.Second, KeepAlive: 30 * time.Second}
	if src != nil {
		d.LocalAddr = &net.TCPAddr{IP: src}
	}
	return &fasthttp.HostClient{
		Addr:                     base.Host,
		Dial:                     func(addr string) (net.Conn, error) { return d.Dial("tcp", addr) },
		MaxConns:                 maxConns,
		MaxIdleConnDuration:      90 * time.Second,
		NoDefaultUserAgentHeader: true,
		DisablePathNormalizing:   true,
		// A request is never sent twice: a save sent again is not the
		// save measured, and a failure is an answer to count.
		MaxIdemponentCallAttempts: 1,
	}
}

// client is one virtual user of one school: an HTTP client with its own
// connections and source address, the school's host and the user's token.
type client struct {
	http  *fasthttp.HostClient
	base  *url.URL
	host  string
	token string
	rec   *recorder
	// tokenMu guards token: in open-loop mode a user's requests overlap.
	tokenMu sync.RWMutex
}

// newClient is a virtual user of the school at host on the server at base,
// its connections from the local address src (nil: the system's choice).
func newClient(base *url.URL, src net.IP, host string) *client {
	return &client{http: newHostClient(base, src), base: base, host: host}
}

// setToken keeps a new token.
func (c *client) setToken(tok string) {
	c.tokenMu.Lock()
	c.token = tok
	c.tokenMu.Unlock()
}

type scheduledKey struct{}

// withScheduled marks requests made with ctx as due at t: their latency is
// measured from t, not from when they were sent, so that a request that
// waited for the load generator (open-loop mode) counts its wait, as a
// user's would.
func withScheduled(ctx context.Context, t time.Time) context.Context {
	return context.WithValue(ctx, scheduledKey{}, t)
}

// statusError is an answer with an unexpected status.
type statusError struct {
	Method, Path string
	Status       int
	Body         string
}

func (e *statusError) Error() string {
	return fmt.Sprintf("%s %s: status %d: %s", e.Method, e.Path, e.Status, e.Body)
}

// statusOf returns the HTTP status of err (0 when there was no answer).
func statusOf(err error) int {
	var se *statusError
	if errors.As(err, &se) {
		return se.Status
	}
	return 0
}

// do sends one request and decodes a 2xx JSON answer into out (when not
// nil). route names the request in the statistics ("" records nothing).
// Any other status is a *statusError.
func (c *client) do(ctx context.Context, route, method, path string, body, out any) (int, error) {
	req, resp := fasthttp.AcquireRequest(), fasthttp.AcquireResponse()
	defer fasthttp.ReleaseRequest(req)
	defer fasthttp.ReleaseResponse(resp)
	req.Header.SetMethod(method)
	req.SetRequestURI(c.base.String() + path)
	req.UseHostHeader = true
	req.Header.SetHost(c.host)
	req.Header.Set("Accept", "application/json")
	// As a browser over HTTPS asks: the server's coding of its answers is
	// part of what a request costs it.
	req.Header.Set("Accept-Encoding", acceptEncoding)
	if route == routeSave {
		// As the web app saves: the answer is the set's new version and the
		// questions sent, not the whole set.
		req.Header.Set("Prefer", "return=minimal")
	}
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return 0, err
		}
		req.SetBodyRaw(b)
		req.Header.SetContentType("application/json")
	}
	c.tokenMu.RLock()
	if c.token != "" {
		req.Header.Set("Authorization", "Bearer "+c.token)
	}
	c.tokenMu.RUnlock()
	start := time.Now()
	if t, ok := ctx.Value(scheduledKey{}).(time.Time); ok {
		start = t
	}
	deadline := time.Now().Add(requestTimeout)
	if d, ok := ctx.Deadline(); ok && d.Before(deadline) {
		deadline = d
	}
	err := c.http.DoDeadline(req, resp, deadline)
	elapsed := time.Since(start)
	status := 0
	if err == nil {
		status = resp.StatusCode()
	}
	if route != "" && c.rec != nil && ctx.Err() == nil {
		c.rec.add(route, elapsed, err == nil && status >= 200 && status < 300, status)
	}
	if err != nil {
		return status, fmt.Errorf("%s %s: %w", method, path, err)
	}
	ok := status >= 200 && status <= 299
	if ok && out == nil {
		// An answer nobody reads is not decoded: the load generator's CPU
		// is taken from what it measures.
		return status, nil
	}
	data, err := resp.BodyUncompressed()
	if err != nil {
		return status, fmt.Errorf("%s %s: decode %s answer: %w", method, path, resp.Header.ContentEncoding(), err)
	}
	if !ok {
		return status, &statusError{Method: method, Path: path, Status: status, Body: truncate(string(data), 300)}
	}
	if len(data) > 0 {
		if err := json.Unmarshal(data, out); err != nil {
			return status, fmt.Errorf("%s %s: decode answer: %w", method, path, err)
		}
	}
	return status, nil
}

// acceptEncoding is the codings a browser over HTTPS accepts.
const acceptEncoding = "gzip, deflate, br, zstd"

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}

type tokenResponse struct {
	Token string `json:"token"`
}

// codeSlack is how much older than the code request an e-mail may look
// and still be taken for its answer: the development catcher's clock may
// be a little behind this process's.
const codeSlack = time.Second

// signIn signs the client's user in with a one-time code: ask for a code,
// read it from the mail catcher, send it back. The client keeps the token.
func (c *client) signIn(ctx context.Context, email string, codes codeSource) error {
	since := time.Now().Add(-codeSlack)
	if _, err := c.do(ctx, routeCodeRequest, http.MethodPost, "/api/auth/external/sign-in", map[string]string{"email": email}, nil); err != nil {
		return fmt.Errorf("ask for a code for %s: %w", email, err)
	}
	wait, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	answered := time.Now()
	code, at, err := codes.code(wait, email, since)
	if err != nil {
		return fmt.Errorf("code for %s: %w", email, err)
	}
	if c.rec != nil && ctx.Err() == nil {
		// From the answer to the code request to the sink's receipt: the
		// job queue's pick-up and the sending.
		c.rec.add(routeCodeMail, max(0, at.Sub(answered)), true, 0)
	}
	var tok tokenResponse
	if _, err := c.do(ctx, routeCodeSignIn, http.MethodPost, "/api/auth/external/signed-in", map[string]string{"email": email, "code": code}, &tok); err != nil {
		return fmt.Errorf("sign in %s: %w", email, err)
	}
	if tok.Token == "" {
		return fmt.Errorf("sign in %s: no token in the answer", email)
	}
	c.setToken(tok.Token)
	return nil
}
