package answers

import (
	"context"
	"fmt"
	"time"

	"gorm.io/gorm"

	"github.com/praksis/praksis/api/apperror"
	"github.com/praksis/praksis/api/forms"
	"github.com/praksis/praksis/api/users"
	"github.com/praksis/praksis/tenants"
)

// roleOf is the SQL that names the part user plays for student in class:
// the student; one of the student's supervisors; a teacher of the class; a
// supervisor of the class; else, for someone who has since left the class,
// by their role (teacher, otherwise supervisor).
func roleOf(user, class, student string) string {
	return fmt.Sprintf(`CASE WHEN %[1]s = %[3]s THEN 'student'
		WHEN EXISTS (SELECT 1 FROM student_references r WHERE r.class_id = %[2]s AND r.student_user_id = %[3]s AND r.advisor_user_id = %[1]s) THEN 'advisor'
		WHEN EXISTS (SELECT 1 FROM class_teachers t WHERE t.class_id = %[2]s AND t.user_id = %[1]s) THEN 'teacher'
		WHEN EXISTS (SELECT 1 FROM class_advisors ca WHERE ca.class_id = %[2]s AND ca.user_id = %[1]s) THEN 'advisor'
		WHEN EXISTS (SELECT 1 FROM user_roles ur WHERE ur.user_id = %[1]s AND ur.role_id = %[4]d) THEN 'teacher'
		ELSE 'advisor' END`, user, class, student, users.RoleTeacher)
}

// answerable are the group types whose questions are answered and counted.
var answerable = []forms.GroupType{forms.TextInput, forms.Grading}

type setRow struct {
	ID            int64
	AssignmentID  int64
	FormID        int64
	ClassID       int64
	SubjectID     int64
	StudentUserID int64
	UserID        int64
	UserName      string
	Role          Role
	IsMidSemester bool
	Version       int
	DeliveredAt   *time.Time
	CreatedAt     time.Time
	UpdatedAt     time.Time
}

// loadSets returns the sets matched by where (on answer_sets s), newest
// change first, each with its answers (in question order) and comments.
func loadSets(ctx context.Context, where string, args ...any) ([]Set, error) {
	tx, err := tenants.DB(ctx)
	if err != nil {
		return nil, err
	}
	var rows []setRow
	if err := tx.Raw(`SELECT s.id, s.assignment_id, s.form_id, s.class_id, s.subject_id, s.student_user_id, s.user_id,
			u.display_name AS user_name, `+roleOf("s.user_id", "s.class_id", "s.student_user_id")+` AS role,
			s.is_mid_semester, s.version, s.delivered_at, s.created_at, s.updated_at
		FROM answer_sets s JOIN users u ON u.id = s.user_id
		WHERE `+where+` ORDER BY s.updated_at DESC, s.id DESC`, args...).Scan(&rows).Error; err != nil {
		return nil, fmt.Errorf("load answer sets: %w", err)
	}
	out := make([]Set, len(rows))
	if len(rows) == 0 {
		return out, nil
	}
	ids := make([]int64, len(rows))
	index := map[int64]int{}
	for i, r := range rows {
		out[i] = Set{ID: r.ID, AssignmentID: r.AssignmentID, FormID: r.FormID, ClassID: r.ClassID, SubjectID: r.SubjectID,
			StudentUserID: r.StudentUserID, UserID: r.UserID, UserName: r.UserName, Role: r.Role, RoleTag: r.Role.Tag(),
			IsMidSemester: r.IsMidSemester, Version: r.Version, DeliveredAt: r.DeliveredAt, CreatedAt: r.CreatedAt,
			UpdatedAt: r.UpdatedAt, Answers: []Answer{}, Comments: []Comment{}}
		ids[i] = r.ID
		index[r.ID] = i
	}
	if err := fillAnswers(tx, out, ids, index); err != nil {
		return nil, err
	}
	return out, nil
}

// fillAnswers loads the answers and comments of the sets ids (positions in
// out by index) and merges each author's own comment into their answers.
func fillAnswers(tx *gorm.DB, out []Set, ids []int64, index map[int64]int) error {
	var answers []struct {
		AnswerSetID int64
		QuestionID  int64
		Value       *string
	}
	if err := tx.Raw(`SELECT a.answer_set_id, a.question_id, a.value FROM answers a
		JOIN questions q ON q.id = a.question_id JOIN question_groups g ON g.id = q.group_id
		WHERE a.answer_set_id IN ? ORDER BY a.answer_set_id, g.sort_order, q.sort_order, q.id`, ids).Scan(&answers).Error; err != nil {
		return fmt.Errorf("load answers of sets: %w", err)
	}
	var comments []struct {
		ID          int64
		AnswerSetID int64
		QuestionID  int64
		UserID      int64
		UserName    string
		Comment     string
		CreatedAt   time.Time
		CommentedAt time.Time
		UpdatedAt   time.Time
	}
	// The part each commenter plays is not asked of the database here: a
	// comment by the set's author plays the author's part, already read
	// with the set, and the few others are looked up by commentRoles.
	// (Asking for it in this query made it the costliest statement of a
	// form read or a save to plan.)
	if err := tx.Raw(`SELECT c.id, c.answer_set_id, c.question_id, c.user_id, u.display_name AS user_name,
			c.comment, c.created_at, c.commented_at, c.updated_at
		FROM comments c JOIN users u ON u.id = c.user_id
		JOIN questions q ON q.id = c.question_id JOIN question_groups g ON g.id = q.group_id
		WHERE c.answer_set_id IN ? ORDER BY c.answer_set_id, g.sort_order, q.sort_order, q.id, c.commented_at, c.id`, ids).Scan(&comments).Error; err != nil {
		return fmt.Errorf("load comments of sets: %w", err)
	}
	others := map[roleKey]Role{}
	for _, c := range comments {
		s := &out[index[c.AnswerSetID]]
		if c.UserID != s.UserID {
			others[roleKey{user: c.UserID, class: s.ClassID, student: s.StudentUserID}] = ""
		}
	}
	if err := commentRoles(tx, others); err != nil {
		return err
	}
	type key struct{ set, question int64 }
	at := map[key]int{}
	for _, a := range answers {
		s := &out[index[a.AnswerSetID]]
		s.Answers = append(s.Answers, Answer{FormQuestionID: a.QuestionID, Value: a.Value})
		at[key{a.AnswerSetID, a.QuestionID}] = len(s.Answers) - 1
	}
	needsSort := map[int64]bool{}
	for _, c := range comments {
		s := &out[index[c.AnswerSetID]]
		role := s.Role
		if c.UserID != s.UserID {
			role = others[roleKey{user: c.UserID, class: s.ClassID, student: s.StudentUserID}]
		}
		s.Comments = append(s.Comments, Comment{ID: c.ID, FormQuestionID: c.QuestionID, UserID: c.UserID, UserName: c.UserName,
			Role: role, RoleTag: role.Tag(), Comment: c.Comment, CreatedAt: c.CreatedAt, CommentedAt: c.CommentedAt, UpdatedAt: c.UpdatedAt})
		if c.UserID != s.UserID {
			continue
		}
		text := c.Comment
		if i, ok := at[key{c.AnswerSetID, c.QuestionID}]; ok {
			s.Answers[i].Comment = &text
			continue
		}
		// A comment on a question without a value: an answer of its own,
		// put in question order below.
		s.Answers = append(s.Answers, Answer{FormQuestionID: c.QuestionID, Comment: &text})
		at[key{c.AnswerSetID, c.QuestionID}] = len(s.Answers) - 1
		needsSort[c.AnswerSetID] = true
	}
	if len(needsSort) > 0 {
		if err := sortAnswers(tx, out, index, needsSort); err != nil {
			return err
		}
	}
	return nil
}

// roleKey is a person about a student in a class.
type roleKey struct{ user, class, student int64 }

// commentRoles fills in the part each person in roles plays (roleOf), one
// small query per person: comments on someone else's set are few.
func commentRoles(tx *gorm.DB, roles map[roleKey]Role) error {
	for k := range roles {
		var r Role
		if err := tx.Raw(`SELECT `+roleOf("v.u", "v.c", "v.s")+` FROM (SELECT ?::bigint AS u, ?::bigint AS c, ?::bigint AS s) v`,
			k.user, k.class, k.student).Scan(&r).Error; err != nil {
			return fmt.Errorf("role of commenter %d: %w", k.user, err)
		}
		roles[k] = r
	}
	return nil
}

// sortAnswers puts the answers of the given sets in question order.
func sortAnswers(tx *gorm.DB, out []Set, index map[int64]int, sets map[int64]bool) error {
	var formIDs []int64
	seen := map[int64]bool{}
	for id := range sets {
		f := out[index[id]].FormID
		if !seen[f] {
			seen[f] = true
			formIDs = append(formIDs, f)
		}
	}
	order, err := questionOrder(tx, formIDs)
	if err != nil {
		return err
	}
	for id := range sets {
		s := &out[index[id]]
		sortByQuestion(s.Answers, order)
	}
	return nil
}

// questionOrder returns the position of every question of the forms.
func questionOrder(tx *gorm.DB, formIDs []int64) (map[int64]int, error) {
	var qs []int64
	if err := tx.Raw(`SELECT q.id FROM questions q JOIN question_groups g ON g.id = q.group_id
		WHERE g.form_id IN ? ORDER BY g.form_id, g.sort_order, q.sort_order, q.id`, formIDs).Scan(&qs).Error; err != nil {
		return nil, fmt.Errorf("load question order: %w", err)
	}
	order := make(map[int64]int, len(qs))
	for i, id := range qs {
		order[id] = i
	}
	return order, nil
}

func sortByQuestion(list []Answer, order map[int64]int) {
	for i := 1; i < len(list); i++ {
		for j := i; j > 0 && order[list[j].FormQuestionID] < order[list[j-1].FormQuestionID]; j-- {
			list[j], list[j-1] = list[j-1], list[j]
		}
	}
}

// ErrNotFound means there is no such answer set.
var ErrNotFound = apperror.NotFoundf("answers.notFound")

// Get returns one answer set with its answers and comments. ErrNotFound
// when there is none. The caller checks who may read it.
func Get(ctx context.Context, id int64) (*Set, error) {
	sets, err := loadSets(ctx, "s.id = ?", id)
	if err != nil {
		return nil, err
	}
	if len(sets) == 0 {
		return nil, ErrNotFound
	}
	return &sets[0], nil
}

// OfStudentForm returns every answer set about a student for a form in a
// class, newest change first.
func OfStudentForm(ctx context.Context, classID, studentID, formID int64) ([]Set, error) {
	return loadSets(ctx, "s.class_id = ? AND s.student_user_id = ? AND s.form_id = ?", classID, studentID, formID)
}
