package progress

import (
	"context"
	"fmt"
	"strconv"
	"time"

	"github.com/praksis/praksis/api/clock"

	"github.com/praksis/praksis/api/answers"
	"github.com/praksis/praksis/api/apperror"
	"github.com/praksis/praksis/api/auth"
	"github.com/praksis/praksis/api/dbjson"
	"github.com/praksis/praksis/api/forms"
	"github.com/praksis/praksis/api/policy"
	"github.com/praksis/praksis/api/users"
	"github.com/praksis/praksis/tenants"
)

// placementRow is a placement as the statement reads it, with the caller's
// memberships of its class.
type placementRow struct {
	ClassID      int64   `json:"classId"`
	PeriodID     int64   `json:"periodId"`
	Period       string  `json:"period"`
	Start        string  `json:"start"`
	End          string  `json:"end"`
	SubjectCode  string  `json:"subjectCode"`
	Subject      string  `json:"subject"`
	Result       *string `json:"result"`
	Teacher      bool    `json:"teacher"`
	OwnAdvisor   bool    `json:"ownAdvisor"`
	ClassAdvisor bool    `json:"classAdvisor"`
}

// state is what a record needs, read in one statement.
type state struct {
	Found       bool
	StudentName string
	SharedAt    *time.Time
	Placements  []byte
	Assignments []byte
	Graded      []byte
	Circles     []byte
	Sets        []byte
	Expected    []byte
}

// studentClasses is the classes of @student.
const studentClasses = `(SELECT class_id FROM class_students WHERE user_id = @student)`

// stateSQL reads a student's placements, the main-form assignments and
// graded questions of their classes, the student's circle in each, the
// answer sets' values and the classes' expectations, with the caller's
// (@me) memberships of each class.
var stateSQL = `SELECT EXISTS (SELECT 1 FROM users WHERE id = @student) AS found,
	coalesce((SELECT display_name FROM users WHERE id = @student), '') AS student_name,
	(SELECT shared_at FROM progress_sharing WHERE student_user_id = @student) AS shared_at,
	(SELECT coalesce(json_agg(json_build_object('classId', c.id, 'periodId', p.id, 'period', p.name, 'start', p.start_date, 'end', p.end_date,
			'subjectCode', su.subject_code, 'subject', su.name, 'result', sf.overall_passed,
			'teacher', EXISTS (SELECT 1 FROM class_teachers t WHERE t.class_id = c.id AND t.user_id = @me),
			'ownAdvisor', EXISTS (SELECT 1 FROM student_references r WHERE r.class_id = c.id AND r.student_user_id = @student AND r.advisor_user_id = @me),
			'classAdvisor', EXISTS (SELECT 1 FROM class_advisors ca WHERE ca.class_id = c.id AND ca.user_id = @me))
			ORDER BY p.start_date, su.subject_code, c.id), '[]')
		FROM class_students cs JOIN classes c ON c.id = cs.class_id JOIN periods p ON p.id = c.period_id JOIN subjects su ON su.id = c.subject_id
		LEFT JOIN signing_forms sf ON sf.class_id = c.id AND sf.student_user_id = cs.user_id
		WHERE cs.user_id = @student) AS placements,
	(SELECT coalesce(json_agg(json_build_object('id', a.id, 'classId', a.class_id, 'formId', a.form_id, 'mid', a.is_mid_semester, 'form', f.name)
			ORDER BY a.class_id, f.name, f.id, a.is_mid_semester DESC), '[]')
		FROM assignments a JOIN forms f ON f.id = a.form_id
		WHERE f.is_main_form AND a.class_id IN ` + studentClasses + `) AS assignments,
	(SELECT coalesce(json_agg(json_build_object('id', q.id, 'formId', g.form_id, 'group', g.name, 'text', q.text,
			'levels', (SELECT count(*) FROM question_group_options o WHERE o.group_id = g.id))
			ORDER BY g.form_id, g.sort_order, q.sort_order, q.id), '[]')
		FROM questions q JOIN question_groups g ON g.id = q.group_id JOIN forms f ON f.id = g.form_id
		WHERE f.is_main_form AND g.type = ` + strconv.Itoa(int(forms.Grading)) + `
		AND g.form_id IN (SELECT a.form_id FROM assignments a WHERE a.class_id IN ` + studentClasses + `)) AS graded,
	(SELECT coalesce(json_agg(json_build_object('classId', class_id, 'advisor', advisor_user_id, 'teacher', teacher_user_id)
			ORDER BY class_id, is_primary DESC, id), '[]')
		FROM student_references WHERE student_user_id = @student) AS circles,
	` + answers.StudentValuesSQL("s.student_user_id = @student") + ` AS sets,
	(SELECT coalesce(json_agg(json_build_object('classId', e.class_id, 'formId', e.form_id, 'mid', e.is_mid_semester, 'q', e.question_id, 'v', e.value)), '[]')
		FROM expectations e WHERE e.class_id IN ` + studentClasses + `) AS expected`

// load reads what a record of the student needs for the caller me.
func load(ctx context.Context, studentID, me int64) (*state, error) {
	tx, err := tenants.DB(ctx)
	if err != nil {
		return nil, err
	}
	var st state
	if err := tx.Raw(stateSQL, map[string]any{"student": studentID, "me": me}).Scan(&st).Error; err != nil {
		return nil, fmt.Errorf("read the progress of student %d: %w", studentID, err)
	}
	return &st, nil
}

// sees is the view the caller has of each placement (none when missing):
// every placement in full for the student and admins; otherwise in full
// those the caller is related to (policy.CanView), and, when the student
// has shared, the end results of the placements that began before a
// current placement (its semester not yet ended on today) in which the
// caller is a teacher of the class or one of the student's supervisors.
// Forbidden when the caller sees none.
func sees(caller *auth.Caller, studentID int64, rows []placementRow, shared bool, today string) (map[int64]View, error) {
	views := map[int64]View{}
	if caller.Has(users.RoleAdmin) || (caller.UserID == studentID && caller.Has(users.RoleStudent)) {
		for _, r := range rows {
			views[r.ClassID] = ViewFull
		}
		return views, nil
	}
	latestCurrent := ""
	for _, r := range rows {
		rel := policy.RelationFrom(caller, studentID, r.Teacher, r.OwnAdvisor, r.ClassAdvisor)
		if policy.CanView(rel) != nil {
			continue
		}
		views[r.ClassID] = ViewFull
		if (rel.Teacher || rel.OwnAdvisor) && r.End >= today && r.Start > latestCurrent {
			latestCurrent = r.Start
		}
	}
	if len(views) == 0 {
		return nil, apperror.Forbiddenf("error.forbidden")
	}
	if shared && latestCurrent != "" {
		for _, r := range rows {
			if _, ok := views[r.ClassID]; !ok && r.Start < latestCurrent {
				views[r.ClassID] = ViewEndResults
			}
		}
	}
	return views, nil
}

// Read is the student's record as the caller may see it (see sees), in
// one statement: NotFound when there is no such user, Forbidden when the
// caller sees none of the student's placements.
func Read(ctx context.Context, caller *auth.Caller, studentID int64) (*Record, error) {
	st, err := load(ctx, studentID, caller.UserID)
	if err != nil {
		return nil, err
	}
	if !st.Found {
		return nil, apperror.NotFoundf("error.notFound")
	}
	var rows []placementRow
	var as []assignment
	var qs []graded
	var refs []answers.CircleRef
	var expected []struct {
		ClassID int64   `json:"classId"`
		FormID  int64   `json:"formId"`
		Mid     bool    `json:"mid"`
		Q       int64   `json:"q"`
		V       *string `json:"v"`
	}
	for _, d := range []struct {
		raw []byte
		to  any
	}{{st.Placements, &rows}, {st.Assignments, &as}, {st.Graded, &qs}, {st.Circles, &refs}, {st.Expected, &expected}} {
		if err := dbjson.Decode(d.raw, d.to); err != nil {
			return nil, fmt.Errorf("decode the progress of student %d: %w", studentID, err)
		}
	}
	today := clock.Now(ctx).Format(time.DateOnly)
	views, err := sees(caller, studentID, rows, st.SharedAt != nil, today)
	if err != nil {
		return nil, err
	}
	given, err := answers.PlaceValues(st.Sets, refs, studentID)
	if err != nil {
		return nil, err
	}
	exp := make(map[expKey]*string, len(expected))
	for _, e := range expected {
		exp[expKey{e.ClassID, e.FormID, e.Mid, e.Q}] = e.V
	}
	rec := &Record{StudentUserID: studentID, StudentName: st.StudentName, SharedAt: st.SharedAt, Placements: []Placement{}}
	for _, r := range rows {
		v, ok := views[r.ClassID]
		if !ok {
			continue
		}
		p := Placement{ClassID: r.ClassID, PeriodID: r.PeriodID, PeriodName: r.Period, StartDate: r.Start, EndDate: r.End,
			SubjectCode: r.SubjectCode, SubjectName: r.Subject, Forms: []FormRef{}, Result: r.Result, View: v}
		for _, a := range as {
			if a.ClassID == r.ClassID && !a.Mid {
				p.Forms = append(p.Forms, FormRef{ID: a.FormID, Name: a.Form})
			}
		}
		rec.Placements = append(rec.Placements, p)
	}
	rec.Areas, rec.Unmatched = build(rec.Placements, as, qs, given, exp)
	return rec, nil
}
