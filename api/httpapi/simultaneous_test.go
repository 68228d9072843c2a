package httpapi

import (
	"net/http"
	"sync"
	"testing"

	"github.com/praksis/praksis/api/answers"
	"github.com/praksis/praksis/api/subjects"
	"github.com/praksis/praksis/api/users"
	"github.com/praksis/praksis/api/warnings"
)

// A request sent twice at once, as a double tap on a weak signal or two
// tabs do, is never a server fault: each of the pair is answered with
// success or 409 in the error shape, at least one succeeds, and what it
// created is there once.
func TestTheSameRequestTwiceAtOnce(t *testing.T) {
	f, _ := countedFixture(t) // wired as in production: the outbox for the supervisor's e-mail
	s := newSchool(t, f)
	s.useForm(t, f, s.formID)
	mid := f.scalar(t, "skole-a", "SELECT id FROM assignments WHERE class_id = ? AND form_id = ? AND is_mid_semester", s.classID, s.formID)
	grade := "1"
	newTeacher, newTeacherID := f.signIn(t, "skole-a", "a.localhost", "ny.laerer@a.test", users.RoleTeacher)
	newStudent, newStudentID := f.signIn(t, "skole-a", "a.localhost", "ny.student@a.test", users.RoleStudent)
	cases := []struct {
		name, method, path, tok string
		body                    any
		count                   string // the rows that must exist once afterwards
		// both says neither of the pair may be refused: the later one
		// changes, or goes on with, what the earlier made.
		both bool
	}{
		{"a subject", http.MethodPost, "/api/subjects", s.admin, subjects.Subject{SubjectCode: "SAMTIDIG", Name: "Samtidig"},
			"SELECT count(*) FROM subjects WHERE subject_code = 'SAMTIDIG'", false},
		{"an account", http.MethodPost, "/api/users", s.admin,
			users.NewAccount{DisplayName: "Dobbel Trykk", Email: "dobbel@a.test", Roles: users.RoleIDs{users.RoleTeacher}},
			"SELECT count(*) FROM users WHERE email = 'dobbel@a.test'", false},
		{"the next semester", http.MethodPost, "/api/periods", s.admin, nil,
			"SELECT count(*) FROM periods WHERE start_date > '2026-12-31'", false},
		{"a supervisor for the class", http.MethodPost, "/api/classes/" + itoa(s.classID) + "/advisors", s.teacher,
			map[string]any{"name": "Vera Veileder", "email": "vera@a.test"},
			"SELECT count(*) FROM users WHERE email = 'vera@a.test'", true},
		{"the first save of a set", http.MethodPost, "/api/answers", s.student,
			answers.Input{AssignmentID: mid, StudentUserID: s.studentID, Answers: []answers.Answer{{FormQuestionID: s.questions[0], Value: &grade}}},
			"SELECT count(*) FROM answer_sets WHERE assignment_id = " + itoa(mid), false},
		{"joining a class as its teacher", http.MethodPost, "/api/classes/" + itoa(s.classID) + "/teachers/me", newTeacher, nil,
			"SELECT count(*) FROM class_teachers WHERE user_id = " + itoa(newTeacherID), false},
		{"joining a class as its student", http.MethodPost, "/api/classes/" + itoa(s.classID) + "/students/me", newStudent, nil,
			"SELECT count(*) FROM class_students WHERE user_id = " + itoa(newStudentID), false},
		{"a warning's draft", http.MethodPost, "/api/classes/" + itoa(s.classID) + "/students/" + itoa(s.studentID) + "/warning", s.teacher,
			warnings.Draft{Comment: "Dokumenterer ikke"},
			"SELECT count(*) FROM warnings WHERE student_user_id = " + itoa(s.studentID), true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			codes := make([]int, 2)
			bodies := make([]string, 2)
			var wg sync.WaitGroup
			start := make(chan struct{})
			for i := range codes {
				wg.Add(1)
				go func() {
					defer wg.Done()
					<-start
					rec := f.send(t, c.method, "a.localhost", c.path, c.tok, c.body)
					codes[i], bodies[i] = rec.Code, rec.Body.String()
				}()
			}
			close(start)
			wg.Wait()
			succeeded := 0
			for i, code := range codes {
				switch {
				case code < 300:
					succeeded++
				case code != http.StatusConflict:
					t.Errorf("request %d: %d %s, want success or 409", i+1, code, bodies[i])
				}
			}
			if c.both && succeeded != 2 {
				t.Errorf("only %d of the pair saved: %v %v", succeeded, codes, bodies)
			}
			if succeeded == 0 {
				t.Errorf("neither succeeded: %v %v", codes, bodies)
			}
			if n := f.scalar(t, "skole-a", c.count); n != 1 {
				t.Errorf("%d rows afterwards, want 1 (%v)", n, codes)
			}
		})
	}
}
