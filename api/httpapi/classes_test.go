package httpapi

import (
	"net/http"
	"testing"

	"github.com/praksis/praksis/api/classes"
	"github.com/praksis/praksis/api/expectations"
	"github.com/praksis/praksis/api/users"
)

func TestCreateAndListClasses(t *testing.T) {
	f := newFixture(t)
	s := newSchool(t, f)
	subject := f.scalar(t, "skole-a", "INSERT INTO subjects (subject_code, name) VALUES ('SYKP1000', 'Grunnleggende') RETURNING id")
	rec := f.send(t, http.MethodPost, "a.localhost", "/api/classes", s.admin, classes.NewClass{SubjectID: subject, PeriodID: s.periodID})
	if rec.Code != http.StatusCreated {
		t.Fatalf("create: %d %s", rec.Code, rec.Body)
	}
	c := decode[classes.Class](t, rec)
	if c.ID == 0 || c.Subject.SubjectCode != "SYKP1000" || c.Period.Name != "Høst 2026" || len(c.Assignments) != 0 || c.MidSemesterDate != nil {
		t.Errorf("created %+v", c)
	}
	for name, body := range map[string]classes.NewClass{
		"duplicate":       {SubjectID: subject, PeriodID: s.periodID},
		"unknown subject": {SubjectID: 9999, PeriodID: s.periodID},
		"unknown period":  {SubjectID: subject, PeriodID: 9999},
	} {
		want := http.StatusBadRequest
		if name == "duplicate" {
			want = http.StatusConflict
		}
		if rec := f.send(t, http.MethodPost, "a.localhost", "/api/classes", s.admin, body); rec.Code != want {
			t.Errorf("%s: %d %s", name, rec.Code, rec.Body)
		}
	}
	// Students list classes to join one; the semester page lists its own.
	all := decode[[]classes.Class](t, f.send(t, http.MethodGet, "a.localhost", "/api/classes", s.student, nil))
	if len(all) != 2 || all[0].Subject.SubjectCode != "SYKP1000" || all[1].ID != s.classID {
		t.Errorf("list %+v", all)
	}
	other := f.scalar(t, "skole-a", "INSERT INTO periods (name, start_date, end_date) VALUES ('Vår 2027', '2027-01-01', '2027-06-30') RETURNING id")
	f.db.Exec(t, "skole-a", "INSERT INTO classes (period_id, subject_id) VALUES (?, ?)", other, subject)
	if list := decode[[]classes.Class](t, f.send(t, http.MethodGet, "a.localhost", "/api/periods/"+itoa(s.periodID)+"/classes", s.admin, nil)); len(list) != 2 {
		t.Errorf("semester classes %+v", list)
	}
	if list := decode[[]classes.Class](t, f.send(t, http.MethodGet, "a.localhost", "/api/classes?periodId="+itoa(other), s.admin, nil)); len(list) != 1 || list[0].Period.Name != "Vår 2027" {
		t.Errorf("filtered classes %+v", list)
	}
	if rec := f.send(t, http.MethodGet, "a.localhost", "/api/periods/9999/classes", s.admin, nil); rec.Code != http.StatusNotFound {
		t.Errorf("unknown semester: %d", rec.Code)
	}
	u := decode[classes.Users](t, f.send(t, http.MethodGet, "a.localhost", "/api/classes/"+itoa(s.classID)+"/users", s.teacher, nil))
	if len(u.Teachers) != 1 || u.Teachers[0].ID != s.teacherID || len(u.Students) != 1 || len(u.Advisors) != 1 {
		t.Errorf("class users %+v", u)
	}
}

func TestClassDates(t *testing.T) {
	f := newFixture(t)
	s := newSchool(t, f)
	outsider, _ := f.signIn(t, "skole-a", "a.localhost", "teacher2@a.test", users.RoleTeacher)
	type dates = map[string]any
	cases := []struct {
		name   string
		tok    string
		body   dates
		status int
		reason string
		mid    string
		end    string
	}{
		{"admin sets both", s.admin, dates{"midSemesterDate": "2026-09-15", "endSemesterDate": "2026-11-30"}, 200, "", "2026-09-15", "2026-11-30"},
		{"mid after end", s.admin, dates{"midSemesterDate": "2026-12-01"}, 400, "midSemesterDate", "", ""},
		{"mid equal to end", s.admin, dates{"midSemesterDate": "2026-11-30"}, 400, "midSemesterDate", "", ""},
		{"before the semester", s.admin, dates{"midSemesterDate": "2026-06-30"}, 400, "midSemesterDate", "", ""},
		{"after the semester", s.admin, dates{"endSemesterDate": "2027-01-01"}, 400, "endSemesterDate", "", ""},
		{"not a date", s.admin, dates{"endSemesterDate": "30.11.2026"}, 400, "", "", ""},
		{"teacher of the class moves mid", s.teacher, dates{"midSemesterDate": "2026-09-20"}, 200, "", "2026-09-20", "2026-11-30"},
		{"teacher sends the same end date", s.teacher, dates{"midSemesterDate": "2026-09-21", "endSemesterDate": "2026-11-30"}, 200, "", "2026-09-21", "2026-11-30"},
		{"teacher moves the end", s.teacher, dates{"endSemesterDate": "2026-12-10"}, 403, "", "", ""},
		{"teacher clears the end", s.teacher, dates{"endSemesterDate": nil}, 403, "", "", ""},
		{"teacher of another class", outsider, dates{"midSemesterDate": "2026-09-22"}, 403, "", "", ""},
		{"admin clears mid, keeps end", s.admin, dates{"midSemesterDate": nil}, 200, "", "", "2026-11-30"},
		{"admin with the whole class sent back", s.admin, dates{"midSemesterDate": "2026-10-01", "period": dates{"id": s.periodID}, "forms": []any{}, "subjectId": s.subjectID}, 200, "", "2026-10-01", "2026-11-30"},
	}
	for _, c := range cases {
		c.body["id"] = s.classID
		rec := f.send(t, http.MethodPut, "a.localhost", "/api/classes", c.tok, c.body)
		if rec.Code != c.status {
			t.Errorf("%s: %d %s, want %d", c.name, rec.Code, rec.Body, c.status)
			continue
		}
		if c.reason != "" {
			if p := decode[Problem](t, rec); len(p.Errors) == 0 || p.Errors[0].Reason != c.reason {
				t.Errorf("%s: problem %+v does not name %s", c.name, p, c.reason)
			}
		}
		if c.status != 200 {
			continue
		}
		got := decode[classes.Class](t, rec)
		mid, end := "", ""
		if got.MidSemesterDate != nil {
			mid = got.MidSemesterDate.Format("2006-01-02")
		}
		if got.EndSemesterDate != nil {
			end = got.EndSemesterDate.Format("2006-01-02")
		}
		if mid != c.mid || end != c.end {
			t.Errorf("%s: dates %q %q, want %q %q", c.name, mid, end, c.mid, c.end)
		}
	}
	if n := f.scalar(t, "skole-a", "SELECT count(*) FROM audit_log WHERE action = 'class.datesChanged' AND class_id = ?", s.classID); n != 5 {
		t.Errorf("date changes audited %d times, want 5", n)
	}
}

func TestClassFormsAndExpectations(t *testing.T) {
	f := newFixture(t)
	s := newSchool(t, f)
	specific := f.scalar(t, "skole-a", "INSERT INTO forms (name) VALUES ('Spesifikke') RETURNING id")
	g := f.scalar(t, "skole-a", "INSERT INTO question_groups (form_id, name, type, sort_order) VALUES (?, 'G', 2, 1) RETURNING id", specific)
	f.db.Exec(t, "skole-a", "INSERT INTO question_group_options (group_id, label, value, sort_order) SELECT ?, l, i - 1, i FROM unnest(array['Selvstendig','Delvis selvstendig','Veiledet','Assistert','Uselvstendig']) WITH ORDINALITY AS t(l, i)", g)
	specificQ := f.scalar(t, "skole-a", "INSERT INTO questions (group_id, text, sort_order) VALUES (?, 'Sårstell', 1) RETURNING id", g)
	class := itoa(s.classID)

	rec := f.send(t, http.MethodPatch, "a.localhost", "/api/classes/"+class+"/forms", s.admin, []int64{s.formID, specific, s.formID})
	if rec.Code != http.StatusOK {
		t.Fatalf("set forms: %d %s", rec.Code, rec.Body)
	}
	c := decode[classes.Class](t, rec)
	if len(c.Forms) != 2 || len(c.Assignments) != 3 {
		t.Fatalf("forms and assignments %+v", c)
	}
	halves := map[int64][]bool{}
	for _, a := range c.Assignments {
		if a.ClassID != s.classID || len(a.Forms) != 1 || a.Forms[0].ID != a.FormID {
			t.Errorf("assignment %+v", a)
		}
		halves[a.FormID] = append(halves[a.FormID], a.IsMidSemester)
	}
	if len(halves[s.formID]) != 2 || len(halves[specific]) != 1 || halves[specific][0] {
		t.Errorf("main form gets mid and end, others end only: %v", halves)
	}
	if rec := f.raw(t, http.MethodPatch, "a.localhost", "/api/classes/"+class+"/forms", s.admin, "application/json", []byte("null")); rec.Code != http.StatusBadRequest {
		t.Errorf("null list: %d", rec.Code)
	}
	if rec := f.send(t, http.MethodPatch, "a.localhost", "/api/classes/"+class+"/forms", s.admin, []int64{9999}); rec.Code != http.StatusBadRequest {
		t.Errorf("unknown form: %d", rec.Code)
	}

	expPath := "/api/classes/" + class + "/forms/" + itoa(s.formID) + "/expectations?isMidSemester=true"
	if rec := f.send(t, http.MethodGet, "a.localhost", expPath, s.teacher, nil); rec.Code != http.StatusNotFound || decode[Problem](t, rec).StatusCode != 404 {
		t.Errorf("no expectations yet: %d", rec.Code)
	}
	post := func(formID int64, mid bool, answers ...expectations.Answer) int {
		t.Helper()
		rec := f.send(t, http.MethodPost, "a.localhost", "/api/classes/"+class+"/expectations", s.admin,
			expectations.Set{ClassID: s.classID, FormID: formID, IsMidSemester: mid, Answers: answers})
		return rec.Code
	}
	v := func(s string) *string { return &s }
	cases := []struct {
		name   string
		form   int64
		mid    bool
		answer []expectations.Answer
		status int
	}{
		{"value past not relevant", s.formID, true, []expectations.Answer{{FormQuestionID: s.questions[0], Value: v("6")}}, 400},
		{"not a number", s.formID, true, []expectations.Answer{{FormQuestionID: s.questions[0], Value: v("høy")}}, 400},
		{"free-text question", s.formID, true, []expectations.Answer{{FormQuestionID: s.questions[2], Value: v("1")}}, 400},
		{"question of another form", s.formID, true, []expectations.Answer{{FormQuestionID: specificQ, Value: v("1")}}, 400},
		{"same question twice", s.formID, true, []expectations.Answer{{FormQuestionID: s.questions[0], Value: v("1")}, {FormQuestionID: s.questions[0], Value: v("2")}}, 400},
		{"mid-semester of a form answered at the end only", specific, true, []expectations.Answer{{FormQuestionID: specificQ, Value: v("1")}}, 400},
		{"a form the class does not use", f.scalar(t, "skole-a", "INSERT INTO forms (name) VALUES ('Ubrukt') RETURNING id"), false, nil, 400},
		{"first save", s.formID, true, []expectations.Answer{{FormQuestionID: s.questions[0], Value: v("1")}, {FormQuestionID: s.questions[1], Value: v("5")}, {FormQuestionID: s.questions[2]}}, 200},
		{"replacing save", s.formID, true, []expectations.Answer{{FormQuestionID: s.questions[1], Value: v("3")}, {FormQuestionID: s.questions[0], Value: v(" ")}}, 200},
		{"end of semester", s.formID, false, []expectations.Answer{{FormQuestionID: s.questions[0], Value: v("0")}}, 200},
		{"specific form", specific, false, []expectations.Answer{{FormQuestionID: specificQ, Value: v("2")}}, 200},
	}
	for _, c := range cases {
		if got := post(c.form, c.mid, c.answer...); got != c.status {
			t.Errorf("%s: %d, want %d", c.name, got, c.status)
		}
	}
	if rec := f.send(t, http.MethodPost, "a.localhost", "/api/classes/"+class+"/expectations", s.admin, map[string]any{"classId": 9999, "formId": s.formID, "isMidSemester": true, "answers": []any{}}); rec.Code != http.StatusBadRequest {
		t.Errorf("class id of another class in the body: %d", rec.Code)
	}
	got := decode[expectations.Set](t, f.send(t, http.MethodGet, "a.localhost", expPath, s.student, nil))
	if len(got.Answers) != 1 || got.Answers[0].FormQuestionID != s.questions[1] || *got.Answers[0].Value != "3" || !got.IsMidSemester {
		t.Errorf("mid expectations after the replacing save: %+v", got)
	}
	end := decode[expectations.Set](t, f.send(t, http.MethodGet, "a.localhost", "/api/classes/"+class+"/forms/"+itoa(s.formID)+"/expectations?isMidSemester=false", s.admin, nil))
	if len(end.Answers) != 1 || *end.Answers[0].Value != "0" {
		t.Errorf("end expectations %+v", end)
	}
	if rec := f.send(t, http.MethodGet, "a.localhost", "/api/classes/"+class+"/forms/"+itoa(s.formID)+"/expectations", s.admin, nil); rec.Code != http.StatusBadRequest {
		t.Errorf("without isMidSemester: %d", rec.Code)
	}
	if n := f.scalar(t, "skole-a", "SELECT count(*) FROM audit_log WHERE action = 'expectations.saved' AND class_id = ?", s.classID); n != 4 {
		t.Errorf("expectation saves audited %d times", n)
	}

	// A form someone answered cannot leave the class; an unanswered one can,
	// and takes its expectations with it.
	s.answer(t, f, s.studentID, s.formID, s.questions[0], true, "1")
	rec = f.send(t, http.MethodPatch, "a.localhost", "/api/classes/"+class+"/forms", s.admin, []int64{specific})
	if rec.Code != http.StatusConflict {
		t.Fatalf("removing an answered form: %d %s", rec.Code, rec.Body)
	}
	rec = f.send(t, http.MethodPatch, "a.localhost", "/api/classes/"+class+"/forms", s.admin, []int64{s.formID})
	if rec.Code != http.StatusOK || len(decode[classes.Class](t, rec).Assignments) != 2 {
		t.Fatalf("removing an unanswered form: %d %s", rec.Code, rec.Body)
	}
	if n := f.scalar(t, "skole-a", "SELECT count(*) FROM expectations WHERE form_id = ?", specific); n != 0 {
		t.Errorf("expectations of a removed form remain: %d", n)
	}

	// Making the specific form a main form gives classes that use it a
	// mid-semester assignment; the reverse takes an unanswered one away.
	f.send(t, http.MethodPatch, "a.localhost", "/api/classes/"+class+"/forms", s.admin, []int64{s.formID, specific})
	body := map[string]any{"id": specific, "name": "Spesifikke", "isMainForm": true, "groups": []any{map[string]any{"id": g, "name": "G", "type": 2, "questions": []any{map[string]any{"id": specificQ, "text": "Sårstell"}}}}}
	if rec := f.send(t, http.MethodPut, "a.localhost", "/api/forms", s.admin, body); rec.Code != http.StatusOK {
		t.Fatalf("make main: %d %s", rec.Code, rec.Body)
	}
	if n := f.scalar(t, "skole-a", "SELECT count(*) FROM assignments WHERE class_id = ? AND form_id = ?", s.classID, specific); n != 2 {
		t.Errorf("main form assignments: %d", n)
	}
	body["isMainForm"] = false
	f.send(t, http.MethodPut, "a.localhost", "/api/forms", s.admin, body)
	if n := f.scalar(t, "skole-a", "SELECT count(*) FROM assignments WHERE class_id = ? AND form_id = ?", s.classID, specific); n != 1 {
		t.Errorf("assignments after the flag was cleared: %d", n)
	}
}

func TestAdvisorStudents(t *testing.T) {
	f := newFixture(t)
	s := newSchool(t, f)
	_, second := f.signIn(t, "skole-a", "a.localhost", "student2@a.test", users.RoleStudent)
	f.db.Exec(t, "skole-a", "INSERT INTO class_students (class_id, user_id) VALUES (?, ?)", s.classID, second)
	// The second student has a teacher already, and no supervisor.
	f.db.Exec(t, "skole-a", "INSERT INTO student_references (class_id, student_user_id, teacher_user_id) VALUES (?, ?, ?)", s.classID, second, s.teacherID)
	path := "/api/classes/" + itoa(s.classID) + "/advisor/" + itoa(s.advisorID) + "/students"
	if list := decode[[]users.Person](t, f.send(t, http.MethodGet, "a.localhost", path, s.admin, nil)); len(list) != 0 {
		t.Fatalf("before: %+v", list)
	}
	rec := f.send(t, http.MethodPost, "a.localhost", path, s.admin, classes.StudentIDs{StudentIDs: []int64{s.studentID, second, second}})
	if rec.Code != http.StatusOK {
		t.Fatalf("add: %d %s", rec.Code, rec.Body)
	}
	if list := decode[[]users.Person](t, rec); len(list) != 2 {
		t.Errorf("after: %+v", list)
	}
	if n := f.scalar(t, "skole-a", "SELECT count(*) FROM student_references WHERE class_id = ? AND advisor_user_id = ? AND is_primary", s.classID, s.advisorID); n != 2 {
		t.Errorf("primary supervisor rows: %d", n)
	}
	if n := f.scalar(t, "skole-a", "SELECT count(*) FROM student_references WHERE student_user_id = ? AND teacher_user_id = ?", second, s.teacherID); n != 1 {
		t.Errorf("the teacher did not carry over: %d", n)
	}
	// Again is harmless; a stranger or a non-supervisor is refused.
	if rec := f.send(t, http.MethodPost, "a.localhost", path, s.admin, classes.StudentIDs{StudentIDs: []int64{s.studentID}}); rec.Code != http.StatusOK {
		t.Errorf("again: %d", rec.Code)
	}
	if rec := f.send(t, http.MethodPost, "a.localhost", path, s.admin, classes.StudentIDs{StudentIDs: []int64{s.teacherID}}); rec.Code != http.StatusBadRequest {
		t.Errorf("not a student of the class: %d", rec.Code)
	}
	if rec := f.send(t, http.MethodPost, "a.localhost", path, s.admin, classes.StudentIDs{}); rec.Code != http.StatusBadRequest {
		t.Errorf("no students: %d", rec.Code)
	}
	if rec := f.send(t, http.MethodPost, "a.localhost", "/api/classes/"+itoa(s.classID)+"/advisor/"+itoa(s.teacherID)+"/students", s.admin, classes.StudentIDs{StudentIDs: []int64{s.studentID}}); rec.Code != http.StatusNotFound {
		t.Errorf("not a supervisor of the class: %d", rec.Code)
	}
}
