// Package edge is where HTTP meets the rules: it turns a rule's function,
// func(ctx, params, body) (out, error), into an Echo handler. It reads the
// path ids and query parameters into a typed struct, decodes the body, and
// writes the answer, so a handler keeps only its own rule. The same types
// describe the route in the OpenAPI document, so the document and the code
// cannot drift apart.
//
// Params structs tag their fields with `path:"name"`, `query:"name"` or
// `header:"Name"` (a string field: the header's values joined by commas).
// A path id of type int64 that is not a positive integer is 404 (no
// resource has such an id); a query value that does not parse is 400 with
// the field named in the error shape.
package edge

import (
	"context"
	"fmt"
	"net/http"
	"reflect"
	"strconv"
	"strings"
	"sync"

	"github.com/labstack/echo/v5"

	"github.com/praksis/praksis/api/apperror"
	"github.com/praksis/praksis/api/request"
)

// NoParams is the params of a route without path or query parameters.
type NoParams struct{}

// NoContent is the output of a route that answers 204 with no body.
type NoContent struct{}

// Endpoint is an Echo handler together with the Go types of what it reads
// and writes. The route table registers it and documents it from the types.
type Endpoint struct {
	// Handler serves the route.
	Handler echo.HandlerFunc
	// Params is a zero value of the params struct, or nil.
	Params any
	// Body is a zero value of the JSON request body, or nil when the route
	// takes none.
	Body any
	// BodyOptional says the body may be left out.
	BodyOptional bool
	// Out is a zero value of the success answer, or nil when there is no
	// body (204).
	Out any
	// Status is the status of a successful answer.
	Status int
}

// Read makes the endpoint of a route that takes no body: fn gets the bound
// params and its result is written as JSON with status (204 for NoContent).
func Read[P, Out any](status int, fn func(ctx context.Context, p P) (Out, error)) Endpoint {
	return Endpoint{
		Handler: func(c *echo.Context) error {
			var p P
			if err := Bind(c, &p); err != nil {
				return err
			}
			out, err := fn(c.Request().Context(), p)
			if err != nil {
				return err
			}
			return write(c, status, out)
		},
		Params: paramsOf[P](), Out: outOf[Out](), Status: status,
	}
}

// Write makes the endpoint of a route that takes a JSON body: fn gets the
// bound params and the decoded body (unknown fields are refused).
func Write[P, B, Out any](status int, fn func(ctx context.Context, p P, b B) (Out, error)) Endpoint {
	return WriteWithContext(status, func(c *echo.Context, p P, b B) (Out, error) { return fn(c.Request().Context(), p, b) })
}

// WriteOptional is Write for a route whose body may be left out: then fn
// gets B's zero value.
func WriteOptional[P, B, Out any](status int, fn func(ctx context.Context, p P, b B) (Out, error)) Endpoint {
	e := Write(status, fn)
	strict := e.Handler
	e.Handler = func(c *echo.Context) error {
		if c.Request().ContentLength != 0 {
			return strict(c)
		}
		var p P
		if err := Bind(c, &p); err != nil {
			return err
		}
		var b B
		out, err := fn(c.Request().Context(), p, b)
		if err != nil {
			return err
		}
		return write(c, status, out)
	}
	e.BodyOptional = true
	return e
}

// WithContext is Read for the few rules that need the request itself (its
// host for a link, a header): fn gets the Echo context and the params.
func WithContext[P, Out any](status int, fn func(c *echo.Context, p P) (Out, error)) Endpoint {
	return Endpoint{
		Handler: func(c *echo.Context) error {
			var p P
			if err := Bind(c, &p); err != nil {
				return err
			}
			out, err := fn(c, p)
			if err != nil {
				return err
			}
			return write(c, status, out)
		},
		Params: paramsOf[P](), Out: outOf[Out](), Status: status,
	}
}

// WriteWithContext is Write for the few rules that need the request itself
// as well as a body (its host, client address or cookies): fn gets the Echo
// context, the params and the decoded body.
func WriteWithContext[P, B, Out any](status int, fn func(c *echo.Context, p P, b B) (Out, error)) Endpoint {
	return Endpoint{
		Handler: func(c *echo.Context) error {
			var p P
			if err := Bind(c, &p); err != nil {
				return err
			}
			var b B
			if err := request.JSON(c, &b); err != nil {
				return err
			}
			out, err := fn(c, p, b)
			if err != nil {
				return err
			}
			return write(c, status, out)
		},
		Params: paramsOf[P](), Body: *new(B), Out: outOf[Out](), Status: status,
	}
}

// StatusCoder is an answer that picks its own success status, for the
// routes that answer 201 when they made something and 200 when it was
// there already. The route documents both statuses (Op.Responses); a zero
// status keeps the endpoint's own.
type StatusCoder interface {
	HTTPStatus() int
}

// Created is the status of an answer that made something (201) or found
// it there already (200), for a StatusCoder.
func Created(made bool) int {
	if made {
		return http.StatusCreated
	}
	return http.StatusOK
}

// Shaped is an answer that takes one of several shapes, chosen by the
// request (a client that prefers a minimal answer): write sends what Shape
// returns. The type documents its shapes itself (JSONSchemaOneOf).
type Shaped interface {
	Shape() any
}

func write(c *echo.Context, status int, out any) error {
	if _, ok := out.(NoContent); ok || status == http.StatusNoContent {
		return c.NoContent(http.StatusNoContent)
	}
	if s, ok := out.(StatusCoder); ok {
		if code := s.HTTPStatus(); code != 0 {
			status = code
		}
	}
	if s, ok := out.(Shaped); ok {
		out = s.Shape()
	}
	return c.JSON(status, out)
}

func paramsOf[P any]() any {
	var p P
	if reflect.TypeOf(p) == reflect.TypeOf(NoParams{}) {
		return nil
	}
	return p
}

func outOf[Out any]() any {
	var o Out
	if _, ok := any(o).(NoContent); ok {
		return nil
	}
	return o
}

// field is one bound field of a params struct.
type field struct {
	index  []int
	name   string
	path   bool
	header bool
}

var fieldCache sync.Map // reflect.Type -> []field

func fieldsOf(t reflect.Type) []field {
	if f, ok := fieldCache.Load(t); ok {
		return f.([]field)
	}
	var out []field
	for i := 0; i < t.NumField(); i++ {
		sf := t.Field(i)
		if name, ok := sf.Tag.Lookup("path"); ok {
			out = append(out, field{index: sf.Index, name: name, path: true})
		} else if name, ok := sf.Tag.Lookup("query"); ok {
			out = append(out, field{index: sf.Index, name: name})
		} else if name, ok := sf.Tag.Lookup("header"); ok && sf.Type.Kind() == reflect.String {
			out = append(out, field{index: sf.Index, name: name, header: true})
		}
	}
	fieldCache.Store(t, out)
	return out
}

// Bind fills the path, query and header fields of the struct p points to.
func Bind(c *echo.Context, p any) error {
	v := reflect.ValueOf(p).Elem()
	if v.Kind() != reflect.Struct {
		return fmt.Errorf("bind %T: params must be a struct", p)
	}
	for _, f := range fieldsOf(v.Type()) {
		dst := v.FieldByIndex(f.index)
		if f.path {
			if err := bindPath(c, f.name, dst); err != nil {
				return err
			}
			continue
		}
		if f.header {
			dst.SetString(strings.Join(c.Request().Header.Values(f.name), ", "))
			continue
		}
		raw := c.QueryParam(f.name)
		if raw == "" {
			continue
		}
		if err := setQuery(dst, raw); err != nil {
			return apperror.Invalidf("error.invalid").Field(f.name, "error.wrongType", map[string]any{"Field": f.name})
		}
	}
	return nil
}

func bindPath(c *echo.Context, name string, dst reflect.Value) error {
	if dst.Kind() == reflect.String {
		dst.SetString(c.Param(name))
		return nil
	}
	id, err := request.ID(c, name)
	if err != nil {
		return err
	}
	dst.SetInt(id)
	return nil
}

// setQuery parses raw into dst by dst's kind; a pointer field is set only
// when the parameter is there, so nil means "not given".
func setQuery(dst reflect.Value, raw string) error {
	if dst.Kind() == reflect.Pointer {
		v := reflect.New(dst.Type().Elem())
		if err := setQuery(v.Elem(), raw); err != nil {
			return err
		}
		dst.Set(v)
		return nil
	}
	switch dst.Kind() {
	case reflect.String:
		dst.SetString(raw)
	case reflect.Int, reflect.Int32, reflect.Int64:
		n, err := strconv.ParseInt(raw, 10, 64)
		if err != nil {
			return err
		}
		dst.SetInt(n)
	case reflect.Bool:
		b, err := strconv.ParseBool(raw)
		if err != nil {
			return err
		}
		dst.SetBool(b)
	default:
		return fmt.Errorf("query parameter of kind %s", dst.Kind())
	}
	return nil
}
