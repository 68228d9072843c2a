package httpapi

import (
	"context"
	"fmt"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"

	"gorm.io/gorm"

	"github.com/praksis/praksis/api/invitations"
	"github.com/praksis/praksis/api/users"
)

var guidInLink = regexp.MustCompile(`/supervisor/accept-invitation\?verificationGuid=([0-9a-f-]{36})`)

// invitationGUID reads the verification id from the newest e-mail to to.
func (f *fixture) invitationGUID(t *testing.T, to string) (guid, body string) {
	t.Helper()
	if err := f.db.Service.InScope(t.Context(), "skole-a", func(ctx context.Context, tx *gorm.DB) error {
		return tx.Raw("SELECT text_body FROM mail_outbox WHERE lower(to_address) = lower(?) ORDER BY id DESC LIMIT 1", to).Scan(&body).Error
	}); err != nil {
		t.Fatal(err)
	}
	m := guidInLink.FindStringSubmatch(body)
	if m == nil {
		t.Fatalf("no invitation link in:\n%s", body)
	}
	return m[1], body
}

func TestSupervisorInvitation(t *testing.T) {
	onDay(t, 2026, time.September, 15)
	f := newMailFixture(t)
	p := f.newPlacement(t)
	f.db.Exec(t, "skole-a", "INSERT INTO catalogue_entries (language, key, value) VALUES ('nb', 'supervisorInvitation.subtitle', 'Velkommen som veileder ved Skole A.')")
	invite := func(who, email string) int {
		t.Helper()
		return f.send(t, http.MethodPost, "a.localhost", "/api/invitations/advisor", p.tokens[who], invitations.SendInput{Email: email}).Code
	}
	mine := func(who string) (int, invitations.Invitation) {
		t.Helper()
		rec := f.send(t, http.MethodGet, "a.localhost", "/api/invitations/advisor/me", p.tokens[who], nil)
		var inv invitations.Invitation
		if rec.Code == http.StatusOK {
			inv = decode[invitations.Invitation](t, rec)
		}
		return rec.Code, inv
	}
	accept := func(tok, guid string) int {
		t.Helper()
		return f.send(t, http.MethodPost, "a.localhost", "/api/invitations/advisor/accept", tok, invitations.AcceptInput{VerificationGUID: guid, Name: "Siri Sykepleier", PhoneNumber: "+4790000000"}).Code
	}

	if code, _ := mine("student"); code != http.StatusNotFound {
		t.Errorf("no invitation yet: %d", code)
	}
	for _, c := range []struct {
		who, email string
		want       int
	}{
		{"teacher", "siri@sykehus.test", http.StatusForbidden},
		{"student", "", http.StatusBadRequest},
		{"student", "Siri <siri@sykehus.test>", http.StatusBadRequest},
		{"student", "STUDENT@a.test", http.StatusBadRequest},
		{"student", "first@sykehus.test", http.StatusCreated},
		{"student", "Siri@Sykehus.test", http.StatusCreated},
	} {
		if code := invite(c.who, c.email); code != c.want {
			t.Errorf("%s invites %q: %d, want %d", c.who, c.email, code, c.want)
		}
	}
	first, _ := f.invitationGUID(t, "first@sykehus.test")
	second, body := f.invitationGUID(t, "siri@sykehus.test")
	if !strings.Contains(body, "Velkommen som veileder ved Skole A.") || !strings.Contains(body, "Test student@a.test") || !strings.Contains(body, "SYKP2100") {
		t.Errorf("invitation e-mail:\n%s", body)
	}
	code, inv := mine("student")
	if code != http.StatusOK || inv.Email != "Siri@Sykehus.test" || inv.Accepted || inv.Status != "sent" || inv.ClassID != p.classID ||
		inv.ExpiresAtUTC.Sub(inv.CreatedAt) != invitations.Validity || inv.ExpiresAtUTC.Location() != time.UTC {
		t.Errorf("my invitation %d %+v", code, inv)
	}
	if n := f.scalar(t, "skole-a", "SELECT count(*) FROM supervisor_invitations WHERE student_user_id = ? AND replaced_at IS NOT NULL", p.studentID); n != 1 {
		t.Errorf("%d replaced invitations, want 1", n)
	}

	siri, siriID := f.signIn(t, "skole-a", "a.localhost", "siri@sykehus.test")
	someoneElse, _ := f.signIn(t, "skole-a", "a.localhost", "other.nurse@sykehus.test")
	steps := []struct {
		name, tok, guid string
		want            int
	}{
		{"anonymous", "", second, http.StatusUnauthorized},
		{"unknown id", siri, "00000000-0000-4000-8000-000000000000", http.StatusNotFound},
		{"malformed id", siri, "not-a-guid", http.StatusNotFound},
		{"replaced by the second", siri, first, http.StatusConflict},
		{"another address", someoneElse, second, http.StatusForbidden},
		{"the student", p.tokens["student"], second, http.StatusForbidden},
		{"accepted", siri, second, http.StatusOK},
		{"accepted again", siri, second, http.StatusOK},
	}
	for _, s := range steps {
		if code := accept(s.tok, s.guid); code != s.want {
			t.Errorf("%s: %d, want %d", s.name, code, s.want)
		}
	}
	me := decode[users.Me](t, f.send(t, http.MethodGet, "a.localhost", "/api/users/me", siri, nil))
	if roleNames(me) != "Advisor" || len(me.AdvisorClasses) != 1 || me.AdvisorClasses[0] != p.classID || me.PhoneNumber == nil ||
		me.DisplayName != "Test siri@sykehus.test" {
		t.Errorf("accepting user %+v", me)
	}
	if n := f.scalar(t, "skole-a", "SELECT count(*) FROM student_references WHERE class_id = ? AND student_user_id = ? AND advisor_user_id = ? AND NOT is_primary",
		p.classID, p.studentID, siriID); n != 1 {
		t.Error("not the student's (second) supervisor")
	}
	if _, inv := mine("student"); !inv.Accepted || inv.Status != "accepted" {
		t.Errorf("after acceptance %+v", inv)
	}
	// Now a supervisor of the student: answers and warnings are open.
	if rec := f.send(t, http.MethodGet, "a.localhost", fmt.Sprintf("/api/classes/%d/students/%d/warning/deadline", p.classID, p.studentID), siri, nil); rec.Code != http.StatusOK {
		t.Errorf("new supervisor reading the student: %d", rec.Code)
	}
	// Someone else cannot take it over afterwards.
	if code := accept(someoneElse, second); code != http.StatusForbidden && code != http.StatusConflict {
		t.Errorf("accepted by someone else: %d", code)
	}

	// Expiry: three days, then 410. A student without a supervisor gets
	// the accepting one as primary.
	newcomer, newcomerID := f.signIn(t, "skole-a", "a.localhost", "ny@a.test", users.RoleStudent)
	if rec := f.send(t, http.MethodPost, "a.localhost", fmt.Sprintf("/api/classes/%d/students/me", p.classID), newcomer, nil); rec.Code != http.StatusCreated {
		t.Fatalf("join: %d", rec.Code)
	}
	p.tokens["newcomer"] = newcomer
	if code := invite("newcomer", "late@sykehus.test"); code != http.StatusCreated {
		t.Fatalf("invite: %d", code)
	}
	late, _ := f.invitationGUID(t, "late@sykehus.test")
	lateTok, lateID := f.signIn(t, "skole-a", "a.localhost", "late@sykehus.test")
	f.db.Exec(t, "skole-a", `UPDATE supervisor_invitations SET created_at = now() - interval '3 days 1 minute', expires_at = now() - interval '1 minute'
		WHERE student_user_id = ?`, newcomerID)
	if code, inv := mine("newcomer"); code != http.StatusOK || !inv.Expired || inv.Status != "expired" {
		t.Errorf("expired invitation %d %+v", code, inv)
	}
	rec := f.sendEnglish(t, http.MethodPost, "/api/invitations/advisor/accept", lateTok, invitations.AcceptInput{VerificationGUID: late})
	if rec.Code != http.StatusGone || !strings.Contains(decode[Problem](t, rec).Description, "expired") {
		t.Errorf("expired: %d %s", rec.Code, rec.Body)
	}
	if code := invite("newcomer", "late@sykehus.test"); code != http.StatusCreated {
		t.Fatalf("invite again: %d", code)
	}
	again, _ := f.invitationGUID(t, "late@sykehus.test")
	if code := accept(lateTok, again); code != http.StatusOK {
		t.Fatalf("accept the new one: %d", code)
	}
	if n := f.scalar(t, "skole-a", "SELECT count(*) FROM student_references WHERE class_id = ? AND student_user_id = ? AND advisor_user_id = ? AND is_primary",
		p.classID, newcomerID, lateID); n != 1 {
		t.Error("the only supervisor is not primary")
	}
	containsAll(t, f.auditActions(t), "invitation.sent", "invitation.accepted")

	// A student without a class has nobody to invite for.
	lonely, _ := f.signIn(t, "skole-a", "a.localhost", "lonely@a.test", users.RoleStudent)
	p.tokens["lonely"] = lonely
	if code := invite("lonely", "x@sykehus.test"); code != http.StatusNotFound {
		t.Errorf("no class: %d", code)
	}
	if code, _ := mine("lonely"); code != http.StatusNotFound {
		t.Errorf("no class, my invitation: %d", code)
	}
	// And invitations are not a way to send mail in bulk.
	sent := 0
	for i := range invitations.DailyLimit + 1 {
		if code := invite("otherStudent", fmt.Sprintf("n%d@sykehus.test", i)); code == http.StatusCreated {
			sent++
		} else if code != http.StatusTooManyRequests {
			t.Errorf("invitation %d: %d", i, code)
		}
	}
	if sent != invitations.DailyLimit {
		t.Errorf("%d invitations sent in a day, want %d", sent, invitations.DailyLimit)
	}
}
