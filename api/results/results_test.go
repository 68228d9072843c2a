package results

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"flag"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/praksis/praksis/api/goldenfile"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

var testKey = []byte("0123456789abcdef0123456789abcdef")

func str(s string) *string { return &s }

// fixedResult is a result as the archive worker makes it, at a fixed time.
func fixedResult(t *testing.T) (Result, []byte) {
	t.Helper()
	at := func(s string) time.Time {
		v, err := time.Parse(time.RFC3339Nano, s)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	feide := "kari@hvl.no"
	rec := Record{
		Format:        RecordFormat,
		School:        School{Slug: "hvl", Name: "Høgskulen på Vestlandet", OrgNumber: "917 341 512"},
		SigningFormID: 42,
		Student:       Student{ID: 7, Name: "Kari Nordmann", Email: "kari@stud.hvl.no", FeideID: &feide},
		Class: Class{ID: 3, Subject: Subject{Code: "SYKP2100", Name: "Medisinsk & kirurgisk praksis"},
			Semester: Semester{Name: "Høst 2026", StartDate: "2026-07-01", EndDate: "2026-12-31"}},
		Values: Values{MidSemesterCompletedDate: str("2026-10-01"), MidSemesterStudentHasGivenFeedback: str("yes"),
			MidSemesterSpecificCompetenceAreasBegun: str("yes"), EndSemesterCompletedDate: str("2026-11-20"),
			AttendancePassed: str("yes"), WorkRequirementsPassed: str("notRelevant"), SpecificCompetenceAreasPassed: str("yes"),
			GeneralCompetenceAreasPassed: str("yes"), TeacherComment: str("Trygg i stell <og> legemiddelhåndtering."), OverallPassed: str("passed")},
		Signatures: []Signature{
			{Party: "teacher", UserID: 2, Name: "Per Dahl", SignedAt: at("2026-11-20T09:15:00.123456Z"), SignInMethod: "feide"},
			{Party: "advisor", UserID: 5, Name: "Sara Lie", SignedAt: at("2026-11-20T08:00:00Z"), SignInMethod: "vipps"},
			{Party: "student", UserID: 7, Name: "Kari Nordmann", SignedAt: at("2026-11-20T10:30:00Z"), SignInMethod: "code"},
		},
		LockedAt:   at("2026-11-20T10:30:00Z"),
		ArchivedAt: at("2026-11-23T10:30:00Z"),
	}
	b, err := rec.Encode()
	if err != nil {
		t.Fatal(err)
	}
	pdf := []byte("%PDF-1.4 a stand-in for the signing form\n%%EOF\n")
	return Result{School: "hvl", SigningFormID: 42, SHA256: Hash(pdf, b), Record: b}, pdf
}

func TestHashIsSHA256OfPDFThenRecord(t *testing.T) {
	r, pdf := fixedResult(t)
	sum := sha256.Sum256(append(append([]byte{}, pdf...), r.Record...))
	if r.SHA256 != hex.EncodeToString(sum[:]) {
		t.Fatalf("hash %s is not sha256(pdf || record)", r.SHA256)
	}
	if bytes.HasSuffix(r.Record, []byte("\n")) || !bytes.Contains(r.Record, []byte("<og>")) || !bytes.Contains(r.Record, []byte(`"name":"Høgskulen på Vestlandet"`)) {
		t.Errorf("record is not compact UTF-8 JSON without HTML escaping: %s", r.Record)
	}
}

// verify checks a document the way a receiver does: the record as raw
// bytes, the signature over sha256, a line feed and the record.
func verify(t *testing.T, doc []byte) Document {
	t.Helper()
	var d Document
	if err := json.Unmarshal(doc, &d); err != nil {
		t.Fatalf("document is not JSON: %v", err)
	}
	m := hmac.New(sha256.New, testKey)
	m.Write([]byte(d.SHA256 + "\n"))
	m.Write(d.Record)
	if want := "hmac-sha256=" + hex.EncodeToString(m.Sum(nil)); !hmac.Equal([]byte(want), []byte(d.Signature)) {
		t.Fatalf("signature %s does not verify (want %s)", d.Signature, want)
	}
	return d
}

func TestFileExporterWritesTheGoldenSignedFile(t *testing.T) {
	r, _ := fixedResult(t)
	dir := t.TempDir()
	e := NewFileExporter(dir, testKey)
	if err := e.Export(context.Background(), r); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "hvl", "42.json")
	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	golden := filepath.Join("testdata", "result-export.golden.json")
	want := goldenfile.Read(t, golden, got, *update)
	if !bytes.Equal(got, want) {
		t.Fatalf("exported file differs from %s:\n got %s\nwant %s", golden, got, want)
	}
	d := verify(t, bytes.TrimSuffix(got, []byte("\n")))
	if !bytes.Equal(d.Record, r.Record) || d.SHA256 != r.SHA256 || d.School != "hvl" || d.SigningFormID != 42 || d.Format != DocumentFormat {
		t.Errorf("document %+v does not carry the archived record", d)
	}
	if st, err := os.Stat(path); err != nil || st.Mode().Perm() != 0o640 {
		t.Errorf("file mode: %v %v", st.Mode(), err)
	}
	entries, _ := os.ReadDir(filepath.Join(dir, "hvl"))
	if len(entries) != 1 {
		t.Errorf("temporary files left behind: %v", entries)
	}

	// The same result again is delivered already; a different file in its
	// place is refused for good and left as it is.
	if err := e.Export(context.Background(), r); err != nil {
		t.Errorf("second export: %v", err)
	}
	other := r
	other.SHA256 = strings.Repeat("0", 64)
	if err := e.Export(context.Background(), other); err == nil || !IsPermanent(err) {
		t.Errorf("overwriting with other content: %v", err)
	}
	if after, _ := os.ReadFile(path); !bytes.Equal(after, got) {
		t.Error("the existing file was changed")
	}
	if err := e.Export(context.Background(), Result{School: "../etc", SigningFormID: 1, Record: r.Record}); !IsPermanent(err) {
		t.Errorf("a slug that is not one: %v", err)
	}
}

// hook is a web hook that answers with the next status of its script and
// records what it received.
type hook struct {
	mu       sync.Mutex
	statuses []int
	bodies   [][]byte
	headers  []http.Header
}

func (h *hook) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	h.mu.Lock()
	defer h.mu.Unlock()
	body, _ := io.ReadAll(r.Body)
	h.bodies = append(h.bodies, body)
	h.headers = append(h.headers, r.Header.Clone())
	status := http.StatusOK
	if len(h.statuses) > 0 {
		status, h.statuses = h.statuses[0], h.statuses[1:]
	}
	if status == http.StatusFound {
		w.Header().Set("Location", "/elsewhere")
	}
	w.WriteHeader(status)
}

func TestWebhookExporter(t *testing.T) {
	r, _ := fixedResult(t)
	h := &hook{statuses: []int{http.StatusInternalServerError, http.StatusTooManyRequests, http.StatusRequestTimeout, http.StatusFound, http.StatusOK, http.StatusBadRequest, http.StatusUnauthorized}}
	srv := httptest.NewServer(h)
	defer srv.Close()
	e := NewWebhookExporter(srv.URL+"/results?token=secret", testKey, 5*time.Second)
	ctx := context.Background()
	for i, want := range []string{"retry", "retry", "retry", "retry", "ok", "final", "final"} {
		err := e.Export(ctx, r)
		got := outcome(err)
		if got != want {
			t.Errorf("answer %d: %s (%v), want %s", i, got, err, want)
		}
		if err != nil && strings.Contains(err.Error(), "secret") {
			t.Errorf("error quotes the URL: %v", err)
		}
	}
	if len(h.bodies) != 7 {
		t.Fatalf("%d requests, want 7 (redirects not followed)", len(h.bodies))
	}
	for i, body := range h.bodies {
		hd := h.headers[i]
		m := hmac.New(sha256.New, testKey)
		m.Write(body)
		if hd.Get("X-Praksis-Signature") != "sha256="+hex.EncodeToString(m.Sum(nil)) {
			t.Errorf("request %d: signature header %q does not sign the body", i, hd.Get("X-Praksis-Signature"))
		}
		if hd.Get("X-Praksis-Delivery") != r.DeliveryID() || !strings.HasPrefix(r.DeliveryID(), "hvl-42-") {
			t.Errorf("request %d: delivery %q", i, hd.Get("X-Praksis-Delivery"))
		}
		if hd.Get("Content-Type") != "application/json" {
			t.Errorf("request %d: content type %q", i, hd.Get("Content-Type"))
		}
		if !bytes.Equal(body, h.bodies[0]) {
			t.Errorf("request %d: the body differs between attempts", i)
		}
	}
	// The body is the same signed document the file exporter writes.
	file, _ := os.ReadFile(filepath.Join("testdata", "result-export.golden.json"))
	if !bytes.Equal(append(append([]byte{}, h.bodies[0]...), '\n'), file) {
		t.Errorf("web-hook body is not the file's document:\n%s", h.bodies[0])
	}
	verify(t, h.bodies[0])

	// An unreachable hook is retried.
	srv.Close()
	if err := e.Export(ctx, r); err == nil || IsPermanent(err) {
		t.Errorf("unreachable hook: %v", err)
	}
}

// outcome names what an export's error asks of the caller: nothing, a
// retry, or giving up.
func outcome(err error) string {
	switch {
	case err != nil && IsPermanent(err):
		return "final"
	case err != nil:
		return "retry"
	}
	return "ok"
}

type fixed struct{ err error }

func (f fixed) Export(context.Context, Result) error { return f.err }

func TestMultiIsPermanentOnlyWhenEveryFailureIs(t *testing.T) {
	r, _ := fixedResult(t)
	ctx := context.Background()
	retry, final := io.ErrUnexpectedEOF, Permanent(io.EOF)
	cases := []struct {
		name string
		m    Multi
		want string
	}{
		{"all ok", Multi{fixed{}, fixed{}}, "ok"},
		{"one retryable", Multi{fixed{}, fixed{retry}}, "retry"},
		{"retryable and permanent", Multi{fixed{final}, fixed{retry}}, "retry"},
		{"all permanent", Multi{fixed{final}, fixed{final}}, "final"},
	}
	for _, c := range cases {
		err := c.m.Export(ctx, r)
		got := outcome(err)
		if got != c.want {
			t.Errorf("%s: %s (%v)", c.name, got, err)
		}
	}
}
