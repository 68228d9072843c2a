package classes

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/praksis/praksis/api/clock"

	"gorm.io/gorm"

	"github.com/praksis/praksis/api/apperror"
	"github.com/praksis/praksis/api/audit"
	"github.com/praksis/praksis/api/auth"
	"github.com/praksis/praksis/api/dbjson"
	"github.com/praksis/praksis/api/forms"
	"github.com/praksis/praksis/api/periods"
	"github.com/praksis/praksis/api/pgerr"
	"github.com/praksis/praksis/api/subjects"
	"github.com/praksis/praksis/api/users"
	"github.com/praksis/praksis/tenants"
)

type classRow struct {
	ID              int64
	PeriodID        int64
	PeriodName      string
	StartDate       time.Time
	EndDate         time.Time
	SubjectID       int64
	SubjectCode     string
	SubjectName     string
	MidSemesterDate *time.Time
	EndSemesterDate *time.Time
	// FormsJSON and AssignmentsJSON are the class's forms and assignments;
	// Extra is what a caller of loadWith asked for besides.
	FormsJSON       []byte
	AssignmentsJSON []byte
	Extra           []byte
}

func dateOf(t *time.Time) *periods.Date {
	if t == nil {
		return nil
	}
	d := periods.DateOf(t.Year(), t.Month(), t.Day())
	return &d
}

// load returns the classes matched by where, newest semester first and by
// subject code, with their forms and assignments: one statement.
func load(ctx context.Context, where string, args ...any) ([]Class, error) {
	list, _, err := loadWith(ctx, "NULL", where, args...)
	return list, err
}

// loadWith is load that also reads, for each class c, the JSON expression
// extra (which may use the named arguments of args), returned by position.
func loadWith(ctx context.Context, extra, where string, args ...any) ([]Class, [][]byte, error) {
	tx, err := tenants.DB(ctx)
	if err != nil {
		return nil, nil, err
	}
	var rows []classRow
	if err := tx.Raw(`SELECT c.id, c.period_id, p.name AS period_name, p.start_date, p.end_date,
			c.subject_id, s.subject_code, s.name AS subject_name, c.mid_semester_date, c.end_semester_date,
			(SELECT coalesce(json_agg(json_build_object('id', f.id, 'name', f.name, 'isMainForm', f.is_main_form)
					ORDER BY f.is_main_form DESC, f.name, f.id), '[]')
				FROM class_forms cf JOIN forms f ON f.id = cf.form_id WHERE cf.class_id = c.id) AS forms_json,
			(SELECT coalesce(json_agg(json_build_object('id', a.id, 'formId', a.form_id, 'mid', a.is_mid_semester, 'name', f.name, 'main', f.is_main_form)
					ORDER BY f.is_main_form DESC, f.name, f.id, a.is_mid_semester DESC), '[]')
				FROM assignments a JOIN forms f ON f.id = a.form_id WHERE a.class_id = c.id) AS assignments_json,
			`+extra+` AS extra
		FROM classes c JOIN periods p ON p.id = c.period_id JOIN subjects s ON s.id = c.subject_id
		WHERE `+where+` ORDER BY p.start_date DESC, s.subject_code, c.id`, args...).Scan(&rows).Error; err != nil {
		return nil, nil, fmt.Errorf("load classes: %w", err)
	}
	out := make([]Class, len(rows))
	extras := make([][]byte, len(rows))
	today := clock.Now(ctx)
	for i, r := range rows {
		p := periods.Period{ID: r.PeriodID, Name: r.PeriodName, StartDate: *dateOf(&r.StartDate), EndDate: *dateOf(&r.EndDate)}
		p.Status = p.StatusOn(today)
		out[i] = Class{
			ID: r.ID, PeriodID: r.PeriodID, Period: p, SubjectID: r.SubjectID,
			Subject:         subjects.Subject{ID: r.SubjectID, SubjectCode: r.SubjectCode, Name: r.SubjectName},
			MidSemesterDate: dateOf(r.MidSemesterDate), EndSemesterDate: dateOf(r.EndSemesterDate),
			Assignments: []Assignment{}, Forms: []forms.Summary{},
		}
		extras[i] = r.Extra
		if err := dbjson.Decode(r.FormsJSON, &out[i].Forms); err != nil {
			return nil, nil, fmt.Errorf("decode forms of class %d: %w", r.ID, err)
		}
		var as []struct {
			ID     int64  `json:"id"`
			FormID int64  `json:"formId"`
			Mid    bool   `json:"mid"`
			Name   string `json:"name"`
			Main   bool   `json:"main"`
		}
		if err := dbjson.Decode(r.AssignmentsJSON, &as); err != nil {
			return nil, nil, fmt.Errorf("decode assignments of class %d: %w", r.ID, err)
		}
		for _, a := range as {
			out[i].Assignments = append(out[i].Assignments, Assignment{ID: a.ID, ClassID: r.ID, FormID: a.FormID, IsMidSemester: a.Mid,
				Forms: []forms.Summary{{ID: a.FormID, Name: a.Name, IsMainForm: a.Main}}})
		}
		if cur := CurrentMainAssignment(out[i].Assignments, out[i].MidSemesterDate, today); cur != nil {
			copied := *cur
			out[i].CurrentMainAssignment = &copied
		}
	}
	return out, extras, nil
}

// List returns every class of the school, or of one semester when
// periodID is not 0.
func List(ctx context.Context, periodID int64) ([]Class, error) {
	if periodID != 0 {
		return load(ctx, "c.period_id = ?", periodID)
	}
	return load(ctx, "true")
}

// ListOfPeriod returns the classes of a semester; NotFound when there is
// no such semester.
func ListOfPeriod(ctx context.Context, periodID int64) ([]Class, error) {
	if _, err := periods.Get(ctx, periodID); err != nil {
		return nil, err
	}
	return List(ctx, periodID)
}

// Get returns one class. NotFound when there is none.
func Get(ctx context.Context, id int64) (*Class, error) {
	list, err := load(ctx, "c.id = ?", id)
	if err != nil {
		return nil, err
	}
	if len(list) == 0 {
		return nil, apperror.NotFoundf("classes.notFound")
	}
	return &list[0], nil
}

// getWithDB is the class and the school's database it is in; NotFound
// when there is no such class.
func getWithDB(ctx context.Context, classID int64) (*Class, *gorm.DB, error) {
	c, err := Get(ctx, classID)
	if err != nil {
		return nil, nil, err
	}
	tx, err := tenants.DB(ctx)
	if err != nil {
		return nil, nil, err
	}
	return c, tx, nil
}

// allInClass is Invalid, with the place of each one in field, when any of
// ids is not a student of the class; an empty list passes.
func allInClass(tx *gorm.DB, classID int64, field string, ids []int64) error {
	if len(ids) == 0 {
		return nil
	}
	var members []int64
	if err := tx.Raw("SELECT user_id FROM class_students WHERE class_id = ? AND user_id IN ?", classID, ids).Scan(&members).Error; err != nil {
		return fmt.Errorf("check students of class %d: %w", classID, err)
	}
	e := apperror.Invalidf("error.invalid")
	for i, id := range ids {
		if !slices.Contains(members, id) {
			e.Field(fmt.Sprintf("%s[%d]", field, i), "classes.notStudentOfClass", map[string]any{"ID": id})
		}
	}
	if len(e.Fields) > 0 {
		return e
	}
	return nil
}

// distinct is ids without repeats, in the order they first come.
func distinct(ids []int64) []int64 {
	seen := make(map[int64]bool, len(ids))
	out := make([]int64, 0, len(ids))
	for _, id := range ids {
		if !seen[id] {
			seen[id] = true
			out = append(out, id)
		}
	}
	return out
}

func exists(tx *gorm.DB, query string, args ...any) (bool, error) {
	var ok bool
	if err := tx.Raw("SELECT EXISTS ("+query+")", args...).Scan(&ok).Error; err != nil {
		return false, err
	}
	return ok, nil
}

// Create makes a class of a subject in a semester. A subject that already
// has a class in the semester is a Conflict; an unknown subject or
// semester is Invalid.
func Create(ctx context.Context, n NewClass) (*Class, error) {
	tx, err := tenants.DB(ctx)
	if err != nil {
		return nil, err
	}
	e := apperror.Invalidf("error.invalid")
	if ok, err := exists(tx, "SELECT 1 FROM subjects WHERE id = ?", n.SubjectID); err != nil {
		return nil, fmt.Errorf("check subject %d: %w", n.SubjectID, err)
	} else if !ok {
		e.Field("subjectId", "classes.subjectUnknown", nil)
	}
	if ok, err := exists(tx, "SELECT 1 FROM periods WHERE id = ?", n.PeriodID); err != nil {
		return nil, fmt.Errorf("check semester %d: %w", n.PeriodID, err)
	} else if !ok {
		e.Field("periodId", "classes.periodUnknown", nil)
	}
	if len(e.Fields) > 0 {
		return nil, e
	}
	var id int64
	if err := tx.Raw("INSERT INTO classes (period_id, subject_id) VALUES (?, ?) RETURNING id", n.PeriodID, n.SubjectID).Scan(&id).Error; err != nil {
		if pgerr.IsUnique(err) {
			return nil, apperror.Conflictf("classes.subjectInPeriod").Field("subjectId", "classes.subjectInPeriod", nil)
		}
		return nil, fmt.Errorf("create class of subject %d in semester %d: %w", n.SubjectID, n.PeriodID, err)
	}
	if err := audit.Record(ctx, audit.Entry{Action: "class.created", Entity: "class", EntityID: id, ClassID: id,
		Details: map[string]any{"subjectId": n.SubjectID, "periodId": n.PeriodID}}); err != nil {
		return nil, err
	}
	return Get(ctx, id)
}

func sameDate(a, b *periods.Date) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	return a.Equal(b.Time)
}

func dateString(d *periods.Date) any {
	if d == nil {
		return nil
	}
	return d.Format(time.DateOnly)
}

// UpdateDates sets a class's mid- and end-semester dates. Admins may set
// both; a teacher of the class only the mid-semester date (a changed end
// date is Forbidden), and anyone else is Forbidden. Dates must lie within
// the semester and mid-semester must come before the end (Invalid).
func UpdateDates(ctx context.Context, in DatesInput) (*Class, error) {
	if in.ID <= 0 {
		return nil, apperror.Invalidf("error.invalid").Field("id", "error.idRequired", nil)
	}
	c, err := Get(ctx, in.ID)
	if err != nil {
		return nil, err
	}
	tx, err := tenants.DB(ctx)
	if err != nil {
		return nil, err
	}
	caller := auth.CallerFrom(ctx)
	if caller == nil {
		return nil, apperror.New(apperror.Unauthorized, "error.unauthorized")
	}
	isAdmin := caller.Has(users.RoleAdmin)
	if !isAdmin {
		teaches, err := exists(tx, "SELECT 1 FROM class_teachers WHERE class_id = ? AND user_id = ?", c.ID, caller.UserID)
		if err != nil {
			return nil, fmt.Errorf("check teacher of class %d: %w", c.ID, err)
		}
		if !caller.Has(users.RoleTeacher) || !teaches {
			return nil, apperror.Forbiddenf("classes.notTeacherOfClass")
		}
	}
	mid, end := c.MidSemesterDate, c.EndSemesterDate
	if in.MidSemesterDate.Set {
		mid = in.MidSemesterDate.Date
	}
	if in.EndSemesterDate.Set {
		end = in.EndSemesterDate.Date
	}
	if !isAdmin && !sameDate(end, c.EndSemesterDate) {
		return nil, apperror.Forbiddenf("classes.endDateAdminOnly")
	}
	e := apperror.Invalidf("error.invalid")
	span := map[string]any{"Start": c.Period.StartDate.Format(time.DateOnly), "End": c.Period.EndDate.Format(time.DateOnly)}
	for _, f := range []struct {
		name string
		date *periods.Date
	}{{"midSemesterDate", mid}, {"endSemesterDate", end}} {
		if f.date != nil && (f.date.Before(c.Period.StartDate.Time) || f.date.After(c.Period.EndDate.Time)) {
			e.Field(f.name, "classes.dateOutsidePeriod", span)
		}
	}
	if mid != nil && end != nil && !mid.Before(end.Time) {
		e.Field("midSemesterDate", "classes.midBeforeEnd", nil)
	}
	if len(e.Fields) > 0 {
		return nil, e
	}
	if sameDate(mid, c.MidSemesterDate) && sameDate(end, c.EndSemesterDate) {
		return c, nil
	}
	if err := tx.Exec("UPDATE classes SET mid_semester_date = ?, end_semester_date = ?, updated_at = now() WHERE id = ?",
		dateString(mid), dateString(end), c.ID).Error; err != nil {
		if pgerr.IsCheck(err) {
			return nil, apperror.Invalidf("error.invalid").Field("midSemesterDate", "classes.midBeforeEnd", nil)
		}
		return nil, fmt.Errorf("update dates of class %d: %w", c.ID, err)
	}
	if err := audit.Record(ctx, audit.Entry{Action: "class.datesChanged", Entity: "class", EntityID: c.ID, ClassID: c.ID,
		Details: map[string]any{
			"midSemesterDate": map[string]any{"from": dateString(c.MidSemesterDate), "to": dateString(mid)},
			"endSemesterDate": map[string]any{"from": dateString(c.EndSemesterDate), "to": dateString(end)},
		}}); err != nil {
		return nil, err
	}
	return Get(ctx, c.ID)
}

func people(tx *gorm.DB, table string, classID int64) ([]users.Person, error) {
	out := []users.Person{}
	if err := tx.Raw(`SELECT u.id, u.display_name FROM `+table+` m JOIN users u ON u.id = m.user_id
		WHERE m.class_id = ? ORDER BY u.display_name, u.id`, classID).Scan(&out).Error; err != nil {
		return nil, fmt.Errorf("load %s of class %d: %w", table, classID, err)
	}
	return out, nil
}

// ClassUsers returns the teachers, students and supervisors of a class.
// NotFound when there is no such class.
func ClassUsers(ctx context.Context, classID int64) (*Users, error) {
	tx, err := tenants.DB(ctx)
	if err != nil {
		return nil, err
	}
	if ok, err := exists(tx, "SELECT 1 FROM classes WHERE id = ?", classID); err != nil {
		return nil, fmt.Errorf("check class %d: %w", classID, err)
	} else if !ok {
		return nil, apperror.NotFoundf("classes.notFound")
	}
	var u Users
	if u.Teachers, err = people(tx, "class_teachers", classID); err != nil {
		return nil, err
	}
	if u.Students, err = people(tx, "class_students", classID); err != nil {
		return nil, err
	}
	if u.Advisors, err = people(tx, "class_advisors", classID); err != nil {
		return nil, err
	}
	return &u, nil
}

// SetForms makes formIDs the forms of a class and gives each its
// assignments by forms.Halves: a main form is answered at mid-semester and
// at the end, any other form at the end only. Removing a form that anyone
// in the class has answered is a Conflict; an unknown form id is Invalid.
// Removing a form also removes the expectations set for it in the class.
func SetForms(ctx context.Context, classID int64, formIDs []int64) (*Class, error) {
	c, tx, err := getWithDB(ctx, classID)
	if err != nil {
		return nil, err
	}
	want := []int64{}
	for _, id := range formIDs {
		if !slices.Contains(want, id) {
			want = append(want, id)
		}
	}
	var known []int64
	if len(want) > 0 {
		if err := tx.Raw("SELECT id FROM forms WHERE id IN ?", want).Scan(&known).Error; err != nil {
			return nil, fmt.Errorf("check forms for class %d: %w", classID, err)
		}
	}
	e := apperror.Invalidf("error.invalid")
	for i, id := range formIDs {
		if !slices.Contains(known, id) {
			e.Field(fmt.Sprintf("[%d]", i), "classes.formUnknown", map[string]any{"ID": id})
		}
	}
	if len(e.Fields) > 0 {
		return nil, e
	}
	var removed, added []int64
	current := map[int64]string{}
	for _, f := range c.Forms {
		current[f.ID] = f.Name
		if !slices.Contains(want, f.ID) {
			removed = append(removed, f.ID)
		}
	}
	for _, id := range want {
		if _, ok := current[id]; !ok {
			added = append(added, id)
		}
	}
	if len(removed) > 0 {
		var answered []int64
		if err := tx.Raw("SELECT DISTINCT form_id FROM answer_sets WHERE class_id = ? AND form_id IN ? ORDER BY form_id",
			classID, removed).Scan(&answered).Error; err != nil {
			return nil, fmt.Errorf("check answers to forms of class %d: %w", classID, err)
		}
		if len(answered) > 0 {
			return nil, apperror.Conflictf("classes.formAnswered").With("Name", current[answered[0]])
		}
		if err := tx.Exec("DELETE FROM class_forms WHERE class_id = ? AND form_id IN ?", classID, removed).Error; err != nil {
			if pgerr.IsForeignKey(err) {
				return nil, apperror.Conflictf("classes.formAnswered").With("Name", "").Because(err)
			}
			return nil, fmt.Errorf("remove forms from class %d: %w", classID, err)
		}
	}
	for _, id := range added {
		if err := tx.Exec("INSERT INTO class_forms (class_id, form_id) VALUES (?, ?) ON CONFLICT DO NOTHING", classID, id).Error; err != nil {
			return nil, fmt.Errorf("add form %d to class %d: %w", id, classID, err)
		}
	}
	if err := forms.SyncClassAssignments(ctx, classID); err != nil {
		return nil, err
	}
	if len(added) > 0 || len(removed) > 0 {
		if err := audit.Record(ctx, audit.Entry{Action: "class.formsChanged", Entity: "class", EntityID: classID, ClassID: classID,
			Details: map[string]any{"added": added, "removed": removed}}); err != nil {
			return nil, err
		}
	}
	return Get(ctx, classID)
}

// AdvisorStudents returns the students a supervisor follows in a class.
// NotFound when the user is not a supervisor of the class.
func AdvisorStudents(ctx context.Context, classID, advisorID int64) ([]users.Person, error) {
	tx, err := tenants.DB(ctx)
	if err != nil {
		return nil, err
	}
	if ok, err := exists(tx, "SELECT 1 FROM class_advisors WHERE class_id = ? AND user_id = ?", classID, advisorID); err != nil {
		return nil, fmt.Errorf("check supervisor %d of class %d: %w", advisorID, classID, err)
	} else if !ok {
		return nil, apperror.NotFoundf("classes.notAdvisorOfClass")
	}
	out := []users.Person{}
	if err := tx.Raw(`SELECT DISTINCT u.id, u.display_name FROM student_references r JOIN users u ON u.id = r.student_user_id
		WHERE r.class_id = ? AND r.advisor_user_id = ? ORDER BY u.display_name, u.id`, classID, advisorID).Scan(&out).Error; err != nil {
		return nil, fmt.Errorf("load students of supervisor %d in class %d: %w", advisorID, classID, err)
	}
	return out, nil
}

// AddAdvisorStudents makes a supervisor of a class supervise students of
// the class. A student who has no supervisor yet gets this one as primary;
// one who already has others keeps their primary. The student's teacher
// carries over. Students already supervised by this supervisor are left as
// they are. NotFound when the user is not a supervisor of the class;
// Invalid when an id is not a student of the class.
func AddAdvisorStudents(ctx context.Context, classID, advisorID int64, studentIDs []int64) ([]users.Person, error) {
	if _, err := AdvisorStudents(ctx, classID, advisorID); err != nil {
		return nil, err
	}
	tx, err := tenants.DB(ctx)
	if err != nil {
		return nil, err
	}
	if err := allInClass(tx, classID, "studentIds", studentIDs); err != nil {
		return nil, err
	}
	for _, sid := range distinct(studentIDs) {
		if ok, err := exists(tx, "SELECT 1 FROM student_references WHERE class_id = ? AND student_user_id = ? AND advisor_user_id = ?",
			classID, sid, advisorID); err != nil {
			return nil, fmt.Errorf("check supervisor of student %d: %w", sid, err)
		} else if ok {
			continue
		}
		hasPrimary, err := exists(tx, "SELECT 1 FROM student_references WHERE class_id = ? AND student_user_id = ? AND is_primary", classID, sid)
		if err != nil {
			return nil, fmt.Errorf("check primary supervisor of student %d: %w", sid, err)
		}
		res := tx.Exec(`UPDATE student_references SET advisor_user_id = ?, is_primary = ?, updated_at = now()
			WHERE class_id = ? AND student_user_id = ? AND advisor_user_id IS NULL`, advisorID, !hasPrimary, classID, sid)
		if res.Error != nil {
			return nil, fmt.Errorf("assign supervisor to student %d: %w", sid, res.Error)
		}
		if res.RowsAffected == 0 {
			if err := tx.Exec(`INSERT INTO student_references (class_id, student_user_id, advisor_user_id, teacher_user_id, is_primary)
				VALUES (?, ?, ?, (SELECT teacher_user_id FROM student_references WHERE class_id = ? AND student_user_id = ?
					AND teacher_user_id IS NOT NULL ORDER BY is_primary DESC, id LIMIT 1), ?)`,
				classID, sid, advisorID, classID, sid, !hasPrimary).Error; err != nil {
				return nil, fmt.Errorf("assign supervisor to student %d: %w", sid, err)
			}
		}
		if err := audit.Record(ctx, audit.Entry{Action: "studentReference.advisorAssigned", Entity: "user", EntityID: advisorID,
			StudentUserID: sid, ClassID: classID, Details: map[string]any{"primary": !hasPrimary}}); err != nil {
			return nil, err
		}
	}
	return AdvisorStudents(ctx, classID, advisorID)
}
