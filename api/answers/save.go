package answers

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"gorm.io/gorm"

	"github.com/praksis/praksis/api/apperror"
	"github.com/praksis/praksis/api/audit"
	"github.com/praksis/praksis/api/auth"
	"github.com/praksis/praksis/api/forms"
	"github.com/praksis/praksis/api/policy"
	"github.com/praksis/praksis/tenants"
)

// assignment is what saving needs to know of an assignment.
type assignment struct {
	ID            int64
	ClassID       int64
	FormID        int64
	SubjectID     int64
	IsMidSemester bool
}

func loadAssignment(tx *gorm.DB, id int64) (*assignment, error) {
	var a assignment
	res := tx.Raw(`SELECT a.id, a.class_id, a.form_id, c.subject_id, a.is_mid_semester
		FROM assignments a JOIN classes c ON c.id = a.class_id WHERE a.id = ?`, id).Scan(&a)
	if res.Error != nil {
		return nil, fmt.Errorf("load assignment %d: %w", id, res.Error)
	}
	if res.RowsAffected == 0 {
		return nil, apperror.NotFoundf("answers.assignmentNotFound")
	}
	return &a, nil
}

// question is a question of a form as validation needs it.
type question struct {
	Text    string
	Type    forms.GroupType
	Options int
}

func formQuestions(tx *gorm.DB, formID int64) (map[int64]question, error) {
	var rows []struct {
		ID      int64
		Text    string
		Type    forms.GroupType
		Options int
	}
	if err := tx.Raw(`SELECT q.id, q.text, g.type,
			(SELECT count(*) FROM question_group_options o WHERE o.group_id = g.id) AS options
		FROM questions q JOIN question_groups g ON g.id = q.group_id WHERE g.form_id = ?`, formID).Scan(&rows).Error; err != nil {
		return nil, fmt.Errorf("load questions of form %d: %w", formID, err)
	}
	out := make(map[int64]question, len(rows))
	for _, r := range rows {
		out[r.ID] = question{Text: r.Text, Type: r.Type, Options: r.Options}
	}
	return out, nil
}

// change is one validated answer: the value and comment to store, nil for
// none.
type change struct {
	questionID int64
	value      *string
	comment    *string
}

func blankToNil(s *string, trim bool) *string {
	if s == nil || strings.TrimSpace(*s) == "" {
		return nil
	}
	v := *s
	if trim {
		v = strings.TrimSpace(v)
	}
	return &v
}

// validate checks every answer against the form's questions and returns
// what to store, or an Invalid error naming each bad answer by its path
// (answers[3].comment) and its question. Nothing is written before every
// answer has passed.
func validate(in []Answer, qs map[int64]question) ([]change, error) {
	e := apperror.Invalidf("error.invalid")
	seen := map[int64]bool{}
	out := make([]change, 0, len(in))
	for i, a := range in {
		path := fmt.Sprintf("answers[%d]", i)
		q, ok := qs[a.FormQuestionID]
		if !ok {
			if blankToNil(a.Value, false) == nil && blankToNil(a.Comment, false) != nil {
				e.Field(path+".formQuestionId", "answers.invalidCommentId", map[string]any{"ID": a.FormQuestionID})
			} else {
				e.Field(path+".formQuestionId", "answers.invalidAnswerId", map[string]any{"ID": a.FormQuestionID})
			}
			continue
		}
		if seen[a.FormQuestionID] {
			e.Field(path+".formQuestionId", "answers.questionTwice", map[string]any{"Question": questionName(q.Text)})
			continue
		}
		seen[a.FormQuestionID] = true
		c := change{questionID: a.FormQuestionID, comment: blankToNil(a.Comment, false)}
		switch q.Type {
		case forms.Grading:
			c.value = blankToNil(a.Value, true)
			if c.value != nil {
				n, err := strconv.Atoi(*c.value)
				if err != nil || n < 0 || n > q.Options || strconv.Itoa(n) != *c.value {
					e.Field(path+".value", "answers.valueInvalid", map[string]any{"Question": questionName(q.Text), "Max": q.Options})
				}
			}
		case forms.TextInput:
			c.value = blankToNil(a.Value, false)
			if c.value != nil {
				if n := utf8.RuneCountInString(*c.value); n > MaxText {
					e.Field(path+".value", "answers.textTooLong", map[string]any{"Question": questionName(q.Text), "Length": n, "Max": MaxText})
				}
			}
		default:
			if blankToNil(a.Value, false) != nil || c.comment != nil {
				e.Field(path+".formQuestionId", "answers.notAnswerable", map[string]any{"Question": questionName(q.Text)})
			}
		}
		if c.comment != nil {
			if n := utf8.RuneCountInString(*c.comment); n > MaxComment {
				e.Field(path+".comment", "answers.commentTooLong", map[string]any{"Question": questionName(q.Text), "Length": n, "Max": MaxComment})
			}
		}
		out = append(out, c)
	}
	if len(e.Fields) > 0 {
		return nil, e
	}
	return out, nil
}

// Save creates or updates the caller's own answer set for an assignment
// about a student and returns it with its new version; created says
// whether the set is new. The order of checks:
//
//   - an unknown assignment is NotFound, and so is a student who is not in
//     the assignment's class;
//   - a caller who may not answer for the student (policy.CanAnswer) is
//     Forbidden;
//   - every answer is validated (Invalid naming each bad one, and nothing
//     is saved): the question must be one of the assignment's form
//     ('Invalid id when registering answer' or '… comment'), a grading value
//     "0" up to the number of labels (that last one meaning not relevant), a
//     free text at most MaxText characters, a comment at most MaxComment;
//   - a locked signing form is a Conflict (the result is final);
//   - a version other than the stored one (0 for a set that does not exist)
//     is a Conflict: the client read an older state and must reload.
//
// Listed questions get exactly the value and comment sent; others keep
// theirs. The version goes up by one when anything changed or the set is
// delivered, so an autosave that changes nothing keeps it. Delivering
// stamps delivered_at and writes an audit row.
func Save(ctx context.Context, in Input) (set *Set, created bool, err error) {
	e := apperror.Invalidf("error.invalid")
	if in.AssignmentID <= 0 {
		e.Field("assignmentId", "answers.assignmentRequired", nil)
	}
	if in.StudentUserID <= 0 {
		e.Field("studentUserId", "answers.studentRequired", nil)
	}
	if in.Version < 0 {
		e.Field("version", "answers.versionInvalid", nil)
	}
	if len(e.Fields) > 0 {
		return nil, false, e
	}
	caller := auth.CallerFrom(ctx)
	if caller == nil {
		return nil, false, apperror.New(apperror.Unauthorized, "error.unauthorized")
	}
	tx, err := tenants.DB(ctx)
	if err != nil {
		return nil, false, err
	}
	a, err := loadAssignment(tx, in.AssignmentID)
	if err != nil {
		return nil, false, err
	}
	rel, err := policy.Of(ctx, a.ClassID, in.StudentUserID)
	if err != nil {
		return nil, false, err
	}
	if err := policy.CanAnswer(rel); err != nil {
		return nil, false, err
	}
	if in.FormID != nil && *in.FormID != a.FormID {
		e.Field("formId", "answers.mismatch", map[string]any{"Field": "formId"})
	}
	if in.IsMidSemester != nil && *in.IsMidSemester != a.IsMidSemester {
		e.Field("isMidSemester", "answers.mismatch", map[string]any{"Field": "isMidSemester"})
	}
	if in.UserID != nil && *in.UserID != 0 && *in.UserID != caller.UserID {
		e.Field("userId", "answers.mismatch", map[string]any{"Field": "userId"})
	}
	qs, err := formQuestions(tx, a.FormID)
	if err != nil {
		return nil, false, err
	}
	changes, verr := validate(in.Answers, qs)
	if verr != nil {
		if ve, ok := apperror.As(verr); ok {
			e.Fields = append(e.Fields, ve.Fields...)
		}
	}
	if len(e.Fields) > 0 {
		return nil, false, e
	}

	var locked bool
	if err := tx.Raw("SELECT EXISTS (SELECT 1 FROM signing_forms WHERE class_id = ? AND student_user_id = ? AND is_locked)",
		a.ClassID, in.StudentUserID).Scan(&locked).Error; err != nil {
		return nil, false, fmt.Errorf("check signing form of student %d in class %d: %w", in.StudentUserID, a.ClassID, err)
	}
	if locked {
		return nil, false, apperror.Conflictf("answers.locked")
	}

	var current []struct {
		ID      int64
		Version int
	}
	if err := tx.Raw(`SELECT id, version FROM answer_sets WHERE assignment_id = ? AND student_user_id = ? AND user_id = ? FOR UPDATE`,
		a.ID, in.StudentUserID, caller.UserID).Scan(&current).Error; err != nil {
		return nil, false, fmt.Errorf("lock answer set of user %d for student %d: %w", caller.UserID, in.StudentUserID, err)
	}
	stale := apperror.Conflictf("answers.stale")
	var setID int64
	switch {
	case len(current) == 0 && in.Version != 0:
		return nil, false, stale
	case len(current) == 0:
		var ids []int64
		if err := tx.Raw(`INSERT INTO answer_sets (assignment_id, form_id, student_user_id, user_id, class_id, subject_id, is_mid_semester)
			VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (assignment_id, student_user_id, user_id) DO NOTHING RETURNING id`,
			a.ID, a.FormID, in.StudentUserID, caller.UserID, a.ClassID, a.SubjectID, a.IsMidSemester).Scan(&ids).Error; err != nil {
			return nil, false, fmt.Errorf("create answer set of user %d for student %d: %w", caller.UserID, in.StudentUserID, err)
		}
		if len(ids) == 0 {
			// Another request made it first.
			return nil, false, stale
		}
		setID, created = ids[0], true
	case in.Version != current[0].Version:
		return nil, false, stale
	default:
		setID = current[0].ID
	}
	if in.ID != nil && *in.ID != 0 && *in.ID != setID {
		return nil, false, apperror.Invalidf("error.invalid").Field("id", "answers.mismatch", map[string]any{"Field": "id"})
	}

	changed, err := write(tx, setID, caller.UserID, changes)
	if err != nil {
		return nil, false, err
	}
	if !created && (changed || in.Deliver) {
		if err := tx.Exec("UPDATE answer_sets SET version = version + 1, updated_at = now() WHERE id = ?", setID).Error; err != nil {
			return nil, false, fmt.Errorf("bump version of answer set %d: %w", setID, err)
		}
	}
	if in.Deliver {
		if err := tx.Exec("UPDATE answer_sets SET delivered_at = now() WHERE id = ?", setID).Error; err != nil {
			return nil, false, fmt.Errorf("deliver answer set %d: %w", setID, err)
		}
	}
	set, err = Get(ctx, setID)
	if err != nil {
		return nil, false, err
	}
	if in.Deliver {
		answered := 0
		for _, ans := range set.Answers {
			if ans.Value != nil {
				answered++
			}
		}
		if err := audit.Record(ctx, audit.Entry{Action: "answerSet.delivered", Entity: "answerSet", EntityID: setID,
			StudentUserID: set.StudentUserID, ClassID: set.ClassID, Details: map[string]any{
				"assignmentId": set.AssignmentID, "formId": set.FormID, "isMidSemester": set.IsMidSemester,
				"role": string(set.Role), "answered": answered, "version": set.Version,
			}}); err != nil {
			return nil, false, err
		}
	}
	return set, created, nil
}

// write stores the validated changes in set, the comments as author's,
// and reports whether any row changed.
func write(tx *gorm.DB, setID, author int64, changes []change) (bool, error) {
	var values, comments []string
	var valueArgs, commentArgs []any
	var clearValues, clearComments []int64
	for _, c := range changes {
		if c.value != nil {
			values = append(values, "(?, ?, ?)")
			valueArgs = append(valueArgs, setID, c.questionID, *c.value)
		} else {
			clearValues = append(clearValues, c.questionID)
		}
		if c.comment != nil {
			comments = append(comments, "(?, ?, ?, ?)")
			commentArgs = append(commentArgs, setID, c.questionID, author, *c.comment)
		} else {
			clearComments = append(clearComments, c.questionID)
		}
	}
	changed := false
	run := func(what, sql string, args ...any) error {
		res := tx.Exec(sql, args...)
		if res.Error != nil {
			return fmt.Errorf("%s in answer set %d: %w", what, setID, res.Error)
		}
		changed = changed || res.RowsAffected > 0
		return nil
	}
	if len(values) > 0 {
		if err := run("store answers", `INSERT INTO answers (answer_set_id, question_id, value) VALUES `+strings.Join(values, ", ")+`
			ON CONFLICT (answer_set_id, question_id) DO UPDATE SET value = excluded.value, updated_at = now()
			WHERE answers.value IS DISTINCT FROM excluded.value`, valueArgs...); err != nil {
			return false, err
		}
	}
	if len(clearValues) > 0 {
		if err := run("clear answers", "DELETE FROM answers WHERE answer_set_id = ? AND question_id IN ?", setID, clearValues); err != nil {
			return false, err
		}
	}
	if len(comments) > 0 {
		if err := run("store comments", `INSERT INTO comments (answer_set_id, question_id, user_id, comment) VALUES `+strings.Join(comments, ", ")+`
			ON CONFLICT (answer_set_id, question_id, user_id) DO UPDATE SET comment = excluded.comment, commented_at = now(), updated_at = now()
			WHERE comments.comment IS DISTINCT FROM excluded.comment`, commentArgs...); err != nil {
			return false, err
		}
	}
	if len(clearComments) > 0 {
		if err := run("clear comments", "DELETE FROM comments WHERE answer_set_id = ? AND user_id = ? AND question_id IN ?",
			setID, author, clearComments); err != nil {
			return false, err
		}
	}
	return changed, nil
}
