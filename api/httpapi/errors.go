package httpapi

import (
	"errors"
	"net/http"
	"strings"

	"github.com/labstack/echo/v5"

	"github.com/praksis/praksis/api/apperror"
	"github.com/praksis/praksis/api/pgerr"
	"github.com/praksis/praksis/tenants/texts"
)

// Problem is the error shape of every failed API call.
type Problem struct {
	Description string         `json:"description"`
	StatusCode  int            `json:"statusCode"`
	Errors      []ProblemEntry `json:"errors"`
}

// ProblemEntry is one reason of a Problem, usually one invalid field.
type ProblemEntry struct {
	Reason      string `json:"reason"`
	Description string `json:"description"`
}

var kindStatus = map[apperror.Kind]int{
	apperror.Internal:     http.StatusInternalServerError,
	apperror.Invalid:      http.StatusBadRequest,
	apperror.Unauthorized: http.StatusUnauthorized,
	apperror.Forbidden:    http.StatusForbidden,
	apperror.NotFound:     http.StatusNotFound,
	apperror.Conflict:     http.StatusConflict,
	apperror.TooLarge:     http.StatusRequestEntityTooLarge,
	apperror.RateLimited:  http.StatusTooManyRequests,
	apperror.Unavailable:  http.StatusServiceUnavailable,
	apperror.Gone:         http.StatusGone,
}

// statusMessage is the message of a bare HTTP status (from routing, body
// limits or binding) that no domain error explains.
var statusMessage = map[int]string{
	http.StatusBadRequest:            "error.badRequest",
	http.StatusUnauthorized:          "error.unauthorized",
	http.StatusForbidden:             "error.forbidden",
	http.StatusNotFound:              "error.routeNotFound",
	http.StatusMethodNotAllowed:      "error.methodNotAllowed",
	http.StatusConflict:              "error.conflict",
	http.StatusRequestEntityTooLarge: "error.tooLarge",
	http.StatusUnsupportedMediaType:  "error.badRequest",
	http.StatusTooManyRequests:       "error.rateLimited",
}

// ToProblem turns any error into the status and body the client gets, in the
// given language. This is the one place where domain errors become status
// codes. Internal causes never reach the client.
func ToProblem(lang string, err error) (int, Problem) {
	cat := texts.Base()
	if databaseAway(err) {
		desc := cat.T(lang, databaseUnavailable, nil)
		return http.StatusServiceUnavailable, Problem{Description: desc, StatusCode: http.StatusServiceUnavailable,
			Errors: []ProblemEntry{{Reason: reasonOf(databaseUnavailable), Description: desc}}}
	}
	if e, ok := apperror.As(err); ok {
		status := kindStatus[e.Kind]
		desc := e.Literal
		if desc == "" {
			desc = cat.T(lang, e.MessageID, e.Data)
		}
		p := Problem{Description: desc, StatusCode: status, Errors: []ProblemEntry{}}
		for _, f := range e.Fields {
			p.Errors = append(p.Errors, ProblemEntry{Reason: f.Reason, Description: cat.T(lang, f.MessageID, f.Data)})
		}
		if len(p.Errors) == 0 && status < 500 {
			p.Errors = append(p.Errors, ProblemEntry{Reason: reasonOf(e.MessageID), Description: desc})
		}
		return status, p
	}
	// What domain code did not turn into a clear answer itself, but Postgres
	// refused for what the request carried, is the request's conflict or
	// mistake, not a server fault (handleError still logs it).
	if status, id := refusedByDatabase(err); status != 0 {
		desc := cat.T(lang, id, nil)
		return status, Problem{Description: desc, StatusCode: status, Errors: []ProblemEntry{{Reason: reasonOf(id), Description: desc}}}
	}
	status := echo.StatusCode(err)
	if status == 0 {
		var maxErr *http.MaxBytesError
		if errors.As(err, &maxErr) {
			status = http.StatusRequestEntityTooLarge
		} else {
			status = http.StatusInternalServerError
		}
	}
	id, ok := statusMessage[status]
	if !ok || status >= 500 {
		id = "error.internal"
		if status < 500 {
			id = "error.badRequest"
		}
	}
	desc := cat.T(lang, id, nil)
	p := Problem{Description: desc, StatusCode: status, Errors: []ProblemEntry{}}
	if status < 500 {
		p.Errors = append(p.Errors, ProblemEntry{Reason: reasonOf(id), Description: desc})
	}
	return status, p
}

// refusedByDatabase is the status and message of an error in which Postgres
// refused the request's data: 409 for a row that collides with another (two
// requests creating the same thing at once, or one removing what the other
// refers to), 400 for a value it cannot take or a row that breaks a check.
// 0 for any other error.
func refusedByDatabase(err error) (int, string) {
	switch {
	case pgerr.IsUnique(err), pgerr.IsForeignKey(err), pgerr.IsExclusion(err):
		return http.StatusConflict, "error.conflict"
	case pgerr.IsIntegrity(err), pgerr.IsDataException(err):
		return http.StatusBadRequest, "error.badRequest"
	}
	return 0, ""
}

// databaseUnavailable is the message of a request the database could not
// serve because it was away (restarting, failing over, unreachable).
const databaseUnavailable = "error.databaseUnavailable"

// databaseAway reports a failure that happened because the database could
// not be reached or could not take writes, not because of the request: a
// fault of ours only in the sense that the client should try again. An
// error a domain package classified itself (other than as internal) keeps
// its own meaning.
func databaseAway(err error) bool {
	if e, ok := apperror.As(err); ok && e.Kind != apperror.Internal {
		return false
	}
	return pgerr.IsUnavailable(err)
}

// reasonOf makes a machine-readable reason from a message id:
// "tenant.unknownHost" gives "unknownHost".
func reasonOf(id string) string {
	if i := strings.LastIndexByte(id, '.'); i >= 0 {
		return id[i+1:]
	}
	return id
}
