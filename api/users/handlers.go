package users

import (
	"errors"
	"net/http"
	"slices"

	"github.com/labstack/echo/v5"

	"github.com/praksis/praksis/api/apperror"
	"github.com/praksis/praksis/api/auth"
	"github.com/praksis/praksis/api/request"
	"github.com/praksis/praksis/tenants/texts"
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

type languageBody struct {
	Language string `json:"language"`
}

// HandleSetLanguage serves PUT /api/users/me/language {language}: stores
// the language the caller chose in the app (nb, nn or en), so that the
// e-mails the service sends them later (one-time codes, reminders, warnings)
// are in it. 204; 400 for a language the service does not speak.
func HandleSetLanguage(c *echo.Context) error {
	ctx := c.Request().Context()
	caller := auth.CallerFrom(ctx)
	if caller == nil {
		return apperror.New(apperror.Unauthorized, "error.unauthorized")
	}
	var body languageBody
	if err := request.JSON(c, &body); err != nil {
		return err
	}
	if !slices.Contains(texts.Languages, body.Language) {
		return apperror.Invalidf("error.invalid").Field("language", "schoolTexts.unknownLanguage", map[string]any{"Language": body.Language})
	}
	if err := SetLanguage(ctx, caller.UserID, body.Language); err != nil {
		return err
	}
	return c.NoContent(http.StatusNoContent)
}
