package classes

import (
	"context"
	"fmt"
	"slices"

	"github.com/praksis/praksis/api/answers"
	"github.com/praksis/praksis/api/periods"
	"github.com/praksis/praksis/api/users"
	"github.com/praksis/praksis/tenants"
)

// Warning states of a student, as lists show them.
const (
	WarningNone      = "none"
	WarningDraft     = "draft"
	WarningGiven     = "given"
	WarningConfirmed = "confirmed"
)

// Signing-form states of a student, as lists show them.
const (
	SigningNone         = "none"
	SigningSaved        = "saved"
	SigningMidConfirmed = "midConfirmed"
	SigningEndCompleted = "endCompleted"
	SigningSigning      = "signing"
	SigningLocked       = "locked"
)

// SigningState is where a student's signing form stands: Status is none,
// saved, midConfirmed, endCompleted, signing (someone has signed) or
// locked (all three have signed), with who has signed.
type SigningState struct {
	Status          string `json:"status"`
	SignedByTeacher bool   `json:"signedByTeacher"`
	SignedByStudent bool   `json:"signedByStudent"`
	SignedByAdvisor bool   `json:"signedByAdvisor"`
}

// StudentOverview is one student of a class as a teacher's (or a
// supervisor's) list shows them: who follows the student, the warning and
// signing-form states, and answered of total per form, half and role.
// IsMine says the caller is the student's assigned teacher or one of
// their supervisors.
type StudentOverview struct {
	ID          int64                  `json:"id"`
	DisplayName string                 `json:"displayName"`
	Email       string                 `json:"email"`
	IsMine      bool                   `json:"isMine"`
	Teacher     *users.Person          `json:"teacher"`
	Supervisors []Supervisor           `json:"supervisors"`
	Warning     string                 `json:"warning"`
	SigningForm SigningState           `json:"signingForm"`
	Forms       []answers.FormProgress `json:"forms"`
}

// Overview returns the students of a class (all of them when only is nil,
// else those listed), by name, for the caller me. Warning drafts are shown
// as such only when drafts is true (the class's teachers); to anyone else
// a draft is no warning.
func Overview(ctx context.Context, classID int64, only []int64, drafts bool, me int64) ([]StudentOverview, error) {
	tx, err := tenants.DB(ctx)
	if err != nil {
		return nil, err
	}
	out := []StudentOverview{}
	var rows []struct {
		ID          int64
		DisplayName string
		Email       string
	}
	q := tx.Raw(`SELECT u.id, u.display_name, u.email FROM class_students cs JOIN users u ON u.id = cs.user_id
		WHERE cs.class_id = ? ORDER BY u.display_name, u.id`, classID)
	if only != nil {
		if len(only) == 0 {
			return out, nil
		}
		q = tx.Raw(`SELECT u.id, u.display_name, u.email FROM class_students cs JOIN users u ON u.id = cs.user_id
			WHERE cs.class_id = ? AND cs.user_id IN ? ORDER BY u.display_name, u.id`, classID, only)
	}
	if err := q.Scan(&rows).Error; err != nil {
		return nil, fmt.Errorf("load students of class %d: %w", classID, err)
	}
	if len(rows) == 0 {
		return out, nil
	}
	ids := make([]int64, len(rows))
	index := map[int64]int{}
	for i, r := range rows {
		out = append(out, StudentOverview{ID: r.ID, DisplayName: r.DisplayName, Email: r.Email, Supervisors: []Supervisor{},
			Warning: WarningNone, SigningForm: SigningState{Status: SigningNone}})
		ids[i] = r.ID
		index[r.ID] = i
	}

	var refs []struct {
		StudentUserID      int64
		AdvisorUserID      *int64
		AdvisorName        *string
		AdvisorEmail       *string
		AdvisorPhoneNumber *string
		TeacherUserID      *int64
		TeacherName        *string
		IsPrimary          bool
	}
	if err := tx.Raw(`SELECT r.student_user_id, r.advisor_user_id, a.display_name AS advisor_name, a.email AS advisor_email,
			a.phone_number AS advisor_phone_number, r.teacher_user_id, t.display_name AS teacher_name, r.is_primary
		FROM student_references r LEFT JOIN users a ON a.id = r.advisor_user_id LEFT JOIN users t ON t.id = r.teacher_user_id
		WHERE r.class_id = ? AND r.student_user_id IN ? ORDER BY r.student_user_id, r.is_primary DESC, a.display_name, r.id`,
		classID, ids).Scan(&refs).Error; err != nil {
		return nil, fmt.Errorf("load supervisors of class %d: %w", classID, err)
	}
	for _, r := range refs {
		s := &out[index[r.StudentUserID]]
		if r.TeacherUserID != nil && s.Teacher == nil {
			s.Teacher = &users.Person{ID: *r.TeacherUserID, DisplayName: *r.TeacherName}
			s.IsMine = s.IsMine || *r.TeacherUserID == me
		}
		if r.AdvisorUserID != nil {
			s.Supervisors = append(s.Supervisors, Supervisor{ID: *r.AdvisorUserID, DisplayName: *r.AdvisorName, Email: *r.AdvisorEmail,
				PhoneNumber: r.AdvisorPhoneNumber, IsPrimary: r.IsPrimary})
			s.IsMine = s.IsMine || *r.AdvisorUserID == me
		}
	}

	var ws []struct {
		StudentUserID int64
		Submitted     bool
		Confirmed     bool
	}
	if err := tx.Raw(`SELECT student_user_id, submitted_at IS NOT NULL AS submitted, student_confirmed_at IS NOT NULL AS confirmed
		FROM warnings WHERE class_id = ? AND student_user_id IN ?`, classID, ids).Scan(&ws).Error; err != nil {
		return nil, fmt.Errorf("load warnings of class %d: %w", classID, err)
	}
	for _, w := range ws {
		s := &out[index[w.StudentUserID]]
		switch {
		case w.Confirmed:
			s.Warning = WarningConfirmed
		case w.Submitted:
			s.Warning = WarningGiven
		case drafts:
			s.Warning = WarningDraft
		}
	}

	var ss []struct {
		StudentUserID   int64
		IsLocked        bool
		MidCompleted    bool
		EndCompleted    bool
		SignedByTeacher bool
		SignedByStudent bool
		SignedByAdvisor bool
	}
	if err := tx.Raw(`SELECT student_user_id, is_locked, mid_semester_completed_date IS NOT NULL AS mid_completed,
			end_semester_completed_date IS NOT NULL AS end_completed, signed_by_teacher_date IS NOT NULL AS signed_by_teacher,
			signed_by_student_date IS NOT NULL AS signed_by_student, signed_by_advisor_date IS NOT NULL AS signed_by_advisor
		FROM signing_forms WHERE class_id = ? AND student_user_id IN ?`, classID, ids).Scan(&ss).Error; err != nil {
		return nil, fmt.Errorf("load signing forms of class %d: %w", classID, err)
	}
	for _, f := range ss {
		st := SigningState{Status: SigningSaved, SignedByTeacher: f.SignedByTeacher, SignedByStudent: f.SignedByStudent, SignedByAdvisor: f.SignedByAdvisor}
		switch {
		case f.IsLocked:
			st.Status = SigningLocked
		case f.SignedByTeacher || f.SignedByStudent || f.SignedByAdvisor:
			st.Status = SigningSigning
		case f.EndCompleted:
			st.Status = SigningEndCompleted
		case f.MidCompleted:
			st.Status = SigningMidConfirmed
		}
		out[index[f.StudentUserID]].SigningForm = st
	}

	progress, err := answers.Counts(ctx, classID, ids)
	if err != nil {
		return nil, err
	}
	for i := range out {
		out[i].Forms = progress[out[i].ID]
	}
	return out, nil
}

// TeacherClass is a class on a teacher's home page: the class, its
// teachers, how many students it has and how many of them are the
// caller's, and whether the caller teaches it.
type TeacherClass struct {
	Class
	Teachers       []users.Person `json:"teachers"`
	StudentCount   int            `json:"studentCount"`
	MyStudentCount int            `json:"myStudentCount"`
	IsMine         bool           `json:"isMine"`
}

// PeriodClasses is the classes of one semester, the caller's first.
type PeriodClasses struct {
	Period periods.Period `json:"period"`
	Mine   []TeacherClass `json:"mine"`
	Others []TeacherClass `json:"others"`
}

// TeacherHome returns every class of the school grouped by semester,
// newest semester first, each group split into the classes teacherID
// teaches and the others (by subject code).
func TeacherHome(ctx context.Context, teacherID int64) ([]PeriodClasses, error) {
	list, err := List(ctx, 0)
	if err != nil {
		return nil, err
	}
	out := []PeriodClasses{}
	if len(list) == 0 {
		return out, nil
	}
	tx, err := tenants.DB(ctx)
	if err != nil {
		return nil, err
	}
	var teachers []struct {
		ClassID     int64
		ID          int64
		DisplayName string
	}
	if err := tx.Raw(`SELECT ct.class_id, u.id, u.display_name FROM class_teachers ct JOIN users u ON u.id = ct.user_id
		ORDER BY ct.class_id, u.display_name, u.id`).Scan(&teachers).Error; err != nil {
		return nil, fmt.Errorf("load teachers of classes: %w", err)
	}
	byClass := map[int64][]users.Person{}
	for _, t := range teachers {
		byClass[t.ClassID] = append(byClass[t.ClassID], users.Person{ID: t.ID, DisplayName: t.DisplayName})
	}
	var counts []struct {
		ClassID  int64
		Students int
		Mine     int
	}
	if err := tx.Raw(`SELECT cs.class_id, count(*) AS students,
			count(*) FILTER (WHERE EXISTS (SELECT 1 FROM student_references r WHERE r.class_id = cs.class_id
				AND r.student_user_id = cs.user_id AND r.teacher_user_id = ?)) AS mine
		FROM class_students cs GROUP BY cs.class_id`, teacherID).Scan(&counts).Error; err != nil {
		return nil, fmt.Errorf("count students of classes: %w", err)
	}
	type count struct{ students, mine int }
	byCount := map[int64]count{}
	for _, c := range counts {
		byCount[c.ClassID] = count{c.Students, c.Mine}
	}
	for _, c := range list {
		if len(out) == 0 || out[len(out)-1].Period.ID != c.PeriodID {
			out = append(out, PeriodClasses{Period: c.Period, Mine: []TeacherClass{}, Others: []TeacherClass{}})
		}
		g := &out[len(out)-1]
		tc := TeacherClass{Class: c, Teachers: byClass[c.ID], StudentCount: byCount[c.ID].students, MyStudentCount: byCount[c.ID].mine}
		if tc.Teachers == nil {
			tc.Teachers = []users.Person{}
		}
		tc.IsMine = slices.ContainsFunc(tc.Teachers, func(p users.Person) bool { return p.ID == teacherID })
		if tc.IsMine {
			g.Mine = append(g.Mine, tc)
		} else {
			g.Others = append(g.Others, tc)
		}
	}
	return out, nil
}

// AdvisorClass is a class on a supervisor's home page: the class, the
// supervisor's own students there with their states and progress, and the
// class's other students (whom the supervisor may take on).
type AdvisorClass struct {
	Class
	Students      []StudentOverview `json:"students"`
	OtherStudents []users.Person    `json:"otherStudents"`
}

// AdvisorHome returns the classes advisorID supervises in, newest
// semester first.
func AdvisorHome(ctx context.Context, advisorID int64) ([]AdvisorClass, error) {
	list, err := load(ctx, "c.id IN (SELECT class_id FROM class_advisors WHERE user_id = ?)", advisorID)
	if err != nil {
		return nil, err
	}
	tx, err := tenants.DB(ctx)
	if err != nil {
		return nil, err
	}
	out := make([]AdvisorClass, len(list))
	for i, c := range list {
		out[i].Class = c
		var mine []int64
		if err := tx.Raw("SELECT DISTINCT student_user_id FROM student_references WHERE class_id = ? AND advisor_user_id = ?",
			c.ID, advisorID).Scan(&mine).Error; err != nil {
			return nil, fmt.Errorf("load students of supervisor %d in class %d: %w", advisorID, c.ID, err)
		}
		if mine == nil {
			mine = []int64{}
		}
		if out[i].Students, err = Overview(ctx, c.ID, mine, false, advisorID); err != nil {
			return nil, err
		}
		others := []users.Person{}
		if err := tx.Raw(`SELECT u.id, u.display_name FROM class_students cs JOIN users u ON u.id = cs.user_id
			WHERE cs.class_id = ? AND NOT EXISTS (SELECT 1 FROM student_references r WHERE r.class_id = cs.class_id
				AND r.student_user_id = cs.user_id AND r.advisor_user_id = ?)
			ORDER BY u.display_name, u.id`, c.ID, advisorID).Scan(&others).Error; err != nil {
			return nil, fmt.Errorf("load other students of class %d: %w", c.ID, err)
		}
		out[i].OtherStudents = others
	}
	return out, nil
}
