// Package warnings owns the written warning of possible failure. A teacher
// drafts it (comment: which learning outcomes and criteria are not met;
// passRequirement and passRequirementSummary: what the student must achieve
// to pass), sends it (submittedAt; the student is e-mailed), the student
// confirms having read it (studentConfirmedAt), and then the teacher may
// delete it. Norwegian practice wants it at the placement's halfway point,
// or at the latest three weeks before the placement ends.
package warnings

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"gorm.io/gorm"

	"github.com/praksis/praksis/api/apperror"
	"github.com/praksis/praksis/api/auth"
	"github.com/praksis/praksis/tenants"
)

// MaxText is the longest each of the three texts may be, in characters.
const MaxText = 10000

// Warning is a student's warning in one class.
type Warning struct {
	ID                     int64      `json:"id"`
	ClassID                int64      `json:"classId"`
	StudentUserID          int64      `json:"studentUserId"`
	TeacherUserID          int64      `json:"teacherUserId" description:"The teacher who last wrote or sent it"`
	Comment                string     `json:"comment" description:"Which learning outcomes and criteria are not met"`
	PassRequirement        string     `json:"passRequirement" description:"What the student must achieve to pass"`
	PassRequirementSummary string     `json:"passRequirementSummary" description:"A short summary of what the student must achieve to pass"`
	CreatedAt              time.Time  `json:"createdAt"`
	SubmittedAt            *time.Time `json:"submittedAt" description:"When it was sent to the student; null while it is the teacher's draft"`
	UpdatedAt              time.Time  `json:"updatedAt"`
	StudentConfirmedAt     *time.Time `json:"studentConfirmedWarningAt" gorm:"column:student_confirmed_at" description:"When the student confirmed having read it; null until then"`
}

// Draft is what the teacher writes.
type Draft struct {
	Comment                string `json:"comment" maxLength:"10000" description:"Which learning outcomes and criteria are not met"`
	PassRequirement        string `json:"passRequirement" maxLength:"10000" description:"What the student must achieve to pass"`
	PassRequirementSummary string `json:"passRequirementSummary" maxLength:"10000" description:"A short summary of what the student must achieve to pass"`
}

// Validate checks the lengths; complete additionally requires every text,
// as sending does.
func (d Draft) Validate(complete bool) error {
	e := apperror.Invalidf("error.invalid")
	for _, f := range []struct{ name, value string }{
		{"comment", d.Comment}, {"passRequirement", d.PassRequirement}, {"passRequirementSummary", d.PassRequirementSummary},
	} {
		switch {
		case utf8.RuneCountInString(f.value) > MaxText:
			e.Field(f.name, "warnings.tooLong", map[string]any{"Max": MaxText})
		case complete && strings.TrimSpace(f.value) == "":
			e.Field(f.name, "warnings.required", nil)
		}
	}
	if len(e.Fields) > 0 {
		return e
	}
	return nil
}

// State is where a student's warning stands, as the class lists show it.
type State string

// The states.
const (
	// StateNone: no warning (to anyone but the class's teachers, a draft is
	// none).
	StateNone State = "none"
	// StateDraft: the teacher's draft, not sent.
	StateDraft State = "draft"
	// StateGiven: sent to the student, not yet confirmed.
	StateGiven State = "given"
	// StateConfirmed: the student has confirmed having read it.
	StateConfirmed State = "confirmed"
)

// Enum lists the states for the API document.
func (State) Enum() []any { return []any{StateNone, StateDraft, StateGiven, StateConfirmed} }

// ErrNone means the student has no warning in the class.
var ErrNone = apperror.NotFoundf("warnings.none")

const columns = `id, class_id, student_user_id, teacher_user_id, comment, pass_requirement, pass_requirement_summary,
	created_at, submitted_at, updated_at, student_confirmed_at`

// Get loads the warning of a student in a class, or ErrNone.
func Get(ctx context.Context, classID, studentID int64) (*Warning, error) {
	tx, err := tenants.DB(ctx)
	if err != nil {
		return nil, err
	}
	var w Warning
	res := tx.Raw("SELECT "+columns+" FROM warnings WHERE class_id = ? AND student_user_id = ? FOR UPDATE", classID, studentID).Scan(&w)
	if res.Error != nil {
		return nil, fmt.Errorf("load warning of student %d in class %d: %w", studentID, classID, res.Error)
	}
	if res.RowsAffected == 0 {
		return nil, ErrNone
	}
	return &w, nil
}

func audit(tx *gorm.DB, actor int64, action string, w *Warning) error {
	return tx.Exec(`INSERT INTO audit_log (actor_user_id, action, entity, entity_id, student_user_id, class_id)
		VALUES (?, ?, 'warning', ?, ?, ?)`, actor, action, w.ID, w.StudentUserID, w.ClassID).Error
}

// SaveDraft creates or updates the teacher's draft. A warning that has been
// sent cannot be changed: the student has been told what it says.
func SaveDraft(ctx context.Context, classID, studentID int64, d Draft) (*Warning, error) {
	if err := d.Validate(false); err != nil {
		return nil, err
	}
	caller := auth.CallerFrom(ctx)
	tx, err := tenants.DB(ctx)
	if err != nil {
		return nil, err
	}
	w, err := Get(ctx, classID, studentID)
	switch {
	case errors.Is(err, ErrNone):
		// Two saves of a first draft can cross (the dialog's autosave and its
		// closing, on a slow line): both find none, and the later one then
		// changes the draft the earlier made, as it would have a moment later.
		var id int64
		if err := tx.Raw(`INSERT INTO warnings (class_id, student_user_id, teacher_user_id, comment, pass_requirement, pass_requirement_summary)
			VALUES (?, ?, ?, ?, ?, ?)
			ON CONFLICT (class_id, student_user_id) DO UPDATE SET comment = excluded.comment, pass_requirement = excluded.pass_requirement,
				pass_requirement_summary = excluded.pass_requirement_summary, teacher_user_id = excluded.teacher_user_id, updated_at = excluded.updated_at
			WHERE warnings.submitted_at IS NULL
			RETURNING id`, classID, studentID, caller.UserID, d.Comment, d.PassRequirement, d.PassRequirementSummary).
			Scan(&id).Error; err != nil {
			return nil, fmt.Errorf("create warning: %w", err)
		}
		if id == 0 {
			return nil, apperror.Conflictf("warnings.alreadySent") // sent in between
		}
	case err != nil:
		return nil, err
	case w.SubmittedAt != nil:
		return nil, apperror.Conflictf("warnings.alreadySent")
	default:
		if err := tx.Exec(`UPDATE warnings SET comment = ?, pass_requirement = ?, pass_requirement_summary = ?, teacher_user_id = ?,
			updated_at = now() WHERE id = ?`, d.Comment, d.PassRequirement, d.PassRequirementSummary, caller.UserID, w.ID).Error; err != nil {
			return nil, fmt.Errorf("update warning %d: %w", w.ID, err)
		}
	}
	w, err = Get(ctx, classID, studentID)
	if err != nil {
		return nil, err
	}
	return w, audit(tx, caller.UserID, "warning.saved", w)
}

// Submit saves the draft (when given) and sends the warning: every text is
// required, and a warning is sent once.
func Submit(ctx context.Context, classID, studentID int64, d *Draft) (*Warning, error) {
	if d != nil {
		if err := d.Validate(true); err != nil {
			return nil, err
		}
		if _, err := SaveDraft(ctx, classID, studentID, *d); err != nil {
			return nil, err
		}
	}
	w, err := Get(ctx, classID, studentID)
	if err != nil {
		return nil, err
	}
	if w.SubmittedAt != nil {
		return nil, apperror.Conflictf("warnings.alreadySent")
	}
	if err := (Draft{w.Comment, w.PassRequirement, w.PassRequirementSummary}).Validate(true); err != nil {
		return nil, err
	}
	caller := auth.CallerFrom(ctx)
	tx, _ := tenants.DB(ctx)
	if err := tx.Exec("UPDATE warnings SET submitted_at = now(), teacher_user_id = ?, updated_at = now() WHERE id = ?", caller.UserID, w.ID).Error; err != nil {
		return nil, fmt.Errorf("send warning %d: %w", w.ID, err)
	}
	if w, err = Get(ctx, classID, studentID); err != nil {
		return nil, err
	}
	return w, audit(tx, caller.UserID, "warning.submitted", w)
}

// Confirm records that the student has read the sent warning.
func Confirm(ctx context.Context, classID, studentID int64) (*Warning, error) {
	w, err := Get(ctx, classID, studentID)
	if err != nil {
		return nil, err
	}
	if w.SubmittedAt == nil {
		// A draft is the teacher's business; to the student it does not exist.
		return nil, ErrNone
	}
	if w.StudentConfirmedAt != nil {
		return w, nil
	}
	tx, _ := tenants.DB(ctx)
	if err := tx.Exec("UPDATE warnings SET student_confirmed_at = now(), updated_at = now() WHERE id = ?", w.ID).Error; err != nil {
		return nil, fmt.Errorf("confirm warning %d: %w", w.ID, err)
	}
	if w, err = Get(ctx, classID, studentID); err != nil {
		return nil, err
	}
	return w, audit(tx, auth.CallerFrom(ctx).UserID, "warning.confirmed", w)
}

// Delete removes the warning. A draft may go at any time; a sent warning
// only once the student has confirmed reading it, so a student is never
// warned by a text that vanished before they saw it. The audit trail keeps
// that it existed.
func Delete(ctx context.Context, classID, studentID int64) error {
	w, err := Get(ctx, classID, studentID)
	if err != nil {
		return err
	}
	if w.SubmittedAt != nil && w.StudentConfirmedAt == nil {
		return apperror.Conflictf("warnings.notConfirmed")
	}
	tx, _ := tenants.DB(ctx)
	if err := audit(tx, auth.CallerFrom(ctx).UserID, "warning.deleted", w); err != nil {
		return fmt.Errorf("audit warning deletion: %w", err)
	}
	if err := tx.Exec("DELETE FROM warnings WHERE id = ?", w.ID).Error; err != nil {
		return fmt.Errorf("delete warning %d: %w", w.ID, err)
	}
	return nil
}

// Deadline is when a warning is due: the placement's midpoint, and at the
// latest three weeks before it ends.
type Deadline struct {
	Midpoint string `json:"midpoint" format:"date" description:"The placement's midpoint (the class's mid-semester date when set), at the latest LastDate"`
	LastDate string `json:"lastDate" format:"date" description:"Three weeks before the placement ends"`
}

// DeadlineOf computes the warning deadline of a class: the midpoint is the
// class's mid-semester date when set, else halfway between the semester's
// start and the class's (or semester's) end; the last date is three weeks
// before the end.
func DeadlineOf(ctx context.Context, classID int64) (*Deadline, error) {
	tx, err := tenants.DB(ctx)
	if err != nil {
		return nil, err
	}
	var row struct {
		Start time.Time
		End   time.Time
		Mid   *time.Time
	}
	res := tx.Raw(`SELECT p.start_date AS start, coalesce(c.end_semester_date, p.end_date) AS "end", c.mid_semester_date AS mid
		FROM classes c JOIN periods p ON p.id = c.period_id WHERE c.id = ?`, classID).Scan(&row)
	if res.Error != nil {
		return nil, fmt.Errorf("load dates of class %d: %w", classID, res.Error)
	}
	if res.RowsAffected == 0 {
		return nil, apperror.NotFoundf("error.notFound")
	}
	mid := row.Start.Add(row.End.Sub(row.Start) / 2)
	if row.Mid != nil {
		mid = *row.Mid
	}
	last := row.End.AddDate(0, 0, -21)
	if mid.After(last) {
		mid = last
	}
	return &Deadline{Midpoint: mid.Format(time.DateOnly), LastDate: last.Format(time.DateOnly)}, nil
}
