package httpapi

import (
	"context"
	"net/http"
	"slices"

	"github.com/praksis/praksis/api/apperror"
	"github.com/praksis/praksis/api/edge"
	"github.com/praksis/praksis/tenants"
	"github.com/praksis/praksis/tenants/texts"
)

type defaultLanguageBody struct {
	Language string `json:"language" required:"true" enum:"nb,nn,en" description:"The language a new visitor meets"`
}

type defaultLanguageAnswer struct {
	DefaultLanguage string `json:"defaultLanguage" enum:"nb,nn,en"`
}

// putDefaultLanguage serves PUT /api/tenant/default-language {language}: an
// admin makes nb, nn or en the language a new visitor of the school meets.
// The registry lives in the control schema, out of the school's own role's
// reach, so this goes through the registry rather than the school's scope.
func (s *Server) putDefaultLanguage() edge.Endpoint {
	return edge.Write(http.StatusOK, func(ctx context.Context, _ edge.NoParams, body defaultLanguageBody) (defaultLanguageAnswer, error) {
		t := tenants.Current(ctx)
		if t == nil {
			return defaultLanguageAnswer{}, apperror.New(apperror.NotFound, "error.notFound")
		}
		if !slices.Contains(texts.Languages, body.Language) {
			return defaultLanguageAnswer{}, apperror.Invalidf("error.invalid").Field("language", "schoolTexts.unknownLanguage", map[string]any{"Language": body.Language})
		}
		if err := s.reg.SetDefaultLanguage(ctx, t.Slug, body.Language); err != nil {
			return defaultLanguageAnswer{}, err
		}
		return defaultLanguageAnswer{DefaultLanguage: body.Language}, nil
	})
}
