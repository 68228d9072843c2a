package httpapi

import (
	"bytes"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// A held answer's body is reused by later answers: release empties it, so
// that nothing of one answer reaches the next, and keeps only buffers of a
// reasonable size.
func TestHeldAnswerBodiesAreEmptiedForTheNext(t *testing.T) {
	for _, tc := range []struct {
		name string
		size int
		kept bool
	}{
		{"a usual answer", 40 << 10, true},
		{"a rare large answer", maxPooledWireBuffer + 1, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			body := new(bytes.Buffer)
			w := &bufferedWriter{header: http.Header{}, body: body}
			if _, err := w.Write([]byte(strings.Repeat("x", tc.size))); err != nil {
				t.Fatal(err)
			}
			rec := httptest.NewRecorder()
			w.flushTo(rec)
			if rec.Body.Len() != tc.size || rec.Code != http.StatusOK {
				t.Fatalf("flushed %d bytes with status %d", rec.Body.Len(), rec.Code)
			}
			w.release()
			if w.body != nil {
				t.Error("the writer kept its body after release")
			}
			if tc.kept && body.Len() != 0 {
				t.Errorf("a body given back still holds %d bytes", body.Len())
			}
			if !tc.kept && body.Len() == 0 {
				t.Error("a body too large to keep was emptied for reuse")
			}
		})
	}
}
