// Package request decodes JSON bodies and path parameters into the shapes
// handlers expect, turning malformed input into 400 answers in the error
// shape rather than server faults.
package request

import (
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strconv"
	"strings"

	"github.com/labstack/echo/v5"

	"github.com/praksis/praksis/api/apperror"
)

// JSON decodes the body into v. Unknown fields are refused so that a typo
// in a field name is an error, not a silent drop.
func JSON(c *echo.Context, v any) error {
	dec := json.NewDecoder(c.Request().Body)
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		var maxErr *http.MaxBytesError
		switch {
		case errors.As(err, &maxErr):
			return apperror.New(apperror.TooLarge, "error.tooLarge")
		case errors.Is(err, io.EOF):
			return apperror.Invalidf("error.bodyRequired")
		}
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
	return nil
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
