package httpapi

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"net/http"
	"regexp"
	"sync"
	"time"

	"github.com/labstack/echo/v5"
	"gorm.io/gorm"

	"github.com/praksis/praksis/api/apperror"
	"github.com/praksis/praksis/api/auth"
	"github.com/praksis/praksis/api/reqlog"
	"github.com/praksis/praksis/api/request"
	"github.com/praksis/praksis/tenants"
	"github.com/praksis/praksis/tenants/statements"
	"github.com/praksis/praksis/tenants/texts"
)

const (
	ctxTenant    = "praksis.tenant"
	ctxRequestID = "praksis.requestID"
)

var requestIDPattern = regexp.MustCompile(`^[A-Za-z0-9._-]{8,64}$`)

func newRequestID() string {
	b := make([]byte, 12)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// observe gives every request an id, turns a returned error into the error
// shape (so the status is known here), then logs the request and records its
// duration. Logs carry ids only: no names, e-mails or answers.
//
// It also puts the request's logger into the request context (see reqlog),
// carrying the request id, so that a line written anywhere while serving the
// request can be tied to it; resolveTenant and sign-in add to it.
func (s *Server) observe(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c *echo.Context) error {
		start := time.Now()
		req := c.Request()
		rid := req.Header.Get("X-Request-ID")
		if !requestIDPattern.MatchString(rid) {
			rid = newRequestID()
		}
		c.Set(ctxRequestID, rid)
		c.Response().Header().Set("X-Request-ID", rid)
		rlog := s.log.With("request_id", rid)
		// The statements the request runs are counted for /metrics.
		ctx, tally := statements.WithTally(reqlog.Into(req.Context(), rlog))
		c.SetRequest(req.WithContext(ctx))
		c.SetLogger(rlog)

		if err := next(c); err != nil {
			s.handleError(c, err)
		}

		resp, _ := echo.UnwrapResponse(c.Response())
		status := http.StatusOK
		if resp != nil && resp.Status != 0 {
			status = resp.Status
		}
		route := c.Path()
		if route == "" {
			route = "unmatched"
		}
		slug := ""
		if t, ok := c.Get(ctxTenant).(*tenants.Tenant); ok {
			slug = t.Slug
		}
		dur := time.Since(start)
		s.metrics.observe(req.Method, route, status, slug, dur, tally.Count())
		attrs := []any{
			"request_id", rid, "method", req.Method, "route", route, "status", status,
			"duration_ms", float64(dur.Microseconds()) / 1000, "tenant", slug,
		}
		if uid := c.Get(auth.CtxUserID); uid != nil {
			attrs = append(attrs, "user_id", uid)
		}
		switch {
		case status >= 500:
			s.log.Error("request", attrs...)
		case route == "/healthz" || route == "/readyz" || route == "/metrics":
			s.log.Debug("request", attrs...)
		default:
			s.log.Info("request", attrs...)
		}
		return nil
	}
}

// handleError writes err in the error shape, in the caller's language.
func (s *Server) handleError(c *echo.Context, err error) {
	if resp, uerr := echo.UnwrapResponse(c.Response()); uerr == nil && resp.Committed {
		return
	}
	if clientGone(c, err) {
		// Nobody reads this answer, and nothing went wrong here: the log
		// and /metrics count it apart from the server's faults.
		_ = c.NoContent(StatusClientClosedRequest)
		return
	}
	status, p := ToProblem(s.language(c), err)
	away := databaseAway(err)
	switch {
	case away:
		// Not a fault in the request or the code: say why, and that the
		// client may try again soon (a restart or a failover takes seconds).
		reqlog.From(c.Request().Context()).Warn("database unavailable", "route", c.Path(), "error", err.Error())
		c.Response().Header().Set("Retry-After", "5")
	case status >= 500:
		// The request's logger names the request and, when resolved, the
		// school and the user.
		reqlog.From(c.Request().Context()).Error("request failed", "route", c.Path(), "error", err.Error())
	default:
		if _, handled := apperror.As(err); !handled {
			logRefusal(c, err)
		}
	}
	if status == http.StatusServiceUnavailable && !away {
		c.Response().Header().Set("Retry-After", "60")
	}
	if c.Request().Method == http.MethodHead {
		_ = c.NoContent(status)
		return
	}
	_ = c.JSON(status, p)
}

// logRefusal logs an error in which Postgres refused the request's data
// (refusedByDatabase) that no domain code turned into an answer of its own:
// the client gets a 409 or 400, and the log keeps which constraint or value,
// since a check in Go may be missing.
func logRefusal(c *echo.Context, err error) {
	if status, _ := refusedByDatabase(err); status != 0 {
		reqlog.From(c.Request().Context()).Warn("refused by the database", "route", c.Path(), "error", err.Error())
	}
}

// StatusClientClosedRequest is the status recorded for a request whose
// client left before the answer, as nginx records it. A phone that loses its
// signal or a page left mid-load does so; counted as 500, such requests
// looked like faults of the server.
const StatusClientClosedRequest = 499

// clientGone says whether err comes from the client leaving: the request's
// context was cancelled, which net/http does when the connection closes, and
// the error is that cancellation.
func clientGone(c *echo.Context, err error) bool {
	return errors.Is(err, context.Canceled) && errors.Is(c.Request().Context().Err(), context.Canceled)
}

// language is the language of server-made texts for this request.
func (s *Server) language(c *echo.Context) string {
	fallback := texts.Default
	if t, ok := c.Get(ctxTenant).(*tenants.Tenant); ok {
		fallback = t.DefaultLanguage
	}
	return texts.Negotiate(c.QueryParam("lang"), c.Request().Header.Get("Accept-Language"), fallback)
}

// resolveTenant finds the school of the request's host: unknown hosts get
// 404 and schools that are disabled or not at this binary's schema version
// get 503, both in the error shape.
func (s *Server) resolveTenant(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c *echo.Context) error {
		t, err := s.tenantOf(c.Request())
		if err != nil {
			return err
		}
		c.Set(ctxTenant, t)
		c.Set(auth.CtxHost, s.requestHost(c.Request()))
		ctx := reqlog.With(c.Request().Context(), "tenant", t.Slug)
		c.SetRequest(c.Request().WithContext(ctx))
		c.SetLogger(reqlog.From(ctx))
		return next(c)
	}
}

func (s *Server) tenantOf(r *http.Request) (*tenants.Tenant, error) {
	host := s.requestHost(r)
	t, ok := s.reg.ByHost(host)
	if !ok {
		return nil, apperror.New(apperror.NotFound, "tenant.unknownHost").With("Host", host)
	}
	if ok, msg := t.Serveable(s.reg.TargetVersion()); !ok {
		return t, apperror.New(apperror.Unavailable, msg)
	}
	return t, nil
}

// scoped runs the rest of the request in one transaction confined to the
// school. The response is buffered and sent only after the commit succeeded,
// so a client is never told "saved" about a change that was rolled back. A
// returned error rolls the transaction back, unless it is an apperror marked
// KeepChanges: then the transaction commits and the error is answered. A
// signed-in request to a route marked Op.SessionOnly runs no statement of
// its own and gets no transaction: only the one that reads its session. One
// to a route marked Op.ReadsFirst begins its transaction, and reads its
// session, with the handler's first read.
func (s *Server) scoped(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c *echo.Context) error {
		t, ok := c.Get(ctxTenant).(*tenants.Tenant)
		if !ok {
			return apperror.New(apperror.Internal, "error.internal")
		}
		orig := c.Response()
		buf := &bufferedWriter{header: http.Header{}, body: heldBodies.Get().(*bytes.Buffer)}
		defer buf.release()
		var kept error
		// A signed-in request's session is read in the statement that
		// enters the scope (the token is checked first, in Go).
		var probe *tenants.SessionProbe
		if s.auth != nil {
			probe = s.auth.Probe(c, t)
		}
		// Requests keep their statements per school, so that their plans
		// survive the connection's moves between schools.
		ctx := tenants.PerSchoolStatements(c.Request().Context())
		if probe != nil && s.router.isSessionOnly(c.Request().Method, c.Path()) {
			ctx = tenants.SessionOnly(ctx)
		} else if probe != nil && s.router.readsFirst(c.Request().Method, c.Path()) {
			ctx = tenants.ReadsFirst(ctx)
		}
		err := s.reg.ScopeAs(ctx, t, probe, func(ctx context.Context, _ *gorm.DB) error {
			c.SetRequest(c.Request().WithContext(ctx))
			c.SetResponse(echo.NewResponse(buf, reqlog.From(ctx)))
			herr := next(c)
			if e, ok := apperror.As(herr); ok && e.KeepChanges {
				kept = herr
				return nil
			}
			return herr
		})
		c.SetResponse(orig)
		if err != nil {
			return err
		}
		if kept != nil {
			return kept
		}
		buf.flushTo(orig)
		return nil
	}
}

// bufferedWriter holds a response until the transaction has committed.
type bufferedWriter struct {
	header http.Header
	status int
	// body is taken from heldBodies and given back by release: every
	// answer passes through one, and a buffer grown afresh for each was an
	// eighth of what the server allocated under load.
	body *bytes.Buffer
}

// heldBodies are the bodies of bufferedWriters.
var heldBodies = sync.Pool{New: func() any { return new(bytes.Buffer) }}

// release gives the body back, unless a rare large answer grew it past
// maxPooledWireBuffer; the answer has been written (or dropped) by then.
func (b *bufferedWriter) release() {
	if b.body.Cap() <= maxPooledWireBuffer {
		b.body.Reset()
		heldBodies.Put(b.body)
	}
	b.body = nil
}

func (b *bufferedWriter) Header() http.Header { return b.header }

func (b *bufferedWriter) WriteHeader(status int) {
	if b.status == 0 {
		b.status = status
	}
}

func (b *bufferedWriter) Write(p []byte) (int, error) {
	if b.status == 0 {
		b.status = http.StatusOK
	}
	return b.body.Write(p)
}

func (b *bufferedWriter) flushTo(w http.ResponseWriter) {
	h := w.Header()
	for k, v := range b.header {
		h[k] = v
	}
	status := b.status
	if status == 0 {
		status = http.StatusOK
	}
	w.WriteHeader(status)
	if b.body.Len() > 0 {
		_, _ = w.Write(b.body.Bytes())
	}
}

// bodyLimit caps request bodies at def; a route that takes files raises
// its own limit through Op.MaxBody. It runs after routing, so the matched
// route is known.
func (s *Server) bodyLimit(def int64) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c *echo.Context) error {
			req := c.Request()
			limit := s.router.bodyLimit(req.Method, c.Path(), def)
			if req.ContentLength > limit {
				return apperror.New(apperror.TooLarge, "error.tooLarge")
			}
			if req.Body != nil {
				req.Body = http.MaxBytesReader(c.Response(), req.Body, limit)
			}
			return next(c)
		}
	}
}

// readableQuery refuses a request with a query value that Postgres could
// not store or compare (invalid UTF-8, a NUL character), naming the
// parameter: a search for such a text would otherwise end as a server
// fault.
func readableQuery(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c *echo.Context) error {
		if c.Request().URL.RawQuery == "" {
			return next(c)
		}
		for name, values := range c.QueryParams() {
			for _, v := range values {
				if !request.Readable(v) {
					return apperror.Invalidf("error.invalid").Field(name, "error.unstorableText", nil)
				}
			}
		}
		return next(c)
	}
}
