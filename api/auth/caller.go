package auth

import (
	"context"
	"errors"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/labstack/echo/v5"

	"github.com/praksis/praksis/api/apperror"
	"github.com/praksis/praksis/api/reqlog"
	"github.com/praksis/praksis/tenants"
)

// Caller is the signed-in user of a request.
type Caller struct {
	UserID    int64
	SessionID string
	Method    Method
	Roles     []int64
	Claims    *Claims
	// SessionExpires is when the caller's session ends (read with the
	// session when the request was authenticated, in its transaction).
	SessionExpires time.Time
}

// Has reports whether the caller holds the role.
func (c *Caller) Has(role int64) bool { return slices.Contains(c.Roles, role) }

type callerKey struct{}

// CallerFrom returns the caller of the request, or nil when anonymous.
func CallerFrom(ctx context.Context) *Caller {
	c, _ := ctx.Value(callerKey{}).(*Caller)
	return c
}

// SignedIn returns the caller of the request, or the 401 error when there
// is none (a route behind Required always has one).
func SignedIn(ctx context.Context) (*Caller, error) {
	if c := CallerFrom(ctx); c != nil {
		return c, nil
	}
	return nil, apperror.New(apperror.Unauthorized, "error.unauthorized")
}

// WithCaller puts a caller into a context (for tests and jobs).
func WithCaller(ctx context.Context, c *Caller) context.Context {
	return context.WithValue(ctx, callerKey{}, c)
}

// Service holds what signing in needs.
type Service struct {
	keys *Keys
	now  func() time.Time
}

// NewService makes the sign-in service.
func NewService(keys *Keys) *Service {
	return &Service{keys: keys, now: time.Now}
}

// SetClock replaces the clock (tests).
func (s *Service) SetClock(now func() time.Time) { s.now = now }

// CtxHost is the echo context key of the request's school host as resolved
// by the HTTP layer (trusted proxies considered).
const CtxHost = "praksis.host"

// CtxUserID is the echo context key the request log reads the user id from.
const CtxUserID = "praksis.userID"

var errTokenExpired = apperror.New(apperror.Unauthorized, "error.tokenExpired")

func bearer(r *http.Request) string {
	h := r.Header.Get("Authorization")
	if len(h) > 7 && strings.EqualFold(h[:7], "Bearer ") {
		return strings.TrimSpace(h[7:])
	}
	return ""
}

// ctxClaims is the echo context key of the request's verified token claims,
// kept by Probe so that authenticate does not verify the token twice.
const ctxClaims = "praksis.claims"

// verified checks the request's bearer token for this school and host; it
// returns nil claims when there is no token.
func (s *Service) verified(c *echo.Context, t *tenants.Tenant) (*Claims, error) {
	if cl, ok := c.Get(ctxClaims).(*Claims); ok {
		return cl, nil
	}
	raw := bearer(c.Request())
	if raw == "" {
		return nil, nil
	}
	host := tenants.NormalizeHost(c.Request().Host)
	if fh, ok := c.Get(CtxHost).(string); ok && fh != "" {
		host = fh
	}
	claims, err := s.keys.Verify(raw, host, s.now())
	if errors.Is(err, ErrExpired) {
		return nil, errTokenExpired
	}
	if err != nil || claims.TenantID != t.Slug {
		return nil, apperror.New(apperror.Unauthorized, "error.unauthorized")
	}
	c.Set(ctxClaims, claims)
	return claims, nil
}

// Probe names the session of the request's token when the token is valid
// for school t on this host, so that entering the school's scope can read
// the session in the same statement; nil otherwise (authenticate then
// refuses the request, or the route needs no caller).
func (s *Service) Probe(c *echo.Context, t *tenants.Tenant) *tenants.SessionProbe {
	claims, err := s.verified(c, t)
	if err != nil || claims == nil {
		return nil
	}
	if _, err := uuid.Parse(claims.SessionID); err != nil {
		return nil
	}
	return &tenants.SessionProbe{ID: claims.SessionID, UserID: claims.UserID}
}

// authenticate resolves the request's token into a Caller. The token must
// be signed by us, unexpired, minted for this school and this host, and its
// session must be live with an active user.
func (s *Service) authenticate(c *echo.Context) (*Caller, error) {
	ctx := c.Request().Context()
	t := tenants.Current(ctx)
	if t == nil {
		return nil, tenants.ErrNoScope
	}
	claims, err := s.verified(c, t)
	if err != nil {
		return nil, err
	}
	if claims == nil {
		return nil, apperror.New(apperror.Unauthorized, "error.unauthorized")
	}
	if tenants.SessionPending(ctx) {
		return s.callerOnceRead(ctx, claims)
	}
	var sess *Session
	var roles []int64
	if read := tenants.SessionFrom(ctx); read != nil && read.Probe.ID == claims.SessionID && read.Probe.UserID == claims.UserID {
		// Read when the request entered the school's scope.
		sess, roles, err = sessionOf(read)
	} else {
		sess, roles, err = liveSessionAndRoles(ctx, claims.SessionID, claims.UserID)
	}
	if errors.Is(err, ErrNoSession) {
		return nil, apperror.New(apperror.Unauthorized, "error.unauthorized")
	}
	if err != nil {
		return nil, err
	}
	return &Caller{UserID: claims.UserID, SessionID: sess.ID, Method: sess.SignInMethod, Roles: roles, Claims: claims,
		SessionExpires: sess.ExpiresAt}, nil
}

// callerOnceRead is the caller of a request that reads first
// (tenants.ReadsFirst), whose session is read with the handler's first
// read: until then the caller has only what the verified token says (the
// user and the session's id), and the session's check fills in the rest
// before any row of that read reaches the handler. A session that is not
// live refuses the request with 401, as authenticate does.
func (s *Service) callerOnceRead(ctx context.Context, claims *Claims) (*Caller, error) {
	caller := &Caller{UserID: claims.UserID, SessionID: claims.SessionID, Claims: claims}
	err := tenants.OnSessionRead(ctx, func(read *tenants.SessionRead) error {
		if read == nil || read.Probe.ID != claims.SessionID || read.Probe.UserID != claims.UserID {
			return apperror.New(apperror.Unauthorized, "error.unauthorized")
		}
		sess, roles, err := sessionOf(read)
		if errors.Is(err, ErrNoSession) {
			return apperror.New(apperror.Unauthorized, "error.unauthorized")
		}
		if err != nil {
			return err
		}
		caller.SessionID, caller.Method, caller.Roles, caller.SessionExpires = sess.ID, sess.SignInMethod, roles, sess.ExpiresAt
		return nil
	})
	if err != nil {
		return nil, err
	}
	return caller, nil
}

// Required is middleware that refuses anonymous callers with 401 and puts
// the caller into the request context.
func (s *Service) Required(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c *echo.Context) error {
		caller, err := s.authenticate(c)
		if err != nil {
			return err
		}
		c.Set(CtxUserID, caller.UserID)
		// From here on every log line of the request names the user (by id
		// only).
		ctx := reqlog.With(WithCaller(c.Request().Context(), caller), "user_id", caller.UserID)
		c.SetRequest(c.Request().WithContext(ctx))
		c.SetLogger(reqlog.From(ctx))
		err = next(c)
		// A request that reads first has its session checked when its
		// first read comes back; one whose handler read nothing, or
		// dropped that read's refusal, is checked here. The refusal
		// wins over whatever the handler answered.
		if cerr := tenants.SessionChecked(ctx); cerr != nil {
			return cerr
		}
		return err
	}
}

// RequireRole is middleware (after Required) that refuses callers holding
// none of the roles with 403.
func RequireRole(roles ...int64) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c *echo.Context) error {
			caller := CallerFrom(c.Request().Context())
			if caller == nil {
				return apperror.New(apperror.Unauthorized, "error.unauthorized")
			}
			for _, r := range roles {
				if caller.Has(r) {
					return next(c)
				}
			}
			return apperror.Forbiddenf("error.forbidden")
		}
	}
}
