package httpapi

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"gorm.io/gorm"

	"github.com/praksis/praksis/api/pdf/pdftest"
	"github.com/praksis/praksis/api/signing"
)

func str(s string) *string { return &s }

// midAndEnd fills and confirms the mid section, then the end section, as
// the teacher, and returns the saved form.
func (f *fixture) midAndEnd(t *testing.T, p *placement) signing.Form {
	t.Helper()
	base := fmt.Sprintf("/api/classes/%d/students/%d/signingform", p.classID, p.studentID)
	rec := f.send(t, http.MethodPost, "a.localhost", base, p.tokens["teacher"], signing.Input{
		MidSemesterStudentHasGivenFeedback: str("yes"), MidSemesterSpecificCompetenceAreasBegun: str("yes"), MidSemesterCompletedDate: str("2026-10-01")})
	if rec.Code != http.StatusCreated {
		t.Fatalf("create: %d %s", rec.Code, rec.Body)
	}
	form := decode[signing.Form](t, rec)
	in := signing.Input{ID: form.ID, Version: form.Version,
		MidSemesterStudentHasGivenFeedback: str("yes"), MidSemesterSpecificCompetenceAreasBegun: str("yes"), MidSemesterCompletedDate: str("2026-10-01"),
		AttendancePassed: str("yes"), WorkRequirementsPassed: str("notRelevant"), SpecificCompetenceAreasPassed: str("yes"),
		GeneralCompetenceAreasPassed: str("yes"), TeacherComment: str("Trygg og selvstendig i stell og legemiddelhåndtering."), OverallPassed: str("passed")}
	rec = f.send(t, http.MethodPut, "a.localhost", base, p.tokens["teacher"], in)
	if rec.Code != http.StatusOK {
		t.Fatalf("save end: %d %s", rec.Code, rec.Body)
	}
	return decode[signing.Form](t, rec)
}

func TestSigningFormLifecycle(t *testing.T) {
	f := newFixture(t)
	p := f.newPlacement(t)
	base := fmt.Sprintf("/api/classes/%d/students/%d/signingform", p.classID, p.studentID)

	if rec := f.send(t, http.MethodGet, "a.localhost", base, p.tokens["student"], nil); rec.Code != http.StatusNotFound {
		t.Fatalf("none yet: %d", rec.Code)
	}
	for _, who := range []string{"student", "advisor", "otherAdvisor", "otherTeacher", "admin"} {
		if rec := f.send(t, http.MethodPost, "a.localhost", base, p.tokens[who], signing.Input{}); rec.Code != http.StatusForbidden {
			t.Errorf("%s creating: %d", who, rec.Code)
		}
	}
	form := f.midAndEnd(t, p)
	if form.EndSemesterCompletedDate == nil || form.MidSemesterCompletedDate == nil || *form.MidSemesterCompletedDate != "2026-10-01" {
		t.Fatalf("saved form %+v", form)
	}

	// A stale save is refused, never applied, and says why.
	stale := signing.Input{ID: form.ID, Version: form.Version - 1, OverallPassed: str("failed")}
	expectConflict(t, f.send(t, http.MethodPut, "a.localhost", base, p.tokens["teacher"], stale), "stale", "stale save")
	if cur := decode[signing.Form](t, f.send(t, http.MethodGet, "a.localhost", base, p.tokens["teacher"], nil)); *cur.OverallPassed != "passed" || cur.Version != form.Version {
		t.Errorf("a stale save changed the form: %+v", cur)
	}
	// The mid section is locked once confirmed.
	midChange := signing.Input{ID: form.ID, Version: form.Version, MidSemesterStudentHasGivenFeedback: str("no"),
		MidSemesterSpecificCompetenceAreasBegun: str("yes"), MidSemesterCompletedDate: str("2026-10-01")}
	if rec := f.send(t, http.MethodPut, "a.localhost", base, p.tokens["teacher"], midChange); rec.Code != http.StatusConflict {
		t.Errorf("changing confirmed mid: %d", rec.Code)
	}

	// Nobody but the three parties signs.
	for _, who := range []string{"otherAdvisor", "otherStudent", "otherTeacher", "admin"} {
		if rec := f.send(t, http.MethodPost, "a.localhost", base+"/sign", p.tokens[who], nil); rec.Code != http.StatusForbidden {
			t.Errorf("%s signing: %d", who, rec.Code)
		}
	}
	// The teacher without the supervisor's signature must confirm.
	if rec := f.send(t, http.MethodPost, "a.localhost", base+"/sign", p.tokens["teacher"], nil); rec.Code != http.StatusBadRequest {
		t.Errorf("teacher signing without confirmation: %d %s", rec.Code, rec.Body)
	}
	for _, who := range []string{"student", "advisor"} {
		if rec := f.send(t, http.MethodPost, "a.localhost", base+"/sign", p.tokens[who], nil); rec.Code != http.StatusOK {
			t.Fatalf("%s signing: %d %s", who, rec.Code, rec.Body)
		}
	}
	// Once someone has signed, the end section is closed.
	cur := decode[signing.Form](t, f.send(t, http.MethodGet, "a.localhost", base, p.tokens["teacher"], nil))
	change := signing.Input{ID: cur.ID, Version: cur.Version, MidSemesterStudentHasGivenFeedback: str("yes"), MidSemesterSpecificCompetenceAreasBegun: str("yes"),
		MidSemesterCompletedDate: str("2026-10-01"), OverallPassed: str("failed")}
	if rec := f.send(t, http.MethodPut, "a.localhost", base, p.tokens["teacher"], change); rec.Code != http.StatusConflict {
		t.Errorf("changing the end after signatures: %d", rec.Code)
	}
	rec := f.send(t, http.MethodPost, "a.localhost", base+"/sign", p.tokens["teacher"], nil)
	if rec.Code != http.StatusOK {
		t.Fatalf("teacher signing last: %d %s", rec.Code, rec.Body)
	}
	locked := decode[signing.Form](t, rec)
	if !locked.IsLocked || locked.SignedByTeacherSignInMethod == nil || *locked.SignedByTeacherSignInMethod != "code" {
		t.Fatalf("after three signatures: %+v", locked)
	}

	// After all three signatures, every write answers 409.
	writes := []struct {
		who, method, path string
		body              any
	}{
		{"teacher", http.MethodPut, base, signing.Input{ID: locked.ID, Version: locked.Version}},
		{"teacher", http.MethodPost, base, signing.Input{}},
		{"teacher", http.MethodPost, base + "/sign", signing.SignRequest{ConfirmWithoutAdvisor: true}},
		{"student", http.MethodPost, base + "/sign", nil},
		{"advisor", http.MethodPost, base + "/sign", nil},
		{"teacher", http.MethodPost, base + "/cancel", nil},
	}
	for _, w := range writes {
		rec := f.send(t, w.method, "a.localhost", w.path, p.tokens[w.who], w.body)
		expectConflict(t, rec, "locked", fmt.Sprintf("%s %s by %s on a locked form", w.method, w.path, w.who))
	}
	// Even a stale save to a locked form is told it is locked: reloading
	// would not help.
	old := signing.Input{ID: locked.ID, Version: locked.Version - 1, OverallPassed: str("failed")}
	expectConflict(t, f.send(t, http.MethodPut, "a.localhost", base, p.tokens["teacher"], old), "locked", "stale save to a locked form")

	// The audit trail shows the three signatures in order, then the lock.
	var trail []string
	f.db.Service.InScope(context.Background(), "skole-a", func(ctx context.Context, tx *gorm.DB) error {
		return tx.Raw(`SELECT action || coalesce(':' || (details->>'party'), '') FROM audit_log WHERE entity = 'signingForm'
			AND action IN ('signingForm.signed', 'signingForm.locked') ORDER BY id`).Scan(&trail).Error
	})
	if got := strings.Join(trail, " "); got != "signingForm.signed:student signingForm.signed:advisor signingForm.signed:teacher signingForm.locked" {
		t.Errorf("audit trail %q", got)
	}

	// The PDF names the student and says who signed.
	rec = f.send(t, http.MethodGet, "a.localhost", base+"/pdf", p.tokens["student"], nil)
	if rec.Code != http.StatusOK {
		t.Fatalf("pdf: %d", rec.Code)
	}
	text := pdftest.Flow(t, rec.Body.Bytes())
	for _, want := range []string{"Test student@a.test", "Test advisor@a.test", "innlogget med engangskode", "Alle parter har signert"} {
		if !strings.Contains(text, want) {
			t.Errorf("signing PDF lacks %q:\n%s", want, text)
		}
	}
}

func TestSigningConcurrencyAndCancel(t *testing.T) {
	f := newFixture(t)
	p := f.newPlacement(t)
	base := fmt.Sprintf("/api/classes/%d/students/%d/signingform", p.classID, p.studentID)
	form := f.midAndEnd(t, p)

	// Two saves of the same version at the same moment: one wins, the other
	// is told the form is stale, and nothing is overwritten.
	saves := []string{"Første lagring.", "Andre lagring."}
	saveCodes := make([]int, len(saves))
	var reasons [2]string
	var sw sync.WaitGroup
	for i, comment := range saves {
		sw.Add(1)
		go func() {
			defer sw.Done()
			in := signing.Input{ID: form.ID, Version: form.Version,
				MidSemesterStudentHasGivenFeedback: str("yes"), MidSemesterSpecificCompetenceAreasBegun: str("yes"), MidSemesterCompletedDate: str("2026-10-01"),
				AttendancePassed: str("yes"), WorkRequirementsPassed: str("notRelevant"), SpecificCompetenceAreasPassed: str("yes"),
				GeneralCompetenceAreasPassed: str("yes"), TeacherComment: str(comment), OverallPassed: str("passed")}
			rec := f.send(t, http.MethodPut, "a.localhost", base, p.tokens["teacher"], in)
			saveCodes[i] = rec.Code
			if rec.Code == http.StatusConflict {
				if pr := decode[Problem](t, rec); len(pr.Errors) == 1 {
					reasons[i] = pr.Errors[0].Reason
				}
			}
		}()
	}
	sw.Wait()
	won := -1
	for i, code := range saveCodes {
		switch {
		case code == http.StatusOK && won < 0:
			won = i
		case code == http.StatusConflict && reasons[i] == "stale":
		default:
			t.Errorf("save %d: %d %q", i, code, reasons[i])
		}
	}
	if won < 0 {
		t.Fatalf("no save won: %v", saveCodes)
	}
	after := decode[signing.Form](t, f.send(t, http.MethodGet, "a.localhost", base, p.tokens["teacher"], nil))
	if after.TeacherComment == nil || *after.TeacherComment != saves[won] || after.Version != form.Version+1 {
		t.Errorf("after two saves at once: comment %v, version %d (was %d), want %q", after.TeacherComment, after.Version, form.Version, saves[won])
	}

	if rec := f.send(t, http.MethodPost, "a.localhost", base+"/sign", p.tokens["teacher"], signing.SignRequest{ConfirmWithoutAdvisor: true}); rec.Code != http.StatusOK {
		t.Fatalf("teacher: %d %s", rec.Code, rec.Body)
	}
	// The student and the supervisor sign at the same moment: both succeed
	// and the form locks once.
	var wg sync.WaitGroup
	codes := make([]int, 2)
	for i, who := range []string{"student", "advisor"} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			codes[i] = f.send(t, http.MethodPost, "a.localhost", base+"/sign", p.tokens[who], nil).Code
		}()
	}
	wg.Wait()
	if codes[0] != http.StatusOK || codes[1] != http.StatusOK {
		t.Fatalf("concurrent signatures: %v", codes)
	}
	var locks int64
	f.db.Service.InScope(context.Background(), "skole-a", func(ctx context.Context, tx *gorm.DB) error {
		return tx.Raw("SELECT count(*) FROM audit_log WHERE action = 'signingForm.locked'").Scan(&locks).Error
	})
	if locks != 1 {
		t.Errorf("locked %d times", locks)
	}

	// Cancel: the other student's unlocked form is deleted and starts over.
	other := fmt.Sprintf("/api/classes/%d/students/%d/signingform", p.classID, p.otherStudentID)
	if rec := f.send(t, http.MethodPost, "a.localhost", other, p.tokens["teacher"], signing.Input{}); rec.Code != http.StatusCreated {
		t.Fatalf("create other: %d %s", rec.Code, rec.Body)
	}
	if rec := f.send(t, http.MethodPost, "a.localhost", other+"/cancel", p.tokens["otherStudent"], nil); rec.Code != http.StatusForbidden {
		t.Errorf("student cancelling: %d", rec.Code)
	}
	if rec := f.send(t, http.MethodPost, "a.localhost", other+"/cancel", p.tokens["teacher"], nil); rec.Code != http.StatusNoContent {
		t.Fatalf("cancel: %d %s", rec.Code, rec.Body)
	}
	if rec := f.send(t, http.MethodGet, "a.localhost", other, p.tokens["teacher"], nil); rec.Code != http.StatusNotFound {
		t.Errorf("after cancel: %d", rec.Code)
	}
	// The cancellation is in the audit trail, with who did it, though the
	// form itself is gone.
	var cancelled []struct {
		ActorUserID   *int64
		StudentUserID int64
	}
	f.db.Service.InScope(context.Background(), "skole-a", func(ctx context.Context, tx *gorm.DB) error {
		return tx.Raw("SELECT actor_user_id, student_user_id FROM audit_log WHERE action = 'signingForm.cancelled'").Scan(&cancelled).Error
	})
	if len(cancelled) != 1 || cancelled[0].ActorUserID == nil || cancelled[0].StudentUserID != p.otherStudentID {
		t.Errorf("cancellation audit rows: %+v", cancelled)
	}
	v := decode[signing.Validation](t, f.send(t, http.MethodGet, "a.localhost", base+"/validation", p.tokens["teacher"], nil))
	if v.AssessmentResultArchived || v.TeacherAnswerSummary == nil {
		t.Errorf("validation %+v", v)
	}
}

// The texts of the two conflicts a teacher's save can meet, per language.
var conflictTexts = map[string]map[string]string{
	"nb": {"locked": "Alle parter har signert, og skjemaet er låst.",
		"stale": "Skjemaet er endret av noen andre siden du åpnet det. Last siden på nytt; endringene dine er ikke lagret."},
	"en": {"locked": "All parties have signed, and the form is locked.",
		"stale": "Someone else changed the form after you opened it. Reload the page; your changes were not saved."},
}

// expectConflict checks a 409 with the given reason and its Norwegian text.
func expectConflict(t *testing.T, rec *httptest.ResponseRecorder, reason, what string) {
	t.Helper()
	if rec.Code != http.StatusConflict {
		t.Errorf("%s: %d %s, want 409", what, rec.Code, rec.Body)
		return
	}
	p := decode[Problem](t, rec)
	if p.StatusCode != http.StatusConflict || len(p.Errors) != 1 || p.Errors[0].Reason != reason ||
		p.Description != conflictTexts["nb"][reason] || p.Errors[0].Description != p.Description {
		t.Errorf("%s: %+v, want reason %q with %q", what, p, reason, conflictTexts["nb"][reason])
	}
}

// A locked form and a stale save are two different conflicts: each has its
// own reason and message, in both languages, so that the page tells the
// user either that everyone has signed or that someone else changed the
// form and it must be reloaded.
func TestSigningConflictReasons(t *testing.T) {
	f := newFixture(t)
	p := f.newPlacement(t)
	base := fmt.Sprintf("/api/classes/%d/students/%d/signingform", p.classID, p.studentID)
	form := f.midAndEnd(t, p)
	teacher := p.tokens["teacher"]
	staleSave := func(v int) signing.Input {
		return signing.Input{ID: form.ID, Version: v, MidSemesterStudentHasGivenFeedback: str("yes"), MidSemesterSpecificCompetenceAreasBegun: str("yes"),
			MidSemesterCompletedDate: str("2026-10-01"), OverallPassed: str("failed")}
	}
	type call struct {
		method, path, who string
		body              any
		reason            string
	}
	send := func(lang string, c call) *httptest.ResponseRecorder {
		if lang == "en" {
			return f.sendEnglish(t, c.method, c.path, p.tokens[c.who], c.body)
		}
		return f.send(t, c.method, "a.localhost", c.path, p.tokens[c.who], c.body)
	}
	check := func(phase string, calls []call) {
		for _, c := range calls {
			for _, lang := range []string{"nb", "en"} {
				rec := send(lang, c)
				what := fmt.Sprintf("%s: %s %s by %s in %s", phase, c.method, c.path, c.who, lang)
				if rec.Code != http.StatusConflict {
					t.Errorf("%s: %d %s", what, rec.Code, rec.Body)
					continue
				}
				pr := decode[Problem](t, rec)
				want := conflictTexts[lang][c.reason]
				if len(pr.Errors) != 1 || pr.Errors[0].Reason != c.reason || pr.Description != want {
					t.Errorf("%s: %+v, want reason %q with %q", what, pr, c.reason, want)
				}
			}
		}
	}

	// Before anyone signs: an old version, or a form cancelled and made anew
	// (another id), is stale.
	check("unlocked", []call{
		{http.MethodPut, base, "teacher", staleSave(form.Version - 1), "stale"},
		{http.MethodPut, base, "teacher", func() signing.Input { in := staleSave(form.Version); in.ID = form.ID + 1000; return in }(), "stale"},
	})
	for _, who := range []string{"advisor", "student"} {
		if rec := f.send(t, http.MethodPost, "a.localhost", base+"/sign", p.tokens[who], nil); rec.Code != http.StatusOK {
			t.Fatalf("%s signing: %d %s", who, rec.Code, rec.Body)
		}
	}
	rec := f.send(t, http.MethodPost, "a.localhost", base+"/sign", teacher, nil)
	if rec.Code != http.StatusOK {
		t.Fatalf("teacher signing: %d %s", rec.Code, rec.Body)
	}
	locked := decode[signing.Form](t, rec)
	if !locked.IsLocked {
		t.Fatalf("not locked after three signatures: %+v", locked)
	}
	// After all three: every write says locked, whatever version it carries.
	check("locked", []call{
		{http.MethodPut, base, "teacher", func() signing.Input { in := staleSave(locked.Version); in.OverallPassed = str("passed"); return in }(), "locked"},
		{http.MethodPut, base, "teacher", staleSave(locked.Version), "locked"},
		{http.MethodPut, base, "teacher", staleSave(form.Version), "locked"},
		{http.MethodPost, base, "teacher", signing.Input{}, "locked"},
		{http.MethodPost, base + "/sign", "teacher", signing.SignRequest{ConfirmWithoutAdvisor: true}, "locked"},
		{http.MethodPost, base + "/sign", "student", nil, "locked"},
		{http.MethodPost, base + "/sign", "advisor", nil, "locked"},
		{http.MethodPost, base + "/cancel", "teacher", nil, "locked"},
	})
}
