package reports

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"time"

	"github.com/praksis/praksis/api/answers"
	"github.com/praksis/praksis/api/apperror"
	"github.com/praksis/praksis/api/clock"
	"github.com/praksis/praksis/api/dbjson"
	"github.com/praksis/praksis/api/deadlines"
	"github.com/praksis/praksis/api/forms"
	signingform "github.com/praksis/praksis/api/signing"
	"github.com/praksis/praksis/tenants"
)

// Filter is the path and query of the live semester report and its
// drill-down: the semester, optionally narrowed to a subject and a class.
type Filter struct {
	PeriodID  int64 `path:"id" minimum:"1" description:"The semester"`
	SubjectID int64 `query:"subjectId" minimum:"0" description:"Only the class of this subject; 0 or left out: every subject"`
	ClassID   int64 `query:"classId" minimum:"0" description:"Only this class; 0 or left out: every class"`
}

// RoleCounts is how many students of a class have an assessment delivered
// by someone in a role, how many have none, and, when a deadline rule sets
// the role's due date, how many of those without one are past it.
type RoleCounts struct {
	Delivered int  `json:"delivered"`
	Missing   int  `json:"missing" description:"Not delivered, late or not"`
	Late      *int `json:"late" description:"Of the missing, those whose due day has passed (Europe/Oslo); null when no deadline rule sets the role's due date in the class"`
}

// Assessment is one assignment (a form and half) of a class, counted per
// role.
type Assessment struct {
	FormID        int64      `json:"formId"`
	FormName      string     `json:"formName"`
	IsMainForm    bool       `json:"isMainForm"`
	IsMidSemester bool       `json:"isMidSemester"`
	Student       RoleCounts `json:"student"`
	Advisor       RoleCounts `json:"advisor"`
	Teacher       RoleCounts `json:"teacher"`
}

// Warnings is how many students of a class were given a warning, and how
// many of those confirmed it.
type Warnings struct {
	Given     int `json:"given" description:"Sent warnings, confirmed or not"`
	Confirmed int `json:"confirmed"`
}

// Signing is how many students' signing forms are in each state.
type Signing struct {
	None         int `json:"none"`
	Saved        int `json:"saved"`
	MidConfirmed int `json:"midConfirmed"`
	EndCompleted int `json:"endCompleted"`
	Signing      int `json:"signing"`
	Locked       int `json:"locked"`
}

// Results is how many students of a class passed, failed, or have no
// result yet.
type Results struct {
	Passed  int `json:"passed"`
	Failed  int `json:"failed"`
	Pending int `json:"pending"`
}

// AreaLevels is the distribution of the end levels the teachers gave in
// one competence area (a graded group of a main form) of a class: per
// level, the answers (student and question) at it, and how many were below
// the class's expectation, met it, or had none set.
type AreaLevels struct {
	FormID        int64  `json:"formId"`
	GroupID       int64  `json:"groupId"`
	Name          string `json:"name"`
	Levels        []int  `json:"levels" description:"Answers per level, index 0 the first label (Selvstendig)"`
	NotRelevant   int    `json:"notRelevant"`
	BelowExpected int    `json:"belowExpected" description:"Answers less independent than expected"`
	MeetsExpected int    `json:"meetsExpected" description:"Answers as independent as expected, or more"`
	NoExpectation int    `json:"noExpectation" description:"Graded answers of questions without an expectation"`
}

// ClassReport is one class of the semester.
type ClassReport struct {
	ClassID     int64        `json:"classId"`
	SubjectID   int64        `json:"subjectId"`
	SubjectCode string       `json:"subjectCode"`
	SubjectName string       `json:"subjectName"`
	Students    int          `json:"students"`
	Assessments []Assessment `json:"assessments" description:"Main forms first, mid before end"`
	Warnings    Warnings     `json:"warnings"`
	Signing     Signing      `json:"signing"`
	Results     Results      `json:"results"`
	Areas       []AreaLevels `json:"areas" description:"In form order"`
}

// SemesterReport is the live report of a semester: per class (by subject
// code), how far assessments, warnings and signing forms have come and how
// the end levels fall against the expectations.
type SemesterReport struct {
	PeriodID   int64         `json:"periodId"`
	PeriodName string        `json:"periodName"`
	Classes    []ClassReport `json:"classes"`
}

// studentFacts is what the report knows of one student in one class.
type studentFacts struct {
	ClassID int64 `json:"c"`
	// StudentID and DisplayName are the student's when the facts are read
	// per student; 0 and empty when they are counted per class.
	StudentID   int64  `json:"s"`
	DisplayName string `json:"n"`
	// Count is how many students of the class these facts are (1 when read
	// per student).
	Count int `json:"k"`
	// ByStudent, ByAdvisor and ByTeacher list the assignments someone in
	// the role delivered a set of (an id may appear more than once).
	ByStudent        []int64 `json:"ds"`
	ByAdvisor        []int64 `json:"da"`
	ByTeacher        []int64 `json:"dt"`
	WarningGiven     bool    `json:"wg"`
	WarningConfirmed bool    `json:"wc"`
	HasForm          bool    `json:"f"`
	Locked           bool    `json:"l"`
	AnySigned        bool    `json:"a"`
	EndCompleted     bool    `json:"e"`
	MidConfirmed     bool    `json:"m"`
	Result           *string `json:"r"`
}

// classRow is a class of the semester with its assignments.
type classRow struct {
	ID          int64  `json:"id"`
	SubjectID   int64  `json:"subjectId"`
	SubjectCode string `json:"code"`
	SubjectName string `json:"name"`
	// Deadlines is the class's schedule, for deadlines.ScheduleFrom.
	Deadlines   json.RawMessage `json:"deadlines"`
	Assignments []struct {
		ID     int64  `json:"id"`
		FormID int64  `json:"formId"`
		Form   string `json:"form"`
		Main   bool   `json:"main"`
		Mid    bool   `json:"mid"`
	} `json:"assignments"`
}

// areaAnswer is the teachers' end levels given at one value in one
// competence area of a class against one expectation: how many answers
// (students and questions), and whose when they are read per student.
type areaAnswer struct {
	ClassID int64
	// StudentID is 0 when the answers are counted per class.
	StudentID int64
	FormID    int64
	GroupID   int64
	GroupName string
	Value     string
	Expected  *string
	Levels    int
	Answers   int
}

// facts is what the report and its drill-down are made of.
type facts struct {
	periodName string
	classes    []classRow
	students   []studentFacts
	areas      []areaAnswer
}

// filtered is the classes of the semester the filter keeps.
const filtered = `(SELECT c.id FROM classes c WHERE c.period_id = @period
	AND (CAST(@subject AS bigint) = 0 OR c.subject_id = @subject) AND (CAST(@class AS bigint) = 0 OR c.id = @class))`

// roleOfSet names the part the author of answer set s plays for its
// student, for the classes the filter keeps.
var roleOfSet = answers.RolesOfSQL("s.user_id", "s.class_id", "s.student_user_id", filtered)

// overviewSQL reads the semester, its classes (with their assignments and
// deadline schedules) and the facts of its students, in one statement.
// What each student has delivered is aggregated once over the kept
// classes' delivered sets (hashed, per role, the role named once per set)
// and joined in, not read again per student. byStudent gives one row of
// facts per student and class, with the name, for the drill-down; without
// it, the students of a class with the same facts are one row with their
// number, which is all the report counts (a few rows per class rather than
// 2,000 objects built and decoded).
func overviewSQL(byStudent bool) string {
	student, name, order, group := "count(*) AS k", "", "", "GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12"
	if byStudent {
		student, name, order, group = "cs.user_id AS s, u.display_name AS n, 1 AS k", " JOIN users u ON u.id = cs.user_id", " ORDER BY x.c, x.n, x.s", ""
	}
	return `WITH roles AS MATERIALIZED (
		SELECT s.class_id, s.student_user_id, s.assignment_id, ` + roleOfSet + ` AS role
		FROM answer_sets s WHERE s.class_id IN ` + filtered + ` AND s.delivered_at IS NOT NULL),
	delivered AS (
		SELECT s.class_id, s.student_user_id,
			array_agg(s.assignment_id) FILTER (WHERE s.role = 'student') AS ds,
			array_agg(s.assignment_id) FILTER (WHERE s.role = 'advisor') AS da,
			array_agg(s.assignment_id) FILTER (WHERE s.role = 'teacher') AS dt
		FROM roles s GROUP BY s.class_id, s.student_user_id),
	facts AS (
		SELECT cs.class_id AS c, d.ds, d.da, d.dt,
			w.submitted_at IS NOT NULL AS wg, w.student_confirmed_at IS NOT NULL AS wc,
			sf.id IS NOT NULL AS f, coalesce(sf.is_locked, false) AS l,
			sf.signed_by_teacher_date IS NOT NULL OR sf.signed_by_student_date IS NOT NULL OR sf.signed_by_advisor_date IS NOT NULL AS a,
			sf.end_semester_completed_date IS NOT NULL AS e, sf.mid_semester_completed_date IS NOT NULL AS m, sf.overall_passed AS r,
			` + student + `
		FROM class_students cs` + name + `
		LEFT JOIN delivered d ON d.class_id = cs.class_id AND d.student_user_id = cs.user_id
		LEFT JOIN warnings w ON w.class_id = cs.class_id AND w.student_user_id = cs.user_id
		LEFT JOIN signing_forms sf ON sf.class_id = cs.class_id AND sf.student_user_id = cs.user_id
		WHERE cs.class_id IN ` + filtered + `
		` + group + `)
	SELECT p.name AS period_name,
	(SELECT coalesce(json_agg(json_build_object('id', c.id, 'subjectId', su.id, 'code', su.subject_code, 'name', su.name,
			'deadlines', ` + deadlines.ScheduleOf("c") + `,
			'assignments', (SELECT coalesce(json_agg(json_build_object('id', a.id, 'formId', f.id, 'form', f.name, 'main', f.is_main_form, 'mid', a.is_mid_semester)
				ORDER BY f.is_main_form DESC, f.name, f.id, a.is_mid_semester DESC), '[]')
				FROM assignments a JOIN forms f ON f.id = a.form_id WHERE a.class_id = c.id))
			ORDER BY su.subject_code, c.id), '[]')
		FROM classes c JOIN subjects su ON su.id = c.subject_id WHERE c.id IN ` + filtered + `) AS classes,
	(SELECT coalesce(json_agg(x` + order + `), '[]') FROM facts x) AS students
	FROM periods p WHERE p.id = @period`
}

// The report counts the students per class and kind of facts; the
// drill-down lists them.
var (
	overviewByClassSQL   = overviewSQL(false)
	overviewByStudentSQL = overviewSQL(true)
)

// areasSQL reads, for the classes kept, the teachers' end levels on every
// graded question of a main form, with the class's expectation, counted
// per class, group, level and expectation; byStudent counts them per
// student too, for the drill-down, and keeps only @form and @group. Where
// several teachers answered one student's question, the newest set's
// answer counts: the sets are ranked per student (a few thousand rows)
// and an answer of a set that is not the newest counts only when no newer
// set answers its question, so the answers (tens of thousands) are not
// sorted one by one. They are counted per question and value first, and
// only those counts meet the expectations and the groups' levels (each
// group's counted once); the values are compared byte by byte, which is
// all counting them needs, not by the language's collation.
func areasSQL(byStudent bool) string {
	student, only := "0", ""
	if byStudent {
		student, only = "t.student_user_id", " AND an.question_id IN (SELECT q.id FROM questions q WHERE q.group_id = @group)"
	}
	given := func(an string) string { return an + ".value IS NOT NULL AND btrim(" + an + ".value) <> ''" }
	return `WITH sets AS MATERIALIZED (
		SELECT s.id, s.class_id, s.student_user_id, s.form_id,
			row_number() OVER (PARTITION BY s.class_id, s.student_user_id ORDER BY s.updated_at DESC, s.id DESC) AS rank
		FROM answer_sets s JOIN forms f ON f.id = s.form_id AND f.is_main_form
		WHERE s.class_id IN ` + filtered + ` AND NOT s.is_mid_semester AND ` + roleOfSet + ` = 'teacher'),
	counted AS (
		SELECT t.class_id, ` + student + ` AS student_id, t.form_id, an.question_id, an.value COLLATE "C" AS value, count(*) AS answers
		FROM sets t JOIN answers an ON an.answer_set_id = t.id
		WHERE ` + given("an") + only + ` AND (t.rank = 1 OR NOT EXISTS (SELECT 1 FROM sets n JOIN answers na ON na.answer_set_id = n.id
			WHERE n.class_id = t.class_id AND n.student_user_id = t.student_user_id AND n.rank < t.rank AND na.question_id = an.question_id AND ` + given("na") + `))
		GROUP BY t.class_id, 2, t.form_id, an.question_id, 5),
	levels AS (SELECT o.group_id, count(*) AS levels FROM question_group_options o GROUP BY o.group_id)
	SELECT n.class_id, n.student_id, n.form_id, g.id AS group_id, g.name AS group_name, n.value,
		e.value AS expected, coalesce(l.levels, 0) AS levels, sum(n.answers) AS answers
	FROM counted n
	JOIN questions q ON q.id = n.question_id
	JOIN question_groups g ON g.id = q.group_id AND g.type = ` + strconv.Itoa(int(forms.Grading)) + `
	LEFT JOIN levels l ON l.group_id = g.id
	LEFT JOIN expectations e ON e.class_id = n.class_id AND e.form_id = n.form_id AND e.question_id = n.question_id AND NOT e.is_mid_semester
	GROUP BY n.class_id, n.student_id, n.form_id, g.id, g.name, n.value, e.value, l.levels`
}

// The report counts the levels per class; the drill-down lists the
// students of one area.
var (
	areasByClassSQL   = areasSQL(false)
	areasByStudentSQL = areasSQL(true)
)

// loadFacts reads the facts for the filter in two statements; NotFound
// when there is no such semester. Without a drill-down it counts the
// students and end levels per class; with one, it reads the students one
// by one, and the end levels per student of the drill-down's area for an
// area metric, none for any other (one statement).
func loadFacts(ctx context.Context, f Filter, drill *DrillParams) (*facts, error) {
	tx, err := tenants.DB(ctx)
	if err != nil {
		return nil, err
	}
	args := map[string]any{"period": f.PeriodID, "subject": f.SubjectID, "class": f.ClassID}
	var rows []struct {
		PeriodName string
		Classes    []byte
		Students   []byte
	}
	overview := overviewByClassSQL
	if drill != nil {
		overview = overviewByStudentSQL
	}
	if err := tx.Raw(overview, args).Scan(&rows).Error; err != nil {
		return nil, fmt.Errorf("read the report of semester %d: %w", f.PeriodID, err)
	}
	if len(rows) == 0 {
		return nil, apperror.NotFoundf("periods.notFound")
	}
	out := &facts{periodName: rows[0].PeriodName}
	if err := dbjson.Decode(rows[0].Classes, &out.classes); err != nil {
		return nil, fmt.Errorf("decode the classes of semester %d: %w", f.PeriodID, err)
	}
	if err := dbjson.Decode(rows[0].Students, &out.students); err != nil {
		return nil, fmt.Errorf("decode the students of semester %d: %w", f.PeriodID, err)
	}
	query := areasByClassSQL
	if drill != nil {
		if !drill.Metric.ofArea() {
			return out, nil
		}
		query, args["form"], args["group"] = areasByStudentSQL, drill.FormID, drill.GroupID
	}
	if err := tx.Raw(query, args).Scan(&out.areas).Error; err != nil {
		return nil, fmt.Errorf("read the end levels of semester %d: %w", f.PeriodID, err)
	}
	return out, nil
}

// signingState is where a student's signing form stands.
func (s studentFacts) signingState() signingform.State {
	return signingform.StateFrom(s.HasForm, s.Locked, s.AnySigned, s.EndCompleted, s.MidConfirmed)
}

// delivered reports whether someone in role delivered the assignment.
func (s studentFacts) delivered(assignment int64, role answers.Role) bool {
	switch role {
	case answers.RoleStudent:
		return slices.Contains(s.ByStudent, assignment)
	case answers.RoleAdvisor:
		return slices.Contains(s.ByAdvisor, assignment)
	}
	return slices.Contains(s.ByTeacher, assignment)
}

// areaKey names a competence area of a class.
type areaKey struct{ class, form, group int64 }

// judged is how one answer stands against the expectation: below, meets,
// none, or not relevant; and its level (-1 when not relevant or unreadable).
func (a areaAnswer) judged() (level int, verdict string) {
	n, nr := answers.Level(&a.Value, a.Levels)
	switch {
	case nr:
		return -1, "notRelevant"
	case n == nil:
		return -1, ""
	}
	e, _ := answers.Level(a.Expected, a.Levels)
	switch {
	case e == nil:
		return *n, "noExpectation"
	case *n > *e:
		return *n, "belowExpected"
	}
	return *n, "meetsExpected"
}

// overdue is, per class, assignment and role that a rule gives a due date
// that has passed at now; a key absent means no rule sets one.
type overdue map[lateKey]bool

// lateKey names one role's assessment of one class.
type lateKey struct {
	class, assignment int64
	role              answers.Role
}

// schedules reads each class's deadlines and judges them at now.
func (fs *facts) schedules(now time.Time) (overdue, error) {
	out := overdue{}
	for _, c := range fs.classes {
		s, err := deadlines.ScheduleFrom(c.Deadlines)
		if err != nil {
			return nil, fmt.Errorf("the deadlines of class %d: %w", c.ID, err)
		}
		for _, a := range c.Assignments {
			for _, role := range deadlines.Roles {
				if st := s.Of(a.FormID, a.Mid, role, nil, now); st != nil {
					out[lateKey{c.ID, a.ID, answers.Role(role)}] = st.State == deadlines.Overdue
				}
			}
		}
	}
	return out, nil
}

// late reports whether the student's assessment by role is past its due
// day and not delivered.
func (o overdue) late(s studentFacts, assignment int64, role answers.Role) bool {
	return o[lateKey{s.ClassID, assignment, role}] && !s.delivered(assignment, role)
}

// counter is a late count for one role's assessment of a class: zero when
// a rule sets its due date, nil otherwise.
func (o overdue) counter(class, assignment int64, role answers.Role) *int {
	if _, ok := o[lateKey{class, assignment, role}]; ok {
		return new(int)
	}
	return nil
}

// report aggregates the facts, judging deadlines by due.
func (fs *facts) report(periodID int64, due overdue) *SemesterReport {
	r := &SemesterReport{PeriodID: periodID, PeriodName: fs.periodName, Classes: []ClassReport{}}
	byClass := map[int64][]studentFacts{}
	for _, s := range fs.students {
		byClass[s.ClassID] = append(byClass[s.ClassID], s)
	}
	areas := map[areaKey]*AreaLevels{}
	var areaOrder []areaKey
	for _, a := range fs.areas {
		k := areaKey{a.ClassID, a.FormID, a.GroupID}
		al := areas[k]
		if al == nil {
			al = &AreaLevels{FormID: a.FormID, GroupID: a.GroupID, Name: a.GroupName, Levels: make([]int, max(a.Levels, 0))}
			areas[k] = al
			areaOrder = append(areaOrder, k)
		}
		level, verdict := a.judged()
		if level >= 0 && level < len(al.Levels) {
			al.Levels[level] += a.Answers
		}
		switch verdict {
		case "notRelevant":
			al.NotRelevant += a.Answers
		case "belowExpected":
			al.BelowExpected += a.Answers
		case "meetsExpected":
			al.MeetsExpected += a.Answers
		case "noExpectation":
			al.NoExpectation += a.Answers
		}
	}
	slices.SortStableFunc(areaOrder, func(a, b areaKey) int {
		if a.class != b.class {
			return int(a.class - b.class)
		}
		if a.form != b.form {
			return int(a.form - b.form)
		}
		return int(a.group - b.group)
	})
	for _, c := range fs.classes {
		students := byClass[c.ID]
		cr := ClassReport{ClassID: c.ID, SubjectID: c.SubjectID, SubjectCode: c.SubjectCode, SubjectName: c.SubjectName,
			Assessments: []Assessment{}, Areas: []AreaLevels{}}
		for _, a := range c.Assignments {
			as := Assessment{FormID: a.FormID, FormName: a.Form, IsMainForm: a.Main, IsMidSemester: a.Mid}
			as.Student.Late = due.counter(c.ID, a.ID, answers.RoleStudent)
			as.Advisor.Late = due.counter(c.ID, a.ID, answers.RoleAdvisor)
			as.Teacher.Late = due.counter(c.ID, a.ID, answers.RoleTeacher)
			for _, s := range students {
				for _, r := range []struct {
					role answers.Role
					into *RoleCounts
				}{{answers.RoleStudent, &as.Student}, {answers.RoleAdvisor, &as.Advisor}, {answers.RoleTeacher, &as.Teacher}} {
					if s.delivered(a.ID, r.role) {
						r.into.Delivered += s.Count
					} else {
						r.into.Missing += s.Count
					}
					if due.late(s, a.ID, r.role) {
						*r.into.Late += s.Count
					}
				}
			}
			cr.Assessments = append(cr.Assessments, as)
		}
		for _, s := range students {
			cr.Students += s.Count
			if s.WarningGiven {
				cr.Warnings.Given += s.Count
			}
			if s.WarningConfirmed {
				cr.Warnings.Confirmed += s.Count
			}
			*cr.Signing.of(s.signingState()) += s.Count
			switch {
			case s.Result != nil && *s.Result == signingform.Passed:
				cr.Results.Passed += s.Count
			case s.Result != nil && *s.Result == signingform.Failed:
				cr.Results.Failed += s.Count
			default:
				cr.Results.Pending += s.Count
			}
		}
		for _, k := range areaOrder {
			if k.class == c.ID {
				cr.Areas = append(cr.Areas, *areas[k])
			}
		}
		r.Classes = append(r.Classes, cr)
	}
	return r
}

// of is the count of state.
func (s *Signing) of(state signingform.State) *int {
	switch state {
	case signingform.StateSaved:
		return &s.Saved
	case signingform.StateMidConfirmed:
		return &s.MidConfirmed
	case signingform.StateEndCompleted:
		return &s.EndCompleted
	case signingform.StateSigning:
		return &s.Signing
	case signingform.StateLocked:
		return &s.Locked
	}
	return &s.None
}

// Semester is the live report of a semester for the filter, in two
// statements; NotFound when there is no such semester.
func Semester(ctx context.Context, f Filter) (*SemesterReport, error) {
	fs, err := loadFacts(ctx, f, nil)
	if err != nil {
		return nil, err
	}
	due, err := fs.schedules(clock.Now(ctx))
	if err != nil {
		return nil, err
	}
	return fs.report(f.PeriodID, due), nil
}
