package httpapi

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"mime"
	"net/http"
	"strconv"
	"strings"
	"sync"

	"github.com/labstack/echo/v5"
	"github.com/santhosh-tekuri/jsonschema/v6"
)

// contract checks requests and answers against the OpenAPI document, so
// that a handler answering a shape the document does not describe is
// caught where it is tested. It is on in the tests and in the browser
// journeys' server, never in production: it reads every body twice.
type contract struct {
	router *Router
	report func(error)

	once    sync.Once
	checked *compiledDoc
	initErr error
}

// compiledDoc is a document ready for validating, with the schemas compiled
// so far. Servers with the same route table share one.
type compiledDoc struct {
	compiler *jsonschema.Compiler
	mu       sync.Mutex
	schemas  map[string]*jsonschema.Schema
}

// compiledDocs holds the compiled documents by route table fingerprint.
var compiledDocs sync.Map

const contractURL = "urn:praksis:openapi.json"

// routeKey carries the matched route out of Echo to the wrapper.
type routeKey struct{}

type matched struct{ method, path string }

func (k *contract) init() {
	key := k.router.fingerprint()
	if c, ok := compiledDocs.Load(key); ok {
		k.checked = c.(*compiledDoc)
		return
	}
	raw, err := json.Marshal(k.router.OpenAPI())
	if err != nil {
		k.initErr = fmt.Errorf("marshal document: %w", err)
		return
	}
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
	if err != nil {
		k.initErr = fmt.Errorf("read document: %w", err)
		return
	}
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	c.AssertFormat()
	if err := c.AddResource(contractURL, doc); err != nil {
		k.initErr = fmt.Errorf("add document: %w", err)
		return
	}
	c2, _ := compiledDocs.LoadOrStore(key, &compiledDoc{compiler: c, schemas: map[string]*jsonschema.Schema{}})
	k.checked = c2.(*compiledDoc)
}

// schemaAt compiles (once) the schema at a JSON pointer of the document.
func (k *contract) schemaAt(ptr string) (*jsonschema.Schema, error) {
	d := k.checked
	d.mu.Lock()
	defer d.mu.Unlock()
	if s, ok := d.schemas[ptr]; ok {
		return s, nil
	}
	s, err := d.compiler.Compile(contractURL + "#" + ptr)
	if err != nil {
		return nil, err
	}
	d.schemas[ptr] = s
	return s, nil
}

func pointerPart(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "~", "~0"), "/", "~1")
}

// remember is the Echo middleware that notes the matched route.
func (k *contract) remember(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c *echo.Context) error {
		if m, ok := c.Request().Context().Value(routeKey{}).(*matched); ok {
			m.method, m.path = c.Request().Method, c.Path()
		}
		return next(c)
	}
}

// wrap checks every exchange that passes through h.
func (k *contract) wrap(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		k.once.Do(k.init)
		if k.initErr != nil {
			k.report(fmt.Errorf("contract: %w", k.initErr))
			h.ServeHTTP(w, r)
			return
		}
		var reqBody []byte
		if r.Body != nil && isJSON(r.Header.Get("Content-Type")) {
			b, err := readAllLimited(r)
			if err == nil {
				reqBody = b
			}
		}
		m := &matched{}
		r = r.WithContext(context.WithValue(r.Context(), routeKey{}, m))
		rec := &recorder{ResponseWriter: w, status: http.StatusOK}
		h.ServeHTTP(rec, r)
		if m.path == "" || !strings.HasPrefix(m.path, "/api/") {
			return
		}
		if err := k.check(m, reqBody, rec); err != nil {
			k.report(fmt.Errorf("%s %s (%s) answered %d: %w", r.Method, r.URL.RequestURI(), m.path, rec.status, err))
		}
	})
}

func (k *contract) check(m *matched, reqBody []byte, rec *recorder) error {
	op := "/paths/" + pointerPart(OpenAPIPath(m.path)) + "/" + strings.ToLower(m.method)
	opDoc, ok := lookup(k.router.OpenAPI(), op)
	if !ok && rec.status == http.StatusNotFound && strings.HasSuffix(m.path, "*") {
		// No route matched: the catch-all's 404 in the error shape.
		return nil
	}
	if !ok {
		return fmt.Errorf("no operation %s in the document", op)
	}
	if len(bytes.TrimSpace(reqBody)) > 0 && rec.status < 400 {
		if _, has := lookup(opDoc, "/requestBody/content/application~1json/schema"); has {
			if err := k.validate(op+"/requestBody/content/application~1json/schema", reqBody); err != nil {
				return fmt.Errorf("accepted a request body the document refuses: %w", err)
			}
		}
	}
	status := strconv.Itoa(rec.status)
	respPtr := op + "/responses/" + status
	if _, ok := lookup(opDoc, "/responses/"+status); !ok {
		if rec.status < 400 {
			return fmt.Errorf("status %d is not documented", rec.status)
		}
		respPtr = op + "/responses/default"
	}
	if rec.Header().Get("Content-Encoding") != "" || rec.status == http.StatusNoContent || rec.status == http.StatusNotModified {
		return nil
	}
	ct, _, _ := mime.ParseMediaType(rec.Header().Get("Content-Type"))
	if ct == "" {
		return nil
	}
	resp, _ := lookup(k.router.OpenAPI(), respPtr)
	content, _ := lookup(resp, "/content")
	contentMap, _ := content.(map[string]any)
	if _, ok := contentMap[ct]; !ok {
		return fmt.Errorf("answered %s, the document says %v", ct, mapKeys(contentMap))
	}
	if ct != "application/json" {
		return nil
	}
	if schema, ok := lookup(resp, "/content/application~1json/schema"); !ok || isEmptySchema(schema) {
		return fmt.Errorf("no schema for the JSON answer")
	}
	if err := k.validate(respPtr+"/content/application~1json/schema", rec.body.Bytes()); err != nil {
		return fmt.Errorf("the answer does not match the document: %w", err)
	}
	return nil
}

func (k *contract) validate(ptr string, body []byte) error {
	s, err := k.schemaAt(ptr)
	if err != nil {
		return fmt.Errorf("compile %s: %w", ptr, err)
	}
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(body))
	if err != nil {
		return fmt.Errorf("not JSON: %w", err)
	}
	return s.Validate(v)
}

func isEmptySchema(v any) bool {
	m, ok := v.(map[string]any)
	return ok && len(m) == 0
}

func mapKeys(m map[string]any) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	return out
}

// lookup follows a JSON pointer through decoded JSON.
func lookup(v any, ptr string) (any, bool) {
	for _, part := range strings.Split(strings.TrimPrefix(ptr, "/"), "/") {
		if part == "" {
			continue
		}
		part = strings.ReplaceAll(strings.ReplaceAll(part, "~1", "/"), "~0", "~")
		m, ok := v.(map[string]any)
		if !ok {
			return nil, false
		}
		if v, ok = m[part]; !ok {
			return nil, false
		}
	}
	return v, true
}

func isJSON(ct string) bool {
	mt, _, _ := mime.ParseMediaType(ct)
	return mt == "application/json"
}

// readAllLimited reads the request body and puts it back for the handler.
func readAllLimited(r *http.Request) ([]byte, error) {
	var buf bytes.Buffer
	if _, err := buf.ReadFrom(http.MaxBytesReader(nil, r.Body, 4<<20)); err != nil {
		return nil, err
	}
	r.Body = readCloser{bytes.NewReader(buf.Bytes())}
	return buf.Bytes(), nil
}

type readCloser struct{ *bytes.Reader }

func (readCloser) Close() error { return nil }

// recorder keeps a copy of the answer while passing it on.
type recorder struct {
	http.ResponseWriter
	status  int
	written bool
	body    bytes.Buffer
}

func (r *recorder) WriteHeader(code int) {
	if !r.written {
		r.status, r.written = code, true
	}
	r.ResponseWriter.WriteHeader(code)
}

func (r *recorder) Write(b []byte) (int, error) {
	r.written = true
	r.body.Write(b)
	return r.ResponseWriter.Write(b)
}

func (r *recorder) Flush() {
	if f, ok := r.ResponseWriter.(http.Flusher); ok {
		f.Flush()
	}
}

// Unwrap lets http.ResponseController reach the real writer.
func (r *recorder) Unwrap() http.ResponseWriter { return r.ResponseWriter }
