// Package httpapi is the HTTP edge of Praksis: the route table, the
// middleware (request ids, logs, metrics, tenant resolution, the per-request
// database scope), the one mapping from domain errors to the error shape, the
// OpenAPI document, and serving the web app for every school host.
package httpapi

import (
	"context"
	"errors"
	"io/fs"
	"log/slog"
	"net"
	"net/http"
	"net/netip"
	"time"

	"github.com/labstack/echo/v5"
	"github.com/labstack/echo/v5/middleware"
	"github.com/prometheus/client_golang/prometheus"

	"github.com/praksis/praksis/api/auth"
	"github.com/praksis/praksis/api/classes"
	"github.com/praksis/praksis/api/config"
	"github.com/praksis/praksis/api/datacopy"
	"github.com/praksis/praksis/api/eformidling"
	"github.com/praksis/praksis/api/invitations"
	"github.com/praksis/praksis/api/mail"
	"github.com/praksis/praksis/api/results"
	"github.com/praksis/praksis/api/signin"
	"github.com/praksis/praksis/api/signing"
	"github.com/praksis/praksis/api/tracing"
	"github.com/praksis/praksis/api/warnings"
	"github.com/praksis/praksis/frontend"
	"github.com/praksis/praksis/tenants"
)

// Server is one replica's HTTP server.
type Server struct {
	cfg     *config.Config
	reg     *tenants.Registry
	log     *slog.Logger
	e       *echo.Echo
	router  *Router
	metrics *metrics
	auth    *auth.Service
	// warnings serves the warning routes.
	warnings *warnings.Handlers
	// classes serves the routes by which people take their places in
	// classes; invitations the supervisor invitations.
	classes     *classes.Handlers
	invitations *invitations.Handlers
	// signing serves the signing-form routes.
	signing *signing.Service
	signin  *signin.Service
	// devMail and mockIDP are served only in development (nil otherwise).
	devMail MailPages
	// devClock places a school's clock in development (nil otherwise).
	devClock ClockRoutes
	mockIDP  http.Handler
	// mockEFormidling is the development integrasjonspunkt (nil otherwise).
	mockEFormidling http.Handler
	// archive serves the admins' routes of delivery to the school's archive.
	archive *eformidling.Handlers
	// dataCopies serves the copies of a person's data.
	dataCopies *datacopy.Handlers
	tracer     *tracing.Tracer
	// controlReady reports whether the control schema is at this binary's
	// version, for /readyz.
	controlReady func(ctx context.Context) error
	// dist is the built web app.
	dist fs.FS
	// handler serves HTTP: Echo, wrapped by the contract check when on.
	handler http.Handler
}

// MailPages are the development mail catcher's pages, GET /dev/mail and
// GET /dev/mail/messages, which only development mode hands in.
type MailPages interface {
	HandlePage(c *echo.Context) error
	HandleMessages(c *echo.Context) error
}

// ClockRoutes are the development clock's routes on a school's host: GET,
// POST and DELETE /dev/clock show, place and reset that school's clock.
// Only development mode hands them in.
type ClockRoutes interface {
	Show(c *echo.Context, t *tenants.Tenant) error
	Place(c *echo.Context, t *tenants.Tenant) error
	Reset(c *echo.Context, t *tenants.Tenant) error
}

// Options are the parts of a server that tests and commands vary.
type Options struct {
	// Auth checks tokens and keeps sessions.
	Auth *auth.Service
	// SignIn signs people in (one-time codes, Feide, Vipps); nil gives one
	// without mail or identity providers.
	SignIn *signin.Service
	// DevMail, when set, is the development mail catcher served at
	// /dev/mail (development only).
	DevMail MailPages
	// DevClock, when set, serves /dev/clock, which places the clock of the
	// request's school (development only).
	DevClock ClockRoutes
	// MockIDP, when set, is the mock identity provider served under
	// /dev/idp/ (development only).
	MockIDP http.Handler
	// MockEFormidling, when set, is the development integrasjonspunkt
	// served under /dev/eformidling/ (development only).
	MockEFormidling http.Handler
	// ArchiveJobs enqueues the jobs of retried deliveries to the schools'
	// archives in the request's transaction; nil makes retrying fail.
	ArchiveJobs results.Enqueuer
	// DataCopyJobs enqueues the building of copies of a person's data in the
	// request's transaction; nil makes asking for a copy answer 503.
	DataCopyJobs datacopy.Enqueuer
	// Collectors are more metrics served at /metrics (the database pool,
	// the job queue).
	Collectors []prometheus.Collector
	// Tracer, when tracing is on, gives every request a span named by its
	// route; nil is off.
	Tracer *tracing.Tracer
	// SigningEvents is told of signatures (reminders, archiving); nil does
	// nothing.
	SigningEvents signing.Events
	// Now is the clock of the date rules; nil is the real one.
	Now func() time.Time
	// WarningNotifier e-mails a student when a warning is sent; nil sends
	// nothing.
	WarningNotifier warnings.Notifier
	// Mail queues the e-mails of supervisor invitations and of supervisors
	// added to a class, in the request's transaction; nil makes those
	// routes fail.
	Mail *mail.Outbox
	// ControlReady is checked by /readyz; nil means always ready.
	ControlReady func(ctx context.Context) error
	// Gatherer, when set, receives the server's metrics registry; nil makes a
	// private one.
	Registerer *prometheus.Registry
	// Dist is the built web app; nil is the one embedded in the binary.
	Dist fs.FS
	// Contract, when set, checks every API request and answer against the
	// OpenAPI document and is told of each mismatch (tests and the
	// journeys' server; it costs a copy of every body).
	Contract func(error)
}

// defaultBodyLimit caps request bodies of routes that take no files.
const defaultBodyLimit = 1 << 20

// New builds the server and registers every route.
func New(cfg *config.Config, reg *tenants.Registry, log *slog.Logger, opts Options) *Server {
	e := echo.New()
	s := &Server{cfg: cfg, reg: reg, log: log, e: e, controlReady: opts.ControlReady, auth: opts.Auth,
		signin: opts.SignIn, devMail: opts.DevMail, devClock: opts.DevClock, mockIDP: opts.MockIDP,
		mockEFormidling: opts.MockEFormidling, archive: &eformidling.Handlers{Jobs: opts.ArchiveJobs}, dist: opts.Dist,
		dataCopies: &datacopy.Handlers{Jobs: opts.DataCopyJobs}}
	if s.dist == nil {
		s.dist = frontend.Dist()
	}
	if s.signin == nil {
		s.signin = signin.New(opts.Auth)
	}
	s.router = &Router{e: e}
	s.warnings = &warnings.Handlers{Notify: opts.WarningNotifier}
	mailer := invitations.NewMailer(nil, cfg.PublicURL)
	if opts.Mail != nil {
		mailer = invitations.NewMailer(opts.Mail, cfg.PublicURL)
	}
	s.classes = &classes.Handlers{Notify: mailer}
	s.invitations = &invitations.Handlers{Mail: mailer}
	s.signing = &signing.Service{Events: opts.SigningEvents, Now: opts.Now}
	promReg := opts.Registerer
	if promReg == nil {
		promReg = prometheus.NewRegistry()
	}
	s.metrics = newMetrics(promReg, opts.Collectors...)
	e.Logger = log
	e.JSONSerializer = jsonWire{}
	if opts.Contract != nil {
		e.JSONSerializer = checkedJSONWire{report: opts.Contract}
	}
	e.HTTPErrorHandler = s.handleError
	e.IPExtractor = s.clientIP
	s.tracer = opts.Tracer
	e.Use(s.observe, s.tracer.Middleware(tenantSlug), middleware.Recover(), s.securityHeaders, s.compress(), s.bodyLimit(defaultBodyLimit), readableQuery)
	s.handler = e
	if opts.Contract != nil {
		k := &contract{router: s.router, report: opts.Contract}
		e.Use(k.remember)
		s.handler = k.wrap(e)
	}
	s.routes()
	return s
}

// Handler returns the HTTP handler of the server.
func (s *Server) Handler() http.Handler { return s.handler }

// Router returns the documented route table (for the OpenAPI test).
func (s *Server) Router() *Router { return s.router }

// Echo returns the underlying router (for tests that list its routes).
func (s *Server) Echo() *echo.Echo { return s.e }

// Serve listens on addr until ctx ends, then stops accepting, lets in-flight
// requests finish for the configured grace, and returns.
func (s *Server) Serve(ctx context.Context, ln net.Listener) error {
	srv := &http.Server{
		Handler:           s.tracer.Handler(s.handler),
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       60 * time.Second,
		WriteTimeout:      120 * time.Second,
		IdleTimeout:       120 * time.Second,
		ErrorLog:          slog.NewLogLogger(s.log.Handler(), slog.LevelWarn),
	}
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	s.log.Info("shutting down", "grace", s.cfg.ShutdownGrace.String())
	shutdownCtx, cancel := context.WithTimeout(context.Background(), s.cfg.ShutdownGrace)
	defer cancel()
	if err := srv.Shutdown(shutdownCtx); err != nil {
		return err
	}
	if err := <-errc; err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

// clientIP is the caller's address: the direct peer, or the first untrusted
// address of X-Forwarded-For when the peer is a trusted proxy.
func (s *Server) clientIP(r *http.Request) string {
	peer, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		peer = r.RemoteAddr
	}
	if !s.trusted(peer) {
		return peer
	}
	return echo.ExtractIPFromXFFHeader(s.trustOptions()...)(r)
}

func (s *Server) trustOptions() []echo.TrustOption {
	opts := []echo.TrustOption{echo.TrustLoopback(false), echo.TrustLinkLocal(false), echo.TrustPrivateNet(false)}
	for _, p := range s.cfg.TrustedProxies {
		_, n, err := net.ParseCIDR(p.String())
		if err == nil {
			opts = append(opts, echo.TrustIPRange(n))
		}
	}
	return opts
}

func (s *Server) trusted(ip string) bool {
	a, err := netip.ParseAddr(ip)
	if err != nil {
		return false
	}
	for _, p := range s.cfg.TrustedProxies {
		if p.Contains(a.Unmap()) {
			return true
		}
	}
	return false
}

// requestHost is the host the browser asked for: the Host header, or
// X-Forwarded-Host when a trusted proxy sent it.
func (s *Server) requestHost(r *http.Request) string {
	host := r.Host
	if fwd := r.Header.Get("X-Forwarded-Host"); fwd != "" {
		peer, _, err := net.SplitHostPort(r.RemoteAddr)
		if err != nil {
			peer = r.RemoteAddr
		}
		if s.trusted(peer) {
			if i := indexByte(fwd, ','); i >= 0 {
				fwd = fwd[:i]
			}
			host = fwd
		}
	}
	return tenants.NormalizeHost(host)
}

func indexByte(s string, b byte) int {
	for i := 0; i < len(s); i++ {
		if s[i] == b {
			return i
		}
	}
	return -1
}

// tenantSlug is the school the request was for, or "" before (or without) one.
func tenantSlug(c *echo.Context) string {
	if t, ok := c.Get(ctxTenant).(*tenants.Tenant); ok {
		return t.Slug
	}
	return ""
}
