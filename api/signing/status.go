package signing

import (
	"context"
	"fmt"
	"net/http"

	"github.com/praksis/praksis/api/edge"
	"github.com/praksis/praksis/api/policy"
	"github.com/praksis/praksis/tenants"
)

// Status is where a student's signing form stands, as the teacher's class
// page shows it. Only students whose form waits for someone are listed.
type Status string

// Enum lists the statuses for the API document.
func (Status) Enum() []any {
	return []any{StatusNoForm, StatusMidNotConfirmed, StatusEndNotCompleted, StatusAwaitingSignatures}
}

// The statuses.
const (
	// StatusNoForm: the teacher has not created the form.
	StatusNoForm Status = "noForm"
	// StatusMidNotConfirmed: the form exists, the mid section is not
	// confirmed.
	StatusMidNotConfirmed Status = "midNotConfirmed"
	// StatusEndNotCompleted: mid is confirmed, the end section is not
	// completed.
	StatusEndNotCompleted Status = "endNotCompleted"
	// StatusAwaitingSignatures: the end is completed and one or more of the
	// three parties have not signed.
	StatusAwaitingSignatures Status = "awaitingSignatures"
)

// StudentStatus is one student of a class whose signing form waits for
// someone.
type StudentStatus struct {
	StudentID     int64  `json:"studentId"`
	DisplayName   string `json:"displayName"`
	SigningFormID *int64 `json:"signingFormId" description:"null when the teacher has not created the form"`
	Status        Status `json:"status"`
	// WaitingFor lists who must act next: teacher, student and/or advisor
	// (the supervisor), in that order.
	WaitingFor               []Party `json:"waitingFor" description:"Who must act next, in the order teacher, student, advisor (the supervisor)"`
	MidSemesterCompletedDate *Date   `json:"midSemesterCompletedDate" format:"date"`
	EndSemesterCompletedDate *Date   `json:"endSemesterCompletedDate" format:"date"`
}

type statusRow struct {
	StudentID                int64
	DisplayName              string
	SigningFormID            *int64
	IsLocked                 bool
	MidSemesterCompletedDate *Date
	EndSemesterCompletedDate *Date
	TeacherSigned            bool
	StudentSigned            bool
	AdvisorSigned            bool
}

// status works out where one student's form stands; ok is false when it
// waits for nobody (locked).
func (r statusRow) status() (StudentStatus, bool) {
	s := StudentStatus{StudentID: r.StudentID, DisplayName: r.DisplayName, SigningFormID: r.SigningFormID,
		MidSemesterCompletedDate: r.MidSemesterCompletedDate, EndSemesterCompletedDate: r.EndSemesterCompletedDate}
	switch {
	case r.SigningFormID == nil:
		s.Status, s.WaitingFor = StatusNoForm, []Party{Teacher}
	case r.IsLocked:
		return s, false
	case r.MidSemesterCompletedDate == nil:
		s.Status, s.WaitingFor = StatusMidNotConfirmed, []Party{Teacher}
	case r.EndSemesterCompletedDate == nil:
		s.Status, s.WaitingFor = StatusEndNotCompleted, []Party{Teacher}
	default:
		s.Status, s.WaitingFor = StatusAwaitingSignatures, []Party{}
		for _, p := range []struct {
			party  Party
			signed bool
		}{{Teacher, r.TeacherSigned}, {Student, r.StudentSigned}, {Advisor, r.AdvisorSigned}} {
			if !p.signed {
				s.WaitingFor = append(s.WaitingFor, p.party)
			}
		}
	}
	return s, true
}

// ClassStatus lists the students of a class whose signing form waits for
// someone, by name: those without a form, those whose mid section is not
// confirmed, those whose end section is not completed, and those whose
// form awaits signatures (with whom it waits for). Locked forms are left out.
func ClassStatus(ctx context.Context, classID int64) ([]StudentStatus, error) {
	tx, err := tenants.DB(ctx)
	if err != nil {
		return nil, err
	}
	var rows []statusRow
	if err := tx.Raw(`SELECT u.id AS student_id, u.display_name, sf.id AS signing_form_id, coalesce(sf.is_locked, false) AS is_locked,
			to_char(sf.mid_semester_completed_date, 'YYYY-MM-DD') AS mid_semester_completed_date,
			to_char(sf.end_semester_completed_date, 'YYYY-MM-DD') AS end_semester_completed_date,
			sf.signed_by_teacher_date IS NOT NULL AS teacher_signed,
			sf.signed_by_student_date IS NOT NULL AS student_signed,
			sf.signed_by_advisor_date IS NOT NULL AS advisor_signed
		FROM class_students cs
		JOIN users u ON u.id = cs.user_id
		LEFT JOIN signing_forms sf ON sf.class_id = cs.class_id AND sf.student_user_id = cs.user_id
		WHERE cs.class_id = ?
		ORDER BY u.display_name, u.id`, classID).Scan(&rows).Error; err != nil {
		return nil, fmt.Errorf("signing status of class %d: %w", classID, err)
	}
	out := []StudentStatus{}
	for _, r := range rows {
		if s, ok := r.status(); ok {
			out = append(out, s)
		}
	}
	return out, nil
}

// ByClass names a class in the path.
type ByClass struct {
	ID int64 `path:"id" description:"The class's id"`
}

// HandleClassStatus serves GET /api/classes/{id}/signing-status for the
// class's teachers and admins.
var HandleClassStatus = edge.Read(http.StatusOK, func(ctx context.Context, p ByClass) ([]StudentStatus, error) {
	rel, err := policy.OfClass(ctx, p.ID)
	if err != nil {
		return nil, err
	}
	if err := policy.CanSeeClassStudents(rel); err != nil {
		return nil, err
	}
	return ClassStatus(ctx, p.ID)
})

// State is where a student's signing form stands, as the class lists show
// it beside the warning.
type State string

// The states, in the order a form passes through them.
const (
	// StateNone: there is no form.
	StateNone State = "none"
	// StateSaved: the form exists, the mid section is not confirmed.
	StateSaved State = "saved"
	// StateMidConfirmed: the mid section is confirmed.
	StateMidConfirmed State = "midConfirmed"
	// StateEndCompleted: the end section is completed; nobody has signed.
	StateEndCompleted State = "endCompleted"
	// StateSigning: one or two of the three parties have signed.
	StateSigning State = "signing"
	// StateLocked: all three have signed; the form is final.
	StateLocked State = "locked"
)

// Enum lists the states for the API document.
func (State) Enum() []any {
	return []any{StateNone, StateSaved, StateMidConfirmed, StateEndCompleted, StateSigning, StateLocked}
}

// StateFrom is the state of a student's signing form from what a list
// reads of it: whether there is one, whether it is locked, whether anyone
// has signed, and whether the end and the mid sections are done.
func StateFrom(exists, locked, anySigned, endCompleted, midConfirmed bool) State {
	switch {
	case !exists:
		return StateNone
	case locked:
		return StateLocked
	case anySigned:
		return StateSigning
	case endCompleted:
		return StateEndCompleted
	case midConfirmed:
		return StateMidConfirmed
	}
	return StateSaved
}
