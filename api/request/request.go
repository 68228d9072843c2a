// Package request decodes JSON bodies, path parameters and the headers a
// route reads into the shapes handlers expect, turning malformed input into
// 400 answers in the error shape rather than server faults.
package request

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/labstack/echo/v5"

	"github.com/praksis/praksis/api/apperror"
)

// JSON decodes the body into v. Unknown fields are refused so that a typo
// in a field name is an error, not a silent drop. So are a body that is
// JSON null (it would leave v as it was, and a route would save its zero
// value), anything after the one JSON value (a client that joined two
// bodies), a NUL character in a string, which Postgres cannot store in text
// and would turn into a server fault, and bytes that are not UTF-8, which
// the decoder would silently replace.
func JSON(c *echo.Context, v any) error {
	body, err := io.ReadAll(c.Request().Body)
	if err != nil {
		var maxErr *http.MaxBytesError
		if errors.As(err, &maxErr) {
			return apperror.New(apperror.TooLarge, "error.tooLarge")
		}
		return apperror.Invalidf("error.badRequest").Because(err)
	}
	body = bytes.TrimSpace(body)
	if len(body) == 0 || bytes.Equal(body, []byte("null")) {
		return apperror.Invalidf("error.bodyRequired")
	}
	if hasNUL(body) || !utf8.Valid(body) {
		return apperror.Invalidf("error.unstorableText")
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		var typeErr *json.UnmarshalTypeError
		if errors.As(err, &typeErr) && typeErr.Field != "" {
			return apperror.Invalidf("error.invalid").Field(typeErr.Field, "error.wrongType", map[string]any{"Field": typeErr.Field})
		}
		if strings.HasPrefix(err.Error(), "json: unknown field ") {
			field := strings.Trim(strings.TrimPrefix(err.Error(), "json: unknown field "), `"`)
			return apperror.Invalidf("error.invalid").Field(field, "error.unknownField", map[string]any{"Field": field})
		}
		return apperror.Invalidf("error.badRequest").Because(err)
	}
	if dec.InputOffset() != int64(len(body)) {
		return apperror.Invalidf("error.badRequest")
	}
	return nil
}

// hasNUL reports whether a JSON text has the escape \u0000 in a string
// (a raw NUL is not valid JSON, and the decoder refuses it). An escaped
// backslash followed by "u0000" is text, not the escape.
func hasNUL(body []byte) bool {
	if !bytes.Contains(body, []byte(`\u0000`)) {
		return false
	}
	for i := 0; i+5 < len(body); i++ {
		if body[i] != '\\' {
			continue
		}
		if string(body[i+1:i+6]) == "u0000" {
			return true
		}
		i++ // the escaped character, which may be a backslash
	}
	return false
}

// Readable reports whether a text from the request's address (a query value)
// can be stored and compared in Postgres: valid UTF-8 without NUL.
func Readable(s string) bool {
	return utf8.ValidString(s) && !strings.ContainsRune(s, 0)
}

// ID reads a positive integer path parameter; anything else is 404, since
// no resource has such an id.
func ID(c *echo.Context, name string) (int64, error) {
	id, err := strconv.ParseInt(c.Param(name), 10, 64)
	if err != nil || id <= 0 {
		return 0, apperror.NotFoundf("error.notFound")
	}
	return id, nil
}

// PrefersMinimal says whether a Prefer header's value (RFC 7240) asks
// for return=minimal, an answer cut to what the client lacks. Preferences
// are separated by commas, their parameters by semicolons, names are
// case-insensitive, a value may be quoted, and of a preference given twice
// only the first counts.
func PrefersMinimal(prefer string) bool {
	for _, p := range strings.Split(prefer, ",") {
		p, _, _ = strings.Cut(p, ";")
		name, value, _ := strings.Cut(p, "=")
		if !strings.EqualFold(strings.TrimSpace(name), "return") {
			continue
		}
		return strings.EqualFold(strings.Trim(strings.TrimSpace(value), `"`), "minimal")
	}
	return false
}
