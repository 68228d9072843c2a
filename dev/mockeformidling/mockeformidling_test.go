package mockeformidling_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/praksis/praksis/api/arkivmelding"
	"github.com/praksis/praksis/api/eformidling"
	"github.com/praksis/praksis/api/results"
	"github.com/praksis/praksis/dev/mockeformidling"
)

func ptr[T any](v T) *T { return &v }

func record() *results.Record {
	at := time.Date(2026, 6, 11, 14, 15, 0, 0, time.UTC)
	return &results.Record{Format: results.RecordFormat, SigningFormID: 5,
		School:  results.School{Slug: "hvl", Name: "Høgskolen", OrgNumber: "917341512"},
		Student: results.Student{ID: 7, Name: "Ola Nordmann"},
		Class: results.Class{ID: 3, Subject: results.Subject{Code: "SYKP2100", Name: "Klinisk praksis"},
			Semester: results.Semester{Name: "Vår 2026"}},
		Values:     results.Values{OverallPassed: ptr("passed")},
		Signatures: []results.Signature{{Party: "teacher", Name: "Tone", SignedAt: at}},
		LockedAt:   at, ArchivedAt: at.Add(72 * time.Hour)}
}

var cfg = eformidling.Config{Enabled: true, SenderOrgNumber: "917341512", ReceiverOrgNumber: "917341512"}

// TestDoubleRefusesWhatAnArchiveWould: the double accepts a complete,
// valid message and refuses, with 400 in the integrasjonspunkt's error
// shape, an arkivmelding outside the schema, a missing document, a wrong
// document type and a message id sent twice.
func TestDoubleRefusesWhatAnArchiveWould(t *testing.T) {
	d := mockeformidling.New("/ip")
	srv := httptest.NewServer(d)
	defer srv.Close()
	c := eformidling.NewClient(srv.URL+"/ip", time.Second)
	ctx := context.Background()
	pdf := []byte("%PDF-1.4\n%%EOF\n")
	build := func(id string) ([]byte, []eformidling.Part) {
		sbd, parts, err := eformidling.Build(cfg, record(), "nb", id, pdf, pdf)
		if err != nil {
			t.Fatal(err)
		}
		return sbd, parts
	}

	caps, err := c.Capabilities(ctx, "917341512", arkivmelding.DefaultProcess)
	if err != nil || !eformidling.TakesArkivmelding(caps, arkivmelding.DefaultProcess) {
		t.Fatalf("capabilities: %v %+v", err, caps)
	}
	if caps, _ := c.Capabilities(ctx, "917341512", "urn:no:difi:profile:einnsyn:journalpost:ver1.0"); eformidling.TakesArkivmelding(caps, "urn:no:difi:profile:einnsyn:journalpost:ver1.0") {
		t.Errorf("takes arkivmelding in an eInnsyn process")
	}

	for _, tc := range []struct {
		name   string
		change func(sbd []byte, parts []eformidling.Part) ([]byte, []eformidling.Part)
		want   string
	}{
		{"not valid against the schema", func(sbd []byte, parts []eformidling.Part) ([]byte, []eformidling.Part) {
			parts[0].Data = bytes.Replace(parts[0].Data, []byte("<system>Praksis</system>"), nil, 1)
			return sbd, parts
		}, "not valid against arkivmelding.xsd"},
		{"attachment missing", func(sbd []byte, parts []eformidling.Part) ([]byte, []eformidling.Part) {
			return sbd, parts[:2]
		}, "refers to vurdering.pdf"},
		{"no arkivmelding.xml", func(sbd []byte, parts []eformidling.Part) ([]byte, []eformidling.Part) {
			return sbd, parts[1:]
		}, "no arkivmelding.xml"},
		{"wrong document type", func(sbd []byte, parts []eformidling.Part) ([]byte, []eformidling.Part) {
			return bytes.Replace(sbd, []byte(`"type":"arkivmelding"`), []byte(`"type":"innsynskrav"`), 1), parts
		}, "is not arkivmelding"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			sbd, parts := tc.change(build(eformidling.MessageID("hvl", 5, 9)))
			err := c.Send(ctx, sbd, parts)
			var refused *eformidling.RefusedError
			if !eformidlingAs(err, &refused) || refused.Status != http.StatusBadRequest || !strings.Contains(refused.Message, tc.want) {
				t.Fatalf("got %v, want 400 saying %q", err, tc.want)
			}
		})
	}
	if n := len(d.Messages()); n != 0 {
		t.Fatalf("kept %d refused messages", n)
	}

	id := eformidling.MessageID("hvl", 5, 1)
	sbd, parts := build(id)
	if err := c.Send(ctx, sbd, parts); err != nil {
		t.Fatal(err)
	}
	if err := c.Send(ctx, sbd, parts); !eformidling.IsRefused(err) {
		t.Errorf("the same message id twice: %v", err)
	}
	var seen []string
	for range 5 {
		st, err := c.Statuses(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		seen = append(seen, st[len(st)-1].Status)
	}
	if got := strings.Join(seen, ","); got != "OPPRETTET,SENDT,MOTTATT,LEVERT,LEVERT" {
		t.Errorf("statuses %s", got)
	}
	if st, err := c.Statuses(ctx, "00000000-0000-0000-0000-000000000000"); err != nil || len(st) != 0 {
		t.Errorf("unknown message: %v %v", st, err)
	}

	// Inspection and control over HTTP.
	resp, err := http.Get(srv.URL + "/ip/messages")
	if err != nil {
		t.Fatal(err)
	}
	var msgs []mockeformidling.Message
	_ = json.NewDecoder(resp.Body).Decode(&msgs)
	resp.Body.Close()
	if len(msgs) != 1 || len(msgs[0].Files) != 3 || msgs[0].MessageID != id {
		t.Errorf("messages: %+v", msgs)
	}
	resp, err = http.Post(srv.URL+"/ip/control", "application/json", strings.NewReader(`{"fail":1,"finishWith":"LEVETID_UTLOPT"}`))
	if err != nil || resp.StatusCode != http.StatusNoContent {
		t.Fatalf("control: %v %v", err, resp.Status)
	}
	if _, err := c.Capabilities(ctx, "917341512", arkivmelding.DefaultProcess); err == nil || eformidling.IsRefused(err) {
		t.Errorf("told to fail: %v, want a retryable error", err)
	}
	id2 := eformidling.MessageID("hvl", 5, 2)
	sbd, parts = build(id2)
	if err := c.Send(ctx, sbd, parts); err != nil {
		t.Fatal(err)
	}
	var last string
	for range 3 {
		st, _ := c.Statuses(ctx, id2)
		last = st[len(st)-1].Status
	}
	if last != "LEVETID_UTLOPT" {
		t.Errorf("told to finish with LEVETID_UTLOPT, ended %s", last)
	}
}

func eformidlingAs(err error, target **eformidling.RefusedError) bool { return errors.As(err, target) }
