package httpapi

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net/http"
	"reflect"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/labstack/echo/v5"
	"github.com/swaggest/jsonschema-go"
	"github.com/swaggest/openapi-go"
	"github.com/swaggest/openapi-go/openapi31"

	"github.com/praksis/praksis/api/edge"
)

// Op documents one route for the OpenAPI document. Every route is registered
// together with its Op, so the document cannot fall behind the router. The
// shapes come from Go types: an edge.Endpoint brings its own, a plain
// handler names them in In, Request and Response.
type Op struct {
	Summary string
	Tag     string
	// Access says who may call the route: "public" or the roles allowed.
	Access string
	// Query lists query parameters of a plain handler that has no In type:
	// name to description (documented as strings).
	Query map[string]string
	// Responses lists the documented statuses beyond the error shape, with
	// what each means. A 2xx status other than 204 carries the Response
	// shape; 4xx and 5xx the error shape.
	Responses map[int]string
	// Body describes the request body in words, when there is one.
	Body string
	// In is a zero value of the params struct of a plain handler (fields
	// tagged path or query).
	In any
	// Request is a zero value of the JSON request body of a plain handler.
	Request any
	// Response is a zero value of the success answer of a plain handler.
	Response any
	// Status is the success status of a plain handler: default 200, or 201
	// for a POST that documents 201.
	Status int
	// BodyOptional says the request body may be left out.
	BodyOptional bool
	// NoBody says the success status is answered with no body at all (a 202
	// that only acknowledges); the document marks it x-no-body.
	NoBody bool
	// Produces is the content type of a successful answer (default JSON).
	Produces string
	// Consumes lists the accepted request body types (default JSON).
	Consumes []string
	// MaxBody raises the request body limit for this route above the
	// server's default (for file uploads); 0 keeps the default.
	MaxBody int64
	// SessionOnly says the handler runs no statement of its own: a
	// signed-in request then enters its school and reads its session in
	// one statement, without a transaction around it (tenants.SessionOnly).
	SessionOnly bool
	// ReadsFirst says the handler's first statement is a read by
	// tenants.ReadRow and that it does nothing before it that it could not
	// do twice: a signed-in request then enters its school, reads its
	// session and makes that read in one round trip, and the session is
	// checked before the read's row reaches the handler (tenants.ReadsFirst).
	ReadsFirst bool
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
	// ops holds each route's Op by method and registered path, for what
	// the middleware asks of the matched route (body limit, session only).
	ops map[string]Op
	// doc is the document, built once after the last route is registered.
	doc map[string]any
	// docMu guards doc: the first requests may ask for it at once.
	docMu sync.Mutex
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
// h is an edge.Endpoint, whose types document the route, or a plain Echo
// handler documented by op's In, Request and Response.
func (g *Group) Handle(method, path string, h any, op Op, mw ...echo.MiddlewareFunc) {
	var handler echo.HandlerFunc
	switch h := h.(type) {
	case edge.Endpoint:
		handler = h.Handler
		op.In, op.Request, op.Response, op.Status, op.BodyOptional = h.Params, h.Body, h.Out, h.Status, h.BodyOptional
	case echo.HandlerFunc:
		handler = h
	case func(*echo.Context) error:
		handler = h
	default:
		panic(fmt.Sprintf("route %s %s: handler of type %T", method, path, h))
	}
	g.g.Add(method, path, handler, mw...)
	g.r.routes = append(g.r.routes, documented{Method: method, Path: g.prefix + path, Op: op})
	g.r.docMu.Lock()
	g.r.doc = nil
	g.r.docMu.Unlock()
	if g.r.ops == nil {
		g.r.ops = map[string]Op{}
	}
	g.r.ops[method+" "+g.prefix+path] = op
}

// bodyLimit returns the body limit of a matched route, or def when the
// route keeps the server's default.
func (r *Router) bodyLimit(method, path string, def int64) int64 {
	if n := r.ops[method+" "+path].MaxBody; n > 0 {
		return n
	}
	return def
}

// readsFirst reports whether a matched route is marked Op.ReadsFirst.
func (r *Router) readsFirst(method, path string) bool {
	return r.ops[method+" "+path].ReadsFirst
}

// isSessionOnly reports whether a matched route is marked Op.SessionOnly.
func (r *Router) isSessionOnly(method, path string) bool {
	return r.ops[method+" "+path].SessionOnly
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

// OpenAPI returns the OpenAPI 3.1 document of every registered route. It is
// built once; a route table that cannot be documented is a programming
// error and panics at start-up.
func (r *Router) OpenAPI() map[string]any {
	r.docMu.Lock()
	defer r.docMu.Unlock()
	if r.doc == nil {
		key := r.fingerprint()
		if doc, ok := builtDocs.Load(key); ok {
			r.doc = doc.(map[string]any)
			return r.doc
		}
		doc, err := r.build()
		if err != nil {
			panic(fmt.Sprintf("openapi: %v", err))
		}
		builtDocs.Store(key, doc)
		r.doc = doc
	}
	return r.doc
}

// builtDocs holds the documents built in this process by the fingerprint of
// their route tables: reflecting the types takes a good tenth of a second,
// and the tests build hundreds of servers with the same table. A document
// is never changed once built.
var builtDocs sync.Map

// fingerprint identifies the route table: every route's method, path and
// documentation, types included.
func (r *Router) fingerprint() string {
	h := sha256.New()
	for _, d := range r.routes {
		fmt.Fprintf(h, "%s %s %#v\n", d.Method, d.Path, d.Op)
	}
	return hex.EncodeToString(h.Sum(nil))
}

// successStatus is the status of a route's successful answer.
func (d documented) successStatus() int {
	if d.Op.Status != 0 {
		return d.Op.Status
	}
	if d.Method == http.MethodPost && d.Op.Responses[http.StatusCreated] != "" {
		return http.StatusCreated
	}
	for _, s := range []int{http.StatusOK, http.StatusAccepted, http.StatusNoContent} {
		if d.Op.Responses[s] != "" {
			return s
		}
	}
	return http.StatusOK
}

func newReflector() *openapi31.Reflector {
	r := openapi31.NewReflector()
	js := r.JSONSchemaReflector()
	js.DefaultOptions = append(js.DefaultOptions,
		// A pointer to a struct may be null; say so, so that a client
		// checks before reading it.
		func(rc *jsonschema.ReflectContext) { rc.EnvelopNullability = true },
		// Lists and maps are always sent as such ([] or {} when empty), never
		// null.
		jsonschema.InterceptNullability(func(p jsonschema.InterceptNullabilityParams) {
			if p.NullAdded && (p.Type.Kind() == reflect.Slice || p.Type.Kind() == reflect.Map) {
				p.Schema.RemoveType(jsonschema.Null)
			}
			// A pointer to a named type that has its own definition (a
			// string with an enum) is null or the type; the reflector
			// envelops only pointers to structs.
			if p.Type.Kind() == reflect.Pointer && p.Schema.Ref != nil && len(p.Schema.AnyOf) == 0 {
				ref := jsonschema.Schema{Ref: p.Schema.Ref}
				p.Schema.Ref = nil
				p.Schema.AnyOf = []jsonschema.SchemaOrBool{jsonschema.Null.ToSchemaOrBool(), ref.ToSchemaOrBool()}
			}
		}),
		// A nullable pointer to a struct (or to a type with its own schema,
		// as periods.Date) is enveloped as anyOf [null, the type]; a type
		// left beside the anyOf would refuse the null.
		jsonschema.InterceptNullability(func(p jsonschema.InterceptNullabilityParams) {
			if len(p.Schema.AnyOf) > 0 && p.Schema.Ref == nil {
				p.Schema.Type = nil
			}
		}),
		// A request's shapes are named apart from an answer's: what a client
		// may leave out differs from what the server always sends.
		func(rc *jsonschema.ReflectContext) {
			prev := rc.DefName
			rc.DefName = func(t reflect.Type, name string) string {
				if prev != nil {
					name = prev(t, name)
				}
				if inRequest(rc) && t.Kind() == reflect.Struct && !strings.HasSuffix(name, "Input") &&
					!t.Implements(exposer) && !reflect.PointerTo(t).Implements(exposer) {
					return name + "Input"
				}
				return name
			}
		},
		// An answer's JSON field is always present unless it is omitempty;
		// in a request, only fields tagged required are.
		jsonschema.InterceptProp(func(p jsonschema.InterceptPropParams) error {
			if !p.Processed || p.ParentSchema == nil || inRequest(p.Context) {
				return nil
			}
			tag, ok := p.Field.Tag.Lookup("json")
			if !ok || tag == "-" || strings.Contains(tag, ",omitempty") || strings.Contains(tag, ",omitzero") {
				return nil
			}
			for _, req := range p.ParentSchema.Required {
				if req == p.Name {
					return nil
				}
			}
			p.ParentSchema.Required = append(p.ParentSchema.Required, p.Name)
			return nil
		}),
	)
	return r
}

var exposer = reflect.TypeOf((*jsonschema.Exposer)(nil)).Elem()

// inRequest says whether the reflector is reflecting a request's shape.
func inRequest(rc *jsonschema.ReflectContext) bool {
	oc, ok := openapi.OperationCtx(rc)
	return ok && !oc.IsProcessingResponse()
}

func (r *Router) build() (map[string]any, error) {
	ref := newReflector()
	ref.Spec.Info.WithTitle("Praksis API").WithVersion("1").
		WithDescription("Assessment in clinical placement for nursing schools. Every call is made on a school's own host; bearer tokens are bound to that host.")
	sorted := append([]documented(nil), r.routes...)
	sort.Slice(sorted, func(i, j int) bool {
		if sorted[i].Path == sorted[j].Path {
			return sorted[i].Method < sorted[j].Method
		}
		return sorted[i].Path < sorted[j].Path
	})
	for _, d := range sorted {
		if err := d.addTo(ref); err != nil {
			return nil, fmt.Errorf("%s %s: %w", d.Method, d.Path, err)
		}
	}
	raw, err := json.Marshal(ref.Spec)
	if err != nil {
		return nil, fmt.Errorf("marshal: %w", err)
	}
	var doc map[string]any
	if err := json.Unmarshal(raw, &doc); err != nil {
		return nil, fmt.Errorf("unmarshal: %w", err)
	}
	components, _ := doc["components"].(map[string]any)
	if components == nil {
		components = map[string]any{}
		doc["components"] = components
	}
	components["securitySchemes"] = map[string]any{"bearer": map[string]any{"type": "http", "scheme": "bearer", "bearerFormat": "JWT"}}
	paths, _ := doc["paths"].(map[string]any)
	for _, d := range sorted {
		item, _ := paths[OpenAPIPath(d.Path)].(map[string]any)
		op, _ := item[strings.ToLower(d.Method)].(map[string]any)
		if op != nil {
			d.finish(op)
		}
	}
	return doc, nil
}

// addTo adds the route's operation, with schemas reflected from its types.
func (d documented) addTo(ref *openapi31.Reflector) error {
	p := OpenAPIPath(d.Path)
	oc, err := ref.NewOperationContext(d.Method, p)
	if err != nil {
		return err
	}
	oc.SetSummary(d.Op.Summary)
	oc.SetID(operationID(d.Method, p))
	if d.Op.Tag != "" {
		oc.SetTags(d.Op.Tag)
	}
	if d.Op.Access != "" {
		oc.SetDescription("Access: " + d.Op.Access)
		if d.Op.Access != "public" {
			oc.AddSecurity("bearer")
		}
	}
	if params := d.params(); params != nil {
		oc.AddReqStructure(params)
	}
	if d.Op.Request != nil {
		for _, ct := range d.consumes() {
			if ct == "application/json" {
				oc.AddReqStructure(d.Op.Request, openapi.WithContentType(ct))
			}
		}
	}
	ok := d.successStatus()
	statuses := map[int]string{ok: d.Op.Responses[ok]}
	for s, desc := range d.Op.Responses {
		statuses[s] = desc
	}
	for status, desc := range statuses {
		opts := []openapi.ContentOption{openapi.WithHTTPStatus(status)}
		if desc != "" {
			opts = append(opts, func(cu *openapi.ContentUnit) { cu.Description = desc })
		}
		switch {
		case status >= 400:
			oc.AddRespStructure(Problem{}, opts...)
		case status >= 200 && status < 300 && status != http.StatusNoContent && d.producesJSON() && d.Op.Response != nil:
			oc.AddRespStructure(d.Op.Response, opts...)
		default:
			oc.AddRespStructure(nil, opts...)
		}
	}
	oc.AddRespStructure(Problem{}, func(cu *openapi.ContentUnit) { cu.IsDefault = true; cu.Description = "Error" })
	return ref.AddOperation(oc)
}

func (d documented) produces() string {
	if d.Op.Produces == "" {
		return "application/json"
	}
	return d.Op.Produces
}

// producesJSON says whether a successful answer is JSON, under whatever
// type (a web app manifest is application/manifest+json).
func (d documented) producesJSON() bool {
	for _, ct := range strings.Split(d.produces(), ",") {
		if jsonShaped(strings.TrimSpace(ct)) {
			return true
		}
	}
	return false
}

// jsonShaped says whether a content type's body is JSON.
func jsonShaped(ct string) bool {
	return ct == "application/json" || strings.HasSuffix(ct, "+json") || ct == "application/csp-report"
}

func (d documented) consumes() []string {
	if len(d.Op.Consumes) == 0 {
		return []string{"application/json"}
	}
	return d.Op.Consumes
}

// params is the params struct of the route: its In type, with any path
// parameter or query it does not name added as a field, so that every
// route's parameters are typed (ids as positive integers).
func (d documented) params() any {
	var fields []reflect.StructField
	named := map[string]bool{}
	if d.Op.In != nil {
		// The In type's parameter fields are copied, not embedded: a type
		// made by reflect.StructOf cannot embed one with methods.
		fields = paramFields(reflect.TypeOf(d.Op.In), named)
	}
	add := func(name, tag string, typ reflect.Type) {
		fields = append(fields, reflect.StructField{Name: "P" + strconv.Itoa(len(fields)), Type: typ, Tag: reflect.StructTag(tag)})
	}
	for _, m := range paramPattern.FindAllStringSubmatch(d.Path, -1) {
		name := m[1]
		if named[name] {
			continue
		}
		if name == "id" || strings.HasSuffix(name, "Id") {
			add(name, fmt.Sprintf(`path:%q minimum:"1"`, name), reflect.TypeOf(int64(0)))
		} else {
			add(name, fmt.Sprintf(`path:%q`, name), reflect.TypeOf(""))
		}
	}
	if strings.HasSuffix(d.Path, "*") {
		add("path", `path:"path"`, reflect.TypeOf(""))
	}
	qnames := make([]string, 0, len(d.Op.Query))
	for q := range d.Op.Query {
		if !named[q] {
			qnames = append(qnames, q)
		}
	}
	sort.Strings(qnames)
	for _, q := range qnames {
		add(q, fmt.Sprintf(`query:%q description:%q`, q, d.Op.Query[q]), reflect.TypeOf(""))
	}
	if len(fields) == 0 {
		return nil
	}
	return reflect.New(reflect.StructOf(fields)).Elem().Interface()
}

// paramFields lists the fields tagged path, query or header of a params
// struct, those of embedded structs included, and notes the names of the
// path and query ones.
func paramFields(t reflect.Type, named map[string]bool) []reflect.StructField {
	var out []reflect.StructField
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		if f.Anonymous && f.Type.Kind() == reflect.Struct {
			out = append(out, paramFields(f.Type, named)...)
			continue
		}
		name, isPath := f.Tag.Lookup("path")
		if !isPath {
			var isQuery bool
			if name, isQuery = f.Tag.Lookup("query"); !isQuery {
				if _, isHeader := f.Tag.Lookup("header"); isHeader {
					// Documented as a header parameter; path and query
					// names are not taken by it.
					out = append(out, reflect.StructField{Name: f.Name, Type: f.Type, Tag: f.Tag})
				}
				continue
			}
		}
		named[name] = true
		out = append(out, reflect.StructField{Name: f.Name, Type: f.Type, Tag: f.Tag})
	}
	return out
}

// finish adds what the reflector does not know: bodies that are not JSON,
// the body's description and size limit, and answers that are files.
func (d documented) finish(op map[string]any) {
	if d.Op.Body != "" || d.Op.Request != nil {
		body, _ := op["requestBody"].(map[string]any)
		if body == nil {
			body = map[string]any{}
			op["requestBody"] = body
		}
		content, _ := body["content"].(map[string]any)
		if content == nil {
			content = map[string]any{}
			body["content"] = content
		}
		binary := map[string]any{"type": "string", "format": "binary"}
		for _, ct := range d.consumes() {
			switch ct {
			case "application/json":
				if content[ct] == nil {
					content[ct] = map[string]any{"schema": map[string]any{}}
				}
			case "multipart/form-data":
				content[ct] = map[string]any{"schema": map[string]any{"type": "object", "required": []string{"file"},
					"properties": map[string]any{"file": binary}}}
			default:
				content[ct] = map[string]any{"schema": binary}
				if jsonShaped(ct) && content["application/json"] != nil {
					// The same JSON under a type of its own (a browser's
					// application/csp-report).
					content[ct] = content["application/json"]
				}
			}
		}
		body["required"] = !d.Op.BodyOptional
		if d.Op.Body != "" {
			body["description"] = d.Op.Body
		}
		if d.Op.MaxBody > 0 {
			body["x-max-bytes"] = d.Op.MaxBody
		}
	}
	if d.Op.NoBody {
		responses, _ := op["responses"].(map[string]any)
		if ok, _ := responses[strconv.Itoa(d.successStatus())].(map[string]any); ok != nil {
			ok["x-no-body"] = true
		}
	}
	if produces := d.produces(); produces != "application/json" {
		responses, _ := op["responses"].(map[string]any)
		ok, _ := responses[strconv.Itoa(d.successStatus())].(map[string]any)
		if ok != nil {
			schema := map[string]any{"type": "string"}
			if !strings.HasPrefix(produces, "text/") && !strings.HasSuffix(produces, "json") {
				schema["format"] = "binary"
			}
			content := map[string]any{}
			for _, ct := range strings.Split(produces, ",") {
				ct = strings.TrimSpace(ct)
				if jsonShaped(ct) {
					content[ct] = map[string]any{"schema": d.jsonSchemaOf(ok)}
					continue
				}
				content[ct] = map[string]any{"schema": schema}
			}
			ok["content"] = content
		}
	}
}

// jsonSchemaOf is the JSON schema already reflected for a response, or an
// open one.
func (d documented) jsonSchemaOf(resp map[string]any) any {
	if c, ok := resp["content"].(map[string]any); ok {
		if j, ok := c["application/json"].(map[string]any); ok && j["schema"] != nil {
			return j["schema"]
		}
	}
	return map[string]any{}
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
