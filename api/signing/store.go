package signing

import (
	"context"
	"errors"
	"fmt"

	"github.com/praksis/praksis/api/apperror"
	"github.com/praksis/praksis/api/clock"
	"github.com/praksis/praksis/api/deadlines"
	"github.com/praksis/praksis/tenants"
)

// ErrNone means the student has no signing form in the class.
var ErrNone = apperror.NotFoundf("signing.none")

var columns = `id, student_reference_id AS student_references_id, class_id, student_user_id, is_locked, locked_at, version,
	to_char(mid_semester_completed_date, 'YYYY-MM-DD') AS mid_semester_completed_date,
	to_char(end_semester_completed_date, 'YYYY-MM-DD') AS end_semester_completed_date,
	signed_by_teacher_date, signed_by_teacher_user_id, signed_by_teacher_sign_in_method,
	signed_by_student_date, signed_by_student_user_id, signed_by_student_sign_in_method,
	signed_by_advisor_date, signed_by_advisor_user_id, signed_by_advisor_sign_in_method,
	sign_without_advisor_confirmed_date, attendance_passed, work_requirements_passed,
	specific_competence_areas_passed, general_competence_areas_passed, teacher_comment, overall_passed,
	mid_semester_student_has_given_feedback, mid_semester_specific_competence_areas_begun,
	assessment_result_archived_at, assessment_result_submitted_at, ` + deadlines.SigningSQL("signing_forms.class_id")

// load reads the form of a student in a class, locking the row for the
// rest of the transaction so that two signers at once are serialised.
func load(ctx context.Context, classID, studentID int64) (*Form, error) {
	tx, err := tenants.DB(ctx)
	if err != nil {
		return nil, err
	}
	var f Form
	res := tx.Raw("SELECT "+columns+" FROM signing_forms WHERE class_id = ? AND student_user_id = ? FOR UPDATE", classID, studentID).Scan(&f)
	if res.Error != nil {
		return nil, fmt.Errorf("load signing form of student %d in class %d: %w", studentID, classID, res.Error)
	}
	if res.RowsAffected == 0 {
		return nil, ErrNone
	}
	if err := f.judgeDeadlines(clock.Now(ctx)); err != nil {
		return nil, fmt.Errorf("signing form of student %d in class %d: %w", studentID, classID, err)
	}
	return &f, nil
}

// referenceOf finds the student reference a new form belongs to: the
// primary one, else the oldest.
func referenceOf(ctx context.Context, classID, studentID int64) (int64, error) {
	tx, err := tenants.DB(ctx)
	if err != nil {
		return 0, err
	}
	var id int64
	if err := tx.Raw(`SELECT id FROM student_references WHERE class_id = ? AND student_user_id = ?
		ORDER BY is_primary DESC, id LIMIT 1`, classID, studentID).Scan(&id).Error; err != nil {
		return 0, fmt.Errorf("find student reference: %w", err)
	}
	if id == 0 {
		return 0, apperror.NotFoundf("signing.noReference")
	}
	return id, nil
}

func insert(ctx context.Context, classID, studentID, refID int64, f *Form) (int64, error) {
	tx, err := tenants.DB(ctx)
	if err != nil {
		return 0, err
	}
	var id int64
	if err := tx.Raw(`INSERT INTO signing_forms (student_reference_id, class_id, student_user_id,
			mid_semester_completed_date, mid_semester_student_has_given_feedback, mid_semester_specific_competence_areas_begun)
		VALUES (?, ?, ?, ?, ?, ?) RETURNING id`, refID, classID, studentID,
		f.MidSemesterCompletedDate, f.MidSemesterStudentHasGivenFeedback, f.MidSemesterSpecificCompetenceAreasBegun).Scan(&id).Error; err != nil {
		return 0, fmt.Errorf("create signing form: %w", err)
	}
	return id, nil
}

// store writes every field a transition may change and bumps the version;
// the version in the WHERE clause makes a lost update impossible even
// without the row lock.
func store(ctx context.Context, f *Form) error {
	tx, err := tenants.DB(ctx)
	if err != nil {
		return err
	}
	res := tx.Exec(`UPDATE signing_forms SET
			mid_semester_completed_date = ?, mid_semester_student_has_given_feedback = ?, mid_semester_specific_competence_areas_begun = ?,
			end_semester_completed_date = ?, attendance_passed = ?, work_requirements_passed = ?,
			specific_competence_areas_passed = ?, general_competence_areas_passed = ?, teacher_comment = ?, overall_passed = ?,
			signed_by_teacher_date = ?, signed_by_teacher_user_id = ?, signed_by_teacher_sign_in_method = ?,
			signed_by_student_date = ?, signed_by_student_user_id = ?, signed_by_student_sign_in_method = ?,
			signed_by_advisor_date = ?, signed_by_advisor_user_id = ?, signed_by_advisor_sign_in_method = ?,
			sign_without_advisor_confirmed_date = ?, is_locked = ?, locked_at = ?,
			version = version + 1, updated_at = now()
		WHERE id = ? AND version = ?`,
		f.MidSemesterCompletedDate, f.MidSemesterStudentHasGivenFeedback, f.MidSemesterSpecificCompetenceAreasBegun,
		f.EndSemesterCompletedDate, f.AttendancePassed, f.WorkRequirementsPassed,
		f.SpecificCompetenceAreasPassed, f.GeneralCompetenceAreasPassed, f.TeacherComment, f.OverallPassed,
		f.SignedByTeacherDate, f.SignedByTeacherUserID, f.SignedByTeacherSignInMethod,
		f.SignedByStudentDate, f.SignedByStudentUserID, f.SignedByStudentSignInMethod,
		f.SignedByAdvisorDate, f.SignedByAdvisorUserID, f.SignedByAdvisorSignInMethod,
		f.SignWithoutAdvisorConfirmedDate, f.IsLocked, f.LockedAt, f.ID, f.Version)
	if res.Error != nil {
		return fmt.Errorf("save signing form %d: %w", f.ID, res.Error)
	}
	if res.RowsAffected == 0 {
		return conflict("signing.stale")
	}
	return nil
}

func remove(ctx context.Context, id int64) error {
	tx, err := tenants.DB(ctx)
	if err != nil {
		return err
	}
	if err := tx.Exec("DELETE FROM signing_forms WHERE id = ? AND NOT is_locked", id).Error; err != nil {
		return fmt.Errorf("delete signing form %d: %w", id, err)
	}
	return nil
}

// Summary is the teacher's progress on the main form per half and
// question type, shown before signing.
type Summary struct {
	IsMidSemester    bool `json:"isMidSemester"`
	FormQuestionType int  `json:"formQuestionType"`
	TotalAnswers     int  `json:"totalAnswers"`
	TotalQuestions   int  `json:"totalQuestions"`
}

// Validation is GET signingform/validation.
type Validation struct {
	TeacherAnswerSummary      []Summary `json:"teacherAnswerSummary"`
	AssessmentResultArchived  bool      `json:"assessmentResultArchived"`
	AssessmentResultSubmitted bool      `json:"assessmentResultSubmitted"`
}

func validation(ctx context.Context, classID, studentID int64) (*Validation, error) {
	tx, err := tenants.DB(ctx)
	if err != nil {
		return nil, err
	}
	v := &Validation{TeacherAnswerSummary: []Summary{}}
	if err := tx.Raw(`SELECT a.is_mid_semester, g.type AS form_question_type, count(q.id) AS total_questions,
			count(ans.id) FILTER (WHERE ans.value IS NOT NULL AND ans.value <> '') AS total_answers
		FROM assignments a
		JOIN forms f ON f.id = a.form_id AND f.is_main_form
		JOIN question_groups g ON g.form_id = f.id AND g.type IN (1, 2)
		JOIN questions q ON q.group_id = g.id
		LEFT JOIN answer_sets s ON s.assignment_id = a.id AND s.student_user_id = ?
			AND s.user_id IN (SELECT user_id FROM class_teachers WHERE class_id = a.class_id)
		LEFT JOIN answers ans ON ans.answer_set_id = s.id AND ans.question_id = q.id
		WHERE a.class_id = ?
		GROUP BY a.is_mid_semester, g.type
		ORDER BY a.is_mid_semester DESC, g.type`, studentID, classID).Scan(&v.TeacherAnswerSummary).Error; err != nil {
		return nil, fmt.Errorf("summarise teacher answers: %w", err)
	}
	f, err := load(ctx, classID, studentID)
	if err != nil && !errors.Is(err, ErrNone) {
		return nil, err
	}
	if f != nil {
		v.AssessmentResultArchived = f.AssessmentResultArchivedAt != nil
		v.AssessmentResultSubmitted = f.AssessmentResultSubmittedAt != nil
	}
	return v, nil
}

// Of returns the signing form of a student in a class, or ErrNone.
func Of(ctx context.Context, classID, studentID int64) (*Form, error) {
	return load(ctx, classID, studentID)
}
