package signing

import (
	"testing"
	"time"

	"github.com/praksis/praksis/api/apperror"
)

func s(v string) *string { return &v }

const today = "2026-11-21"

// midDone is a form whose mid section was confirmed on a day that has
// passed.
func midDone() *Form {
	return &Form{ID: 1, Version: 3, MidSemesterCompletedDate: s("2026-10-01"),
		MidSemesterStudentHasGivenFeedback: s(Yes), MidSemesterSpecificCompetenceAreasBegun: s(Yes)}
}

func endDone() *Form {
	f := midDone()
	f.AttendancePassed, f.WorkRequirementsPassed = s(Yes), s(NotRelevant)
	f.SpecificCompetenceAreasPassed, f.GeneralCompetenceAreasPassed, f.OverallPassed = s(Yes), s(Yes), s(Passed)
	f.EndSemesterCompletedDate = s("2026-11-20")
	return f
}

func inputOf(f *Form) *Input {
	return &Input{ID: f.ID, Version: f.Version, MidSemesterCompletedDate: f.MidSemesterCompletedDate,
		MidSemesterStudentHasGivenFeedback: f.MidSemesterStudentHasGivenFeedback, MidSemesterSpecificCompetenceAreasBegun: f.MidSemesterSpecificCompetenceAreasBegun,
		AttendancePassed: f.AttendancePassed, WorkRequirementsPassed: f.WorkRequirementsPassed, SpecificCompetenceAreasPassed: f.SpecificCompetenceAreasPassed,
		GeneralCompetenceAreasPassed: f.GeneralCompetenceAreasPassed, TeacherComment: f.TeacherComment, OverallPassed: f.OverallPassed}
}

// kind names an outcome: "ok", "400", or "409 " and the conflict's message
// id, so that each refusal is told apart (a locked form is not a stale one).
func kind(err error) string {
	if err == nil {
		return "ok"
	}
	e, ok := apperror.As(err)
	if !ok {
		return err.Error()
	}
	switch e.Kind {
	case apperror.Conflict:
		return "409 " + e.MessageID
	case apperror.Invalid:
		return "400"
	}
	return err.Error()
}

// Every transition of the teacher's save, and every refusal.
func TestApply(t *testing.T) {
	cases := []struct {
		name   string
		stored func() *Form
		input  func(f *Form) *Input
		want   string
		check  func(t *testing.T, f *Form)
	}{
		{"new blank", func() *Form { return nil }, func(*Form) *Input { return &Input{} }, "ok", nil},
		{"new with mid answers", func() *Form { return nil }, func(*Form) *Input {
			return &Input{MidSemesterStudentHasGivenFeedback: s(NotRelevant), MidSemesterSpecificCompetenceAreasBegun: s(No)}
		}, "ok", func(t *testing.T, f *Form) {
			if f.MidSemesterCompletedDate != nil {
				t.Error("mid confirmed without a date")
			}
		}},
		{"confirm mid needs both answers", func() *Form { return &Form{ID: 1, Version: 1} }, func(f *Form) *Input {
			return &Input{ID: 1, Version: 1, MidSemesterCompletedDate: s("2026-10-01"), MidSemesterStudentHasGivenFeedback: s(Yes)}
		}, "400", nil},
		{"confirm mid", func() *Form { return &Form{ID: 1, Version: 1} }, func(f *Form) *Input {
			return &Input{ID: 1, Version: 1, MidSemesterCompletedDate: s("2026-10-01"), MidSemesterStudentHasGivenFeedback: s(Yes), MidSemesterSpecificCompetenceAreasBegun: s(Yes)}
		}, "ok", nil},
		{"not relevant only for feedback", func() *Form { return &Form{ID: 1, Version: 1} }, func(f *Form) *Input {
			return &Input{ID: 1, Version: 1, MidSemesterSpecificCompetenceAreasBegun: s(NotRelevant)}
		}, "400", nil},
		{"bad value", func() *Form { return &Form{ID: 1, Version: 1} }, func(f *Form) *Input {
			return &Input{ID: 1, Version: 1, MidSemesterStudentHasGivenFeedback: s("maybe")}
		}, "400", nil},
		{"stale version", midDone, func(f *Form) *Input { in := inputOf(f); in.Version = 2; return in }, "409 signing.stale", nil},
		{"stale version without changes", midDone, func(f *Form) *Input { in := inputOf(f); in.Version = 4; return in }, "409 signing.stale", nil},
		{"mid locked once confirmed", midDone, func(f *Form) *Input {
			in := inputOf(f)
			in.MidSemesterStudentHasGivenFeedback = s(No)
			return in
		}, "409 signing.midConfirmed", nil},
		{"end closed before mid", func() *Form { return &Form{ID: 1, Version: 1} }, func(f *Form) *Input {
			in := inputOf(f)
			in.AttendancePassed = s(Yes)
			return in
		}, "409 signing.endNotOpen", nil},
		{"end closed before the mid date has come", func() *Form {
			f := midDone()
			f.MidSemesterCompletedDate = s("2026-12-01")
			return f
		}, func(f *Form) *Input { in := inputOf(f); in.AttendancePassed = s(Yes); return in }, "409 signing.endNotOpen", nil},
		{"end saved sets the end date", midDone, func(f *Form) *Input {
			in := inputOf(f)
			in.AttendancePassed, in.GeneralCompetenceAreasPassed = s(Yes), s(Yes)
			return in
		}, "ok", func(t *testing.T, f *Form) {
			if f.EndSemesterCompletedDate == nil || *f.EndSemesterCompletedDate != today {
				t.Errorf("end date %v", f.EndSemesterCompletedDate)
			}
		}},
		{"end locked once someone signed", func() *Form {
			f := endDone()
			now := time.Now()
			f.SignedByStudentDate = &now
			return f
		}, func(f *Form) *Input { in := inputOf(f); in.OverallPassed = s(Failed); return in }, "409 signing.signed", nil},
		{"unchanged save after signatures is fine", func() *Form {
			f := endDone()
			now := time.Now()
			f.SignedByAdvisorDate = &now
			return f
		}, func(f *Form) *Input { return inputOf(f) }, "ok", nil},
		{"locked refuses everything", func() *Form {
			f := endDone()
			f.IsLocked = true
			return f
		}, func(f *Form) *Input { return inputOf(f) }, "409 signing.locked", nil},
		// Reloading cannot help with a locked form, so a stale save to one
		// is told that it is locked, not that it is stale.
		{"locked and stale says locked", func() *Form {
			f := endDone()
			f.IsLocked = true
			return f
		}, func(f *Form) *Input { in := inputOf(f); in.Version = 1; in.OverallPassed = s(Failed); return in }, "409 signing.locked", nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			stored := c.stored()
			f, err := apply(stored, c.input(stored), today)
			if got := kind(err); got != c.want {
				t.Fatalf("got %s, want %s", got, c.want)
			}
			if err == nil && c.check != nil {
				c.check(t, f)
			}
		})
	}
}

// Every signature, in any order, and every refusal.
func TestSign(t *testing.T) {
	now := time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)
	cases := []struct {
		name        string
		form        func() *Form
		party       Party
		confirm     bool
		want        string
		wantLocked  bool
		wantWithout bool
	}{
		{"teacher before end is open", func() *Form { return &Form{ID: 1, Version: 1} }, Teacher, true, "409 signing.endNotOpen", false, false},
		{"teacher needs both competence results", func() *Form {
			f := midDone()
			f.EndSemesterCompletedDate = s(today)
			return f
		}, Teacher, true, "400", false, false},
		{"teacher without supervisor needs confirmation", endDone, Teacher, false, "400", false, false},
		{"teacher without supervisor, confirmed", endDone, Teacher, true, "ok", false, true},
		{"teacher after supervisor needs no confirmation", func() *Form {
			f := endDone()
			f.SignedByAdvisorDate, f.SignedByAdvisorUserID, f.SignedByAdvisorSignInMethod = &now, new(int64), s("vipps")
			return f
		}, Teacher, false, "ok", false, false},
		{"student before end is completed", midDone, Student, false, "409 signing.endNotCompleted", false, false},
		{"supervisor before end is completed", midDone, Advisor, false, "409 signing.endNotCompleted", false, false},
		{"student", endDone, Student, false, "ok", false, false},
		{"supervisor", endDone, Advisor, false, "ok", false, false},
		{"twice", func() *Form {
			f := endDone()
			f.SignedByStudentDate, f.SignedByStudentUserID, f.SignedByStudentSignInMethod = &now, new(int64), s("feide")
			return f
		}, Student, false, "409 signing.alreadySigned", false, false},
		{"last of three locks", func() *Form {
			f := endDone()
			f.SignedByStudentDate, f.SignedByStudentUserID, f.SignedByStudentSignInMethod = &now, new(int64), s("feide")
			f.SignedByAdvisorDate, f.SignedByAdvisorUserID, f.SignedByAdvisorSignInMethod = &now, new(int64), s("vipps")
			return f
		}, Teacher, false, "ok", true, false},
		{"locked", func() *Form { f := endDone(); f.IsLocked = true; return f }, Advisor, false, "409 signing.locked", false, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f := c.form()
			locked, err := sign(f, c.party, 7, "code", now, today, c.confirm)
			if got := kind(err); got != c.want {
				t.Fatalf("got %s, want %s", got, c.want)
			}
			if err != nil {
				return
			}
			if locked != c.wantLocked || f.IsLocked != c.wantLocked {
				t.Errorf("locked %v (form %v), want %v", locked, f.IsLocked, c.wantLocked)
			}
			if (f.SignWithoutAdvisorConfirmedDate != nil) != c.wantWithout {
				t.Errorf("signWithoutAdvisorConfirmedDate %v, want set=%v", f.SignWithoutAdvisorConfirmedDate, c.wantWithout)
			}
		})
	}
}
