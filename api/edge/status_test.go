package edge

import (
	"context"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/labstack/echo/v5"
)

type made struct {
	Name    string `json:"name"`
	created bool
}

func (m made) HTTPStatus() int { return Created(m.created) }

type plain struct {
	Name string `json:"name"`
}

func TestAnswerPicksItsStatus(t *testing.T) {
	tests := []struct {
		name string
		e    Endpoint
		want int
	}{
		{"created", Read(http.StatusCreated, func(context.Context, NoParams) (made, error) { return made{"a", true}, nil }), http.StatusCreated},
		{"there already", Read(http.StatusCreated, func(context.Context, NoParams) (made, error) { return made{"a", false}, nil }), http.StatusOK},
		{"no choice keeps the endpoint's", Read(http.StatusCreated, func(context.Context, NoParams) (plain, error) { return plain{"a"}, nil }), http.StatusCreated},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := echo.New()
			rec := httptest.NewRecorder()
			c := e.NewContext(httptest.NewRequest(http.MethodPost, "/", nil), rec)
			if err := tt.e.Handler(c); err != nil {
				t.Fatal(err)
			}
			if rec.Code != tt.want {
				t.Errorf("status %d, want %d", rec.Code, tt.want)
			}
		})
	}
}
