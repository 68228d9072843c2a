package answers

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"slices"
	"time"

	"github.com/praksis/praksis/api/apperror"
	"github.com/praksis/praksis/api/dbjson"
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

// classRoleOf is roleOf for many sets of one class, @class: each of the
// class's lists is read once for the statement (an IN over a subquery
// that does not depend on the row, which Postgres reads into a hash table
// the first time it is needed) rather than probed again for every set. On
// a class page of forty students, probing four indexes for each of some
// 130 sets was 8 % of the statement's time (pgbench, generic plan: 0.86 ms
// against 0.79 ms).
func classRoleOf(user, student string) string {
	return fmt.Sprintf(`CASE WHEN %[1]s = %[2]s THEN 'student'
		WHEN (%[2]s, %[1]s) IN (SELECT r.student_user_id, r.advisor_user_id FROM student_references r WHERE r.class_id = @class) THEN 'advisor'
		WHEN %[1]s IN (SELECT t.user_id FROM class_teachers t WHERE t.class_id = @class) THEN 'teacher'
		WHEN %[1]s IN (SELECT ca.user_id FROM class_advisors ca WHERE ca.class_id = @class) THEN 'advisor'
		WHEN %[1]s IN (SELECT ur.user_id FROM user_roles ur WHERE ur.role_id = %[3]d) THEN 'teacher'
		ELSE 'advisor' END`, user, student, users.RoleTeacher)
}

// answerable are the group types whose questions are answered and counted.
var answerable = []forms.GroupType{forms.TextInput, forms.Grading}

// setsSQL is an expression giving, as one JSON array, the answer sets
// matched by where (on answer_sets s), newest change first, each with its
// answers in question order and its comments (with the part each commenter
// plays), so that a read of sets is one statement.
func setsSQL(where string) string {
	return setsOf(where,
		`(SELECT coalesce(json_agg(json_build_object('q', a.question_id, 'v', a.value, 'o', json_build_array(g.sort_order, q.sort_order, q.id))
					ORDER BY g.sort_order, q.sort_order, q.id), '[]')
				FROM answers a JOIN questions q ON q.id = a.question_id JOIN question_groups g ON g.id = q.group_id
				WHERE a.answer_set_id = s.id) AS answers`,
		`(SELECT coalesce(json_agg(json_build_object('id', c.id, 'q', c.question_id, 'userId', c.user_id,
					'userName', `+commenterNameSQL+`, 'role', `+commenterRoleSQL()+`,
					'comment', c.comment, 'createdAt', c.created_at, 'commentedAt', c.commented_at, 'updatedAt', c.updated_at,
					'o', json_build_array(g.sort_order, q.sort_order, q.id))
					ORDER BY g.sort_order, q.sort_order, q.id, c.commented_at, c.id), '[]')
				FROM comments c JOIN questions q ON q.id = c.question_id JOIN question_groups g ON g.id = q.group_id
				WHERE c.answer_set_id = s.id) AS comments`)
}

// unorderedSetsSQL is setsSQL without the question order: the answers and
// comments come without their places in the form, which decodeRowsIn gives
// them from the form's questions the server holds, and in no order, which
// decodeRowsIn puts them in. Joining every answer to its question and group
// for the order was a quarter of the full read's time in Postgres.
//
// They come as one array per column (answer_cols, comment_cols): Postgres
// builds a JSON object value by value, looking each value's type up as it
// goes, and an object per answer and per comment was a fifth of the full
// read's time in Postgres (pgbench, generic plan: 0.38 ms against 0.30 ms
// with the expectations also sent so). lock adds FOR UPDATE OF the sets.
func unorderedSetsSQL(where string, lock bool) string {
	if lock {
		where += " FOR UPDATE OF s"
	}
	return setsOf(where, answerColsSQL,
		`(SELECT json_build_object('id', array_agg(c.id), 'q', array_agg(c.question_id), 'userId', array_agg(c.user_id),
					'userName', array_agg(`+commenterNameSQL+`), 'role', array_agg(`+commenterRoleSQL()+`),
					'comment', array_agg(c.comment), 'createdAt', array_agg(c.created_at),
					'commentedAt', array_agg(c.commented_at), 'updatedAt', array_agg(c.updated_at))
				FROM comments c WHERE c.answer_set_id = s.id) AS comment_cols`)
}

// answerColsSQL is the answers of set s, one array per column.
const answerColsSQL = `(SELECT json_build_object('q', array_agg(a.question_id), 'v', array_agg(a.value))
				FROM answers a WHERE a.answer_set_id = s.id) AS answer_cols`

// setValuesSQL is unorderedSetsSQL without the comments, for a reader of
// the answers' values only: a student's progress compares the levels
// given, and reading every comment for it was most of its statement.
func setValuesSQL(where string) string {
	return setsOf(where, answerColsSQL, `NULL AS comment_cols`)
}

// commenterNameSQL is the name of the author of comment c on set s: null
// for the set author's own, whose name the set gives.
const commenterNameSQL = `CASE WHEN c.user_id = s.user_id THEN NULL ELSE (SELECT cu.display_name FROM users cu WHERE cu.id = c.user_id) END`

// commenterRoleSQL is the part the author of comment c on set s plays for
// the student: null for the set author's own, whose part the set gives.
func commenterRoleSQL() string {
	return `CASE WHEN c.user_id = s.user_id THEN NULL ELSE ` + roleOf("c.user_id", "s.class_id", "s.student_user_id") + ` END`
}

// setsOf is the statement that gives the sets matched by where with the
// columns answers and comments (each an expression with its alias).
func setsOf(where, answers, comments string) string {
	return `(SELECT coalesce(json_agg(x ORDER BY x.updated_at DESC, x.id DESC), '[]') FROM (
		SELECT s.id, s.assignment_id, s.form_id, s.class_id, s.subject_id, s.student_user_id, s.user_id,
			u.display_name AS user_name, ` + roleOf("s.user_id", "s.class_id", "s.student_user_id") + ` AS role,
			s.is_mid_semester, s.version, s.delivered_at, s.created_at, s.updated_at,
			` + answers + `,
			` + comments + `
		FROM answer_sets s JOIN users u ON u.id = s.user_id
		WHERE ` + where + `) x)`
}

// order is a question's place in its form: group, question, id.
type order [3]int64

// compare is -1, 0 or +1 as o comes before, with or after p.
func (o order) compare(p order) int {
	for i := range o {
		if c := cmp.Compare(o[i], p[i]); c != 0 {
			return c
		}
	}
	return 0
}

// setJSON is one set as setsSQL gives it.
type setJSON struct {
	ID            int64         `json:"id"`
	AssignmentID  int64         `json:"assignment_id"`
	FormID        int64         `json:"form_id"`
	ClassID       int64         `json:"class_id"`
	SubjectID     int64         `json:"subject_id"`
	StudentUserID int64         `json:"student_user_id"`
	UserID        int64         `json:"user_id"`
	UserName      string        `json:"user_name"`
	Role          Role          `json:"role"`
	IsMidSemester bool          `json:"is_mid_semester"`
	Version       int           `json:"version"`
	DeliveredAt   *time.Time    `json:"delivered_at"`
	CreatedAt     time.Time     `json:"created_at"`
	UpdatedAt     time.Time     `json:"updated_at"`
	Answers       []answerJSON  `json:"answers"`
	Comments      []commentJSON `json:"comments"`
	// AnswerCols and CommentCols are the answers and comments as
	// unorderedSetsSQL sends them, one array per column (each null when the
	// set has none); decodeRowsIn turns them into Answers and Comments.
	AnswerCols struct {
		Q []int64   `json:"q"`
		V []*string `json:"v"`
	} `json:"answer_cols"`
	CommentCols struct {
		ID          []int64     `json:"id"`
		Q           []int64     `json:"q"`
		UserID      []int64     `json:"userId"`
		UserName    []*string   `json:"userName"`
		Role        []*Role     `json:"role"`
		Comment     []string    `json:"comment"`
		CreatedAt   []time.Time `json:"createdAt"`
		CommentedAt []time.Time `json:"commentedAt"`
		UpdatedAt   []time.Time `json:"updatedAt"`
	} `json:"comment_cols"`
}

// answerJSON is one answer as setsSQL gives it.
type answerJSON struct {
	Q     int64   `json:"q"`
	V     *string `json:"v"`
	Order order   `json:"o"`
}

// commentJSON is one comment as setsSQL gives it. Role and UserName are
// null for the set author's own: the set already names its author, and
// looking the name up for each comment costs 6 % of a full assessment
// read's time and 12 % of the autosave's read (pgbench, one client).
type commentJSON struct {
	ID          int64     `json:"id"`
	Q           int64     `json:"q"`
	UserID      int64     `json:"userId"`
	UserName    string    `json:"userName"`
	Role        *Role     `json:"role"`
	Comment     string    `json:"comment"`
	CreatedAt   time.Time `json:"createdAt"`
	CommentedAt time.Time `json:"commentedAt"`
	UpdatedAt   time.Time `json:"updatedAt"`
	Order       order     `json:"o"`
}

// decodeSets turns setsSQL's JSON into sets (see assemble).
func decodeSets(raw []byte) ([]Set, error) {
	var rows []setJSON
	if err := dbjson.Decode(raw, &rows); err != nil {
		return nil, fmt.Errorf("decode answer sets: %w", err)
	}
	out := make([]Set, len(rows))
	for i := range rows {
		out[i] = assemble(&rows[i])
	}
	return out, nil
}

// decodeSetsIn turns unorderedSetsSQL's JSON into sets, placing answers and
// comments by the form's questions qs as setsSQL's order would: by group,
// question and id, and a question's comments oldest first. A question no
// longer in the form (moved to another) goes last.
func decodeSetsIn(raw []byte, qs map[int64]question) ([]Set, error) {
	rows, err := decodeRowsIn(raw, qs)
	if err != nil {
		return nil, err
	}
	out := make([]Set, len(rows))
	for i := range rows {
		out[i] = assemble(&rows[i])
	}
	return out, nil
}

// placeIn is question id's place in the form whose questions are qs; a
// question no longer in the form goes last.
func placeIn(qs map[int64]question, id int64) order {
	if q, ok := qs[id]; ok {
		return q.Order
	}
	return order{math.MaxInt64, math.MaxInt64, id}
}

// decodeRowsIn is decodeSetsIn before assemble: the rows with their answers
// and comments given their places in the form.
func decodeRowsIn(raw []byte, qs map[int64]question) ([]setJSON, error) {
	var rows []setJSON
	if err := dbjson.Decode(raw, &rows); err != nil {
		return nil, fmt.Errorf("decode answer sets: %w", err)
	}
	for i := range rows {
		r := &rows[i]
		if err := r.fromColumns(); err != nil {
			return nil, fmt.Errorf("decode answer set %d: %w", r.ID, err)
		}
		for j := range r.Answers {
			r.Answers[j].Order = placeIn(qs, r.Answers[j].Q)
		}
		for j := range r.Comments {
			r.Comments[j].Order = placeIn(qs, r.Comments[j].Q)
		}
		// A question's comments oldest first, as setsSQL orders them.
		slices.SortFunc(r.Comments, func(ca, cb commentJSON) int {
			return cmp.Or(ca.Order.compare(cb.Order), ca.CommentedAt.Compare(cb.CommentedAt), cmp.Compare(ca.ID, cb.ID))
		})
	}
	return rows, nil
}

// fromColumns makes Answers and Comments from AnswerCols and CommentCols;
// an error when a column's length differs from the others'.
func (r *setJSON) fromColumns() error {
	a := &r.AnswerCols
	if len(a.V) != len(a.Q) {
		return fmt.Errorf("answer columns of %d and %d values", len(a.Q), len(a.V))
	}
	r.Answers = make([]answerJSON, len(a.Q))
	for i := range a.Q {
		r.Answers[i] = answerJSON{Q: a.Q[i], V: a.V[i]}
	}
	c := &r.CommentCols
	n := len(c.ID)
	for _, l := range []int{len(c.Q), len(c.UserID), len(c.UserName), len(c.Role), len(c.Comment), len(c.CreatedAt),
		len(c.CommentedAt), len(c.UpdatedAt)} {
		if l != n {
			return fmt.Errorf("comment columns of %d and %d values", n, l)
		}
	}
	r.Comments = make([]commentJSON, n)
	for i := range n {
		r.Comments[i] = commentJSON{ID: c.ID[i], Q: c.Q[i], UserID: c.UserID[i], Role: c.Role[i], Comment: c.Comment[i],
			CreatedAt: c.CreatedAt[i], CommentedAt: c.CommentedAt[i], UpdatedAt: c.UpdatedAt[i]}
		if c.UserName[i] != nil {
			r.Comments[i].UserName = *c.UserName[i]
		}
	}
	return nil
}

// assemble makes the API's set: every comment with its author's part (the
// set author's own play the author's part), and each author's own comment
// merged into their answer to the question, a comment on a question without
// a value being an answer of its own, all in question order.
func assemble(r *setJSON) Set {
	s := Set{ID: r.ID, AssignmentID: r.AssignmentID, FormID: r.FormID, ClassID: r.ClassID, SubjectID: r.SubjectID,
		StudentUserID: r.StudentUserID, UserID: r.UserID, UserName: r.UserName, Role: r.Role, RoleTag: r.Role.Tag(),
		IsMidSemester: r.IsMidSemester, Version: r.Version, DeliveredAt: r.DeliveredAt, CreatedAt: r.CreatedAt,
		UpdatedAt: r.UpdatedAt, Comments: make([]Comment, 0, len(r.Comments))}
	type entry struct {
		a     Answer
		order order
	}
	entries := make([]entry, 0, len(r.Answers))
	at := map[int64]int{}
	for _, a := range r.Answers {
		at[a.Q] = len(entries)
		entries = append(entries, entry{a: Answer{FormQuestionID: a.Q, Value: a.V}, order: a.Order})
	}
	for _, c := range r.Comments {
		role := r.Role
		if c.Role != nil {
			role = *c.Role
		}
		name := c.UserName
		if c.UserID == r.UserID {
			name = r.UserName
		}
		s.Comments = append(s.Comments, Comment{ID: c.ID, FormQuestionID: c.Q, UserID: c.UserID, UserName: name,
			Role: role, RoleTag: role.Tag(), Comment: c.Comment, CreatedAt: c.CreatedAt, CommentedAt: c.CommentedAt, UpdatedAt: c.UpdatedAt})
		if c.UserID != r.UserID {
			continue
		}
		text := c.Comment
		if i, ok := at[c.Q]; ok {
			entries[i].a.Comment = &text
			continue
		}
		at[c.Q] = len(entries)
		entries = append(entries, entry{a: Answer{FormQuestionID: c.Q, Comment: &text}, order: c.Order})
	}
	slices.SortStableFunc(entries, func(a, b entry) int { return a.order.compare(b.order) })
	s.Answers = make([]Answer, 0, len(entries))
	for _, e := range entries {
		s.Answers = append(s.Answers, e.a)
	}
	return s
}

// loadSets returns the sets matched by where (on answer_sets s), newest
// change first, each with its answers (in question order) and comments:
// one statement.
func loadSets(ctx context.Context, where string, args ...any) ([]Set, error) {
	tx, err := tenants.DB(ctx)
	if err != nil {
		return nil, err
	}
	var raw []byte
	if err := tx.Raw(`SELECT `+setsSQL(where), args...).Row().Scan(&raw); err != nil {
		return nil, fmt.Errorf("load answer sets: %w", err)
	}
	return decodeSets(raw)
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
