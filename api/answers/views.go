package answers

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/praksis/praksis/api/apperror"
	"github.com/praksis/praksis/api/auth"
	"github.com/praksis/praksis/api/clock"
	"github.com/praksis/praksis/api/dbjson"
	"github.com/praksis/praksis/api/deadlines"
	"github.com/praksis/praksis/api/expectations"
	"github.com/praksis/praksis/api/forms"
	"github.com/praksis/praksis/api/policy"
	"github.com/praksis/praksis/tenants"
)

// circle is who stands around a student in a class: the supervisors,
// primary first, and the assigned teacher (0 when none).
type circle struct {
	advisors []int64
	teacher  int64
}

// ReaderRelation is the caller's relation to a student, read in the same
// statement as what they want to read. It is embedded in the statements'
// rows (exported, so that GORM fills its fields).
type ReaderRelation struct {
	InClass      bool
	Teacher      bool
	OwnAdvisor   bool
	ClassAdvisor bool
}

// check gives the caller's relation to the student: NotFound when the
// student is not in the class, Forbidden when the caller may not read the
// student's assessments (policy.CanView).
func (r ReaderRelation) check(caller *auth.Caller, studentID int64) (policy.Relation, error) {
	if !r.InClass {
		return policy.Relation{}, apperror.NotFoundf("error.notFound")
	}
	rel := policy.RelationFrom(caller, studentID, r.Teacher, r.OwnAdvisor, r.ClassAdvisor)
	return rel, policy.CanView(rel)
}

// circleRef is one of a student's references as the statements read them:
// a supervisor, the assigned teacher, or both.
type circleRef struct {
	Advisor *int64 `json:"advisor"`
	Teacher *int64 `json:"teacher"`
}

// circleOf gathers the references into a circle, in their order; the first
// teacher counts.
func circleOf(refs []circleRef) circle {
	var c circle
	for _, r := range refs {
		if r.Advisor != nil {
			c.advisors = append(c.advisors, *r.Advisor)
		}
		if r.Teacher != nil && c.teacher == 0 {
			c.teacher = *r.Teacher
		}
	}
	return c
}

// AnswerAs is the role in which a caller with relation rel answers for the
// student ("" when they may not answer): the student, then the student's
// own supervisor, then the class's teacher.
func AnswerAs(rel policy.Relation) Role {
	switch {
	case rel.Student:
		return RoleStudent
	case rel.OwnAdvisor:
		return RoleAdvisor
	case rel.Teacher:
		return RoleTeacher
	}
	return ""
}

// slots is the sets of one assignment put in their places.
type slots struct {
	student, advisor, teacher *Set
	others                    []Set
}

// arrange places the sets of one assignment (newest change first). The
// student's place holds the student's own set. For the role the viewer
// answers in (mine, with my user id), the place holds the viewer's own set
// or nothing yet, never a colleague's, so that a page never shows someone
// else's answers as editable. Otherwise the supervisor's place holds the
// primary supervisor's set (else another supervisor of the student's, else
// the newest supervisor's), and the teacher's place the assigned teacher's
// (else the newest teacher's). Every other set is in others.
func arrange(sets []Set, c circle, studentID int64, mine Role, me int64) slots {
	var s slots
	taken := map[int64]bool{}
	take := func(match func(*Set) bool) *Set {
		for i := range sets {
			if !taken[sets[i].ID] && match(&sets[i]) {
				taken[sets[i].ID] = true
				return &sets[i]
			}
		}
		return nil
	}
	s.student = take(func(x *Set) bool { return x.UserID == studentID })
	pick := func(role Role, preferred []int64) *Set {
		if mine == role {
			return take(func(x *Set) bool { return x.UserID == me })
		}
		for _, id := range preferred {
			if found := take(func(x *Set) bool { return x.UserID == id }); found != nil {
				return found
			}
		}
		return take(func(x *Set) bool { return x.Role == role })
	}
	s.advisor = pick(RoleAdvisor, c.advisors)
	var teachers []int64
	if c.teacher != 0 {
		teachers = []int64{c.teacher}
	}
	s.teacher = pick(RoleTeacher, teachers)
	s.others = []Set{}
	for _, x := range sets {
		if !taken[x.ID] {
			s.others = append(s.others, x)
		}
	}
	return s
}

// Half is the answer sets of one assignment, by place, with the class's
// expectations for it (null when none are set).
type Half struct {
	AssignmentID  int64             `json:"assignmentId"`
	IsMidSemester bool              `json:"isMidSemester"`
	Student       *Set              `json:"student"`
	Advisor       *Set              `json:"advisor"`
	Teacher       *Set              `json:"teacher"`
	Others        []Set             `json:"others"`
	Expectations  *expectations.Set `json:"expectations"`
	// Deadline is the caller's own, so that the form page shows when
	// what the caller answers is due.
	Deadline *deadlines.Status `json:"deadline,omitempty" description:"The due date of the caller's answers to this half and whether it is open, overdue, or was delivered on time or late (judged by the role's first delivery); left out when the caller only reads or no rule sets one"`
}

// Full is everything answered about a student for one form in a class:
// the mid-semester and end-semester halves (null when the class has no
// such assignment of the form). AnswerAs is the role the caller answers in,
// null when the caller only reads.
type Full struct {
	ClassID       int64 `json:"classId"`
	StudentUserID int64 `json:"studentUserId"`
	FormID        int64 `json:"formId"`
	AnswerAs      *Role `json:"answerAs" description:"The role the caller answers in; null when the caller only reads"`
	MidSemester   *Half `json:"midSemester"`
	EndSemester   *Half `json:"endSemester"`
}

type formAssignment struct {
	ID            int64
	IsMidSemester bool
}

func rolePtr(r Role) *Role {
	if r == "" {
		return nil
	}
	return &r
}

// fullState is what a full read needs, read in one statement: the
// caller's relation to the student (policy.RelationSQL), the form's
// assignments in the class, the student's circle, the sets and the class's
// expectations for the form.
type fullState struct {
	ReaderRelation
	Assignments  []byte
	Circle       []byte
	Sets         []byte
	Expectations []byte
	// ClassDeadlines is deadlines.ScheduleSQL's.
	ClassDeadlines []byte
	// now is the school's time when the state was read, which the
	// deadlines are judged at.
	now time.Time
	// StructureVersion is the form's (0 when there is no such form);
	// Questions is NULL when held has it.
	StructureVersion int64
	Questions        []byte
	// key and held are what this replica held of the form's questions
	// when the state was read.
	key  formKey
	held formStructure
}

// loadFull reads what a full read needs. When last, the read is the
// request's last statement and commits with it (tenants.QueryAndCommit):
// the full read route runs nothing after it.
func loadFull(ctx context.Context, classID, studentID, formID, me int64, last bool) (*fullState, error) {
	key := formKey{tenantID: tenants.Current(ctx).ID, formID: formID}
	held := heldStructure(key)
	st, err := tenants.ReadRow[fullState](ctx, fullSQL,
		map[string]any{"class": classID, "student": studentID, "form": formID, "me": me,
			"knownForm": held.formID, "known": held.version}, last)
	if err != nil {
		return nil, fmt.Errorf("read form %d about student %d in class %d: %w", formID, studentID, classID, err)
	}
	st.key, st.held, st.now = key, held, clock.Now(ctx)
	return st, nil
}

// fullSQL reads what a full read needs (fullState) in one statement.
var fullSQL = tenants.NewNamed(`SELECT ` + policy.RelationSQL + `, ` + deadlines.ScheduleSQL + `,
			(SELECT coalesce(json_agg(json_build_object('id', id, 'mid', is_mid_semester) ORDER BY is_mid_semester DESC), '[]')
				FROM assignments WHERE class_id = @class AND form_id = @form) AS assignments,
			(SELECT coalesce(json_agg(json_build_object('advisor', advisor_user_id, 'teacher', teacher_user_id) ORDER BY is_primary DESC, id), '[]')
				FROM student_references WHERE class_id = @class AND student_user_id = @student) AS circle,
			` + unorderedSetsSQL("s.class_id = @class AND s.student_user_id = @student AND s.form_id = @form", false) + ` AS sets,
			(SELECT json_build_object('mid', array_agg(e.is_mid_semester), 'q', array_agg(e.question_id), 'v', array_agg(e.value))
				FROM expectations e WHERE e.class_id = @class AND e.form_id = @form) AS expectations,
			coalesce((SELECT f.structure_version FROM forms f WHERE f.id = @form), 0) AS structure_version,
			(SELECT ` + questionsSQL + ` FROM forms f WHERE f.id = @form) AS questions`)

// ReadFull is FullOf for the caller, with the relation worked out from the
// same statement: NotFound when the student is not in the class, Forbidden
// when the caller may not read the student's assessments (policy.CanView).
func ReadFull(ctx context.Context, caller *auth.Caller, classID, studentID, formID int64) (*Full, error) {
	st, err := loadFull(ctx, classID, studentID, formID, caller.UserID, true)
	if err != nil {
		return nil, err
	}
	rel, err := st.check(caller, studentID)
	if err != nil {
		return nil, err
	}
	f, _, err := st.full(classID, studentID, formID, rel, caller.UserID)
	return f, err
}

// FullOf returns every answer set about a student for a form in a class,
// placed for the caller whose relation to the student is rel (see
// arrange). NotFound when the class does not use the form.
func FullOf(ctx context.Context, classID, studentID, formID int64, rel policy.Relation, me int64) (*Full, error) {
	st, err := loadFull(ctx, classID, studentID, formID, me, false)
	if err != nil {
		return nil, err
	}
	f, _, err := st.full(classID, studentID, formID, rel, me)
	return f, err
}

// full places what loadFull read for the caller; it also returns the form's
// questions, by id.
func (st *fullState) full(classID, studentID, formID int64, rel policy.Relation, me int64) (*Full, map[int64]question, error) {
	var as []struct {
		ID  int64 `json:"id"`
		Mid bool  `json:"mid"`
	}
	var refs []circleRef
	// The expectations come as one array per column (see unorderedSetsSQL).
	var expCols struct {
		Mid []bool    `json:"mid"`
		Q   []int64   `json:"q"`
		V   []*string `json:"v"`
	}
	for _, d := range []struct {
		raw []byte
		to  any
	}{{st.Assignments, &as}, {st.Circle, &refs}, {st.Expectations, &expCols}} {
		if err := dbjson.Decode(d.raw, d.to); err != nil {
			return nil, nil, fmt.Errorf("decode form %d of class %d: %w", formID, classID, err)
		}
	}
	if len(expCols.Q) != len(expCols.Mid) || len(expCols.V) != len(expCols.Mid) {
		return nil, nil, fmt.Errorf("decode expectations of form %d in class %d: columns of %d, %d and %d values",
			formID, classID, len(expCols.Mid), len(expCols.Q), len(expCols.V))
	}
	type expectation struct {
		Mid   bool
		Q     int64
		V     *string
		order order
	}
	exps := make([]expectation, len(expCols.Q))
	if len(as) == 0 {
		return nil, nil, apperror.NotFoundf("answers.formNotInClass")
	}
	c := circleOf(refs)
	qs, err := structureOf(st.key, st.held, formID, st.StructureVersion, st.Questions)
	if err != nil {
		return nil, nil, err
	}
	sets, err := decodeSetsIn(st.Sets, qs)
	if err != nil {
		return nil, nil, err
	}
	// The expectations come unordered, as the sets' answers do; each is
	// placed once, not at every comparison of the sort.
	for i := range exps {
		exps[i] = expectation{Mid: expCols.Mid[i], Q: expCols.Q[i], V: expCols.V[i], order: placeIn(qs, expCols.Q[i])}
	}
	slices.SortStableFunc(exps, func(a, b expectation) int { return a.order.compare(b.order) })
	mine := AnswerAs(rel)
	due, err := deadlines.ScheduleFrom(st.ClassDeadlines)
	if err != nil {
		return nil, nil, err
	}
	f := &Full{ClassID: classID, StudentUserID: studentID, FormID: formID, AnswerAs: rolePtr(mine)}
	for _, a := range as {
		var of []Set
		var first *time.Time
		for _, s := range sets {
			if s.AssignmentID != a.ID {
				continue
			}
			of = append(of, s)
			if s.Role == mine && s.DeliveredAt != nil && (first == nil || s.DeliveredAt.Before(*first)) {
				first = s.DeliveredAt
			}
		}
		sl := arrange(of, c, studentID, mine, me)
		h := &Half{AssignmentID: a.ID, IsMidSemester: a.Mid, Student: sl.student, Advisor: sl.advisor,
			Teacher: sl.teacher, Others: sl.others}
		if mine != "" {
			h.Deadline = due.Of(formID, a.Mid, deadlines.Role(mine), first, st.now)
		}
		for _, e := range exps {
			if e.Mid != a.Mid {
				continue
			}
			if h.Expectations == nil {
				h.Expectations = &expectations.Set{ClassID: classID, FormID: formID, IsMidSemester: a.Mid, Answers: []expectations.Answer{}}
			}
			h.Expectations.Answers = append(h.Expectations.Answers, expectations.Answer{FormQuestionID: e.Q, Value: e.V})
		}
		if a.Mid {
			f.MidSemester = h
		} else {
			f.EndSemester = h
		}
	}
	return f, qs, nil
}

// SetSummary is an answer set without its answers: who, how far, and
// whether delivered.
type SetSummary struct {
	ID          int64      `json:"id"`
	UserID      int64      `json:"userId"`
	UserName    string     `json:"userName"`
	Role        Role       `json:"role"`
	RoleTag     string     `json:"roleTag" enum:"S,PV,PL" description:"S student, PV practice supervisor, PL practice teacher"`
	Version     int        `json:"version"`
	Answered    int        `json:"answered" description:"The questions of the form answered in the set"`
	DeliveredAt *time.Time `json:"deliveredAt"`
	UpdatedAt   time.Time  `json:"updatedAt"`
}

// HalfSummary is Half with summaries: the answer-set ids and states of one
// assignment. Total is the number of questions to answer.
type HalfSummary struct {
	AssignmentID  int64        `json:"assignmentId"`
	IsMidSemester bool         `json:"isMidSemester"`
	Total         int          `json:"total"`
	Student       *SetSummary  `json:"student"`
	Advisor       *SetSummary  `json:"advisor"`
	Teacher       *SetSummary  `json:"teacher"`
	Others        []SetSummary `json:"others"`
}

// Summary is the answer-set ids and states about a student for one form,
// per half and place, as in Full.
type Summary struct {
	ClassID       int64        `json:"classId"`
	StudentUserID int64        `json:"studentUserId"`
	FormID        int64        `json:"formId"`
	AnswerAs      *Role        `json:"answerAs" description:"The role the caller answers in; null when the caller only reads"`
	MidSemester   *HalfSummary `json:"midSemester"`
	EndSemester   *HalfSummary `json:"endSemester"`
}

// ReadSummary returns the answer-set ids and states about a student for a
// form in a class, placed as ReadFull places them, with the caller's
// relation worked out from the same statement: NotFound when the student is
// not in the class or the class does not use the form, Forbidden when the
// caller may not read the student's assessments.
func ReadSummary(ctx context.Context, caller *auth.Caller, classID, studentID, formID int64) (*Summary, error) {
	st, err := loadFull(ctx, classID, studentID, formID, caller.UserID, false)
	if err != nil {
		return nil, err
	}
	rel, err := st.check(caller, studentID)
	if err != nil {
		return nil, err
	}
	f, qs, err := st.full(classID, studentID, formID, rel, caller.UserID)
	if err != nil {
		return nil, err
	}
	total := 0
	for _, q := range qs {
		if slices.Contains(answerable, q.Type) {
			total++
		}
	}
	sum := func(s *Set) *SetSummary {
		if s == nil {
			return nil
		}
		out := &SetSummary{ID: s.ID, UserID: s.UserID, UserName: s.UserName, Role: s.Role, RoleTag: s.RoleTag, Version: s.Version,
			DeliveredAt: s.DeliveredAt, UpdatedAt: s.UpdatedAt}
		for _, a := range s.Answers {
			if a.Value != nil && slices.Contains(answerable, qs[a.FormQuestionID].Type) {
				out.Answered++
			}
		}
		return out
	}
	half := func(h *Half) *HalfSummary {
		if h == nil {
			return nil
		}
		out := &HalfSummary{AssignmentID: h.AssignmentID, IsMidSemester: h.IsMidSemester, Total: total,
			Student: sum(h.Student), Advisor: sum(h.Advisor), Teacher: sum(h.Teacher), Others: []SetSummary{}}
		for i := range h.Others {
			out.Others = append(out.Others, *sum(&h.Others[i]))
		}
		return out
	}
	return &Summary{ClassID: classID, StudentUserID: studentID, FormID: formID, AnswerAs: f.AnswerAs,
		MidSemester: half(f.MidSemester), EndSemester: half(f.EndSemester)}, nil
}

// RoleProgress is how far one role has come with one assignment: the
// questions anyone in that role has answered, and whether any of them
// delivered.
type RoleProgress struct {
	Answered  int  `json:"answered" description:"The questions anyone in the role answered"`
	Delivered bool `json:"delivered" description:"Someone in the role delivered"`
	// Deadline is the role's due date for the half and where it stands;
	// nil when the class's rules set none.
	Deadline *deadlines.Status `json:"deadline,omitempty" description:"The role's due date and whether it is open, overdue, or was delivered on time or late; left out when no rule sets one"`
}

// Comparison is one graded question with the level the student, the
// supervisor and the teacher gave and the level expected, as numbers for
// a chart: 0 is the first label (Selvstendig) and Levels-1 the last. A
// role that marked the question not relevant has null and is listed in
// NotRelevant; a role that has not answered has null.
type Comparison struct {
	FormQuestionID int64  `json:"formQuestionId"`
	Text           string `json:"text"`
	Group          string `json:"group"`
	Levels         int    `json:"levels" description:"The number of labels; levels run from 0 to levels-1"`
	Student        *int   `json:"student" minimum:"0" description:"0 is the first label (Selvstendig); null when not answered or not relevant"`
	Advisor        *int   `json:"advisor" minimum:"0"`
	Teacher        *int   `json:"teacher" minimum:"0"`
	Expected       *int   `json:"expected" minimum:"0"`
	NotRelevant    []Role `json:"notRelevant" description:"The roles that marked the question not relevant"`
}

// HalfProgress is the progress of one assignment: answered of Total per
// role, and (on the student page) the comparison per graded question.
type HalfProgress struct {
	AssignmentID  int64        `json:"assignmentId"`
	IsMidSemester bool         `json:"isMidSemester"`
	Total         int          `json:"total"`
	Student       RoleProgress `json:"student"`
	Advisor       RoleProgress `json:"advisor"`
	Teacher       RoleProgress `json:"teacher"`
	Questions     []Comparison `json:"questions,omitempty"`
}

// FormProgress is the progress of one form of a class, mid-semester half
// first.
type FormProgress struct {
	FormID     int64          `json:"formId"`
	Name       string         `json:"name"`
	IsMainForm bool           `json:"isMainForm"`
	Halves     []HalfProgress `json:"halves"`
}

// Progress is a student's progress in a class, form by form.
type Progress struct {
	ClassID       int64          `json:"classId"`
	StudentUserID int64          `json:"studentUserId"`
	Forms         []FormProgress `json:"forms"`
}

// answerableSQL is answerable as an SQL list.
func answerableSQL() string {
	parts := make([]string, len(answerable))
	for i, t := range answerable {
		parts[i] = strconv.Itoa(int(t))
	}
	return "(" + strings.Join(parts, ", ") + ")"
}

// CountsSQL is the select list that reads what CountsFrom needs for the
// class @class and the students whose ids the subquery students gives:
// class_assignments, answer_counts and class_deadlines, all JSON. A route
// reads it in its own statement together with whatever else it needs.
func CountsSQL(students string) string {
	return deadlines.ScheduleSQL + `,
	(SELECT coalesce(json_agg(json_build_object('id', a.id, 'formId', a.form_id, 'mid', a.is_mid_semester, 'name', f.name, 'main', f.is_main_form,
			'total', (SELECT count(*) FROM questions q JOIN question_groups g ON g.id = q.group_id WHERE g.form_id = a.form_id AND g.type IN ` + answerableSQL() + `))
			ORDER BY f.is_main_form DESC, f.name, f.id, a.is_mid_semester DESC), '[]')
		FROM assignments a JOIN forms f ON f.id = a.form_id WHERE a.class_id = @class) AS class_assignments,
	-- One array per column rather than an object per row: Postgres builds
	-- an object value by value, looking each value's type up as it goes,
	-- which was a sixth of the class page's statement time.
	(SELECT json_build_object('s', array_agg(x.student_user_id), 'a', array_agg(x.assignment_id), 'r', array_agg(x.role),
			'n', array_agg(x.answered), 'd', array_agg(x.delivered), 'w', array_agg(x.delivered_at)) FROM (
		-- The part each author plays is worked out once per set (MATERIALIZED
		-- keeps it so), against the class's lists read once (classRoleOf).
		-- Each set keeps the questions it has answered (answered_questions,
		-- kept by the save's statement), so no answer is read: a role with one
		-- set counts that set's; a role with several counts the questions any
		-- of them answered.
		WITH sets AS MATERIALIZED (
			SELECT s.student_user_id, s.assignment_id, s.delivered_at, s.answered_questions, ` + classRoleOf("s.user_id", "s.student_user_id") + ` AS role
			FROM answer_sets s WHERE s.class_id = @class AND s.student_user_id IN (` + students + `))
		SELECT s.student_user_id, s.assignment_id, s.role,
			CASE WHEN count(*) = 1 THEN max(cardinality(s.answered_questions))
				ELSE (SELECT count(DISTINCT q) FROM sets o, unnest(o.answered_questions) q
					WHERE o.student_user_id = s.student_user_id AND o.assignment_id = s.assignment_id AND o.role = s.role) END AS answered,
			bool_or(s.delivered_at IS NOT NULL) AS delivered, min(s.delivered_at) AS delivered_at
		FROM sets s
		GROUP BY 1, 2, 3) x) AS answer_counts`
}

// CountsFrom is, for each of the students, the progress of every form the
// class uses from what CountsSQL read: answered of total per half and role
// (without comparisons), with each role's deadline as it stands at
// now (judged by the role's first delivery). Students without
// answers get zeros.
func CountsFrom(assignments, counted, schedule []byte, studentIDs []int64, now time.Time) (map[int64][]FormProgress, error) {
	var as []struct {
		ID     int64  `json:"id"`
		FormID int64  `json:"formId"`
		Mid    bool   `json:"mid"`
		Name   string `json:"name"`
		Main   bool   `json:"main"`
		Total  int    `json:"total"`
	}
	// One array per column, each as long as the others (null when no set
	// was counted).
	var cols struct {
		S []int64      `json:"s"`
		A []int64      `json:"a"`
		R []Role       `json:"r"`
		N []int        `json:"n"`
		D []bool       `json:"d"`
		W []*time.Time `json:"w"`
	}
	if err := dbjson.Decode(assignments, &as); err != nil {
		return nil, fmt.Errorf("decode assignments: %w", err)
	}
	if err := dbjson.Decode(counted, &cols); err != nil {
		return nil, fmt.Errorf("decode answer counts: %w", err)
	}
	n := len(cols.S)
	if len(cols.A) != n || len(cols.R) != n || len(cols.N) != n || len(cols.D) != n || len(cols.W) != n {
		return nil, fmt.Errorf("decode answer counts: columns of %d, %d, %d, %d, %d and %d values",
			n, len(cols.A), len(cols.R), len(cols.N), len(cols.D), len(cols.W))
	}
	due, err := deadlines.ScheduleFrom(schedule)
	if err != nil {
		return nil, err
	}
	type key struct {
		student, assignment int64
		role                Role
	}
	counts := make(map[key]RoleProgress, n)
	delivered := make(map[key]*time.Time, n)
	for i := range n {
		k := key{cols.S[i], cols.A[i], cols.R[i]}
		counts[k] = RoleProgress{Answered: cols.N[i], Delivered: cols.D[i]}
		delivered[k] = cols.W[i]
	}
	progress := func(sid int64, formID, assignment int64, mid bool, r Role) RoleProgress {
		k := key{sid, assignment, r}
		p := counts[k]
		p.Deadline = due.Of(formID, mid, deadlines.Role(r), delivered[k], now)
		return p
	}
	out := make(map[int64][]FormProgress, len(studentIDs))
	for _, sid := range studentIDs {
		list := []FormProgress{}
		for _, a := range as {
			if len(list) == 0 || list[len(list)-1].FormID != a.FormID {
				list = append(list, FormProgress{FormID: a.FormID, Name: a.Name, IsMainForm: a.Main, Halves: []HalfProgress{}})
			}
			f := &list[len(list)-1]
			f.Halves = append(f.Halves, HalfProgress{AssignmentID: a.ID, IsMidSemester: a.Mid, Total: a.Total,
				Student: progress(sid, a.FormID, a.ID, a.Mid, RoleStudent), Advisor: progress(sid, a.FormID, a.ID, a.Mid, RoleAdvisor),
				Teacher: progress(sid, a.FormID, a.ID, a.Mid, RoleTeacher)})
		}
		out[sid] = list
	}
	return out, nil
}

// Counts returns, for each of the students of a class, the progress of
// every form the class uses: answered of total per half and role (without
// comparisons). Students without answers get zeros. One statement.
func Counts(ctx context.Context, classID int64, studentIDs []int64) (map[int64][]FormProgress, error) {
	if len(studentIDs) == 0 {
		return map[int64][]FormProgress{}, nil
	}
	tx, err := tenants.DB(ctx)
	if err != nil {
		return nil, err
	}
	var row struct {
		ClassDeadlines   []byte
		ClassAssignments []byte
		AnswerCounts     []byte
	}
	if err := tx.Raw(`SELECT `+CountsSQL("SELECT unnest(CAST(@students AS bigint[]))"),
		map[string]any{"class": classID, "students": pgIDs(studentIDs)}).Scan(&row).Error; err != nil {
		return nil, fmt.Errorf("count answers in class %d: %w", classID, err)
	}
	return CountsFrom(row.ClassAssignments, row.AnswerCounts, row.ClassDeadlines, studentIDs, clock.Now(ctx))
}

// pgIDs is ids as a Postgres array literal, for one parameter whatever
// their number (a statement's text then stays the same).
func pgIDs(ids []int64) string {
	parts := make([]string, len(ids))
	for i, id := range ids {
		parts[i] = strconv.FormatInt(id, 10)
	}
	return "{" + strings.Join(parts, ",") + "}"
}

// level reads a stored grading value against a group of levels labels:
// the level, or notRelevant for the value one past the last label, or
// neither for anything else.
func level(v *string, levels int) (n *int, notRelevant bool) {
	if v == nil {
		return nil, false
	}
	i, err := strconv.Atoi(*v)
	switch {
	case err != nil || i < 0 || i > levels:
		return nil, false
	case i == levels:
		return nil, true
	}
	return &i, false
}

// ProgressOf returns a student's progress in a class: for each form and
// half, answered of total per role and the comparison of the levels given
// by the student, the supervisor and the teacher (placed as FullOf places
// them for a reader) with the expected level, per graded question.
func ProgressOf(ctx context.Context, classID, studentID int64) (*Progress, error) {
	st, err := loadProgress(ctx, classID, studentID, 0)
	if err != nil {
		return nil, err
	}
	return st.progress(classID, studentID, clock.Now(ctx))
}

// ReadProgress is ProgressOf for the caller, with the relation worked out
// from the same statement: NotFound when the student is not in the class,
// Forbidden when the caller may not read the student's assessments.
func ReadProgress(ctx context.Context, caller *auth.Caller, classID, studentID int64) (*Progress, error) {
	st, err := loadProgress(ctx, classID, studentID, caller.UserID)
	if err != nil {
		return nil, err
	}
	if _, err := st.check(caller, studentID); err != nil {
		return nil, err
	}
	return st.progress(classID, studentID, clock.Now(ctx))
}

// progressState is what a student's progress needs, read in one statement.
type progressState struct {
	ReaderRelation
	ClassDeadlines   []byte
	ClassAssignments []byte
	AnswerCounts     []byte
	Circle           []byte
	Sets             []byte
	Graded           []byte
	Expected         []byte
}

func loadProgress(ctx context.Context, classID, studentID, me int64) (*progressState, error) {
	tx, err := tenants.DB(ctx)
	if err != nil {
		return nil, err
	}
	var st progressState
	if err := tx.Raw(`SELECT `+policy.RelationSQL+`, `+CountsSQL("SELECT CAST(@student AS bigint)")+`,
			(SELECT coalesce(json_agg(json_build_object('advisor', advisor_user_id, 'teacher', teacher_user_id) ORDER BY is_primary DESC, id), '[]')
				FROM student_references WHERE class_id = @class AND student_user_id = @student) AS circle,
			`+setValuesSQL("s.class_id = @class AND s.student_user_id = @student")+` AS sets,
			(SELECT coalesce(json_agg(json_build_object('id', q.id, 'formId', g.form_id, 'text', q.text, 'group', g.name,
					'levels', (SELECT count(*) FROM question_group_options o WHERE o.group_id = g.id))
					ORDER BY g.form_id, g.sort_order, q.sort_order, q.id), '[]')
				FROM questions q JOIN question_groups g ON g.id = q.group_id
				WHERE g.form_id IN (SELECT form_id FROM assignments WHERE class_id = @class) AND g.type = `+strconv.Itoa(int(forms.Grading))+`) AS graded,
			(SELECT coalesce(json_agg(json_build_object('formId', form_id, 'mid', is_mid_semester, 'q', question_id, 'v', value)), '[]')
				FROM expectations WHERE class_id = @class) AS expected`,
		map[string]any{"class": classID, "student": studentID, "me": me}).Scan(&st).Error; err != nil {
		return nil, fmt.Errorf("read progress of student %d in class %d: %w", studentID, classID, err)
	}
	return &st, nil
}

func (st *progressState) progress(classID, studentID int64, now time.Time) (*Progress, error) {
	counts, err := CountsFrom(st.ClassAssignments, st.AnswerCounts, st.ClassDeadlines, []int64{studentID}, now)
	if err != nil {
		return nil, err
	}
	p := &Progress{ClassID: classID, StudentUserID: studentID, Forms: counts[studentID]}
	if len(p.Forms) == 0 {
		return p, nil
	}
	var refs []circleRef
	var graded []struct {
		ID     int64  `json:"id"`
		FormID int64  `json:"formId"`
		Text   string `json:"text"`
		Group  string `json:"group"`
		Levels int    `json:"levels"`
	}
	var expected []struct {
		FormID        int64   `json:"formId"`
		IsMidSemester bool    `json:"mid"`
		QuestionID    int64   `json:"q"`
		Value         *string `json:"v"`
	}
	for _, d := range []struct {
		raw []byte
		to  any
	}{{st.Circle, &refs}, {st.Graded, &graded}, {st.Expected, &expected}} {
		if err := dbjson.Decode(d.raw, d.to); err != nil {
			return nil, fmt.Errorf("decode progress of student %d: %w", studentID, err)
		}
	}
	c := circleOf(refs)
	// Only the values are read, by question, so the answers need no place
	// in the form.
	sets, err := decodeSetsIn(st.Sets, nil)
	if err != nil {
		return nil, err
	}
	type expKey struct {
		form     int64
		mid      bool
		question int64
	}
	exp := map[expKey]*string{}
	for _, e := range expected {
		exp[expKey{e.FormID, e.IsMidSemester, e.QuestionID}] = e.Value
	}
	valueIn := func(s *Set, question int64) *string {
		if s == nil {
			return nil
		}
		for _, a := range s.Answers {
			if a.FormQuestionID == question {
				return a.Value
			}
		}
		return nil
	}
	for fi := range p.Forms {
		f := &p.Forms[fi]
		for hi := range f.Halves {
			h := &f.Halves[hi]
			var of []Set
			for _, s := range sets {
				if s.AssignmentID == h.AssignmentID {
					of = append(of, s)
				}
			}
			sl := arrange(of, c, studentID, "", 0)
			h.Questions = []Comparison{}
			for _, q := range graded {
				if q.FormID != f.FormID {
					continue
				}
				cmp := Comparison{FormQuestionID: q.ID, Text: q.Text, Group: q.Group, Levels: q.Levels, NotRelevant: []Role{}}
				for _, r := range []struct {
					role Role
					set  *Set
					into **int
				}{{RoleStudent, sl.student, &cmp.Student}, {RoleAdvisor, sl.advisor, &cmp.Advisor}, {RoleTeacher, sl.teacher, &cmp.Teacher}} {
					n, nr := level(valueIn(r.set, q.ID), q.Levels)
					*r.into = n
					if nr {
						cmp.NotRelevant = append(cmp.NotRelevant, r.role)
					}
				}
				cmp.Expected, _ = level(exp[expKey{f.FormID, h.IsMidSemester, q.ID}], q.Levels)
				h.Questions = append(h.Questions, cmp)
			}
		}
	}
	return p, nil
}
