package auth

import (
	"net/http"

	"github.com/labstack/echo/v5"

	"github.com/praksis/praksis/api/apperror"
)

// TokenResponse is the answer of every sign-in call.
type TokenResponse struct {
	Token string `json:"token"`
}

func requestHost(c *echo.Context) string {
	if h, ok := c.Get(CtxHost).(string); ok && h != "" {
		return h
	}
	return c.Request().Host
}

// HandleRefresh serves GET /api/auth/refresh: a fresh token for the same
// session, valid 30 minutes but never past the session's end.
func (s *Service) HandleRefresh(c *echo.Context) error {
	ctx := c.Request().Context()
	caller := CallerFrom(ctx)
	if caller == nil {
		return apperror.New(apperror.Unauthorized, "error.unauthorized")
	}
	// The session was found live when the request was authenticated, in
	// this same transaction.
	sess := &Session{ID: caller.SessionID, UserID: caller.UserID, ExpiresAt: caller.SessionExpires, SignInMethod: caller.Method}
	if sess.ExpiresAt.IsZero() {
		return apperror.New(apperror.Unauthorized, "error.unauthorized")
	}
	tok, err := s.token(ctx, sess, requestHost(c))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, TokenResponse{Token: tok})
}

// HandleSignOut serves POST /api/auth/sign-out: the session is revoked at
// once, so the token stops working on every replica.
func (s *Service) HandleSignOut(c *echo.Context) error {
	ctx := c.Request().Context()
	caller := CallerFrom(ctx)
	if caller == nil {
		return apperror.New(apperror.Unauthorized, "error.unauthorized")
	}
	if err := RevokeSession(ctx, caller.SessionID); err != nil {
		return err
	}
	return c.NoContent(http.StatusNoContent)
}
