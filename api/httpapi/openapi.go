package httpapi

import (
	"fmt"
	"net/http"
	"regexp"
	"sort"
	"strings"

	"github.com/labstack/echo/v5"
)

// Op documents one route for the OpenAPI document. Every route is registered
// together with its Op, so the document cannot fall behind the router.
type Op struct {
	Summary string
	Tag     string
	// Access says who may call the route: "public" or the roles allowed.
	Access string
	// Query lists query parameters: name to description.
	Query map[string]string
	// Responses lists the documented statuses beyond the error shape.
	Responses map[int]string
	// Body describes the request body, when there is one.
	Body string
	// Produces is the content type of a successful answer (default JSON).
	Produces string
	// Consumes lists the accepted request body types (default JSON).
	Consumes []string
	// MaxBody raises the request body limit for this route above the
	// server's default (for file uploads); 0 keeps the default.
	MaxBody int64
}

type documented struct {
	Method string
	Path   string
	Op     Op
}

// Router registers routes on Echo and records them for the OpenAPI
// document.
type Router struct {
	e      *echo.Echo
	routes []documented
	// limits holds the body limits of routes that raise the default, by
	// method and registered path.
	limits map[string]int64
}

// Group is a set of routes under one prefix sharing middleware.
type Group struct {
	r      *Router
	g      *echo.Group
	prefix string
}

// Group makes a route group under prefix.
func (r *Router) Group(prefix string, mw ...echo.MiddlewareFunc) *Group {
	return &Group{r: r, g: r.e.Group(prefix, mw...), prefix: prefix}
}

// Handle registers a route of the group together with its documentation.
func (g *Group) Handle(method, path string, h echo.HandlerFunc, op Op, mw ...echo.MiddlewareFunc) {
	g.g.Add(method, path, h, mw...)
	g.r.routes = append(g.r.routes, documented{Method: method, Path: g.prefix + path, Op: op})
	if op.MaxBody > 0 {
		if g.r.limits == nil {
			g.r.limits = map[string]int64{}
		}
		g.r.limits[method+" "+g.prefix+path] = op.MaxBody
	}
}

// bodyLimit returns the body limit of a matched route, or def when the
// route keeps the server's default.
func (r *Router) bodyLimit(method, path string, def int64) int64 {
	if n, ok := r.limits[method+" "+path]; ok {
		return n
	}
	return def
}

var paramPattern = regexp.MustCompile(`:([A-Za-z0-9_]+)`)

// OpenAPIPath turns an Echo path (/api/forms/:id) into an OpenAPI one
// (/api/forms/{id}); the catch-all * becomes {path}.
func OpenAPIPath(p string) string {
	p = paramPattern.ReplaceAllString(p, "{$1}")
	if strings.HasSuffix(p, "*") {
		p = strings.TrimSuffix(p, "*") + "{path}"
	}
	return p
}

// OpenAPI builds the OpenAPI 3.1 document of every registered route.
func (r *Router) OpenAPI() map[string]any {
	paths := map[string]map[string]any{}
	sorted := append([]documented(nil), r.routes...)
	sort.Slice(sorted, func(i, j int) bool {
		if sorted[i].Path == sorted[j].Path {
			return sorted[i].Method < sorted[j].Method
		}
		return sorted[i].Path < sorted[j].Path
	})
	for _, d := range sorted {
		p := OpenAPIPath(d.Path)
		if paths[p] == nil {
			paths[p] = map[string]any{}
		}
		var params []any
		for _, m := range paramPattern.FindAllStringSubmatch(d.Path, -1) {
			params = append(params, map[string]any{"name": m[1], "in": "path", "required": true, "schema": map[string]any{"type": "string"}})
		}
		if strings.HasSuffix(d.Path, "*") {
			params = append(params, map[string]any{"name": "path", "in": "path", "required": true, "schema": map[string]any{"type": "string"}})
		}
		qnames := make([]string, 0, len(d.Op.Query))
		for q := range d.Op.Query {
			qnames = append(qnames, q)
		}
		sort.Strings(qnames)
		for _, q := range qnames {
			params = append(params, map[string]any{"name": q, "in": "query", "required": false, "description": d.Op.Query[q], "schema": map[string]any{"type": "string"}})
		}
		produces := d.Op.Produces
		if produces == "" {
			produces = "application/json"
		}
		responses := map[string]any{}
		okStatus := http.StatusOK
		if d.Method == http.MethodPost && d.Op.Responses[http.StatusCreated] != "" {
			okStatus = http.StatusCreated
		}
		for status, desc := range d.Op.Responses {
			responses[fmt.Sprint(status)] = map[string]any{"description": desc}
		}
		if _, ok := responses[fmt.Sprint(okStatus)]; !ok {
			responses[fmt.Sprint(okStatus)] = map[string]any{"description": "Success", "content": map[string]any{produces: map[string]any{}}}
		}
		responses["default"] = map[string]any{
			"description": "Error",
			"content":     map[string]any{"application/json": map[string]any{"schema": map[string]any{"$ref": "#/components/schemas/Problem"}}},
		}
		op := map[string]any{
			"summary":     d.Op.Summary,
			"operationId": operationID(d.Method, p),
			"responses":   responses,
		}
		if d.Op.Tag != "" {
			op["tags"] = []string{d.Op.Tag}
		}
		if d.Op.Access != "" {
			op["description"] = "Access: " + d.Op.Access
		}
		if len(params) > 0 {
			op["parameters"] = params
		}
		if d.Op.Body != "" {
			consumes := d.Op.Consumes
			if len(consumes) == 0 {
				consumes = []string{"application/json"}
			}
			content := map[string]any{}
			for _, ct := range consumes {
				binary := map[string]any{"type": "string", "format": "binary"}
				schema := map[string]any{"type": "object"}
				switch ct {
				case "application/json":
				case "multipart/form-data":
					schema = map[string]any{"type": "object", "required": []string{"file"},
						"properties": map[string]any{"file": binary}}
				default:
					schema = binary
				}
				content[ct] = map[string]any{"schema": schema}
			}
			body := map[string]any{"description": d.Op.Body, "required": true, "content": content}
			if d.Op.MaxBody > 0 {
				body["x-max-bytes"] = d.Op.MaxBody
			}
			op["requestBody"] = body
		}
		paths[p][strings.ToLower(d.Method)] = op
	}
	return map[string]any{
		"openapi": "3.1.0",
		"info": map[string]any{
			"title":       "Praksis API",
			"version":     "1",
			"description": "Assessment in clinical placement for nursing schools. Every call is made on a school's own host; bearer tokens are bound to that host.",
		},
		"paths": paths,
		"components": map[string]any{
			"schemas": map[string]any{
				"Problem": map[string]any{
					"type":     "object",
					"required": []string{"description", "statusCode", "errors"},
					"properties": map[string]any{
						"description": map[string]any{"type": "string"},
						"statusCode":  map[string]any{"type": "integer"},
						"errors": map[string]any{"type": "array", "items": map[string]any{
							"type":       "object",
							"properties": map[string]any{"reason": map[string]any{"type": "string"}, "description": map[string]any{"type": "string"}},
						}},
					},
				},
			},
			"securitySchemes": map[string]any{"bearer": map[string]any{"type": "http", "scheme": "bearer", "bearerFormat": "JWT"}},
		},
	}
}

func operationID(method, path string) string {
	var b strings.Builder
	b.WriteString(strings.ToLower(method))
	for _, part := range strings.FieldsFunc(path, func(r rune) bool { return r == '/' || r == '{' || r == '}' || r == '-' }) {
		if part == "" {
			continue
		}
		b.WriteString(strings.ToUpper(part[:1]) + part[1:])
	}
	return b.String()
}
