package httpapi

import (
	"bytes"
	stdjson "encoding/json"
	"fmt"
	"reflect"
	"strconv"
	"sync"

	json "github.com/goccy/go-json"
	"github.com/labstack/echo/v5"
)

// jsonWire writes the API's JSON answers with goccy/go-json, which encodes
// the same values as encoding/json does (HTML characters escaped, a newline
// at the end; only some floats are spelt differently, 1e-07 for 1e-7) in
// about a third of the time: encoding was a sixteenth of the server's CPU
// on the hot routes. Reading request bodies
// stays with Echo's encoding/json (package request reads the API's own),
// whose error types the error messages are built on.
type jsonWire struct{ echo.DefaultJSONSerializer }

// Serialize writes target as JSON to the answer, whole and with its
// Content-Length. Without the length, net/http sends an answer longer than
// 2 KB chunked: three writes to the socket (the first 4 KB, the rest, and
// the closing empty chunk, a packet of 7 bytes of its own) where two do.
// The full assessment and the class page, four requests in ten at semester
// end, are such answers. When the client accepts gzip, the compressing
// writer drops the length, as the compressed answer has another.
func (jsonWire) Serialize(c *echo.Context, target any, indent string) error {
	buf := wireBuffers.Get().(*bytes.Buffer)
	buf.Reset()
	defer func() {
		if buf.Cap() <= maxPooledWireBuffer {
			wireBuffers.Put(buf)
		}
	}()
	enc := json.NewEncoder(buf)
	if indent != "" {
		enc.SetIndent("", indent)
	}
	if err := enc.Encode(target); err != nil {
		return err
	}
	c.Response().Header().Set(echo.HeaderContentLength, strconv.Itoa(buf.Len()))
	_, err := c.Response().Write(buf.Bytes())
	return err
}

// wireBuffers hold answers while they are encoded; a buffer that grew past
// maxPooledWireBuffer (a rare large answer) is left to the collector rather
// than kept for every later answer.
var wireBuffers = sync.Pool{New: func() any { return new(bytes.Buffer) }}

const maxPooledWireBuffer = 256 << 10

// checkedJSONWire is jsonWire that also encodes each answer with
// encoding/json and reports any difference in what the JSON says: the
// servers of the tests and of the journeys (Options.Contract) use it, so
// every answer they give is checked.
type checkedJSONWire struct {
	jsonWire
	report func(error)
}

// Serialize writes target as jsonWire does, after comparing the encodings.
func (w checkedJSONWire) Serialize(c *echo.Context, target any, indent string) error {
	var fast, std bytes.Buffer
	if err := json.NewEncoder(&fast).Encode(target); err == nil {
		if err := stdjson.NewEncoder(&std).Encode(target); err == nil && !sameJSON(fast.Bytes(), std.Bytes()) {
			w.report(fmt.Errorf("contract: %s %s: %T encodes as %s, encoding/json as %s",
				c.Request().Method, c.Request().URL.RequestURI(), target, fast.Bytes(), std.Bytes()))
		}
	}
	return w.jsonWire.Serialize(c, target, indent)
}

// sameJSON tells whether a and b are the same bytes or, failing that, the
// same JSON value (numbers compared as numbers).
func sameJSON(a, b []byte) bool {
	if bytes.Equal(a, b) {
		return true
	}
	var va, vb any
	if stdjson.Unmarshal(a, &va) != nil || stdjson.Unmarshal(b, &vb) != nil {
		return false
	}
	return reflect.DeepEqual(va, vb)
}
