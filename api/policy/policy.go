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
	r := Relation{
		Teacher:    row.Teacher && caller.Has(users.RoleTeacher),
		Student:    caller.UserID == studentID && caller.Has(users.RoleStudent),
		OwnAdvisor: row.OwnAdvisor && caller.Has(users.RoleAdvisor),
		Admin:      caller.Has(users.RoleAdmin),
	}
	r.OtherAdvisor = !r.OwnAdvisor && row.ClassAdvisor && caller.Has(users.RoleAdvisor)
	return r, nil
}

// forbidden is the refusal for callers without the relation.
func forbidden() error { return apperror.Forbiddenf("error.forbidden") }

// CanView reports whether the caller may read a student's assessments,
// warning and signing form: the student, the class's teacher, any of the
// class's supervisors (another supervisor sees them read-only), and admins.
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
