package users

import (
	"errors"
	"net/http"

	"github.com/labstack/echo/v5"

	"github.com/praksis/praksis/api/apperror"
	"github.com/praksis/praksis/api/auth"
)

// HandleMe serves GET /api/users/me.
func HandleMe(c *echo.Context) error {
	ctx := c.Request().Context()
	caller := auth.CallerFrom(ctx)
	if caller == nil {
		return apperror.New(apperror.Unauthorized, "error.unauthorized")
	}
	me, err := LoadMe(ctx, caller.UserID)
	if errors.Is(err, ErrNotFound) {
		return apperror.New(apperror.Unauthorized, "error.unauthorized")
	}
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, me)
}

// HandleRoles serves GET /api/roles: the four roles.
func HandleRoles(c *echo.Context) error {
	roles, err := AllRoles(c.Request().Context())
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, roles)
}

// HandleAcceptPrivacyPolicy serves POST /api/users/me/privacy-policy:
// records, with a timestamp, that the caller accepted the privacy policy.
func HandleAcceptPrivacyPolicy(c *echo.Context) error {
	ctx := c.Request().Context()
	caller := auth.CallerFrom(ctx)
	if caller == nil {
		return apperror.New(apperror.Unauthorized, "error.unauthorized")
	}
	at, err := AcceptPrivacyPolicy(ctx, caller.UserID)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{"privacyPolicyAcceptedAt": at})
}
