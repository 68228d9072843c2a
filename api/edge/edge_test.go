package edge

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/labstack/echo/v5"

	"github.com/praksis/praksis/api/apperror"
)

type params struct {
	ID     int64  `path:"id"`
	Format string `path:"format"`
	Page   int    `query:"page"`
	Active bool   `query:"active"`
	Period *int64 `query:"periodId"`
	Search string `query:"search"`
}

type body struct {
	Name string `json:"name"`
}

type result struct {
	P params
	B body
}

func serve(t *testing.T, e Endpoint, method, route, target, reqBody string) (*httptest.ResponseRecorder, error) {
	t.Helper()
	ec := echo.New()
	var handlerErr error
	ec.Add(method, route, func(c *echo.Context) error {
		handlerErr = e.Handler(c)
		return handlerErr
	})
	req := httptest.NewRequest(method, target, strings.NewReader(reqBody))
	if reqBody != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	rec := httptest.NewRecorder()
	ec.ServeHTTP(rec, req)
	return rec, handlerErr
}

func kindOf(err error) (apperror.Kind, bool) {
	var ae *apperror.Error
	if errors.As(err, &ae) {
		return ae.Kind, true
	}
	return 0, false
}

// Path ids, query values and bodies are bound by their types, and what does
// not parse is refused with the kind the error shape maps to a status.
func TestBinding(t *testing.T) {
	var got params
	read := Read(http.StatusOK, func(_ context.Context, p params) (params, error) { got = p; return p, nil })
	cases := []struct {
		name, target string
		wantKind     apperror.Kind
		wantErr      bool
		check        func(p params) bool
	}{
		{"all given", "/x/7/pdf?page=2&active=true&periodId=3&search=ola", 0, false, func(p params) bool {
			return p.ID == 7 && p.Format == "pdf" && p.Page == 2 && p.Active && p.Period != nil && *p.Period == 3 && p.Search == "ola"
		}},
		{"optional left out", "/x/7/json", 0, false, func(p params) bool { return p.Period == nil && p.Page == 0 && !p.Active }},
		{"id not a number", "/x/abc/pdf", apperror.NotFound, true, nil},
		{"id zero", "/x/0/pdf", apperror.NotFound, true, nil},
		{"id negative", "/x/-4/pdf", apperror.NotFound, true, nil},
		{"query not a number", "/x/7/pdf?page=two", apperror.Invalid, true, nil},
		{"query not a bool", "/x/7/pdf?active=maybe", apperror.Invalid, true, nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got = params{}
			_, err := serve(t, read, http.MethodGet, "/x/:id/:format", tc.target, "")
			if tc.wantErr {
				if k, ok := kindOf(err); !ok || k != tc.wantKind {
					t.Fatalf("error %v, want kind %v", err, tc.wantKind)
				}
				return
			}
			if err != nil || !tc.check(got) {
				t.Errorf("err %v, bound %+v", err, got)
			}
		})
	}
}

// A body is decoded strictly: a missing body, JSON null, an unknown field, a
// wrong type, a second value after the first, a NUL character in a string
// and bytes that are not UTF-8 are 400s; an optional body may be left out.
// A backslash followed by "u0000" is text, not a NUL.
func TestBodies(t *testing.T) {
	write := Write(http.StatusCreated, func(_ context.Context, p params, b body) (result, error) { return result{p, b}, nil })
	optional := WriteOptional(http.StatusCreated, func(_ context.Context, p params, b body) (result, error) { return result{p, b}, nil })
	cases := []struct {
		name     string
		e        Endpoint
		body     string
		wantCode int
		wantErr  bool
	}{
		{"body", write, `{"name":"Ola"}`, http.StatusCreated, false},
		{"missing body", write, ``, 0, true},
		{"unknown field", write, `{"nme":"Ola"}`, 0, true},
		{"wrong type", write, `{"name":7}`, 0, true},
		{"optional left out", optional, ``, http.StatusCreated, false},
		{"optional given", optional, `{"name":"Kari"}`, http.StatusCreated, false},
		{"optional with unknown field", optional, `{"x":1}`, 0, true},
		{"null", write, `null`, 0, true},
		{"null with spaces", write, " null\n", 0, true},
		{"optional null", optional, `null`, 0, true},
		{"two values", write, `{"name":"Ola"}{"name":"Kari"}`, 0, true},
		{"something after the value", write, `{"name":"Ola"} x`, 0, true},
		{"spaces after the value", write, "{\"name\":\"Ola\"}\n\t ", http.StatusCreated, false},
		{"NUL in a string", write, `{"name":"Ola\u0000Nordmann"}`, 0, true},
		{"NUL at the end of a string", write, `{"name":"Ola\u0000"}`, 0, true},
		{"escaped backslash before u0000", write, `{"name":"C:\\u0000"}`, http.StatusCreated, false},
		{"not UTF-8", write, "{\"name\":\"Ola \xff\xfe\"}", 0, true},
		{"UTF-8 beyond ASCII", write, `{"name":"Åse Ŋuolja 👍"}`, http.StatusCreated, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			rec, err := serve(t, tc.e, http.MethodPost, "/x/:id/:format", "/x/1/json", tc.body)
			if tc.wantErr {
				if k, ok := kindOf(err); !ok || k != apperror.Invalid {
					t.Fatalf("error %v, want invalid input", err)
				}
				return
			}
			if err != nil || rec.Code != tc.wantCode {
				t.Errorf("err %v, status %d", err, rec.Code)
			}
		})
	}
	rec, err := serve(t, write, http.MethodPost, "/x/:id/:format", "/x/1/json", `{"name":"C:\\u0000"}`)
	if err != nil || !strings.Contains(rec.Body.String(), `"name":"C:\\u0000"`) {
		t.Errorf("a backslash and u0000: err %v, answered %s", err, rec.Body)
	}
}

// NoContent answers 204 with no body, and its endpoint documents no output.
func TestNoContent(t *testing.T) {
	e := Read(http.StatusNoContent, func(_ context.Context, _ NoParams) (NoContent, error) { return NoContent{}, nil })
	rec, err := serve(t, e, http.MethodDelete, "/x", "/x", "")
	if err != nil || rec.Code != http.StatusNoContent || rec.Body.Len() != 0 {
		t.Errorf("err %v, status %d, body %q", err, rec.Code, rec.Body.String())
	}
	if e.Out != nil || e.Params != nil {
		t.Errorf("documented out %v, params %v", e.Out, e.Params)
	}
}

// shapedOut answers {"short":…} or {"long":…} as the request's header asks.
type shapedOut struct {
	short bool
	text  string
}

func (s shapedOut) Shape() any {
	if s.short {
		return map[string]string{"short": s.text}
	}
	return map[string]string{"long": s.text}
}

// A header field gets the header's values joined by commas (empty when
// the header is left out), and a Shaped answer is written as its shape.
func TestHeadersAndShapes(t *testing.T) {
	type withHeader struct {
		Prefer string `header:"Prefer"`
	}
	e := WithContext(http.StatusOK, func(_ *echo.Context, p withHeader) (shapedOut, error) {
		return shapedOut{short: p.Prefer == "a, b", text: p.Prefer}, nil
	})
	for _, tc := range []struct {
		values []string
		want   string
	}{
		{nil, `{"long":""}`},
		{[]string{"a, b"}, `{"short":"a, b"}`},
		{[]string{"a", "b"}, `{"short":"a, b"}`},
		{[]string{"b"}, `{"long":"b"}`},
	} {
		ec := echo.New()
		ec.GET("/x", e.Handler)
		req := httptest.NewRequest(http.MethodGet, "/x", nil)
		for _, v := range tc.values {
			req.Header.Add("Prefer", v)
		}
		rec := httptest.NewRecorder()
		ec.ServeHTTP(rec, req)
		if got := strings.TrimSpace(rec.Body.String()); rec.Code != http.StatusOK || got != tc.want {
			t.Errorf("Prefer %q: %d %s, want %s", tc.values, rec.Code, got, tc.want)
		}
	}
}
