package invitations

import (
	"context"
	"fmt"
	"net/http"

	"github.com/labstack/echo/v5"

	"github.com/praksis/praksis/api/apperror"
	"github.com/praksis/praksis/api/auth"
	"github.com/praksis/praksis/api/edge"
	"github.com/praksis/praksis/api/request"
)

// Handlers serve the invitation routes.
type Handlers struct {
	Mail *Mailer
}

// SendInput is the body of POST /api/invitations/advisor.
type SendInput struct {
	Email string `json:"email" required:"true" description:"The supervisor's e-mail address; not the student's own" example:"kari.nordmann@sykehuset.no"`
}

// Send serves POST /api/invitations/advisor: 201 with the new invitation,
// which is e-mailed in the same transaction. The e-mail's link needs the
// school host the request came to, so the rule gets the request.
func (h *Handlers) Send() edge.Endpoint {
	e := edge.WithContext(http.StatusCreated, func(c *echo.Context, _ edge.NoParams) (*Invitation, error) {
		ctx := c.Request().Context()
		caller := auth.CallerFrom(ctx)
		if caller == nil {
			return nil, apperror.New(apperror.Unauthorized, "error.unauthorized")
		}
		var in SendInput
		if err := request.JSON(c, &in); err != nil {
			return nil, err
		}
		s, err := Send(ctx, caller.UserID, in.Email)
		if err != nil {
			return nil, err
		}
		host, _ := c.Get(auth.CtxHost).(string)
		if host == "" {
			host = c.Request().Host
		}
		if err := h.Mail.Invitation(ctx, s, host); err != nil {
			return nil, fmt.Errorf("e-mail invitation of student %d: %w", caller.UserID, err)
		}
		return &s.Invitation, nil
	})
	e.Body = SendInput{}
	return e
}

// Mine serves GET /api/invitations/advisor/me (404 when none).
func (h *Handlers) Mine() edge.Endpoint {
	return edge.Read(http.StatusOK, func(ctx context.Context, _ edge.NoParams) (*Invitation, error) {
		caller := auth.CallerFrom(ctx)
		if caller == nil {
			return nil, apperror.New(apperror.Unauthorized, "error.unauthorized")
		}
		return Mine(ctx, caller.UserID)
	})
}

// Accept serves POST /api/invitations/advisor/accept (Accept checks the
// caller's e-mail against the invitation).
func (h *Handlers) Accept() edge.Endpoint {
	return edge.Write(http.StatusOK, func(ctx context.Context, _ edge.NoParams, in AcceptInput) (*Accepted, error) {
		return Accept(ctx, in)
	})
}
