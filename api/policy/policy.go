// Package policy decides who may see and change what about a student in a
// class. Every rule is a function of the caller's role AND relationship (own
// student, own class), answered from the school's own tables, so that a
// handler asks one question here instead of composing queries itself. The
// rules are tested as a matrix in policy_test.go.
package policy

import (
	"context"
	"fmt"

	"github.com/praksis/praksis/api/apperror"
	"github.com/praksis/praksis/api/auth"
	"github.com/praksis/praksis/api/users"
	"github.com/praksis/praksis/tenants"
)

// Relation is what the caller is to a student in a class.
type Relation struct {
	// Teacher: the caller teaches the class (and holds the Teacher role).
	Teacher bool
	// Student: the caller is the student.
	Student bool
	// OwnAdvisor: the caller is one of the student's supervisors in the class.
	OwnAdvisor bool
	// OtherAdvisor: the caller supervises others in the class, not this student.
	OtherAdvisor bool
	// Admin: the caller holds the Admin role.
	Admin bool
}

// Any reports whether the caller has any relation to the student at all.
func (r Relation) Any() bool {
	return r.Teacher || r.Student || r.OwnAdvisor || r.OtherAdvisor || r.Admin
}

// Of works out the caller's relation to a student in a class. A student who
// is not in the class gives 404, so that ids of other classes reveal nothing.
func Of(ctx context.Context, classID, studentID int64) (Relation, error) {
	caller := auth.CallerFrom(ctx)
	if caller == nil {
		return Relation{}, apperror.New(apperror.Unauthorized, "error.unauthorized")
	}
	tx, err := tenants.DB(ctx)
	if err != nil {
		return Relation{}, err
	}
	var row struct {
		InClass      bool
		Teacher      bool
		OwnAdvisor   bool
		ClassAdvisor bool
	}
	if err := tx.Raw(`SELECT
			EXISTS (SELECT 1 FROM class_students WHERE class_id = @class AND user_id = @student) AS in_class,
			EXISTS (SELECT 1 FROM class_teachers WHERE class_id = @class AND user_id = @me) AS teacher,
			EXISTS (SELECT 1 FROM student_references WHERE class_id = @class AND student_user_id = @student AND advisor_user_id = @me) AS own_advisor,
			EXISTS (SELECT 1 FROM class_advisors WHERE class_id = @class AND user_id = @me) AS class_advisor`,
		map[string]any{"class": classID, "student": studentID, "me": caller.UserID}).Scan(&row).Error; err != nil {
		return Relation{}, fmt.Errorf("relation of user %d to student %d in class %d: %w", caller.UserID, studentID, classID, err)
	}
	if !row.InClass {
		return Relation{}, apperror.NotFoundf("error.notFound")
	}
	return RelationFrom(caller, studentID, row.Teacher, row.OwnAdvisor, row.ClassAdvisor), nil
}

// RelationSQL is the select list that reads what Of needs, for a route that
// reads it in its own statement: in_class, teacher, own_advisor and
// class_advisor, for the named arguments @class, @student and @me.
const RelationSQL = `EXISTS (SELECT 1 FROM class_students WHERE class_id = @class AND user_id = @student) AS in_class,
	EXISTS (SELECT 1 FROM class_teachers WHERE class_id = @class AND user_id = @me) AS teacher,
	EXISTS (SELECT 1 FROM student_references WHERE class_id = @class AND student_user_id = @student AND advisor_user_id = @me) AS own_advisor,
	EXISTS (SELECT 1 FROM class_advisors WHERE class_id = @class AND user_id = @me) AS class_advisor`

// RelationFrom is the caller's relation to the student given what was read
// of the class (as Of reads it): whether the caller teaches the class, is
// one of the student's supervisors, or supervises in the class. The roles
// come from the caller.
func RelationFrom(caller *auth.Caller, studentID int64, teacher, ownAdvisor, classAdvisor bool) Relation {
	r := Relation{
		Teacher:    teacher && caller.Has(users.RoleTeacher),
		Student:    caller.UserID == studentID && caller.Has(users.RoleStudent),
		OwnAdvisor: ownAdvisor && caller.Has(users.RoleAdvisor),
		Admin:      caller.Has(users.RoleAdmin),
	}
	r.OtherAdvisor = !r.OwnAdvisor && classAdvisor && caller.Has(users.RoleAdvisor)
	return r
}

// forbidden is the refusal for callers without the relation.
func forbidden() error { return apperror.Forbiddenf("error.forbidden") }

// CanView reports whether the caller may read a student's assessments
// (answer sets, progress), warning and signing form: the student, the
// class's teacher, any of the class's supervisors (another supervisor sees
// them read-only), and admins. Another student, or a teacher of another
// class, has no relation and is refused.
func CanView(r Relation) error {
	if r.Any() {
		return nil
	}
	return forbidden()
}

// CanAnswer reports whether the caller may answer a form about the student:
// only the student, the class's teacher and the student's own supervisor.
func CanAnswer(r Relation) error {
	if r.Student || r.Teacher || r.OwnAdvisor {
		return nil
	}
	return forbidden()
}

// CanWriteWarning reports whether the caller may write, send or delete a
// warning: only the class's teacher.
func CanWriteWarning(r Relation) error {
	if r.Teacher {
		return nil
	}
	return forbidden()
}

// CanConfirmWarning reports whether the caller may confirm a warning: only
// the student it is about.
func CanConfirmWarning(r Relation) error {
	if r.Student {
		return nil
	}
	return forbidden()
}

// CanSeeWarning reports whether the caller may read a warning: the student,
// the class's teacher, the student's own supervisor, and admins. Other
// supervisors of the class do not see another student's warning.
func CanSeeWarning(r Relation) error {
	if r.Student || r.Teacher || r.OwnAdvisor || r.Admin {
		return nil
	}
	return forbidden()
}

// CanSeeSigningForm reports whether the caller may read a signing form: the
// student, the class's teacher, the student's own supervisor, and admins.
func CanSeeSigningForm(r Relation) error { return CanSeeWarning(r) }

// CanEditSigningForm reports whether the caller may create, save or cancel
// a signing form: only the class's teacher.
func CanEditSigningForm(r Relation) error {
	if r.Teacher {
		return nil
	}
	return forbidden()
}

// SigningParty says as whom the caller signs: the class's teacher as
// teacher, the student's own supervisor as supervisor, the student as
// student. Anyone else may not sign.
func SigningParty(r Relation) (string, error) {
	switch {
	case r.Teacher:
		return "teacher", nil
	case r.OwnAdvisor:
		return "advisor", nil
	case r.Student:
		return "student", nil
	}
	return "", forbidden()
}

// CanSeeAuditTrail reports whether the caller may read the audit trail of a
// student in a class (who did what, and when): the class's teachers and
// admins. The student and supervisors are refused.
func CanSeeAuditTrail(r Relation) error {
	if r.Teacher || r.Admin {
		return nil
	}
	return forbidden()
}

// CanSetPrimaryAdvisor reports whether the caller may choose which of a
// student's supervisors is the primary one: only the student.
func CanSetPrimaryAdvisor(r Relation) error {
	if r.Student {
		return nil
	}
	return forbidden()
}

// ClassRelation is what the caller is to a class as a whole. Each flag
// needs both the membership and the matching role.
type ClassRelation struct {
	// Teacher: the caller teaches the class.
	Teacher bool
	// Advisor: the caller supervises in the class.
	Advisor bool
	// Student: the caller is a student of the class.
	Student bool
	// Admin: the caller holds the Admin role.
	Admin bool
}

// OfClass works out the caller's relation to a class. A class that does
// not exist gives 404.
func OfClass(ctx context.Context, classID int64) (ClassRelation, error) {
	caller := auth.CallerFrom(ctx)
	if caller == nil {
		return ClassRelation{}, apperror.New(apperror.Unauthorized, "error.unauthorized")
	}
	tx, err := tenants.DB(ctx)
	if err != nil {
		return ClassRelation{}, err
	}
	var row struct {
		Found   bool
		Teacher bool
		Advisor bool
		Student bool
	}
	if err := tx.Raw(`SELECT
			EXISTS (SELECT 1 FROM classes WHERE id = @class) AS found,
			EXISTS (SELECT 1 FROM class_teachers WHERE class_id = @class AND user_id = @me) AS teacher,
			EXISTS (SELECT 1 FROM class_advisors WHERE class_id = @class AND user_id = @me) AS advisor,
			EXISTS (SELECT 1 FROM class_students WHERE class_id = @class AND user_id = @me) AS student`,
		map[string]any{"class": classID, "me": caller.UserID}).Scan(&row).Error; err != nil {
		return ClassRelation{}, fmt.Errorf("relation of user %d to class %d: %w", caller.UserID, classID, err)
	}
	if !row.Found {
		return ClassRelation{}, apperror.NotFoundf("classes.notFound")
	}
	return ClassRelationFrom(caller, row.Teacher, row.Advisor, row.Student), nil
}

// ClassRelationSQL is the select list that reads what OfClass needs, for a
// route that reads it in its own statement: found, teacher, advisor and
// student, for the named arguments @class and @me.
const ClassRelationSQL = `EXISTS (SELECT 1 FROM classes WHERE id = @class) AS found,
	EXISTS (SELECT 1 FROM class_teachers WHERE class_id = @class AND user_id = @me) AS teacher,
	EXISTS (SELECT 1 FROM class_advisors WHERE class_id = @class AND user_id = @me) AS advisor,
	EXISTS (SELECT 1 FROM class_students WHERE class_id = @class AND user_id = @me) AS student`

// ClassRelationFrom is the caller's relation to a class given what was
// read of it (as OfClass reads it); the roles come from the caller.
func ClassRelationFrom(caller *auth.Caller, teacher, advisor, student bool) ClassRelation {
	return ClassRelation{
		Teacher: teacher && caller.Has(users.RoleTeacher),
		Advisor: advisor && caller.Has(users.RoleAdvisor),
		Student: student && caller.Has(users.RoleStudent),
		Admin:   caller.Has(users.RoleAdmin),
	}
}

// CanSeeClassStudents reports whether the caller may see the students of a
// class with their progress, warnings and signing forms: the class's
// teachers and admins.
func CanSeeClassStudents(r ClassRelation) error {
	if r.Teacher || r.Admin {
		return nil
	}
	return forbidden()
}

// CanAssignStudents reports whether the caller may make students of a class
// their own (as their teacher): only the class's teachers.
func CanAssignStudents(r ClassRelation) error {
	if r.Teacher {
		return nil
	}
	return forbidden()
}

// CanAddAdvisor reports whether the caller may add a supervisor to a class
// by name and e-mail: the class's teachers and admins.
func CanAddAdvisor(r ClassRelation) error {
	if r.Teacher || r.Admin {
		return nil
	}
	return forbidden()
}

// CanTakeStudent reports whether the caller may make a student of a class
// one of their own supervised students: only the class's supervisors.
func CanTakeStudent(r ClassRelation) error {
	if r.Advisor {
		return nil
	}
	return forbidden()
}
