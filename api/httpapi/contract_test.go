package httpapi

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/labstack/echo/v5"

	"github.com/praksis/praksis/api/edge"
)

type contractPet struct {
	ID   int64  `json:"id"`
	Name string `json:"name" minLength:"1"`
	Kind string `json:"kind" enum:"cat,dog"`
}

type contractPetParams struct {
	ID int64 `path:"id"`
}

// The contract check catches a handler whose answer the document does not
// describe, a success status it does not list, and a request body it
// refuses that the handler accepted anyway; a faithful exchange passes.
func TestContractCheckCatchesWhatTheDocumentDoesNotDescribe(t *testing.T) {
	e := echo.New()
	r := &Router{e: e}
	var reported []string
	k := &contract{router: r, report: func(err error) { reported = append(reported, err.Error()) }}
	e.Use(k.remember)
	api := r.Group("/api")
	api.Handle(http.MethodGet, "/pets/:id", edge.Read(http.StatusOK, func(_ context.Context, p contractPetParams) (contractPet, error) {
		return contractPet{ID: p.ID, Name: "Pus", Kind: "cat"}, nil
	}), Op{Summary: "A pet"})
	api.Handle(http.MethodGet, "/wrong/:id", func(c *echo.Context) error {
		return c.JSON(http.StatusOK, map[string]any{"id": "seven", "kind": "horse"})
	}, Op{Summary: "A pet, badly", Response: contractPet{}})
	api.Handle(http.MethodGet, "/created", func(c *echo.Context) error {
		return c.JSON(http.StatusCreated, contractPet{ID: 1, Name: "Rex", Kind: "dog"})
	}, Op{Summary: "A pet, with a status not documented", Response: contractPet{}})
	api.Handle(http.MethodPost, "/pets", edge.Write(http.StatusCreated, func(_ context.Context, _ edge.NoParams, b contractPet) (contractPet, error) {
		return b, nil
	}), Op{Summary: "Add a pet", Responses: map[int]string{http.StatusCreated: "Added"}})
	h := k.wrap(e)

	cases := []struct {
		name, method, path, body string
		want                     string
	}{
		{"faithful answer", http.MethodGet, "/api/pets/7", "", ""},
		{"wrong shape", http.MethodGet, "/api/wrong/7", "", "does not match the document"},
		{"undocumented status", http.MethodGet, "/api/created", "", "status 201 is not documented"},
		{"refused body accepted", http.MethodPost, "/api/pets", `{"id":1,"name":"","kind":"cow"}`, "accepted a request body the document refuses"},
		{"valid body", http.MethodPost, "/api/pets", `{"id":1,"name":"Rex","kind":"dog"}`, ""},
		{"no such route", http.MethodGet, "/api/nothing", "", ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			reported = nil
			req := httptest.NewRequest(tc.method, tc.path, strings.NewReader(tc.body))
			if tc.body != "" {
				req.Header.Set("Content-Type", "application/json")
			}
			h.ServeHTTP(httptest.NewRecorder(), req)
			got := strings.Join(reported, "\n")
			if tc.want == "" && got != "" {
				t.Errorf("reported %q", got)
			}
			if tc.want != "" && !strings.Contains(got, tc.want) {
				t.Errorf("reported %q, want %q", got, tc.want)
			}
		})
	}
}

// The path ids the route table documents are positive integers.
func TestDocumentTypesPathIDs(t *testing.T) {
	r := &Router{e: echo.New()}
	r.Group("/api").Handle(http.MethodGet, "/pets/:petId/toys/:name", func(c *echo.Context) error { return nil }, Op{Summary: "x", Response: contractPet{}})
	doc := r.OpenAPI()
	params, _ := lookup(doc, "/paths/~1api~1pets~1{petId}~1toys~1{name}/get/parameters")
	list, _ := params.([]any)
	types := map[string]string{}
	for _, p := range list {
		m := p.(map[string]any)
		types[m["name"].(string)] = m["schema"].(map[string]any)["type"].(string)
	}
	if types["petId"] != "integer" || types["name"] != "string" {
		t.Errorf("path parameter types %v", types)
	}
}
