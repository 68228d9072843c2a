package httpapi

import (
	"context"
	"testing"

	"gorm.io/gorm"

	"github.com/praksis/praksis/api/users"
)

// placement is one class of school A with people in every relation to
// its student, each with a token.
type placement struct {
	classID, studentID, otherStudentID int64
	tokens                             map[string]string
}

// newPlacement seeds a semester, a subject and a class in school A, with a
// teacher of the class, a teacher of no class, the student, another student
// of the class, the student's own supervisor, another supervisor of the
// class, and an admin; and, for contrast, an admin of school B.
func (f *fixture) newPlacement(t *testing.T) *placement {
	t.Helper()
	p := &placement{tokens: map[string]string{}}
	ids := map[string]int64{}
	people := []struct {
		key  string
		role int64
	}{
		{"teacher", users.RoleTeacher}, {"otherTeacher", users.RoleTeacher}, {"student", users.RoleStudent},
		{"otherStudent", users.RoleStudent}, {"advisor", users.RoleAdvisor}, {"otherAdvisor", users.RoleAdvisor}, {"admin", users.RoleAdmin},
	}
	for _, person := range people {
		tok, id := f.signIn(t, "skole-a", "a.localhost", person.key+"@a.test", person.role)
		p.tokens[person.key] = tok
		ids[person.key] = id
	}
	p.tokens["otherSchoolAdmin"], _ = f.signIn(t, "skole-b", "b.localhost", "admin@b.test", users.RoleAdmin)
	p.studentID, p.otherStudentID = ids["student"], ids["otherStudent"]
	err := f.db.Service.InScope(context.Background(), "skole-a", func(ctx context.Context, tx *gorm.DB) error {
		for _, q := range []string{
			"INSERT INTO periods (name, start_date, end_date) VALUES ('Høst 2026', '2026-07-01', '2026-12-31')",
			"INSERT INTO subjects (subject_code, name) VALUES ('SYKP2100', 'Medisinsk praksis')",
			"INSERT INTO classes (period_id, subject_id, mid_semester_date, end_semester_date) SELECT p.id, s.id, '2026-10-01', '2026-12-15' FROM periods p, subjects s",
		} {
			if err := tx.Exec(q).Error; err != nil {
				return err
			}
		}
		if err := tx.Raw("SELECT id FROM classes").Scan(&p.classID).Error; err != nil {
			return err
		}
		for _, q := range []struct {
			sql  string
			args []any
		}{
			{"INSERT INTO class_teachers (class_id, user_id) VALUES (?, ?)", []any{p.classID, ids["teacher"]}},
			{"INSERT INTO class_students (class_id, user_id) VALUES (?, ?), (?, ?)", []any{p.classID, ids["student"], p.classID, ids["otherStudent"]}},
			{"INSERT INTO class_advisors (class_id, user_id) VALUES (?, ?), (?, ?)", []any{p.classID, ids["advisor"], p.classID, ids["otherAdvisor"]}},
			{"INSERT INTO student_references (class_id, student_user_id, advisor_user_id, teacher_user_id, is_primary) VALUES (?, ?, ?, ?, true)",
				[]any{p.classID, ids["student"], ids["advisor"], ids["teacher"]}},
			{"INSERT INTO student_references (class_id, student_user_id, advisor_user_id, teacher_user_id, is_primary) VALUES (?, ?, ?, ?, true)",
				[]any{p.classID, ids["otherStudent"], ids["otherAdvisor"], ids["teacher"]}},
		} {
			if err := tx.Exec(q.sql, q.args...).Error; err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatalf("seed placement: %v", err)
	}
	return p
}
