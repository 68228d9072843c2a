package classes

import (
	"context"
	"errors"
	"fmt"
	"net/mail"
	"slices"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/praksis/praksis/api/clock"

	"github.com/praksis/praksis/api/apperror"
	"github.com/praksis/praksis/api/audit"
	"github.com/praksis/praksis/api/dbjson"
	"github.com/praksis/praksis/api/periods"
	"github.com/praksis/praksis/api/signin"
	"github.com/praksis/praksis/api/users"
	"github.com/praksis/praksis/tenants"
)

// Contact is a person with the e-mail address to reach them.
type Contact struct {
	ID          int64  `json:"id"`
	DisplayName string `json:"displayName"`
	Email       string `json:"email"`
}

// Supervisor is one of a student's supervisors in a class.
type Supervisor struct {
	ID          int64   `json:"id"`
	DisplayName string  `json:"displayName"`
	Email       string  `json:"email"`
	PhoneNumber *string `json:"phoneNumber"`
	IsPrimary   bool    `json:"isPrimary" description:"The student's primary supervisor (at most one)"`
}

// StudentClass is a class as its student sees it: the class with its
// assignments and current main-form assignment, the student's teacher
// (null until one is assigned) and supervisors, primary first.
type StudentClass struct {
	Class
	Teacher     *Contact     `json:"teacher"`
	Supervisors []Supervisor `json:"supervisors"`
}

// statusRank orders classes for a student: the current semester first,
// then future ones, then past ones.
func statusRank(s periods.Status) int {
	switch s {
	case periods.Current:
		return 0
	case periods.Future:
		return 1
	}
	return 2
}

// SupervisorsOf returns a student's supervisors in a class, primary first.
func SupervisorsOf(ctx context.Context, classID, studentID int64) ([]Supervisor, error) {
	tx, err := tenants.DB(ctx)
	if err != nil {
		return nil, err
	}
	out := []Supervisor{}
	if err := tx.Raw(`SELECT u.id, u.display_name, u.email, u.phone_number, r.is_primary
		FROM student_references r JOIN users u ON u.id = r.advisor_user_id
		WHERE r.class_id = ? AND r.student_user_id = ? ORDER BY r.is_primary DESC, u.display_name, u.id`, classID, studentID).
		Scan(&out).Error; err != nil {
		return nil, fmt.Errorf("load supervisors of student %d in class %d: %w", studentID, classID, err)
	}
	return out, nil
}

// teacherOf returns a student's assigned teacher in a class, or nil.
func teacherOf(ctx context.Context, classID, studentID int64) (*Contact, error) {
	tx, err := tenants.DB(ctx)
	if err != nil {
		return nil, err
	}
	var t []Contact
	if err := tx.Raw(`SELECT u.id, u.display_name, u.email FROM student_references r JOIN users u ON u.id = r.teacher_user_id
		WHERE r.class_id = ? AND r.student_user_id = ? ORDER BY r.is_primary DESC, r.id LIMIT 1`, classID, studentID).Scan(&t).Error; err != nil {
		return nil, fmt.Errorf("load teacher of student %d in class %d: %w", studentID, classID, err)
	}
	if len(t) == 0 {
		return nil, nil
	}
	return &t[0], nil
}

// StudentClasses returns the classes of a student: the one of the current
// semester first, then future ones, then past ones, newest first. NotFound
// ('No class found for this student') when there are none.
func StudentClasses(ctx context.Context, studentID int64) ([]StudentClass, error) {
	// The student's teacher and supervisors come with each class.
	list, extras, err := loadWith(ctx, `json_build_object(
			'teacher', (SELECT json_build_object('id', u.id, 'displayName', u.display_name, 'email', u.email)
				FROM student_references r JOIN users u ON u.id = r.teacher_user_id
				WHERE r.class_id = c.id AND r.student_user_id = @student ORDER BY r.is_primary DESC, r.id LIMIT 1),
			'supervisors', (SELECT coalesce(json_agg(json_build_object('id', u.id, 'displayName', u.display_name, 'email', u.email,
					'phoneNumber', u.phone_number, 'isPrimary', r.is_primary) ORDER BY r.is_primary DESC, u.display_name, u.id), '[]')
				FROM student_references r JOIN users u ON u.id = r.advisor_user_id
				WHERE r.class_id = c.id AND r.student_user_id = @student))`,
		"c.id IN (SELECT class_id FROM class_students WHERE user_id = @student)", map[string]any{"student": studentID})
	if err != nil {
		return nil, err
	}
	if len(list) == 0 {
		return nil, apperror.NotFoundf("classes.noStudentClass")
	}
	out := make([]StudentClass, len(list))
	for i, c := range list {
		out[i].Class = c
		var people struct {
			Teacher     *Contact     `json:"teacher"`
			Supervisors []Supervisor `json:"supervisors"`
		}
		if err := dbjson.Decode(extras[i], &people); err != nil {
			return nil, fmt.Errorf("decode the people of student %d in class %d: %w", studentID, c.ID, err)
		}
		out[i].Teacher, out[i].Supervisors = people.Teacher, people.Supervisors
	}
	sort.SliceStable(out, func(i, j int) bool {
		a, b := statusRank(out[i].Period.Status), statusRank(out[j].Period.Status)
		if a != b {
			return a < b
		}
		if a == 1 {
			return out[i].Period.StartDate.Before(out[j].Period.StartDate.Time)
		}
		return false
	})
	return out, nil
}

// CurrentClassOf returns the class a student's placement is in now: the
// class of the current semester, else of the next future one, else the
// newest past one. NotFound ('No class found for this student') when the
// student has no class.
func CurrentClassOf(ctx context.Context, studentID int64) (*StudentClass, error) {
	list, err := StudentClasses(ctx, studentID)
	if err != nil {
		return nil, err
	}
	return &list[0], nil
}

// MatchingAffiliations returns the classes of current and future semesters
// whose subject code (any case) is that of one of the user's active course
// memberships in Feide, as stored at their last Feide sign-in. Empty when
// there are none or the user never signed in with Feide.
func MatchingAffiliations(ctx context.Context, userID int64) ([]Class, error) {
	tx, err := tenants.DB(ctx)
	if err != nil {
		return nil, err
	}
	var raw []struct{ Groups []byte }
	if err := tx.Raw("SELECT groups FROM feide_profiles WHERE user_id = ?", userID).Scan(&raw).Error; err != nil {
		return nil, fmt.Errorf("load Feide groups of user %d: %w", userID, err)
	}
	codes := []string{}
	if len(raw) == 1 {
		var groups []map[string]any
		if err := dbjson.Decode(raw[0].Groups, &groups); err != nil {
			return nil, fmt.Errorf("read Feide groups of user %d: %w", userID, err)
		}
		for _, m := range signin.ParseMemberships(groups) {
			code := strings.ToUpper(m.SubjectCode)
			if m.Active && !slices.Contains(codes, code) {
				codes = append(codes, code)
			}
		}
	}
	if len(codes) == 0 {
		return []Class{}, nil
	}
	today := clock.Now(ctx)
	return load(ctx, "upper(s.subject_code) IN ? AND p.end_date >= ?", codes, today.Format("2006-01-02"))
}

// JoinAsStudent puts a student in a class and returns the class as the
// student sees it; joined is false when the student was in it already. A
// student has one class (spec §5): being in another class of a current or
// future semester is a Conflict naming that class, and so is joining a
// class whose semester has ended. NotFound when there is no such class.
func JoinAsStudent(ctx context.Context, classID, studentID int64) (sc *StudentClass, joined bool, err error) {
	c, tx, err := getWithDB(ctx, classID)
	if err != nil {
		return nil, false, err
	}
	// One join at a time per student, so two at once cannot both pass
	// the one-class rule.
	if err := tx.Exec("SELECT 1 FROM users WHERE id = ? FOR UPDATE", studentID).Error; err != nil {
		return nil, false, fmt.Errorf("lock student %d: %w", studentID, err)
	}
	var mine []struct {
		ClassID     int64
		SubjectCode string
		SubjectName string
		Period      string
		EndDate     string
	}
	if err := tx.Raw(`SELECT c.id AS class_id, s.subject_code, s.name AS subject_name, p.name AS period, to_char(p.end_date, 'YYYY-MM-DD') AS end_date
		FROM class_students cs JOIN classes c ON c.id = cs.class_id JOIN subjects s ON s.id = c.subject_id
		JOIN periods p ON p.id = c.period_id
		WHERE cs.user_id = ? ORDER BY p.start_date DESC`, studentID).Scan(&mine).Error; err != nil {
		return nil, false, fmt.Errorf("load classes of student %d: %w", studentID, err)
	}
	today := clock.Now(ctx).Format("2006-01-02")
	for _, m := range mine {
		if m.ClassID == classID {
			sc, err := studentView(ctx, c, studentID)
			return sc, false, err
		}
	}
	if c.Period.Status == periods.Previous {
		return nil, false, apperror.Conflictf("classes.joinClosed")
	}
	for _, m := range mine {
		if m.EndDate >= today {
			return nil, false, apperror.Conflictf("classes.alreadyInClass").
				With("Subject", m.SubjectCode+" "+m.SubjectName).With("Period", m.Period)
		}
	}
	if err := tx.Exec("INSERT INTO class_students (class_id, user_id) VALUES (?, ?)", classID, studentID).Error; err != nil {
		return nil, false, fmt.Errorf("put student %d in class %d: %w", studentID, classID, err)
	}
	if err := tx.Exec(`INSERT INTO student_references (class_id, student_user_id) SELECT ?, ?
		WHERE NOT EXISTS (SELECT 1 FROM student_references WHERE class_id = ? AND student_user_id = ?)`,
		classID, studentID, classID, studentID).Error; err != nil {
		return nil, false, fmt.Errorf("make reference of student %d in class %d: %w", studentID, classID, err)
	}
	if err := audit.Record(ctx, audit.Entry{Action: "class.studentJoined", Entity: "class", EntityID: classID,
		StudentUserID: studentID, ClassID: classID}); err != nil {
		return nil, false, err
	}
	sc, err = studentView(ctx, c, studentID)
	return sc, true, err
}

func studentView(ctx context.Context, c *Class, studentID int64) (*StudentClass, error) {
	sc := &StudentClass{Class: *c}
	var err error
	if sc.Teacher, err = teacherOf(ctx, c.ID, studentID); err != nil {
		return nil, err
	}
	if sc.Supervisors, err = SupervisorsOf(ctx, c.ID, studentID); err != nil {
		return nil, err
	}
	return sc, nil
}

// JoinAsTeacher makes the caller a teacher of a class and returns the
// class. Joining a class one teaches already changes nothing. NotFound
// when there is no such class.
func JoinAsTeacher(ctx context.Context, classID, teacherID int64) (*Class, error) {
	c, tx, err := getWithDB(ctx, classID)
	if err != nil {
		return nil, err
	}
	res := tx.Exec("INSERT INTO class_teachers (class_id, user_id) VALUES (?, ?) ON CONFLICT DO NOTHING", classID, teacherID)
	if res.Error != nil {
		return nil, fmt.Errorf("add teacher %d to class %d: %w", teacherID, classID, res.Error)
	}
	if res.RowsAffected > 0 {
		if err := audit.Record(ctx, audit.Entry{Action: "class.teacherJoined", Entity: "class", EntityID: classID, ClassID: classID,
			Details: map[string]any{"teacherUserId": teacherID}}); err != nil {
			return nil, err
		}
	}
	return c, nil
}

// LeaveAsTeacher takes the caller out of the teachers of a class. Students
// they were assigned keep their place without a teacher; warnings and
// answers they wrote stay. Leaving a class one does not teach changes
// nothing. NotFound when there is no such class.
func LeaveAsTeacher(ctx context.Context, classID, teacherID int64) error {
	if _, err := Get(ctx, classID); err != nil {
		return err
	}
	tx, err := tenants.DB(ctx)
	if err != nil {
		return err
	}
	var assigned int64
	if err := tx.Raw("SELECT count(DISTINCT student_user_id) FROM student_references WHERE class_id = ? AND teacher_user_id = ?",
		classID, teacherID).Scan(&assigned).Error; err != nil {
		return fmt.Errorf("count students of teacher %d in class %d: %w", teacherID, classID, err)
	}
	res := tx.Exec("DELETE FROM class_teachers WHERE class_id = ? AND user_id = ?", classID, teacherID)
	if res.Error != nil {
		return fmt.Errorf("remove teacher %d from class %d: %w", teacherID, classID, res.Error)
	}
	if res.RowsAffected == 0 {
		return nil
	}
	return audit.Record(ctx, audit.Entry{Action: "class.teacherLeft", Entity: "class", EntityID: classID, ClassID: classID,
		Details: map[string]any{"teacherUserId": teacherID, "studentsUnassigned": assigned}})
}

// TeacherStudents returns the students of a class whose assigned teacher
// is teacherID, by name.
func TeacherStudents(ctx context.Context, classID, teacherID int64) ([]users.Person, error) {
	tx, err := tenants.DB(ctx)
	if err != nil {
		return nil, err
	}
	out := []users.Person{}
	if err := tx.Raw(`SELECT DISTINCT u.id, u.display_name FROM student_references r JOIN users u ON u.id = r.student_user_id
		WHERE r.class_id = ? AND r.teacher_user_id = ? ORDER BY u.display_name, u.id`, classID, teacherID).Scan(&out).Error; err != nil {
		return nil, fmt.Errorf("load students of teacher %d in class %d: %w", teacherID, classID, err)
	}
	return out, nil
}

// studentsOfClass checks that every id is a student of the class; the
// Invalid error names each that is not by its place in field.
func studentsOfClass(ctx context.Context, classID int64, field string, ids []int64) error {
	tx, err := tenants.DB(ctx)
	if err != nil {
		return err
	}
	if len(ids) == 0 {
		return apperror.Invalidf("error.invalid").Field(field, "classes.studentsRequired", nil)
	}
	return allInClass(tx, classID, field, ids)
}

// AssignToTeacher makes teacherID the assigned teacher of students of a
// class (a student who had another teacher changes over; the audit row
// keeps who it was) and returns the teacher's students afterwards. Invalid
// when the list is empty or holds someone who is not a student of the
// class.
func AssignToTeacher(ctx context.Context, classID, teacherID int64, studentIDs []int64) ([]users.Person, error) {
	if err := studentsOfClass(ctx, classID, "studentIds", studentIDs); err != nil {
		return nil, err
	}
	tx, err := tenants.DB(ctx)
	if err != nil {
		return nil, err
	}
	for _, sid := range distinct(studentIDs) {
		t, err := teacherOf(ctx, classID, sid)
		if err != nil {
			return nil, err
		}
		if t != nil && t.ID == teacherID {
			continue
		}
		if err := tx.Exec("UPDATE student_references SET teacher_user_id = ?, updated_at = now() WHERE class_id = ? AND student_user_id = ?",
			teacherID, classID, sid).Error; err != nil {
			return nil, fmt.Errorf("assign teacher %d to student %d: %w", teacherID, sid, err)
		}
		if err := tx.Exec(`INSERT INTO student_references (class_id, student_user_id, teacher_user_id) SELECT ?, ?, ?
			WHERE NOT EXISTS (SELECT 1 FROM student_references WHERE class_id = ? AND student_user_id = ?)`,
			classID, sid, teacherID, classID, sid).Error; err != nil {
			return nil, fmt.Errorf("assign teacher %d to student %d: %w", teacherID, sid, err)
		}
		var from any
		if t != nil {
			from = t.ID
		}
		if err := audit.Record(ctx, audit.Entry{Action: "studentReference.teacherAssigned", Entity: "user", EntityID: sid,
			StudentUserID: sid, ClassID: classID, Details: map[string]any{"from": from, "to": teacherID}}); err != nil {
			return nil, err
		}
	}
	return TeacherStudents(ctx, classID, teacherID)
}

// NewAdvisor is the body of POST /api/classes/{id}/advisors.
type NewAdvisor struct {
	Name  string `json:"name" required:"true" description:"The supervisor's name, for a new account" example:"Kari Nordmann"`
	Email string `json:"email" required:"true" description:"The supervisor's e-mail address (any case)" example:"kari.nordmann@sykehuset.no"`
}

// AddedAdvisor is a supervisor added to a class. AccountCreated says the
// account was made now; Linked says the supervisor was not in the class
// before (only then is an e-mail sent).
type AddedAdvisor struct {
	Contact
	AccountCreated bool `json:"accountCreated" description:"The account was made now, with the Advisor role"`
	Linked         bool `json:"linked" description:"The supervisor is new to the class (and was e-mailed); false when they were in it already"`
}

// AddAdvisor adds a supervisor to a class by name and e-mail: the account
// with that e-mail (any case) is found, or made with the Advisor role and
// the school's language; an existing account gets the Advisor role (its
// name is left as it is). Invalid when the name or e-mail is missing or
// malformed; Conflict when the account is deactivated or is a student of
// the class. NotFound when there is no such class.
func AddAdvisor(ctx context.Context, classID int64, n NewAdvisor) (*AddedAdvisor, error) {
	if _, err := Get(ctx, classID); err != nil {
		return nil, err
	}
	n.Name, n.Email = strings.TrimSpace(n.Name), strings.TrimSpace(n.Email)
	e := apperror.Invalidf("error.invalid")
	switch {
	case n.Name == "":
		e.Field("name", "classes.advisorNameRequired", nil)
	case utf8.RuneCountInString(n.Name) > 200:
		e.Field("name", "classes.advisorNameTooLong", nil)
	}
	if n.Email == "" {
		e.Field("email", "classes.advisorEmailRequired", nil)
	} else if a, err := mail.ParseAddress(n.Email); err != nil || a.Address != n.Email || len(n.Email) > 320 {
		e.Field("email", "classes.advisorEmailInvalid", nil)
	}
	if len(e.Fields) > 0 {
		return nil, e
	}
	tx, err := tenants.DB(ctx)
	if err != nil {
		return nil, err
	}
	out := &AddedAdvisor{}
	u, err := users.ByEmail(ctx, n.Email)
	if errors.Is(err, users.ErrNotFound) {
		lang := "nb"
		if t := tenants.Current(ctx); t != nil && t.DefaultLanguage != "" {
			lang = t.DefaultLanguage
		}
		// The same supervisor added twice at once (a double tap) finds no
		// account twice: the later request then adds the account the
		// earlier made.
		u, out.AccountCreated, err = users.CreateOrFind(ctx,
			users.NewUser{DisplayName: n.Name, Email: n.Email, Language: lang, Roles: []int64{users.RoleAdvisor}})
		if err == nil && out.AccountCreated {
			err = audit.Record(ctx, audit.Entry{Action: "user.created", Entity: "user", EntityID: u.ID,
				Details: map[string]any{"roles": []int64{users.RoleAdvisor}, "via": "classAdvisor", "classId": classID}})
		}
	}
	switch {
	case err != nil:
		return nil, err
	case !u.IsActive:
		return nil, apperror.Conflictf("classes.advisorDeactivated")
	}
	var isStudent bool
	if err := tx.Raw("SELECT EXISTS (SELECT 1 FROM class_students WHERE class_id = ? AND user_id = ?)", classID, u.ID).Scan(&isStudent).Error; err != nil {
		return nil, fmt.Errorf("check students of class %d: %w", classID, err)
	}
	if isStudent {
		return nil, apperror.Conflictf("classes.advisorIsStudent")
	}
	roles, err := users.Roles(ctx, u.ID)
	if err != nil {
		return nil, err
	}
	granted := !slices.ContainsFunc(roles, func(r users.Role) bool { return r.ID == users.RoleAdvisor })
	if granted {
		if err := users.GrantRole(ctx, u.ID, users.RoleAdvisor); err != nil {
			return nil, err
		}
	}
	res := tx.Exec("INSERT INTO class_advisors (class_id, user_id) VALUES (?, ?) ON CONFLICT DO NOTHING", classID, u.ID)
	if res.Error != nil {
		return nil, fmt.Errorf("add supervisor %d to class %d: %w", u.ID, classID, res.Error)
	}
	out.Linked = res.RowsAffected > 0
	out.Contact = Contact{ID: u.ID, DisplayName: u.DisplayName, Email: u.Email}
	if out.Linked || granted {
		if err := audit.Record(ctx, audit.Entry{Action: "class.advisorAdded", Entity: "class", EntityID: classID, ClassID: classID,
			Details: map[string]any{"advisorUserId": u.ID, "accountCreated": out.AccountCreated, "roleGranted": granted}}); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// TakeStudent makes a supervisor of a class one of a student's supervisors
// there (primary when the student has none) and returns the supervisor's
// students. A student the supervisor follows already stays as is. NotFound
// when the user is not a student of the class.
func TakeStudent(ctx context.Context, classID, advisorID, studentID int64) ([]users.Person, error) {
	tx, err := tenants.DB(ctx)
	if err != nil {
		return nil, err
	}
	var member bool
	if err := tx.Raw("SELECT EXISTS (SELECT 1 FROM class_students WHERE class_id = ? AND user_id = ?)", classID, studentID).Scan(&member).Error; err != nil {
		return nil, fmt.Errorf("check student %d of class %d: %w", studentID, classID, err)
	}
	if !member {
		return nil, apperror.NotFoundf("classes.studentNotInClass")
	}
	return AddAdvisorStudents(ctx, classID, advisorID, []int64{studentID})
}

// SetPrimaryAdvisor makes one of a student's supervisors in a class the
// primary one and returns the supervisors, primary first. Invalid when
// advisorID is not one of the student's supervisors there.
func SetPrimaryAdvisor(ctx context.Context, classID, studentID, advisorID int64) ([]Supervisor, error) {
	if advisorID <= 0 {
		return nil, apperror.Invalidf("error.invalid").Field("advisorUserId", "classes.advisorRequired", nil)
	}
	current, err := SupervisorsOf(ctx, classID, studentID)
	if err != nil {
		return nil, err
	}
	var from any
	found := false
	for _, s := range current {
		if s.IsPrimary {
			from = s.ID
		}
		found = found || s.ID == advisorID
	}
	if !found {
		return nil, apperror.Invalidf("error.invalid").Field("advisorUserId", "classes.notStudentsAdvisor", nil)
	}
	if from == advisorID {
		return current, nil
	}
	tx, err := tenants.DB(ctx)
	if err != nil {
		return nil, err
	}
	// The one-primary index is checked row by row: clear before setting.
	if err := tx.Exec("UPDATE student_references SET is_primary = false, updated_at = now() WHERE class_id = ? AND student_user_id = ? AND is_primary",
		classID, studentID).Error; err != nil {
		return nil, fmt.Errorf("clear primary supervisor of student %d: %w", studentID, err)
	}
	if err := tx.Exec("UPDATE student_references SET is_primary = true, updated_at = now() WHERE class_id = ? AND student_user_id = ? AND advisor_user_id = ?",
		classID, studentID, advisorID).Error; err != nil {
		return nil, fmt.Errorf("set primary supervisor of student %d: %w", studentID, err)
	}
	if err := audit.Record(ctx, audit.Entry{Action: "studentReference.primaryAdvisorChanged", Entity: "user", EntityID: studentID,
		StudentUserID: studentID, ClassID: classID, Details: map[string]any{"from": from, "to": advisorID}}); err != nil {
		return nil, err
	}
	return SupervisorsOf(ctx, classID, studentID)
}
