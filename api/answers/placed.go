package answers

import (
	"fmt"

	"github.com/praksis/praksis/api/users"
)

// StudentValuesSQL is an expression giving, as one JSON array, the answer
// sets matched by where (on answer_sets s) with their answers' values and
// no comments, for PlaceValues. A reader of a student's levels across
// classes selects it in its own statement.
func StudentValuesSQL(where string) string { return setValuesSQL(where) }

// CircleRef is one of a student's references in a class (a supervisor,
// the assigned teacher, or both), as a reader across classes selects them:
// in each class primary supervisor first, then by id.
type CircleRef struct {
	ClassID int64  `json:"classId"`
	Advisor *int64 `json:"advisor"`
	Teacher *int64 `json:"teacher"`
}

// Given is the values given about a student for one assignment, by
// question id, from the sets placed as a reader sees them (the student's
// own, the primary supervisor's, the assigned teacher's; see arrange).
type Given struct {
	Student, Advisor, Teacher map[int64]*string
}

// PlaceValues decodes what StudentValuesSQL read about the student and
// places the sets of each assignment as a reader sees them, with the
// student's circle in each class from refs. The result is by assignment id.
func PlaceValues(rawSets []byte, refs []CircleRef, studentID int64) (map[int64]Given, error) {
	sets, err := decodeSetsIn(rawSets, nil)
	if err != nil {
		return nil, fmt.Errorf("place the sets of student %d: %w", studentID, err)
	}
	byClass := map[int64][]circleRef{}
	for _, r := range refs {
		byClass[r.ClassID] = append(byClass[r.ClassID], circleRef{Advisor: r.Advisor, Teacher: r.Teacher})
	}
	byAssignment := map[int64][]Set{}
	classOf := map[int64]int64{}
	for _, s := range sets {
		byAssignment[s.AssignmentID] = append(byAssignment[s.AssignmentID], s)
		classOf[s.AssignmentID] = s.ClassID
	}
	values := func(s *Set) map[int64]*string {
		out := map[int64]*string{}
		if s == nil {
			return out
		}
		for _, a := range s.Answers {
			out[a.FormQuestionID] = a.Value
		}
		return out
	}
	out := make(map[int64]Given, len(byAssignment))
	for id, of := range byAssignment {
		sl := arrange(of, circleOf(byClass[classOf[id]]), studentID, "", 0)
		out[id] = Given{Student: values(sl.student), Advisor: values(sl.advisor), Teacher: values(sl.teacher)}
	}
	return out, nil
}

// Level reads a stored grading value against a group of levels labels:
// the level (0 is the first label), or notRelevant for the value one past
// the last label, or neither for anything else.
func Level(v *string, levels int) (n *int, notRelevant bool) { return level(v, levels) }

// RolesOfSQL is the SQL that names the part user plays for student in
// class ('student', 'advisor' or 'teacher'), as the answer sets' reads
// name it, for a report that counts the sets of many classes by role. The
// classes are those of the subquery classes (one column of class ids), and
// each list the part depends on is read once for the statement, only for
// those classes, into a hash table (an IN over a subquery that does not
// depend on the row) rather than probed with an index for every set: on a
// semester of 2,000 students and 11,000 sets the probes were most of the
// report's time.
func RolesOfSQL(user, class, student, classes string) string {
	return fmt.Sprintf(`CASE WHEN %[1]s = %[3]s THEN 'student'
		WHEN (%[2]s, %[3]s, %[1]s) IN (SELECT r.class_id, r.student_user_id, r.advisor_user_id FROM student_references r WHERE r.class_id IN %[4]s) THEN 'advisor'
		WHEN (%[2]s, %[1]s) IN (SELECT t.class_id, t.user_id FROM class_teachers t WHERE t.class_id IN %[4]s) THEN 'teacher'
		WHEN (%[2]s, %[1]s) IN (SELECT ca.class_id, ca.user_id FROM class_advisors ca WHERE ca.class_id IN %[4]s) THEN 'advisor'
		WHEN %[1]s IN (SELECT ur.user_id FROM user_roles ur WHERE ur.role_id = %[5]d) THEN 'teacher'
		ELSE 'advisor' END`, user, class, student, classes, users.RoleTeacher)
}
