package httpapi

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"gorm.io/gorm"

	"github.com/praksis/praksis/api/mail"
	"github.com/praksis/praksis/api/warnings"
)

func TestWarningLifecycle(t *testing.T) {
	f := newFixture(t)
	p := f.newPlacement(t)
	base := fmt.Sprintf("/api/classes/%d/students/%d/warning", p.classID, p.studentID)
	draft := warnings.Draft{Comment: "Læringsutbytte 3 og 5 er ikke nådd.", PassRequirement: "Selvstendig legemiddelhåndtering.", PassRequirementSummary: "Må vise trygg legemiddelhåndtering."}

	// None yet: 404 in the error shape, for everyone who may look.
	for _, who := range []string{"teacher", "student", "advisor", "admin"} {
		if rec := f.send(t, http.MethodGet, "a.localhost", base, p.tokens[who], nil); rec.Code != http.StatusNotFound {
			t.Errorf("no warning, %s: %d", who, rec.Code)
		}
	}

	steps := []struct {
		name, who, method, path string
		body                    any
		want                    int
	}{
		{"student cannot write", "student", http.MethodPost, base, draft, http.StatusForbidden},
		{"own supervisor cannot write", "advisor", http.MethodPost, base, draft, http.StatusForbidden},
		{"teacher of no class cannot write", "otherTeacher", http.MethodPost, base, draft, http.StatusForbidden},
		{"other school's admin", "otherSchoolAdmin", http.MethodPost, base, draft, http.StatusUnauthorized},
		{"comment too long", "teacher", http.MethodPost, base, warnings.Draft{Comment: strings.Repeat("x", 10001)}, http.StatusBadRequest},
		{"pass requirement too long", "teacher", http.MethodPost, base, warnings.Draft{PassRequirement: strings.Repeat("å", 10001)}, http.StatusBadRequest},
		{"summary too long", "teacher", http.MethodPost, base, warnings.Draft{PassRequirementSummary: strings.Repeat("x", 10001)}, http.StatusBadRequest},
		{"nothing saved from a refused draft", "teacher", http.MethodGet, base, nil, http.StatusNotFound},
		{"exactly 10000 characters each", "teacher", http.MethodPost, base, warnings.Draft{Comment: strings.Repeat("æ", 10000), PassRequirement: strings.Repeat("ø", 10000), PassRequirementSummary: strings.Repeat("å", 10000)}, http.StatusOK},
		{"a draft may be deleted", "teacher", http.MethodDelete, base, nil, http.StatusNoContent},
		{"teacher saves a partial draft", "teacher", http.MethodPost, base, warnings.Draft{Comment: "Utkast"}, http.StatusOK},
		{"draft hidden from the student", "student", http.MethodGet, base, nil, http.StatusNotFound},
		{"draft hidden from the supervisor", "advisor", http.MethodGet, base, nil, http.StatusNotFound},
		{"submit incomplete", "teacher", http.MethodPost, base + "/submit", nil, http.StatusBadRequest},
		{"student cannot confirm a draft", "student", http.MethodPost, base + "/confirm", nil, http.StatusNotFound},
		{"supervisor cannot send", "advisor", http.MethodPost, base + "/submit", draft, http.StatusForbidden},
		{"teacher sends", "teacher", http.MethodPost, base + "/submit", draft, http.StatusOK},
		{"sent warning cannot change", "teacher", http.MethodPost, base, draft, http.StatusConflict},
		{"sent twice", "teacher", http.MethodPost, base + "/submit", nil, http.StatusConflict},
		{"student sees it", "student", http.MethodGet, base, nil, http.StatusOK},
		{"own supervisor sees it", "advisor", http.MethodGet, base, nil, http.StatusOK},
		{"other supervisor does not", "otherAdvisor", http.MethodGet, base, nil, http.StatusForbidden},
		{"other student does not", "otherStudent", http.MethodGet, base, nil, http.StatusForbidden},
		{"teacher cannot confirm for the student", "teacher", http.MethodPost, base + "/confirm", nil, http.StatusForbidden},
		{"not deleted before the student confirms", "teacher", http.MethodDelete, base, nil, http.StatusConflict},
		{"still there", "student", http.MethodGet, base, nil, http.StatusOK},
		{"student confirms", "student", http.MethodPost, base + "/confirm", nil, http.StatusOK},
		{"PDF", "student", http.MethodGet, base + "/pdf", nil, http.StatusOK},
		{"deadline", "teacher", http.MethodGet, base + "/deadline", nil, http.StatusOK},
		{"supervisor cannot delete", "advisor", http.MethodDelete, base, nil, http.StatusForbidden},
		{"teacher deletes", "teacher", http.MethodDelete, base, nil, http.StatusNoContent},
		{"gone", "teacher", http.MethodGet, base, nil, http.StatusNotFound},
		{"PDF gone", "teacher", http.MethodGet, base + "/pdf", nil, http.StatusNotFound},
	}
	for _, s := range steps {
		rec := f.send(t, s.method, "a.localhost", s.path, p.tokens[s.who], s.body)
		if rec.Code != s.want {
			t.Fatalf("%s: %d %s, want %d", s.name, rec.Code, rec.Body, s.want)
		}
		switch s.name {
		case "student sees it":
			w := decode[warnings.Warning](t, rec)
			if w.SubmittedAt == nil || w.StudentConfirmedAt != nil || w.Comment != draft.Comment {
				t.Errorf("sent warning %+v", w)
			}
		case "exactly 10000 characters each":
			w := decode[warnings.Warning](t, rec)
			if len([]rune(w.Comment)) != 10000 || len([]rune(w.PassRequirement)) != 10000 || len([]rune(w.PassRequirementSummary)) != 10000 {
				t.Errorf("10000-character texts not kept whole")
			}
		case "comment too long", "pass requirement too long", "summary too long":
			if pr := decode[Problem](t, rec); pr.StatusCode != http.StatusBadRequest || len(pr.Errors) != 1 {
				t.Errorf("%s: problem %+v", s.name, pr)
			}
		case "not deleted before the student confirms":
			if pr := decode[Problem](t, rec); pr.StatusCode != http.StatusConflict || pr.Description == "" {
				t.Errorf("unconfirmed deletion: problem %+v", pr)
			}
		case "student confirms":
			if w := decode[warnings.Warning](t, rec); w.StudentConfirmedAt == nil {
				t.Error("confirmation not recorded")
			}
		case "PDF":
			if rec.Header().Get("Content-Type") != "application/pdf" || !strings.HasPrefix(rec.Body.String(), "%PDF-") {
				t.Errorf("PDF answer %q", rec.Header().Get("Content-Type"))
			}
		case "deadline":
			d := decode[warnings.Deadline](t, rec)
			// Class ends 2026-12-15; mid date set to 2026-10-01.
			if d.Midpoint != "2026-10-01" || d.LastDate != "2026-11-24" {
				t.Errorf("deadline %+v", d)
			}
		}
	}
	// A student id outside the class reveals nothing.
	if rec := f.send(t, http.MethodGet, "a.localhost", fmt.Sprintf("/api/classes/%d/students/%d/warning", p.classID, 999999), p.tokens["teacher"], nil); rec.Code != http.StatusNotFound {
		t.Errorf("unknown student: %d", rec.Code)
	}
}

func TestWarningAudit(t *testing.T) {
	f := newFixture(t)
	p := f.newPlacement(t)
	base := fmt.Sprintf("/api/classes/%d/students/%d/warning", p.classID, p.studentID)
	f.send(t, http.MethodPost, "a.localhost", base+"/submit", p.tokens["teacher"], warnings.Draft{Comment: "a", PassRequirement: "b", PassRequirementSummary: "c"})
	f.send(t, http.MethodPost, "a.localhost", base+"/confirm", p.tokens["student"], nil)
	var actions []string
	f.db.Service.InScope(t.Context(), "skole-a", func(ctx context.Context, tx *gorm.DB) error {
		return tx.Raw("SELECT action FROM audit_log WHERE entity = 'warning' ORDER BY id").Scan(&actions).Error
	})
	if strings.Join(actions, ",") != "warning.saved,warning.submitted,warning.confirmed" {
		t.Errorf("audit trail %v", actions)
	}
}

type capturedMail struct{ msgs []mail.Message }

func (c *capturedMail) Queue(_ context.Context, m mail.Message) error {
	c.msgs = append(c.msgs, m)
	return nil
}

// Sending a warning e-mails the student, in the student's language, and a
// refused send e-mails nobody.
func TestWarningEmailsTheStudent(t *testing.T) {
	f := newFixture(t)
	p := f.newPlacement(t)
	captured := &capturedMail{}
	f.srv = New(f.srv.cfg, f.reg, f.srv.log, Options{Auth: f.auth,
		WarningNotifier: &warnings.MailNotifier{Queue: captured, PublicURL: func(h string) string { return "https://" + h }}})
	base := fmt.Sprintf("/api/classes/%d/students/%d/warning", p.classID, p.studentID)
	if rec := f.send(t, http.MethodPost, "a.localhost", base+"/submit", p.tokens["teacher"], warnings.Draft{Comment: "x"}); rec.Code != http.StatusBadRequest {
		t.Fatalf("incomplete: %d", rec.Code)
	}
	if len(captured.msgs) != 0 {
		t.Fatalf("a refused warning sent %d e-mails", len(captured.msgs))
	}
	f.db.Exec(t, "skole-a", "UPDATE users SET language = 'en' WHERE id = ?", p.studentID)
	rec := f.send(t, http.MethodPost, "a.localhost", base+"/submit", p.tokens["teacher"], warnings.Draft{Comment: "a", PassRequirement: "b", PassRequirementSummary: "c"})
	if rec.Code != http.StatusOK {
		t.Fatalf("submit: %d %s", rec.Code, rec.Body)
	}
	if len(captured.msgs) != 1 {
		t.Fatalf("%d e-mails", len(captured.msgs))
	}
	m := captured.msgs[0]
	if m.To != "student@a.test" || !strings.Contains(m.Subject, "School A") || !strings.Contains(m.Text, "Read the warning") ||
		!strings.Contains(m.Text, "https://a.localhost/student/forms") {
		t.Errorf("e-mail %+v", m)
	}
}
