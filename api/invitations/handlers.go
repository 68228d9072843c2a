package invitations

import (
	"fmt"
	"net/http"

	"github.com/labstack/echo/v5"

	"github.com/praksis/praksis/api/apperror"
	"github.com/praksis/praksis/api/auth"
	"github.com/praksis/praksis/api/request"
)

// Handlers serve the invitation routes.
type Handlers struct {
	Mail *Mailer
}

// SendInput is the body of POST /api/invitations/advisor.
type SendInput struct {
	Email string `json:"email"`
}

// Send serves POST /api/invitations/advisor: 201 with the new invitation,
// which is e-mailed in the same transaction.
func (h *Handlers) Send(c *echo.Context) error {
	ctx := c.Request().Context()
	caller := auth.CallerFrom(ctx)
	if caller == nil {
		return apperror.New(apperror.Unauthorized, "error.unauthorized")
	}
	var in SendInput
	if err := request.JSON(c, &in); err != nil {
		return err
	}
	s, err := Send(ctx, caller.UserID, in.Email)
	if err != nil {
		return err
	}
	host, _ := c.Get(auth.CtxHost).(string)
	if host == "" {
		host = c.Request().Host
	}
	if err := h.Mail.Invitation(ctx, s, host); err != nil {
		return fmt.Errorf("e-mail invitation of student %d: %w", caller.UserID, err)
	}
	return c.JSON(http.StatusCreated, s.Invitation)
}

// Mine serves GET /api/invitations/advisor/me (404 when none).
func (h *Handlers) Mine(c *echo.Context) error {
	ctx := c.Request().Context()
	caller := auth.CallerFrom(ctx)
	if caller == nil {
		return apperror.New(apperror.Unauthorized, "error.unauthorized")
	}
	inv, err := Mine(ctx, caller.UserID)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, inv)
}

// Accept serves POST /api/invitations/advisor/accept.
func (h *Handlers) Accept(c *echo.Context) error {
	var in AcceptInput
	if err := request.JSON(c, &in); err != nil {
		return err
	}
	a, err := Accept(c.Request().Context(), in)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, a)
}
