package answers

import (
	"cmp"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/praksis/praksis/api/apperror"
	"github.com/praksis/praksis/api/auth"
	"github.com/praksis/praksis/api/dbjson"
	"github.com/praksis/praksis/api/forms"
	"github.com/praksis/praksis/api/policy"
	"github.com/praksis/praksis/tenants"
)

// question is a question of a form as validation needs it.
type question struct {
	Text    string
	Type    forms.GroupType
	Options int
	Order   order
}

// saveState is everything a save decides on, read in one statement: the
// assignment, the caller's relation to the student (as policy.Of reads it),
// the form's questions (sent only when this replica does not hold their
// current version), whether the signing form is locked, and the caller's own
// set (locked for the rest of the transaction) with what it holds.
type saveState struct {
	ID            int64
	ClassID       int64
	FormID        int64
	SubjectID     int64
	IsMidSemester bool
	InClass       bool
	Teacher       bool
	OwnAdvisor    bool
	ClassAdvisor  bool
	Locked        bool
	MyName        string
	MyRole        Role
	// StructureVersion is the form's; Questions is NULL when held has it.
	StructureVersion int64
	Questions        []byte
	Mine             []byte
	// studentID is the student the save is about.
	studentID int64
	// key and held are what this replica held of the form's questions
	// when the state was read.
	key  formKey
	held formStructure
}

// saveStateSQL reads a save's state (saveState) in one statement, the
// caller's own set with its answers and comments.
var saveStateSQL = tenants.NewNamed(saveStateOf(true))

// saveHeadStateSQL is saveStateSQL with only the head of the caller's set
// (no answers or comments), for a save that answers with the head: the
// set's answers were the larger part of the read and of the JSON the server
// decoded for it, and such a save needs only its id and version.
var saveHeadStateSQL = tenants.NewNamed(saveStateOf(false))

// saveStateOf is the statement that reads a save's state, the caller's set
// whole or only its head.
func saveStateOf(whole bool) string {
	mine := unorderedSetsSQL("s.assignment_id = a.id AND s.student_user_id = @student AND s.user_id = @me", true)
	if !whole {
		mine = setsOf("s.assignment_id = a.id AND s.student_user_id = @student AND s.user_id = @me FOR UPDATE OF s",
			"NULL AS answer_cols", "NULL AS comment_cols")
	}
	return `SELECT a.id, a.class_id, a.form_id, c.subject_id, a.is_mid_semester,
			EXISTS (SELECT 1 FROM class_students WHERE class_id = a.class_id AND user_id = @student) AS in_class,
			EXISTS (SELECT 1 FROM class_teachers WHERE class_id = a.class_id AND user_id = @me) AS teacher,
			EXISTS (SELECT 1 FROM student_references WHERE class_id = a.class_id AND student_user_id = @student AND advisor_user_id = @me) AS own_advisor,
			EXISTS (SELECT 1 FROM class_advisors WHERE class_id = a.class_id AND user_id = @me) AS class_advisor,
			EXISTS (SELECT 1 FROM signing_forms WHERE class_id = a.class_id AND student_user_id = @student AND is_locked) AS locked,
			(SELECT display_name FROM users WHERE id = @me) AS my_name,
			` + roleOf("CAST(@me AS bigint)", "a.class_id", "CAST(@student AS bigint)") + ` AS my_role,
			f.structure_version, ` + questionsSQL + ` AS questions,
			` + mine + ` AS mine
		FROM assignments a JOIN classes c ON c.id = a.class_id JOIN forms f ON f.id = a.form_id WHERE a.id = @assignment`
}

func loadSaveState(ctx context.Context, tenantID, assignmentID, studentID, me int64, whole bool) (*saveState, error) {
	key := formKey{tenantID: tenantID, assignmentID: assignmentID}
	held := heldStructure(key)
	stmt := saveStateSQL
	if !whole {
		stmt = saveHeadStateSQL
	}
	st, err := tenants.ReadRow[saveState](ctx, stmt,
		map[string]any{"assignment": assignmentID, "student": studentID, "me": me,
			"knownForm": held.formID, "known": held.version}, false)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, apperror.NotFoundf("answers.assignmentNotFound")
	}
	if err != nil {
		return nil, fmt.Errorf("load assignment %d for a save: %w", assignmentID, err)
	}
	st.studentID, st.key, st.held = studentID, key, held
	return st, nil
}

// relation is the caller's relation to the student as policy.Of works it
// out, from the flags read with the save's state.
func (st *saveState) relation(caller *auth.Caller, studentID int64) (policy.Relation, error) {
	if !st.InClass {
		return policy.Relation{}, apperror.NotFoundf("error.notFound")
	}
	return policy.RelationFrom(caller, studentID, st.Teacher, st.OwnAdvisor, st.ClassAdvisor), nil
}

func (st *saveState) questions() (map[int64]question, error) {
	return structureOf(st.key, st.held, st.FormID, st.StructureVersion, st.Questions)
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
	r, err := save(ctx, in, true)
	if err != nil {
		return nil, false, err
	}
	return r.set, r.created, nil
}

// SaveHead is Save answering with the set's head and the questions sent as
// now stored (SavedHead), for a client that holds the rest: the caller's
// set is read without its answers and comments unless it is delivered.
func SaveHead(ctx context.Context, in Input) (head *SavedHead, created bool, err error) {
	r, err := save(ctx, in, false)
	if err != nil {
		return nil, false, err
	}
	return r.head, r.created, nil
}

// saved is what a save made: the set whole (when asked for), its head,
// and whether it is new.
type saved struct {
	set     *Set
	head    *SavedHead
	created bool
}

// save is Save, with the set whole in its answer or only its head.
func save(ctx context.Context, in Input, whole bool) (*saved, error) {
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
		return nil, e
	}
	caller := auth.CallerFrom(ctx)
	if caller == nil {
		return nil, apperror.New(apperror.Unauthorized, "error.unauthorized")
	}
	// A delivery audits how many questions the set answers, so it reads
	// the set whole.
	st, err := loadSaveState(ctx, tenants.Current(ctx).ID, in.AssignmentID, in.StudentUserID, caller.UserID, whole || in.Deliver)
	if err != nil {
		return nil, err
	}
	a := st
	rel, err := st.relation(caller, in.StudentUserID)
	if err != nil {
		return nil, err
	}
	if err := policy.CanAnswer(rel); err != nil {
		return nil, err
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
	qs, err := st.questions()
	if err != nil {
		return nil, err
	}
	changes, verr := validate(in.Answers, qs)
	if verr != nil {
		if ve, ok := apperror.As(verr); ok {
			e.Fields = append(e.Fields, ve.Fields...)
		}
	}
	if len(e.Fields) > 0 {
		return nil, e
	}
	if st.Locked {
		return nil, apperror.Conflictf("answers.locked")
	}
	// The caller's own set, if any: at most one row, locked by the read.
	mine, err := decodeRowsIn(st.Mine, qs)
	if err != nil {
		return nil, fmt.Errorf("decode own answer set: %w", err)
	}
	stale := apperror.Conflictf("answers.stale")
	created := false
	var before *setJSON
	switch {
	case len(mine) == 0 && in.Version != 0:
		return nil, stale
	case len(mine) == 0:
		created = true
	case in.Version != mine[0].Version:
		return nil, stale
	default:
		before = &mine[0]
	}
	if before != nil && in.ID != nil && *in.ID != 0 && *in.ID != before.ID {
		return nil, apperror.Invalidf("error.invalid").Field("id", "answers.mismatch", map[string]any{"Field": "id"})
	}
	if created && in.ID != nil && *in.ID != 0 {
		// A new set has no id the client could know.
		return nil, apperror.Invalidf("error.invalid").Field("id", "answers.mismatch", map[string]any{"Field": "id"})
	}
	return write(ctx, caller.UserID, st, before, changes, qs, in.Deliver, whole)
}

// answeredBy lists the questions the changes give a value to, in groups
// that take answers: the questions they make answered (validate has made
// every blank value nil).
func answeredBy(changes []change, qs map[int64]question) []int64 {
	var ids []int64
	for _, c := range changes {
		if t := qs[c.questionID].Type; c.value != nil && (t == forms.Grading || t == forms.TextInput) {
			ids = append(ids, c.questionID)
		}
	}
	slices.Sort(ids)
	return ids
}

// clearedBy lists the questions whose answers the changes clear.
func clearedBy(changes []change) []int64 {
	var ids []int64
	for _, c := range changes {
		if c.value == nil {
			ids = append(ids, c.questionID)
		}
	}
	return ids
}

// idArray is a bigint[] of ids in a statement, each id a parameter (arg).
func idArray(arg func(any) string, ids []int64) string {
	if len(ids) == 0 {
		return "'{}'::bigint[]"
	}
	params := make([]string, len(ids))
	for i, id := range ids {
		params[i] = arg(id)
	}
	return "ARRAY[" + strings.Join(params, ", ") + "]::bigint[]"
}

// write stores the validated changes in one statement: the set (made
// when new), its answers and the author's comments, the version (up by one
// when anything changed or the set is delivered), the questions the set has
// answered, the delivery and its audit row. The statement is the request's last and commits with it
// (tenants.QueryAndCommit). The answer is the set's head and, when whole,
// the set as it now is, made from what was read before (the set is locked)
// and what the statement returned.
func write(ctx context.Context, me int64, st *saveState, before *setJSON, changes []change, qs map[int64]question, deliver, whole bool) (*saved, error) {
	created := before == nil
	var sql strings.Builder
	var args []any
	// arg adds v to the statement's arguments and returns the parameter that
	// stands for it in the statement's text: $1 for the first, $2 for the
	// second. Postgres binds the parameters itself; Go never parses the text.
	arg := func(v any) string { args = append(args, v); return "$" + strconv.Itoa(len(args)) }
	sql.WriteString("WITH ")
	if created {
		delivered := "NULL::timestamptz"
		if deliver {
			delivered = "now()"
		}
		sql.WriteString(`target AS (INSERT INTO answer_sets (assignment_id, form_id, student_user_id, user_id, class_id, subject_id, is_mid_semester, delivered_at, answered_questions)
			VALUES (` + arg(st.ID) + `, ` + arg(st.FormID) + `, ` + arg(st.studentID) + `, ` + arg(me) + `, ` + arg(st.ClassID) + `, ` +
			arg(st.SubjectID) + `, ` + arg(st.IsMidSemester) + `, ` + delivered + `, ` + idArray(arg, answeredBy(changes, qs)) + `)
			ON CONFLICT (assignment_id, student_user_id, user_id) DO NOTHING
			RETURNING id, version, delivered_at, created_at, updated_at)`)
	} else {
		sql.WriteString(`target AS (SELECT ` + arg(before.ID) + `::bigint AS id)`)
	}
	var values, clearValues, comments, clearComments []string
	for _, c := range changes {
		if c.value != nil {
			values = append(values, "("+arg(c.questionID)+"::bigint, "+arg(*c.value)+"::text)")
		} else {
			clearValues = append(clearValues, arg(c.questionID))
		}
		if c.comment != nil {
			comments = append(comments, "("+arg(c.questionID)+"::bigint, "+arg(*c.comment)+"::text)")
		} else {
			clearComments = append(clearComments, arg(c.questionID))
		}
	}
	touched := []string{}
	if len(values) > 0 {
		sql.WriteString(`, put_answers AS (INSERT INTO answers (answer_set_id, question_id, value)
			SELECT t.id, v.q, v.val FROM target t, (VALUES ` + strings.Join(values, ", ") + `) v (q, val)
			ON CONFLICT (answer_set_id, question_id) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at
			WHERE answers.value IS DISTINCT FROM excluded.value RETURNING 1)`)
		touched = append(touched, "put_answers")
	}
	if len(clearValues) > 0 {
		sql.WriteString(`, clear_answers AS (DELETE FROM answers WHERE answer_set_id = (SELECT id FROM target)
			AND question_id IN (` + strings.Join(clearValues, ", ") + `) RETURNING 1)`)
		touched = append(touched, "clear_answers")
	}
	commentsOut := "'[]'::json"
	if len(comments) > 0 {
		meArg := arg(me)
		sql.WriteString(`, put_comments AS (INSERT INTO comments (answer_set_id, question_id, user_id, comment)
			SELECT t.id, v.q, ` + meArg + `, v.c FROM target t, (VALUES ` + strings.Join(comments, ", ") + `) v (q, c)
			ON CONFLICT (answer_set_id, question_id, user_id) DO UPDATE SET comment = excluded.comment, commented_at = excluded.commented_at, updated_at = excluded.updated_at
			WHERE comments.comment IS DISTINCT FROM excluded.comment
			RETURNING id, question_id AS q, comment, created_at AS "createdAt", commented_at AS "commentedAt", updated_at AS "updatedAt")`)
		touched = append(touched, "put_comments")
		if whole {
			// The written comments' ids and times, for the whole set.
			commentsOut = "(SELECT coalesce(json_agg(p), '[]') FROM put_comments p)"
		}
	}
	if len(clearComments) > 0 {
		sql.WriteString(`, clear_comments AS (DELETE FROM comments WHERE answer_set_id = (SELECT id FROM target) AND user_id = ` + arg(me) + `
			AND question_id IN (` + strings.Join(clearComments, ", ") + `) RETURNING 1)`)
		touched = append(touched, "clear_comments")
	}
	changedSQL := "false"
	if len(touched) > 0 {
		var ex []string
		for _, t := range touched {
			ex = append(ex, "EXISTS (SELECT 1 FROM "+t+")")
		}
		changedSQL = strings.Join(ex, " OR ")
	}
	setOut := "(SELECT row_to_json(t) FROM target t)"
	if !created {
		delivered := ""
		if deliver {
			delivered = ", delivered_at = now()"
		}
		answeredSQL := ""
		if add, remove := answeredBy(changes, qs), clearedBy(changes); len(add) > 0 || len(remove) > 0 {
			// The set's answered questions as the statement leaves them: the
			// row's own column (the set is locked by the read), less the
			// cleared questions, with the answered ones.
			answeredSQL = `, answered_questions = ARRAY(SELECT x FROM unnest(answer_sets.answered_questions) x
				WHERE NOT x = ANY (` + idArray(arg, remove) + `) UNION SELECT unnest(` + idArray(arg, add) + `) ORDER BY 1)`
		}
		sql.WriteString(`, bump AS (UPDATE answer_sets SET version = version + 1, updated_at = now()` + delivered + answeredSQL + `
			WHERE id = ` + arg(before.ID) + ` AND (` + arg(deliver) + `::boolean OR ` + changedSQL + `)
			RETURNING id, version, delivered_at, created_at, updated_at)`)
		setOut = "(SELECT row_to_json(b) FROM bump b)"
	}
	// The final set is known before the statement runs, but for its new
	// version and times; so is what delivering audits.
	var final *Set
	if whole || deliver {
		final = merge(before, st, me, changes, qs)
	}
	if deliver {
		answered := 0
		for _, ans := range final.Answers {
			if ans.Value != nil {
				answered++
			}
		}
		version := 1
		if !created {
			version = before.Version + 1
		}
		details, err := json.Marshal(map[string]any{"assignmentId": st.ID, "formId": st.FormID, "isMidSemester": st.IsMidSemester,
			"role": string(final.Role), "answered": answered, "version": version})
		if err != nil {
			return nil, fmt.Errorf("encode audit details: %w", err)
		}
		sql.WriteString(`, audited AS (INSERT INTO audit_log (actor_user_id, action, entity, entity_id, student_user_id, class_id, details)
			SELECT ` + arg(me) + `, 'answerSet.delivered', 'answerSet', t.id, ` + arg(st.studentID) + `, ` + arg(st.ClassID) + `, ` + arg(string(details)) + `::jsonb
			FROM target t)`)
	}
	sql.WriteString(` SELECT ` + setOut + ` AS set, ` + commentsOut + ` AS comments`)
	var out struct {
		Set      []byte
		Comments []byte
	}
	// The write is the request's last statement: it goes to Postgres with
	// COMMIT, and the answer follows the commit.
	if err := tenants.QueryAndCommit(ctx, sql.String(), args, &out.Set, &out.Comments); err != nil {
		return nil, fmt.Errorf("save answer set of user %d for student %d: %w", me, st.studentID, err)
	}
	if created && out.Set == nil {
		// Another request made the set first.
		return nil, apperror.Conflictf("answers.stale")
	}
	r := &saved{head: headOf(before, changes), created: created}
	if out.Set != nil {
		var row struct {
			ID          int64      `json:"id"`
			Version     int        `json:"version"`
			DeliveredAt *time.Time `json:"delivered_at"`
			CreatedAt   time.Time  `json:"created_at"`
			UpdatedAt   time.Time  `json:"updated_at"`
		}
		if err := dbjson.Decode(out.Set, &row); err != nil {
			return nil, fmt.Errorf("decode saved answer set: %w", err)
		}
		r.head.ID, r.head.Version, r.head.DeliveredAt, r.head.UpdatedAt = row.ID, row.Version, row.DeliveredAt, row.UpdatedAt
		if final != nil {
			final.ID, final.Version, final.DeliveredAt, final.CreatedAt, final.UpdatedAt = row.ID, row.Version, row.DeliveredAt, row.CreatedAt, row.UpdatedAt
		}
	}
	if !whole {
		return r, nil
	}
	r.set = final
	if out.Comments != nil {
		var put []commentJSON
		if err := dbjson.Decode(out.Comments, &put); err != nil {
			return nil, fmt.Errorf("decode saved comments: %w", err)
		}
		for _, p := range put {
			for i := range final.Comments {
				c := &final.Comments[i]
				if c.UserID == me && c.FormQuestionID == p.Q {
					c.ID, c.CreatedAt, c.CommentedAt, c.UpdatedAt = p.ID, p.CreatedAt, p.CommentedAt, p.UpdatedAt
				}
			}
		}
		sortComments(final.Comments, qs)
	}
	return r, nil
}

// headOf is the head of the set as read before the save (nil for a new
// set), with each change as it is stored; the statement's answer then
// gives the new version and times.
func headOf(before *setJSON, changes []change) *SavedHead {
	h := &SavedHead{Saved: make([]Answer, 0, len(changes))}
	if before != nil {
		h.ID, h.Version, h.DeliveredAt, h.UpdatedAt = before.ID, before.Version, before.DeliveredAt, before.UpdatedAt
	}
	for _, c := range changes {
		h.Saved = append(h.Saved, Answer{FormQuestionID: c.questionID, Value: c.value, Comment: c.comment})
	}
	return h
}

// merge is the set as the changes leave it: before (nil for a new set)
// with every changed question's value and the author's comment as sent.
// Comments the statement writes get their ids and times from its answer.
func merge(before *setJSON, st *saveState, me int64, changes []change, qs map[int64]question) *Set {
	r := setJSON{}
	if before != nil {
		r = *before
	} else {
		r = setJSON{AssignmentID: st.ID, FormID: st.FormID, ClassID: st.ClassID, SubjectID: st.SubjectID, StudentUserID: st.studentID,
			UserID: me, UserName: st.MyName, Role: st.MyRole, IsMidSemester: st.IsMidSemester, Version: 1}
	}
	byQuestion := map[int64]change{}
	for _, c := range changes {
		byQuestion[c.questionID] = c
	}
	answers := r.Answers[:0:0]
	for _, a := range r.Answers {
		if _, ok := byQuestion[a.Q]; !ok {
			answers = append(answers, a)
		}
	}
	comments := r.Comments[:0:0]
	kept := map[int64]commentJSON{}
	for _, c := range r.Comments {
		if _, ok := byQuestion[c.Q]; ok && c.UserID == me {
			kept[c.Q] = c
			continue
		}
		comments = append(comments, c)
	}
	for _, c := range changes {
		o := qs[c.questionID].Order
		if c.value != nil {
			answers = append(answers, struct {
				Q     int64   `json:"q"`
				V     *string `json:"v"`
				Order order   `json:"o"`
			}{Q: c.questionID, V: c.value, Order: o})
		}
		if c.comment != nil {
			old, ok := kept[c.questionID]
			if !ok || old.Comment != *c.comment {
				// Written by the statement: id and times come from it.
				old = commentJSON{Q: c.questionID, UserID: me, UserName: r.UserName, CreatedAt: time.Now(), CommentedAt: time.Now(), UpdatedAt: time.Now()}
			}
			old.Comment, old.Order = *c.comment, o
			comments = append(comments, old)
		}
	}
	slices.SortStableFunc(answers, func(a, b answerJSON) int { return a.Order.compare(b.Order) })
	r.Answers, r.Comments = answers, comments
	s := assemble(&r)
	sortComments(s.Comments, qs)
	return &s
}

// sortComments puts comments in question order, then by when they were
// made, as a read gives them.
func sortComments(list []Comment, qs map[int64]question) {
	slices.SortStableFunc(list, func(a, b Comment) int {
		return cmp.Or(qs[a.FormQuestionID].Order.compare(qs[b.FormQuestionID].Order),
			a.CommentedAt.Compare(b.CommentedAt), cmp.Compare(a.ID, b.ID))
	})
}
