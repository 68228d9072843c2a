// Package signing owns the signing form that closes a placement with pass
// or fail. Its lifecycle is enforced here, never in the browser:
//
//   - none (404) → the class's teacher creates it (id -1 in the UI until then);
//   - the mid section (has the student given feedback, have the specific
//     competence areas begun) is edited by the teacher until confirmed by
//     setting midSemesterCompletedDate, which locks that section;
//   - the end section opens once mid is confirmed and its date has passed,
//     and is edited by the teacher while nobody has signed; saving or
//     signing it sets endSemesterCompletedDate;
//   - teacher, supervisor and student sign in any order, each on their own
//     device; the teacher's signature needs the end date and both
//     competence results, and when the supervisor has not signed, an
//     explicit confirmation (signWithoutAdvisorConfirmedDate);
//   - when all three have signed the form locks for good: every later write
//     answers 409;
//   - the teacher may cancel a form that is not locked: it is deleted and
//     starts over blank.
//
// Every save carries the version the client last saw; a stale save gets 409,
// never an overwrite. Every transition writes an audit row.
package signing

import (
	"strings"
	"time"
	"unicode/utf8"

	"github.com/praksis/praksis/api/apperror"
	"github.com/praksis/praksis/api/deadlines"
)

// Answer values of the yes/no questions.
const (
	Yes         = "yes"
	No          = "no"
	NotRelevant = "notRelevant"
	Passed      = "passed"
	Failed      = "failed"
)

// Date is a calendar date as YYYY-MM-DD.
type Date = string

// Form is a signing form as the API shows it.
type Form struct {
	ID                                      int64      `json:"id"`
	StudentReferencesID                     int64      `json:"studentReferencesId"`
	ClassID                                 int64      `json:"classId"`
	StudentUserID                           int64      `json:"studentUserId"`
	IsLocked                                bool       `json:"isLocked"`
	LockedAt                                *time.Time `json:"lockedAt"`
	Version                                 int        `json:"version" description:"Send it back with a save; a stale version gives 409"`
	MidSemesterCompletedDate                *Date      `json:"midSemesterCompletedDate" format:"date" description:"Set when the mid section is confirmed, which locks it"`
	EndSemesterCompletedDate                *Date      `json:"endSemesterCompletedDate" format:"date" description:"Set when the end section is completed (saved or signed by the teacher)"`
	SignedByTeacherDate                     *time.Time `json:"signedByTeacherDate"`
	SignedByTeacherUserID                   *int64     `json:"signedByTeacherUserId"`
	SignedByTeacherSignInMethod             *string    `json:"signedByTeacherSignInMethod" enum:"[\"feide\",\"vipps\",\"code\",null]" description:"How the teacher had signed in when signing"`
	SignedByStudentDate                     *time.Time `json:"signedByStudentDate"`
	SignedByStudentUserID                   *int64     `json:"signedByStudentUserId"`
	SignedByStudentSignInMethod             *string    `json:"signedByStudentSignInMethod" enum:"[\"feide\",\"vipps\",\"code\",null]" description:"How the student had signed in when signing"`
	SignedByAdvisorDate                     *time.Time `json:"signedByAdvisorDate"`
	SignedByAdvisorUserID                   *int64     `json:"signedByAdvisorUserId"`
	SignedByAdvisorSignInMethod             *string    `json:"signedByAdvisorSignInMethod" enum:"[\"feide\",\"vipps\",\"code\",null]" description:"How the supervisor had signed in when signing"`
	SignWithoutAdvisorConfirmedDate         *time.Time `json:"signWithoutAdvisorConfirmedDate" description:"When the teacher confirmed signing without the supervisor's signature"`
	AttendancePassed                        *string    `json:"attendancePassed" enum:"[\"yes\",\"no\",null]"`
	WorkRequirementsPassed                  *string    `json:"workRequirementsPassed" enum:"[\"yes\",\"no\",\"notRelevant\",null]"`
	SpecificCompetenceAreasPassed           *string    `json:"specificCompetenceAreasPassed" enum:"[\"yes\",\"no\",null]"`
	GeneralCompetenceAreasPassed            *string    `json:"generalCompetenceAreasPassed" enum:"[\"yes\",\"no\",null]"`
	TeacherComment                          *string    `json:"teacherComment" maxLength:"10000"`
	OverallPassed                           *string    `json:"overallPassed" enum:"[\"passed\",\"failed\",null]"`
	MidSemesterStudentHasGivenFeedback      *string    `json:"midSemesterStudentHasGivenFeedback" enum:"[\"yes\",\"no\",\"notRelevant\",null]"`
	MidSemesterSpecificCompetenceAreasBegun *string    `json:"midSemesterSpecificCompetenceAreasBegun" enum:"[\"yes\",\"no\",null]"`
	AssessmentResultArchivedAt              *time.Time `json:"assessmentResultArchivedAt"`
	AssessmentResultSubmittedAt             *time.Time `json:"assessmentResultSubmittedAt"`
	// Deadlines are read with the form (deadlines.SigningSQL), so showing
	// them costs no statement.
	Deadlines Deadlines `json:"deadlines" gorm:"-" description:"When the end section and each signature are due and where each stands"`
	// SigningDeadlines is what deadlines.SigningSQL read.
	SigningDeadlines []byte `json:"-"`
}

// Deadlines are the signing form's due dates, each left out when no rule
// sets one.
type Deadlines struct {
	EndSection *deadlines.Status `json:"endSection,omitempty" description:"The teacher's end section, delivered when it is completed"`
	Student    *deadlines.Status `json:"student,omitempty" description:"The student's signature"`
	Advisor    *deadlines.Status `json:"advisor,omitempty" description:"The supervisor's signature"`
	Teacher    *deadlines.Status `json:"teacher,omitempty" description:"The teacher's signature"`
}

// judgeDeadlines fills Deadlines from what load read, at now.
func (f *Form) judgeDeadlines(now time.Time) error {
	due, err := deadlines.ScheduleFrom(f.SigningDeadlines)
	if err != nil {
		return err
	}
	var completed *time.Time
	if f.EndSemesterCompletedDate != nil {
		if day, err := time.Parse(time.DateOnly, *f.EndSemesterCompletedDate); err == nil {
			completed = &day
		}
	}
	sign := func(r deadlines.Role, at *time.Time) *deadlines.Status {
		return due.At(deadlines.Key{Item: deadlines.Signature, Role: r}, at, now)
	}
	f.Deadlines = Deadlines{
		EndSection: due.At(deadlines.Key{Item: deadlines.SigningEnd, Role: deadlines.Teacher}, completed, now),
		Student:    sign(deadlines.Student, f.SignedByStudentDate),
		Advisor:    sign(deadlines.Advisor, f.SignedByAdvisorDate),
		Teacher:    sign(deadlines.Teacher, f.SignedByTeacherDate),
	}
	return nil
}

// Input is what the teacher saves: both sections; the server decides which
// parts may change.
type Input struct {
	ID                                      int64   `json:"id"`
	Version                                 int     `json:"version" description:"Send it back with a save; a stale version gives 409"`
	MidSemesterCompletedDate                *Date   `json:"midSemesterCompletedDate" format:"date" description:"Set when the mid section is confirmed, which locks it"`
	MidSemesterStudentHasGivenFeedback      *string `json:"midSemesterStudentHasGivenFeedback" enum:"[\"yes\",\"no\",\"notRelevant\",null]"`
	MidSemesterSpecificCompetenceAreasBegun *string `json:"midSemesterSpecificCompetenceAreasBegun" enum:"[\"yes\",\"no\",null]"`
	AttendancePassed                        *string `json:"attendancePassed" enum:"[\"yes\",\"no\",null]"`
	WorkRequirementsPassed                  *string `json:"workRequirementsPassed" enum:"[\"yes\",\"no\",\"notRelevant\",null]"`
	SpecificCompetenceAreasPassed           *string `json:"specificCompetenceAreasPassed" enum:"[\"yes\",\"no\",null]"`
	GeneralCompetenceAreasPassed            *string `json:"generalCompetenceAreasPassed" enum:"[\"yes\",\"no\",null]"`
	TeacherComment                          *string `json:"teacherComment" maxLength:"10000" description:"A blank comment is saved as none"`
	OverallPassed                           *string `json:"overallPassed" enum:"[\"passed\",\"failed\",null]"`
	// The fields below are shown by GET and may be sent back; they are
	// ignored, as only the transitions set them.
	StudentReferencesID             *int64     `json:"studentReferencesId,omitempty"`
	ClassID                         *int64     `json:"classId,omitempty"`
	StudentUserID                   *int64     `json:"studentUserId,omitempty"`
	IsLocked                        *bool      `json:"isLocked,omitempty"`
	LockedAt                        *time.Time `json:"lockedAt,omitempty"`
	EndSemesterCompletedDate        *Date      `json:"endSemesterCompletedDate,omitempty"`
	SignedByTeacherDate             *time.Time `json:"signedByTeacherDate,omitempty"`
	SignedByTeacherUserID           *int64     `json:"signedByTeacherUserId,omitempty"`
	SignedByTeacherSignInMethod     *string    `json:"signedByTeacherSignInMethod,omitempty"`
	SignedByStudentDate             *time.Time `json:"signedByStudentDate,omitempty"`
	SignedByStudentUserID           *int64     `json:"signedByStudentUserId,omitempty"`
	SignedByStudentSignInMethod     *string    `json:"signedByStudentSignInMethod,omitempty"`
	SignedByAdvisorDate             *time.Time `json:"signedByAdvisorDate,omitempty"`
	SignedByAdvisorUserID           *int64     `json:"signedByAdvisorUserId,omitempty"`
	SignedByAdvisorSignInMethod     *string    `json:"signedByAdvisorSignInMethod,omitempty"`
	SignWithoutAdvisorConfirmedDate *time.Time `json:"signWithoutAdvisorConfirmedDate,omitempty"`
	AssessmentResultArchivedAt      *time.Time `json:"assessmentResultArchivedAt,omitempty"`
	AssessmentResultSubmittedAt     *time.Time `json:"assessmentResultSubmittedAt,omitempty"`
	Signers                         any        `json:"signers,omitempty"`
	Deadlines                       *Deadlines `json:"deadlines,omitempty"`
}

// MaxComment is the longest teacher comment, in characters.
const MaxComment = 10000

func oneOf(v *string, allowed ...string) bool {
	if v == nil {
		return true
	}
	for _, a := range allowed {
		if *v == a {
			return true
		}
	}
	return false
}

func same(a, b *string) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	return *a == *b
}

// validate checks the values' spelling and lengths.
func (in *Input) validate() error {
	e := apperror.Invalidf("error.invalid")
	check := func(field string, v *string, allowed ...string) {
		if !oneOf(v, allowed...) {
			e.Field(field, "signing.badValue", nil)
		}
	}
	check("midSemesterStudentHasGivenFeedback", in.MidSemesterStudentHasGivenFeedback, Yes, No, NotRelevant)
	check("midSemesterSpecificCompetenceAreasBegun", in.MidSemesterSpecificCompetenceAreasBegun, Yes, No)
	check("attendancePassed", in.AttendancePassed, Yes, No)
	check("workRequirementsPassed", in.WorkRequirementsPassed, Yes, No, NotRelevant)
	check("specificCompetenceAreasPassed", in.SpecificCompetenceAreasPassed, Yes, No)
	check("generalCompetenceAreasPassed", in.GeneralCompetenceAreasPassed, Yes, No)
	check("overallPassed", in.OverallPassed, Passed, Failed)
	if in.TeacherComment != nil {
		if utf8.RuneCountInString(*in.TeacherComment) > MaxComment {
			e.Field("teacherComment", "signing.commentTooLong", map[string]any{"Max": MaxComment})
		}
		if strings.TrimSpace(*in.TeacherComment) == "" {
			in.TeacherComment = nil
		}
	}
	if in.MidSemesterCompletedDate != nil {
		if _, err := time.Parse(time.DateOnly, *in.MidSemesterCompletedDate); err != nil {
			e.Field("midSemesterCompletedDate", "signing.badDate", nil)
		}
	}
	if len(e.Fields) > 0 {
		return e
	}
	return nil
}

func (in *Input) hasEnd() bool {
	return in.AttendancePassed != nil || in.WorkRequirementsPassed != nil || in.SpecificCompetenceAreasPassed != nil ||
		in.GeneralCompetenceAreasPassed != nil || in.TeacherComment != nil || in.OverallPassed != nil
}

func (f *Form) anySigned() bool {
	return f.SignedByTeacherDate != nil || f.SignedByStudentDate != nil || f.SignedByAdvisorDate != nil
}

func (f *Form) midConfirmed() bool { return f.MidSemesterCompletedDate != nil }

// endOpen reports whether the end section may be edited on day today.
func (f *Form) endOpen(today string) bool {
	return f.midConfirmed() && *f.MidSemesterCompletedDate <= today
}

func conflict(id string) error { return apperror.Conflictf(id) }

// apply works out the saved form from the stored one (nil when new) and the
// teacher's input on day today, refusing what the lifecycle forbids.
func apply(stored *Form, in *Input, today string) (*Form, error) {
	if err := in.validate(); err != nil {
		return nil, err
	}
	f := &Form{}
	if stored != nil {
		cp := *stored
		f = &cp
		if f.IsLocked {
			return nil, conflict("signing.locked")
		}
		if in.Version != stored.Version {
			return nil, conflict("signing.stale")
		}
	}
	midChanged := !same(f.MidSemesterStudentHasGivenFeedback, in.MidSemesterStudentHasGivenFeedback) ||
		!same(f.MidSemesterSpecificCompetenceAreasBegun, in.MidSemesterSpecificCompetenceAreasBegun) ||
		!same(f.MidSemesterCompletedDate, in.MidSemesterCompletedDate)
	if midChanged {
		switch {
		case f.anySigned():
			return nil, conflict("signing.signed")
		case f.midConfirmed():
			return nil, conflict("signing.midConfirmed")
		}
		f.MidSemesterStudentHasGivenFeedback = in.MidSemesterStudentHasGivenFeedback
		f.MidSemesterSpecificCompetenceAreasBegun = in.MidSemesterSpecificCompetenceAreasBegun
		if in.MidSemesterCompletedDate != nil {
			// Confirming mid needs both mid answers.
			e := apperror.Invalidf("error.invalid")
			if in.MidSemesterStudentHasGivenFeedback == nil {
				e.Field("midSemesterStudentHasGivenFeedback", "signing.required", nil)
			}
			if in.MidSemesterSpecificCompetenceAreasBegun == nil {
				e.Field("midSemesterSpecificCompetenceAreasBegun", "signing.required", nil)
			}
			if len(e.Fields) > 0 {
				return nil, e
			}
		}
		f.MidSemesterCompletedDate = in.MidSemesterCompletedDate
	}
	endChanged := !same(f.AttendancePassed, in.AttendancePassed) || !same(f.WorkRequirementsPassed, in.WorkRequirementsPassed) ||
		!same(f.SpecificCompetenceAreasPassed, in.SpecificCompetenceAreasPassed) || !same(f.GeneralCompetenceAreasPassed, in.GeneralCompetenceAreasPassed) ||
		!same(f.TeacherComment, in.TeacherComment) || !same(f.OverallPassed, in.OverallPassed)
	if endChanged {
		switch {
		case f.anySigned():
			return nil, conflict("signing.signed")
		case !f.endOpen(today):
			return nil, conflict("signing.endNotOpen")
		}
		f.AttendancePassed, f.WorkRequirementsPassed = in.AttendancePassed, in.WorkRequirementsPassed
		f.SpecificCompetenceAreasPassed, f.GeneralCompetenceAreasPassed = in.SpecificCompetenceAreasPassed, in.GeneralCompetenceAreasPassed
		f.TeacherComment, f.OverallPassed = in.TeacherComment, in.OverallPassed
		if in.hasEnd() {
			d := today
			f.EndSemesterCompletedDate = &d
		} else {
			f.EndSemesterCompletedDate = nil
		}
	}
	return f, nil
}

// Party is who signs.
type Party string

// Enum lists the parties for the API document; advisor is the supervisor.
func (Party) Enum() []any { return []any{Teacher, Student, Advisor} }

// The three parties.
const (
	Teacher Party = "teacher"
	Student Party = "student"
	Advisor Party = "advisor"
)

// sign applies one party's signature on day today; confirmWithoutAdvisor
// is the teacher's explicit confirmation when the supervisor has not
// signed. It reports whether the form is now locked.
func sign(f *Form, p Party, userID int64, method string, now time.Time, today string, confirmWithoutAdvisor bool) (bool, error) {
	if f.IsLocked {
		return false, conflict("signing.locked")
	}
	if !f.endOpen(today) {
		return false, conflict("signing.endNotOpen")
	}
	switch p {
	case Teacher:
		if f.SignedByTeacherDate != nil {
			return false, conflict("signing.alreadySigned")
		}
		e := apperror.Invalidf("signing.incomplete")
		if f.GeneralCompetenceAreasPassed == nil {
			e.Field("generalCompetenceAreasPassed", "signing.required", nil)
		}
		if f.SpecificCompetenceAreasPassed == nil {
			e.Field("specificCompetenceAreasPassed", "signing.required", nil)
		}
		if len(e.Fields) > 0 {
			return false, e
		}
		if f.SignedByAdvisorDate == nil {
			if !confirmWithoutAdvisor {
				return false, apperror.Invalidf("signing.confirmWithoutAdvisor").Field("confirmWithoutAdvisor", "signing.confirmWithoutAdvisor", nil)
			}
			f.SignWithoutAdvisorConfirmedDate = &now
		}
		if f.EndSemesterCompletedDate == nil {
			d := today
			f.EndSemesterCompletedDate = &d
		}
		f.SignedByTeacherDate, f.SignedByTeacherUserID, f.SignedByTeacherSignInMethod = &now, &userID, &method
	case Student:
		if f.EndSemesterCompletedDate == nil {
			return false, conflict("signing.endNotCompleted")
		}
		if f.SignedByStudentDate != nil {
			return false, conflict("signing.alreadySigned")
		}
		f.SignedByStudentDate, f.SignedByStudentUserID, f.SignedByStudentSignInMethod = &now, &userID, &method
	case Advisor:
		if f.EndSemesterCompletedDate == nil {
			return false, conflict("signing.endNotCompleted")
		}
		if f.SignedByAdvisorDate != nil {
			return false, conflict("signing.alreadySigned")
		}
		f.SignedByAdvisorDate, f.SignedByAdvisorUserID, f.SignedByAdvisorSignInMethod = &now, &userID, &method
	}
	if f.SignedByTeacherDate != nil && f.SignedByStudentDate != nil && f.SignedByAdvisorDate != nil {
		f.IsLocked = true
		f.LockedAt = &now
		return true, nil
	}
	return false, nil
}
