package httpapi

import (
	"bytes"
	"compress/gzip"
	stdjson "encoding/json"
	"io"
	"math"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/labstack/echo/v5"

	"github.com/praksis/praksis/api/answers"
)

// The API's answers are written by jsonWire; these are shapes where JSON
// encoders are known to part ways, and each must come out byte for byte as
// encoding/json writes it, but for floats, which must say the same number.
// (Every answer of the HTTP tests and journeys is compared as well:
// checkedJSONWire.)
func TestJSONWireEncodesAsEncodingJSON(t *testing.T) {
	type inner struct {
		A string `json:"a,omitempty"`
		B *int   `json:"b"`
	}
	type outer struct {
		inner
		Named   *inner             `json:"named,omitempty"`
		Raw     stdjson.RawMessage `json:"raw"`
		Map     map[string]any     `json:"map"`
		Nil     []int              `json:"nil"`
		Empty   []int              `json:"empty"`
		Time    time.Time          `json:"time"`
		Skipped string             `json:"-"`
	}
	seven := 7
	cases := map[string]any{
		"html characters":   "<script>&amp;</script>",
		"line separators":   "a\u2028b\u2029c",
		"invalid utf-8":     "ab\xffcd",
		"control bytes":     "tab\tnew\nnul\x00",
		"floats":            []float64{0, math.Copysign(0, -1), 1e20, 1e21, 1e-7, 0.1, 123456789.125},
		"big integers":      []int64{math.MaxInt64, math.MinInt64},
		"embedded and tags": outer{inner: inner{B: &seven}, Raw: stdjson.RawMessage(` { "x" : [1, 2] } `), Map: map[string]any{"b": 1, "a": []string{}}, Empty: []int{}, Time: time.Date(2026, 11, 26, 15, 4, 5, 123456789, time.FixedZone("", 3600))},
		"an answer set":     answers.Set{ID: 1, Answers: []answers.Answer{{FormQuestionID: 2}}, Comments: []answers.Comment{}},
		"nil":               nil,
	}
	for name, v := range cases {
		var std bytes.Buffer
		if err := stdjson.NewEncoder(&std).Encode(v); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		rec := httptest.NewRecorder()
		c := echo.New().NewContext(httptest.NewRequest(http.MethodGet, "/", nil), rec)
		if err := (jsonWire{}).Serialize(c, v, ""); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		got := rec.Body.String()
		if name == "floats" && sameJSON([]byte(got), std.Bytes()) {
			continue
		}
		if got != std.String() {
			t.Errorf("%s:\n got %q\nwant %q", name, got, std.String())
		}
	}
}

// A difference between the encoders is reported by the checked writer.
func TestCheckedJSONWireReportsDifferences(t *testing.T) {
	var reported []error
	w := checkedJSONWire{report: func(err error) { reported = append(reported, err) }}
	rec := httptest.NewRecorder()
	c := echo.New().NewContext(httptest.NewRequest(http.MethodGet, "/api/x", nil), rec)
	if err := w.Serialize(c, map[string]string{"a": "<b>"}, ""); err != nil || len(reported) != 0 {
		t.Fatalf("same encodings: %v, reported %v", err, reported)
	}
	// A value whose encodings differ: its own MarshalJSON answers each
	// encoder differently.
	if err := w.Serialize(c, &twoFaced{}, ""); err != nil {
		t.Fatal(err)
	}
	if len(reported) != 1 || !strings.Contains(reported[0].Error(), "encodes as 1") {
		t.Errorf("reported %v, want one difference", reported)
	}
}

// twoFaced encodes as 1 the first time and as 2 after.
type twoFaced struct{ n int }

func (f *twoFaced) MarshalJSON() ([]byte, error) {
	f.n++
	return []byte{byte('0' + f.n)}, nil
}

// An answer goes out with its length, not chunked, so a long one takes two
// writes to the socket rather than three; one the client asked compressed
// goes out compressed, without the uncompressed length.
func TestJSONAnswersCarryTheirLength(t *testing.T) {
	type row struct {
		ID   int    `json:"id"`
		Name string `json:"name"`
	}
	rows := make([]row, 400) // about 12 KB: longer than net/http's 2 KB before it chunks
	for i := range rows {
		rows[i] = row{ID: i, Name: strings.Repeat("x", 10)}
	}
	e := echo.New()
	e.JSONSerializer = jsonWire{}
	srv := &Server{dist: fstest.MapFS{}} // the API's compression, with no web app
	e.Use(srv.compress())
	e.GET("/long", func(c *echo.Context) error { return c.JSON(http.StatusOK, rows) })
	e.GET("/short", func(c *echo.Context) error { return c.JSON(http.StatusOK, rows[:2]) })
	ts := httptest.NewServer(e)
	defer ts.Close()
	var want bytes.Buffer
	if err := stdjson.NewEncoder(&want).Encode(rows); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		path, encoding string
		length         bool
	}{
		{"/long", "", true},
		{"/short", "", true},
		{"/long", "gzip", false},
	} {
		t.Run(tc.path+" "+tc.encoding, func(t *testing.T) {
			req, _ := http.NewRequest(http.MethodGet, ts.URL+tc.path, nil)
			if tc.encoding != "" {
				req.Header.Set("Accept-Encoding", tc.encoding)
			}
			// The transport asks for gzip itself unless told not to; the
			// cases say what is asked.
			client := &http.Client{Transport: &http.Transport{DisableCompression: true}}
			res, err := client.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			defer res.Body.Close()
			body, err := io.ReadAll(res.Body)
			if err != nil {
				t.Fatal(err)
			}
			if got := res.Header.Get("Content-Encoding"); got != tc.encoding {
				t.Fatalf("Content-Encoding %q, want %q", got, tc.encoding)
			}
			if tc.length {
				if res.ContentLength != int64(len(body)) || len(res.TransferEncoding) != 0 {
					t.Errorf("Content-Length %d and Transfer-Encoding %v for %d bytes, want the length and no chunks",
						res.ContentLength, res.TransferEncoding, len(body))
				}
			} else {
				zr, err := gzip.NewReader(bytes.NewReader(body))
				if err != nil {
					t.Fatal(err)
				}
				if body, err = io.ReadAll(zr); err != nil {
					t.Fatal(err)
				}
				if res.ContentLength == int64(want.Len()) {
					t.Errorf("a compressed answer says the uncompressed length %d", res.ContentLength)
				}
			}
			if tc.path == "/long" && !bytes.Equal(body, want.Bytes()) {
				t.Errorf("the answer differs from what encoding/json writes (%d bytes against %d)", len(body), want.Len())
			}
		})
	}
}
