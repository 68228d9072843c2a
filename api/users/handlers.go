package users

import (
	"context"
	"errors"
	"net/http"
	"slices"
	"time"

	"github.com/praksis/praksis/api/apperror"
	"github.com/praksis/praksis/api/auth"
	"github.com/praksis/praksis/api/edge"
	"github.com/praksis/praksis/tenants/texts"
)

// The signed-in user's own routes: every one acts on the caller alone, so
// being signed in is the whole policy.
var (
	// HandleMe serves GET /api/users/me.
	HandleMe = edge.Read(http.StatusOK, func(ctx context.Context, _ edge.NoParams) (*Me, error) {
		caller, err := auth.SignedIn(ctx)
		if err != nil {
			return nil, err
		}
		me, err := LoadMe(ctx, caller.UserID)
		if errors.Is(err, ErrNotFound) {
			return nil, apperror.New(apperror.Unauthorized, "error.unauthorized")
		}
		return me, err
	})

	// HandleRoles serves GET /api/roles: the four roles.
	HandleRoles = edge.Read(http.StatusOK, func(ctx context.Context, _ edge.NoParams) ([]Role, error) { return AllRoles(ctx) })

	// HandleAcceptPrivacyPolicy serves POST /api/users/me/privacy-policy:
	// records, with a timestamp, that the caller accepted the privacy
	// policy.
	HandleAcceptPrivacyPolicy = edge.Read(http.StatusOK, func(ctx context.Context, _ edge.NoParams) (PrivacyPolicyAccepted, error) {
		caller, err := auth.SignedIn(ctx)
		if err != nil {
			return PrivacyPolicyAccepted{}, err
		}
		at, err := AcceptPrivacyPolicy(ctx, caller.UserID)
		return PrivacyPolicyAccepted{At: at}, err
	})

	// HandleSetLanguage serves PUT /api/users/me/language {language}:
	// stores the language the caller chose in the app (nb, nn or en), so
	// that the e-mails the service sends them later (one-time codes,
	// reminders, warnings) are in it. 204; 400 for a language the service
	// does not speak.
	HandleSetLanguage = edge.Write(http.StatusNoContent, func(ctx context.Context, _ edge.NoParams, body LanguageChoice) (edge.NoContent, error) {
		caller, err := auth.SignedIn(ctx)
		if err != nil {
			return edge.NoContent{}, err
		}
		if !slices.Contains(texts.Languages, body.Language) {
			return edge.NoContent{}, apperror.Invalidf("error.invalid").Field("language", "schoolTexts.unknownLanguage", map[string]any{"Language": body.Language})
		}
		return edge.NoContent{}, SetLanguage(ctx, caller.UserID, body.Language)
	})
)

// PrivacyPolicyAccepted is the answer of accepting the privacy policy.
type PrivacyPolicyAccepted struct {
	At time.Time `json:"privacyPolicyAcceptedAt" description:"When the caller accepted it"`
}

// LanguageChoice is the body of PUT /api/users/me/language.
type LanguageChoice struct {
	Language string `json:"language" required:"true" enum:"nb,nn,en"`
}
