package auth

import (
	"context"
	"net/http"

	"github.com/labstack/echo/v5"

	"github.com/praksis/praksis/api/apperror"
	"github.com/praksis/praksis/api/edge"
)

// TokenResponse is the answer of every sign-in call.
type TokenResponse struct {
	Token string `json:"token" description:"Bearer token for this school's host, valid 30 minutes and never past the session's 12 hours"`
}

func requestHost(c *echo.Context) string {
	if h, ok := c.Get(CtxHost).(string); ok && h != "" {
		return h
	}
	return c.Request().Host
}

// HandleRefresh serves GET /api/auth/refresh: a fresh token for the same
// session, valid 30 minutes but never past the session's end.
func (s *Service) HandleRefresh() edge.Endpoint {
	return edge.WithContext(http.StatusOK, func(c *echo.Context, _ edge.NoParams) (TokenResponse, error) {
		ctx := c.Request().Context()
		caller, err := SignedIn(ctx)
		if err != nil {
			return TokenResponse{}, err
		}
		// The session was found live when the request was authenticated,
		// in this same transaction.
		sess := &Session{ID: caller.SessionID, UserID: caller.UserID, ExpiresAt: caller.SessionExpires, SignInMethod: caller.Method}
		if sess.ExpiresAt.IsZero() {
			return TokenResponse{}, apperror.New(apperror.Unauthorized, "error.unauthorized")
		}
		tok, err := s.token(ctx, sess, requestHost(c))
		return TokenResponse{Token: tok}, err
	})
}

// HandleSignOut serves POST /api/auth/sign-out: the session is revoked at
// once, so the token stops working on every replica.
var HandleSignOut = edge.Read(http.StatusNoContent, func(ctx context.Context, _ edge.NoParams) (edge.NoContent, error) {
	caller, err := SignedIn(ctx)
	if err != nil {
		return edge.NoContent{}, err
	}
	return edge.NoContent{}, RevokeSession(ctx, caller.SessionID)
})
