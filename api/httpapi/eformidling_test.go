package httpapi

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"
	"github.com/spf13/cobra"
	"gorm.io/gorm"

	"github.com/praksis/praksis/api/arkivmelding"
	"github.com/praksis/praksis/api/eformidling"
	"github.com/praksis/praksis/api/results"
	"github.com/praksis/praksis/api/signing"
	"github.com/praksis/praksis/dev/mockeformidling"
	"github.com/praksis/praksis/tenants"
)

// archiveDouble starts the integrasjonspunkt double and sets school A up to
// deliver to it, through the admin's settings route.
func (rf *resultsFixture) archiveDouble(t *testing.T, p *placement) *mockeformidling.Server {
	t.Helper()
	d := mockeformidling.New("")
	srv := httptest.NewServer(d)
	t.Cleanup(srv.Close)
	rec := rf.send(t, http.MethodPut, "a.localhost", "/api/tenant/eformidling", p.tokens["admin"], eformidling.Config{
		Enabled: true, URL: srv.URL + "/", SenderOrgNumber: "917 341 512", ReceiverOrgNumber: "917341512", ClassificationSystem: "Fagkoder"})
	if rec.Code != http.StatusOK {
		t.Fatalf("set up eFormidling: %d %s", rec.Code, rec.Body)
	}
	rf.deliver.SetRequestTimeout(300 * time.Millisecond)
	return d
}

// runDelivery runs the delivery job of a round as River would: again after
// a snooze, and with the next attempt after an error. It returns how many
// attempts failed.
func (rf *resultsFixture) runDelivery(t *testing.T, formID int64, round int) int {
	t.Helper()
	job := &river.Job[eformidling.DeliverArgs]{JobRow: &rivertype.JobRow{ID: 3, Attempt: 1, MaxAttempts: eformidling.MaxAttempts},
		Args: eformidling.DeliverArgs{Tenant: "skole-a", SigningFormID: formID, Round: round}}
	failed := 0
	for range 30 {
		err := rf.deliver.Work(context.Background(), job)
		var snooze *river.JobSnoozeError
		switch {
		case err == nil:
			return failed
		case errors.As(err, &snooze):
		default:
			failed++
			job.Attempt++
		}
	}
	t.Fatalf("delivery of form %d not done after 30 runs", formID)
	return failed
}

func (rf *resultsFixture) deliveries(t *testing.T, p *placement, tok, host string) eformidling.Overview {
	t.Helper()
	rec := rf.send(t, http.MethodGet, host, fmt.Sprintf("/api/users/%d/archive-deliveries", p.studentID), tok, nil)
	if rec.Code != http.StatusOK {
		t.Fatalf("deliveries: %d %s", rec.Code, rec.Body)
	}
	return decode[eformidling.Overview](t, rec)
}

// checkMessage checks one received message: the SBD addresses the archive
// in the form's conversation, arkivmelding.xml is valid, and both PDFs are
// there, the signing form byte for byte as archived.
func (rf *resultsFixture) checkMessage(t *testing.T, m *mockeformidling.Message, formID int64) {
	t.Helper()
	if m.Receiver != "0192:917341512" || m.Sender != "0192:917341512" || m.Process != arkivmelding.DefaultProcess {
		t.Errorf("addressed %s → %s in %s", m.Sender, m.Receiver, m.Process)
	}
	if m.ConversationID != eformidling.ConversationID("skole-a", formID) {
		t.Errorf("conversation %s, want the form's stable id", m.ConversationID)
	}
	if len(m.Files) != 3 {
		t.Fatalf("%d files, want arkivmelding.xml and two PDFs: %+v", len(m.Files), m.Files)
	}
	xml, ok := m.File(arkivmelding.FileName)
	if !ok || arkivmelding.Validate(xml.Data) != nil {
		t.Fatalf("no valid arkivmelding.xml: %v", arkivmelding.Validate(xml.Data))
	}
	if !bytes.Contains(xml.Data, []byte("<meldingId>"+m.MessageID+"</meldingId>")) ||
		!bytes.Contains(xml.Data, []byte("<systemID>"+arkivmelding.ID("skole-a", formID, "saksmappe")+"</systemID>")) {
		t.Errorf("arkivmelding.xml lacks the message id or the stable case id:\n%s", xml.Data)
	}
	var archived []byte
	if err := rf.db.Service.InScope(context.Background(), "skole-a", func(_ context.Context, tx *gorm.DB) error {
		return tx.Raw("SELECT pdf FROM result_archive WHERE signing_form_id = ?", formID).Row().Scan(&archived)
	}); err != nil {
		t.Fatal(err)
	}
	main, ok := m.File(arkivmelding.MainFile)
	if !ok || !bytes.Equal(main.Data, archived) || main.ContentType != "application/pdf" {
		t.Errorf("the signing form is not the archived PDF (%d bytes, %s)", len(main.Data), main.ContentType)
	}
	full, ok := m.File(arkivmelding.AttachmentFile)
	if !ok || !bytes.HasPrefix(full.Data, []byte("%PDF-")) {
		t.Errorf("no full assessment PDF")
	}
}

// TestArchiveDeliveryEndToEnd locks a form, runs the due archive job and
// the delivery job: the integrasjonspunkt gets exactly one message, reports
// LEVERT, and the admin sees the result delivered.
func TestArchiveDeliveryEndToEnd(t *testing.T) {
	rf := newResultsFixture(t)
	p := rf.newPlacement(t)
	double := rf.archiveDouble(t, p)
	form := rf.archivedForm(t, p)
	rf.archived(t, form) // the archive job again: nothing more

	if n := rf.riverInt(t, "SELECT count(*) FROM river.river_job WHERE kind = 'eformidling.deliver' AND (args->>'signingFormId')::bigint = $1", form.ID); n != 1 {
		t.Fatalf("%d delivery jobs, want 1", n)
	}
	// Before delivery, the result is in the admins' list of undelivered ones.
	list := decode[eformidling.Overview](t, rf.send(t, http.MethodGet, "a.localhost", "/api/archive-deliveries", p.tokens["admin"], nil))
	if !list.Enabled || len(list.Results) != 1 || list.Results[0].Delivery == nil || list.Results[0].Delivery.Status != eformidling.Pending {
		t.Fatalf("undelivered list before delivery: %+v", list)
	}

	if failed := rf.runDelivery(t, form.ID, 1); failed != 0 {
		t.Errorf("%d failed attempts with a working integrasjonspunkt", failed)
	}
	msgs := double.Messages()
	if len(msgs) != 1 {
		t.Fatalf("%d messages received, want exactly 1", len(msgs))
	}
	rf.checkMessage(t, msgs[0], form.ID)
	if last := msgs[0].Statuses[len(msgs[0].Statuses)-1].Status; last != "LEVERT" {
		t.Errorf("last status %s, want LEVERT", last)
	}
	o := rf.deliveries(t, p, p.tokens["admin"], "a.localhost")
	if len(o.Results) != 1 || o.Results[0].Delivery == nil || o.Results[0].Delivery.Status != eformidling.Delivered ||
		o.Results[0].Delivery.DeliveredAt == nil || *o.Results[0].Delivery.LastStatus != "LEVERT" {
		t.Fatalf("student's results: %+v", o)
	}
	list = decode[eformidling.Overview](t, rf.send(t, http.MethodGet, "a.localhost", "/api/archive-deliveries", p.tokens["admin"], nil))
	if len(list.Results) != 0 {
		t.Errorf("a delivered result is still listed as undelivered: %+v", list.Results)
	}
	if n := rf.scalar(t, "skole-a", "SELECT count(*) FROM audit_log WHERE action = 'signingForm.archiveDelivered' AND entity_id = ?", form.ID); n != 1 {
		t.Errorf("%d delivered audit rows, want 1", n)
	}

	// The job again (a duplicate run) sends nothing more; a retry is refused.
	rf.runDelivery(t, form.ID, 1)
	if len(double.Messages()) != 1 {
		t.Errorf("a second run sent again")
	}
	if rec := rf.send(t, http.MethodPost, "a.localhost", fmt.Sprintf("/api/archive-deliveries/%d/retry", form.ID), p.tokens["admin"], nil); rec.Code != http.StatusConflict {
		t.Errorf("retry of a delivered result: %d %s", rec.Code, rec.Body)
	}
}

// TestArchiveDeliverySurvivesFailures: an integrasjonspunkt failing twice,
// or losing its answer after taking the message, still ends with one
// message, delivered.
func TestArchiveDeliverySurvivesFailures(t *testing.T) {
	for _, tc := range []struct {
		name       string
		misbehave  func(d *mockeformidling.Server)
		wantFailed int
	}{
		{"fails twice", func(d *mockeformidling.Server) { d.Fail(2) }, 2},
		{"does not answer", func(d *mockeformidling.Server) { d.Stall(1) }, 1},
		{"loses the answer to the message", func(d *mockeformidling.Server) { d.LoseAnswer(1) }, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rf := newResultsFixture(t)
			p := rf.newPlacement(t)
			double := rf.archiveDouble(t, p)
			form := rf.archivedForm(t, p)
			tc.misbehave(double)
			if failed := rf.runDelivery(t, form.ID, 1); failed != tc.wantFailed {
				t.Errorf("%d failed attempts, want %d", failed, tc.wantFailed)
			}
			msgs := double.Messages()
			if len(msgs) != 1 {
				t.Fatalf("%d messages received, want exactly 1", len(msgs))
			}
			rf.checkMessage(t, msgs[0], form.ID)
			d := rf.deliveries(t, p, p.tokens["admin"], "a.localhost").Results[0].Delivery
			if d == nil || d.Status != eformidling.Delivered || d.Attempts != tc.wantFailed {
				t.Fatalf("delivery: %+v", d)
			}
		})
	}
}

// TestArchiveDeliveryFailureAndRetry: a message that ends in FEIL is shown
// failed with the reason; an admin's retry sends a new message in the same
// conversation with the same system ids, which is delivered. Only the
// school's admins may retry.
func TestArchiveDeliveryFailureAndRetry(t *testing.T) {
	rf := newResultsFixture(t)
	p := rf.newPlacement(t)
	double := rf.archiveDouble(t, p)
	form := rf.archivedForm(t, p)
	double.FinishWith("FEIL")
	rf.runDelivery(t, form.ID, 1)
	d := rf.deliveries(t, p, p.tokens["admin"], "a.localhost").Results[0].Delivery
	if d == nil || d.Status != eformidling.Failed || d.Reason == nil || !strings.Contains(*d.Reason, "FEIL") || d.FailedAt == nil {
		t.Fatalf("delivery after FEIL: %+v", d)
	}

	retry := fmt.Sprintf("/api/archive-deliveries/%d/retry", form.ID)
	for _, tc := range []struct {
		who, host string
		want      int
	}{
		{"teacher", "a.localhost", http.StatusForbidden},
		{"student", "a.localhost", http.StatusForbidden},
		{"advisor", "a.localhost", http.StatusForbidden},
		{"otherSchoolAdmin", "b.localhost", http.StatusNotFound},
		{"", "a.localhost", http.StatusUnauthorized},
	} {
		rec := rf.send(t, http.MethodPost, tc.host, retry, p.tokens[tc.who], nil)
		if rec.Code != tc.want {
			t.Errorf("retry as %q: %d, want %d (%s)", tc.who, rec.Code, tc.want, rec.Body)
		}
		if tc.who != "" && !strings.Contains(rec.Body.String(), `"statusCode"`) {
			t.Errorf("retry as %q: not the error shape: %s", tc.who, rec.Body)
		}
	}
	for _, path := range []string{"/api/archive-deliveries", fmt.Sprintf("/api/users/%d/archive-deliveries", p.studentID), "/api/tenant/eformidling"} {
		for _, who := range []string{"teacher", "student", "advisor"} {
			if rec := rf.send(t, http.MethodGet, "a.localhost", path, p.tokens[who], nil); rec.Code != http.StatusForbidden {
				t.Errorf("GET %s as %s: %d, want 403", path, who, rec.Code)
			}
		}
	}
	// Another school's admin sees nothing of school A.
	if rec := rf.send(t, http.MethodGet, "b.localhost", fmt.Sprintf("/api/users/%d/archive-deliveries", p.studentID), p.tokens["otherSchoolAdmin"], nil); rec.Code != http.StatusNotFound {
		t.Errorf("other school's admin asking for the student: %d, want 404", rec.Code)
	}
	if o := decode[eformidling.Overview](t, rf.send(t, http.MethodGet, "b.localhost", "/api/archive-deliveries", p.tokens["otherSchoolAdmin"], nil)); len(o.Results) != 0 || o.Enabled {
		t.Errorf("other school's admin sees %+v", o)
	}
	if n := rf.riverInt(t, "SELECT count(*) FROM river.river_job WHERE kind = 'eformidling.deliver'"); n != 1 {
		t.Fatalf("refused retries enqueued jobs: %d", n)
	}

	rec := rf.send(t, http.MethodPost, "a.localhost", retry, p.tokens["admin"], nil)
	if rec.Code != http.StatusOK {
		t.Fatalf("retry: %d %s", rec.Code, rec.Body)
	}
	d2 := decode[eformidling.Delivery](t, rec)
	if d2.Round != 2 || d2.Status != eformidling.Pending || d2.MessageID == d.MessageID || d2.ConversationID != d.ConversationID {
		t.Fatalf("after retry: %+v (before %+v)", d2, d)
	}
	if n := rf.riverInt(t, "SELECT count(*) FROM river.river_job WHERE kind = 'eformidling.deliver' AND (args->>'round')::int = 2"); n != 1 {
		t.Fatalf("%d jobs for round 2", n)
	}
	rf.runDelivery(t, form.ID, 1) // the old round's job: superseded, does nothing
	rf.runDelivery(t, form.ID, 2)
	msgs := double.Messages()
	if len(msgs) != 2 {
		t.Fatalf("%d messages, want the failed one and the retry", len(msgs))
	}
	rf.checkMessage(t, msgs[1], form.ID)
	first, _ := msgs[0].File(arkivmelding.FileName)
	second, _ := msgs[1].File(arkivmelding.FileName)
	if !bytes.Equal(bytes.ReplaceAll(first.Data, []byte(msgs[0].MessageID), nil), bytes.ReplaceAll(second.Data, []byte(msgs[1].MessageID), nil)) {
		t.Errorf("the retried arkivmelding differs beyond its message id")
	}
	if d := rf.deliveries(t, p, p.tokens["admin"], "a.localhost").Results[0].Delivery; d.Status != eformidling.Delivered {
		t.Errorf("after retry: %+v", d)
	}
}

// TestArchiveDeliveryOffChangesNothingElse: with eFormidling unconfigured
// or switched off, archiving and the other exporters work as before, and
// no delivery starts; with it on, the file exporter still writes the same
// document even while the integrasjonspunkt is down.
func TestArchiveDeliveryOffChangesNothingElse(t *testing.T) {
	for _, tc := range []struct {
		name  string
		setUp func(rf *resultsFixture, p *placement) *mockeformidling.Server
		jobs  int64
	}{
		{"unconfigured", func(*resultsFixture, *placement) *mockeformidling.Server { return nil }, 0},
		{"switched off", func(rf *resultsFixture, p *placement) *mockeformidling.Server {
			d := rf.archiveDouble(t, p)
			if rec := rf.send(t, http.MethodPut, "a.localhost", "/api/tenant/eformidling", p.tokens["admin"], eformidling.Config{
				Enabled: false, URL: "http://127.0.0.1:9/", SenderOrgNumber: "917341512", ReceiverOrgNumber: "917341512"}); rec.Code != http.StatusOK {
				t.Fatalf("switch off: %d %s", rec.Code, rec.Body)
			}
			return d
		}, 0},
		{"on, integrasjonspunkt down", func(rf *resultsFixture, p *placement) *mockeformidling.Server {
			d := rf.archiveDouble(t, p)
			d.Fail(1000)
			return d
		}, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rf := newResultsFixture(t)
			p := rf.newPlacement(t)
			double := tc.setUp(rf, p)
			form := rf.archivedForm(t, p)
			if n := rf.riverInt(t, "SELECT count(*) FROM river.river_job WHERE kind = 'signing.submit'"); n != 1 {
				t.Errorf("%d submission jobs, want 1", n)
			}
			if n := rf.riverInt(t, "SELECT count(*) FROM river.river_job WHERE kind = 'eformidling.deliver'"); n != tc.jobs {
				t.Errorf("%d delivery jobs, want %d", n, tc.jobs)
			}
			if n := rf.scalar(t, "skole-a", "SELECT count(*) FROM archive_deliveries"); n != tc.jobs {
				t.Errorf("%d deliveries, want %d", n, tc.jobs)
			}
			if tc.jobs == 0 {
				// The archived result is listed without a delivery (null).
				if o := rf.deliveries(t, p, p.tokens["admin"], "a.localhost"); len(o.Results) != 1 || o.Results[0].Delivery != nil || o.Enabled {
					t.Errorf("archived results with delivery off: %+v", o)
				}
			}
			dir := t.TempDir()
			submit := results.NewSubmitWorker(rf.reg, results.NewFileExporter(dir, resultKey), rf.log)
			if err := submit.Work(context.Background(), submitJob(form.ID, 1)); err != nil {
				t.Fatalf("submit: %v", err)
			}
			b, err := os.ReadFile(filepath.Join(dir, "skole-a", fmt.Sprintf("%d.json", form.ID)))
			if err != nil || !json.Valid(bytes.TrimSpace(b)) {
				t.Fatalf("exported file: %v", err)
			}
			if double != nil && tc.jobs == 0 {
				rf.runDelivery(t, form.ID, 1)
				if len(double.Messages()) != 0 || double.Requests() != 0 {
					t.Errorf("the integrasjonspunkt was called while eFormidling is off")
				}
			}
		})
	}
}

// TestArchiveSettings: the admin's set-up is checked field by field in the
// error shape and in the caller's language, stored per school, and only the
// school's admins may read or change it.
func TestArchiveSettings(t *testing.T) {
	f := newFixture(t)
	p := f.newPlacement(t)
	path := "/api/tenant/eformidling"
	for _, tc := range []struct {
		name   string
		body   any
		fields []string
	}{
		{"on without anything", eformidling.Config{Enabled: true}, []string{"url", "senderOrgNumber", "receiverOrgNumber"}},
		{"bad values", eformidling.Config{URL: "ftp://x", SenderOrgNumber: "12345", ReceiverOrgNumber: "abc", Process: "arkiv",
			CaseSystemID: "case-1", ClassID: "B53"}, []string{"url", "senderOrgNumber", "receiverOrgNumber", "process", "caseSystemId", "classificationSystem"}},
		{"wrong type", map[string]any{"enabled": "yes"}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rec := f.send(t, http.MethodPut, "a.localhost", path, p.tokens["admin"], tc.body)
			if rec.Code != http.StatusBadRequest {
				t.Fatalf("%d %s", rec.Code, rec.Body)
			}
			var e struct {
				Description string
				StatusCode  int
				Errors      []struct{ Reason, Description string }
			}
			if err := json.Unmarshal(rec.Body.Bytes(), &e); err != nil || e.StatusCode != 400 || e.Description == "" {
				t.Fatalf("not the error shape: %s", rec.Body)
			}
			var got []string
			for _, fe := range e.Errors {
				got = append(got, fe.Reason)
				if fe.Description == "" || strings.HasPrefix(fe.Description, "eformidling.") {
					t.Errorf("field %s has no readable message: %q", fe.Reason, fe.Description)
				}
			}
			if tc.fields != nil && strings.Join(got, ",") != strings.Join(tc.fields, ",") {
				t.Errorf("fields %v, want %v", got, tc.fields)
			}
		})
	}
	good := eformidling.Config{Enabled: true, URL: " https://ip.skole.no:9093/ ", SenderOrgNumber: "917 341 512", ReceiverOrgNumber: "974760673",
		Process: "urn:no:difi:profile:arkivmelding:administrasjon:ver1.0", CaseSystemID: "1c0ad0c4-30f7-4c4a-9a9c-2f6e1f0e2b11"}
	for _, who := range []string{"teacher", "student", "advisor"} {
		if rec := f.send(t, http.MethodPut, "a.localhost", path, p.tokens[who], good); rec.Code != http.StatusForbidden {
			t.Errorf("PUT as %s: %d, want 403", who, rec.Code)
		}
	}
	rec := f.send(t, http.MethodPut, "a.localhost", path, p.tokens["admin"], good)
	if rec.Code != http.StatusOK {
		t.Fatalf("save: %d %s", rec.Code, rec.Body)
	}
	got := decode[eformidling.Config](t, f.send(t, http.MethodGet, "a.localhost", path, p.tokens["admin"], nil))
	if got.URL != "https://ip.skole.no:9093" || got.SenderOrgNumber != "917341512" || !got.Enabled || got.CaseSystemID != good.CaseSystemID {
		t.Errorf("stored %+v", got)
	}
	if other := decode[eformidling.Config](t, f.send(t, http.MethodGet, "b.localhost", path, p.tokens["otherSchoolAdmin"], nil)); other.Enabled || other.URL != "" {
		t.Errorf("school B sees %+v", other)
	}
}

// runCommand runs a `praksis` command tree against the fixture's database.
func (rf *resultsFixture) runCommand(t *testing.T, cmd *cobra.Command, args ...string) (string, error) {
	t.Helper()
	return runCommand(cmd, args...)
}

// runCommand runs an operator's command with args and returns what it printed.
func runCommand(cmd *cobra.Command, args ...string) (string, error) {
	var out bytes.Buffer
	cmd.SetOut(&out)
	cmd.SetErr(&out)
	cmd.SetArgs(args)
	err := cmd.ExecuteContext(context.Background())
	return out.String(), err
}

// TestOperatorCommands: `praksis tenant update` sets a school's eFormidling
// delivery (refusing bad values by flag), and `praksis results
// arkivmelding` prints the valid arkivmelding.xml that is then sent, byte
// for byte.
func TestOperatorCommands(t *testing.T) {
	rf := newResultsFixture(t)
	p := rf.newPlacement(t)
	open := func(context.Context) (*tenants.Service, func(), error) { return rf.db.Service, func() {}, nil }
	tenantCmd := func() *cobra.Command { return tenants.Command(open, &eformidling.UpdateFlags{}) }
	double := mockeformidling.New("")
	srv := httptest.NewServer(double)
	t.Cleanup(srv.Close)

	_, err := rf.runCommand(t, tenantCmd(), "update", "skole-a", "--eformidling", "--eformidling-url", srv.URL,
		"--eformidling-org-number", "917341512", "--eformidling-archive-org-number", "91734")
	if err == nil || !strings.Contains(err.Error(), "--eformidling-archive-org-number: The organisation number must have nine digits") {
		t.Fatalf("bad archive number: %v", err)
	}
	if n := rf.scalar(t, "skole-a", "SELECT count(*) FROM settings WHERE key = 'eformidling'"); n != 0 {
		t.Fatalf("bad settings saved")
	}
	if _, err := rf.runCommand(t, tenantCmd(), "update", "skole-a", "--eformidling", "--eformidling-url", srv.URL,
		"--eformidling-org-number", "917 341 512", "--eformidling-archive-org-number", "917341512",
		"--eformidling-classification-system", "Fagkoder"); err != nil {
		t.Fatal(err)
	}
	cfg := decode[eformidling.Config](t, rf.send(t, http.MethodGet, "a.localhost", "/api/tenant/eformidling", p.tokens["admin"], nil))
	if !cfg.Enabled || cfg.URL != srv.URL || cfg.SenderOrgNumber != "917341512" || cfg.ClassificationSystem != "Fagkoder" {
		t.Fatalf("stored %+v", cfg)
	}
	// Another flag alone keeps the rest.
	if _, err := rf.runCommand(t, tenantCmd(), "update", "skole-a", "--eformidling-administrative-unit", "Fakultet for helse"); err != nil {
		t.Fatal(err)
	}

	form := rf.signedForm(t, p)
	preview := func() []byte {
		out, err := rf.runCommand(t, eformidling.ResultsCommand(open), "arkivmelding", "--tenant", "skole-a", "--signing-form", fmt.Sprint(form.ID))
		if err != nil {
			t.Fatalf("preview: %v", err)
		}
		if err := arkivmelding.Validate([]byte(out)); err != nil {
			t.Fatal(err)
		}
		return []byte(out)
	}
	if b := preview(); !bytes.Contains(b, []byte("<administrativEnhet>Fakultet for helse</administrativEnhet>")) ||
		!bytes.Contains(b, []byte("<referanseKlassifikasjonssystem>Fagkoder</referanseKlassifikasjonssystem>")) {
		t.Errorf("preview of the locked form:\n%s", b)
	}
	if _, err := rf.runCommand(t, eformidling.ResultsCommand(open), "arkivmelding", "--tenant", "skole-a", "--signing-form", "999999"); err == nil ||
		!strings.Contains(err.Error(), "no signing form 999999") {
		t.Errorf("unknown form: %v", err)
	}

	rf.archived(t, form)
	rf.deliver.SetRequestTimeout(time.Second)
	rf.runDelivery(t, form.ID, 1)
	sent, _ := double.Messages()[0].File(arkivmelding.FileName)
	if got := preview(); !bytes.Equal(got, sent.Data) {
		t.Errorf("preview differs from what was sent:\n%s\nsent:\n%s", got, sent.Data)
	}
}

// TestDevelopmentArchiveDelay: with a shorter delay (DEV_ARCHIVE_DELAY) the
// scheduler enqueues archiving that much after locking and the worker
// archives then, so a developer sees a result reach the archive.
func TestDevelopmentArchiveDelay(t *testing.T) {
	rf := newResultsFixture(t)
	p := rf.newPlacement(t)
	form := rf.signedForm(t, p)
	var at []time.Time
	capture := results.EnqueuerFunc(func(_ context.Context, _ river.JobArgs, opts *river.InsertOpts) error {
		at = append(at, opts.ScheduledAt)
		return nil
	})
	err := rf.db.Service.InScope(context.Background(), "skole-a", func(ctx context.Context, _ *gorm.DB) error {
		s := results.NewScheduler(capture)
		s.SetDelay(time.Minute)
		return s.Signed(ctx, &form, signing.Teacher, true)
	})
	if err != nil || len(at) != 1 || !at[0].Equal(form.LockedAt.Add(time.Minute)) {
		t.Fatalf("scheduled at %v (%v), want locked_at + 1 minute", at, err)
	}
	rf.archive.SetDelay(time.Minute)
	rf.archive.SetClock(func() time.Time { return form.LockedAt.Add(30 * time.Second) })
	var snooze *river.JobSnoozeError
	if err := rf.archive.Work(context.Background(), archiveJob(form.ID)); !errors.As(err, &snooze) {
		t.Fatalf("before the delay: %v, want a snooze", err)
	}
	rf.archive.SetClock(func() time.Time { return form.LockedAt.Add(2 * time.Minute) })
	if err := rf.archive.Work(context.Background(), archiveJob(form.ID)); err != nil {
		t.Fatal(err)
	}
	if n := rf.scalar(t, "skole-a", "SELECT count(*) FROM result_archive"); n != 1 {
		t.Errorf("%d archive rows after the delay, want 1", n)
	}
}
