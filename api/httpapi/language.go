package httpapi

import (
	"net/http"
	"slices"

	"github.com/labstack/echo/v5"

	"github.com/praksis/praksis/api/apperror"
	"github.com/praksis/praksis/api/request"
	"github.com/praksis/praksis/tenants"
	"github.com/praksis/praksis/tenants/texts"
)

type defaultLanguageBody struct {
	Language string `json:"language"`
}

// putDefaultLanguage serves PUT /api/tenant/default-language {language}: an
// admin makes nb, nn or en the language a new visitor of the school meets.
// The registry lives in the control schema, out of the school's own role's
// reach, so this goes through the registry rather than the school's scope.
func (s *Server) putDefaultLanguage(c *echo.Context) error {
	t, ok := c.Get(ctxTenant).(*tenants.Tenant)
	if !ok || t == nil {
		return apperror.New(apperror.NotFound, "error.notFound")
	}
	var body defaultLanguageBody
	if err := request.JSON(c, &body); err != nil {
		return err
	}
	if !slices.Contains(texts.Languages, body.Language) {
		return apperror.Invalidf("error.invalid").Field("language", "schoolTexts.unknownLanguage", map[string]any{"Language": body.Language})
	}
	if err := s.reg.SetDefaultLanguage(c.Request().Context(), t.Slug, body.Language); err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]string{"defaultLanguage": body.Language})
}
