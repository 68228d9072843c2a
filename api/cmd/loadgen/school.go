package main

import (
	"context"
	"errors"
	"fmt"
	"net/http"
)

// What the load needs to know of a school, read through the API the way
// the web app reads it.

type me struct {
	ID int64 `json:"id"`
}

type classForm struct {
	ID         int64 `json:"id"`
	IsMainForm bool  `json:"isMainForm"`
}

type classAssignment struct {
	ID            int64 `json:"id"`
	FormID        int64 `json:"formId"`
	IsMidSemester bool  `json:"isMidSemester"`
}

type studentClass struct {
	ID          int64             `json:"id"`
	Forms       []classForm       `json:"forms"`
	Assignments []classAssignment `json:"assignments"`
}

type teacherHome []struct {
	Mine []struct {
		ID           int64 `json:"id"`
		StudentCount int   `json:"studentCount"`
	} `json:"mine"`
}

type classStudent struct {
	ID      int64  `json:"id"`
	Email   string `json:"email"`
	Teacher *struct {
		ID int64 `json:"id"`
	} `json:"teacher"`
	Forms []struct {
		FormID     int64 `json:"formId"`
		IsMainForm bool  `json:"isMainForm"`
		Halves     []struct {
			AssignmentID  int64 `json:"assignmentId"`
			IsMidSemester bool  `json:"isMidSemester"`
		} `json:"halves"`
	} `json:"forms"`
}

type form struct {
	ID     int64 `json:"id"`
	Groups []struct {
		Type      int `json:"type"`
		Questions []struct {
			ID int64 `json:"id"`
		} `json:"questions"`
	} `json:"groups"`
}

// questions returns the ids of the form's graded and free-text questions.
func (f *form) questions() (graded, text []int64) {
	for _, g := range f.Groups {
		for _, q := range g.Questions {
			switch g.Type {
			case 2:
				graded = append(graded, q.ID)
			case 1:
				text = append(text, q.ID)
			}
		}
	}
	return graded, text
}

// setRef is a set as the full assessment shows it: enough to save it again.
type setRef struct {
	ID      int64    `json:"id"`
	Version int      `json:"version"`
	Answers []answer `json:"answers"`
}

// comments are the set's comments by question, as they stand.
func (r setRef) comments() map[int64]string {
	out := map[int64]string{}
	for _, a := range r.Answers {
		if a.Comment != nil {
			out[a.FormQuestionID] = *a.Comment
		}
	}
	return out
}

// studentForm is what set-up reads of the full assessment: the caller's own
// end-of-placement set and the others'.
type studentForm struct {
	EndSemester *struct {
		AssignmentID int64   `json:"assignmentId"`
		Student      *setRef `json:"student"`
		Advisor      *setRef `json:"advisor"`
		Teacher      *setRef `json:"teacher"`
	} `json:"endSemester"`
}

type answer struct {
	FormQuestionID int64   `json:"formQuestionId"`
	Value          *string `json:"value"`
	Comment        *string `json:"comment"`
}

type answerSet struct {
	ID      int64    `json:"id"`
	Version int      `json:"version"`
	Answers []answer `json:"answers"`
}

type saveBody struct {
	AssignmentID  int64    `json:"assignmentId"`
	StudentUserID int64    `json:"studentUserId"`
	Version       int      `json:"version"`
	Answers       []answer `json:"answers"`
}

// target is one answer set a user writes: the end-of-placement assessment
// on the main form about one student.
type target struct {
	classID, formID, assignmentID, studentID int64
	setID                                    int64
	version                                  int
	// comments is the comment each question has as this load last sent
	// it: a save sends a question's comment as it stands, as the web app
	// does, so comments are written now and then and not cleared.
	comments map[int64]string
}

// ownSet is the caller's own end-of-placement set about the student, as the
// form page reads it: its id, version and answers, or zero for none yet.
// The comments matter: a save sends each question's comment as it stands,
// and a question sent without one loses it. A run that did not know them
// would delete each at its first save and write it again later, which no
// user does.
func (c *client) ownSet(ctx context.Context, classID, studentID, formID int64, role string) (setRef, error) {
	var sf studentForm
	if _, err := c.do(ctx, "", http.MethodGet, fmt.Sprintf("/api/classes/%d/students/%d/forms/%d/full", classID, studentID, formID), nil, &sf); err != nil {
		return setRef{}, err
	}
	if sf.EndSemester == nil {
		return setRef{}, errors.New("the class has no end-of-placement assessment on the main form")
	}
	var ref *setRef
	switch role {
	case "student":
		ref = sf.EndSemester.Student
	case "teacher":
		ref = sf.EndSemester.Teacher
	case "advisor":
		ref = sf.EndSemester.Advisor
	}
	if ref == nil {
		return setRef{}, nil
	}
	return *ref, nil
}

// studentTarget finds a signed-in student's own end-of-placement set in
// their current class, and the questions of its form.
func (c *client) studentTarget(ctx context.Context) (*target, *form, error) {
	var who me
	if _, err := c.do(ctx, "", http.MethodGet, "/api/users/me", nil, &who); err != nil {
		return nil, nil, err
	}
	var classes []studentClass
	if _, err := c.do(ctx, "", http.MethodGet, "/api/classes/me/student", nil, &classes); err != nil {
		return nil, nil, err
	}
	if len(classes) == 0 {
		return nil, nil, errors.New("the student is in no class")
	}
	cl := classes[0]
	t := &target{classID: cl.ID, studentID: who.ID}
	for _, f := range cl.Forms {
		if f.IsMainForm {
			t.formID = f.ID
		}
	}
	for _, a := range cl.Assignments {
		if a.FormID == t.formID && !a.IsMidSemester {
			t.assignmentID = a.ID
		}
	}
	if t.formID == 0 || t.assignmentID == 0 {
		return nil, nil, fmt.Errorf("class %d has no end-of-placement assessment on a main form", cl.ID)
	}
	var f form
	if _, err := c.do(ctx, "", http.MethodGet, fmt.Sprintf("/api/forms/%d", t.formID), nil, &f); err != nil {
		return nil, nil, err
	}
	ref, err := c.ownSet(ctx, t.classID, t.studentID, t.formID, "student")
	if err != nil {
		return nil, nil, err
	}
	t.setID, t.version, t.comments = ref.ID, ref.Version, ref.comments()
	return t, &f, nil
}

// teacherTargets finds the signed-in teacher's biggest class, its students,
// and the teacher's own end-of-placement sets about the students whose
// teacher they are (every student when none is).
func (c *client) teacherTargets(ctx context.Context) (classID int64, students []int64, own []*target, f *form, err error) {
	var who me
	if _, err = c.do(ctx, "", http.MethodGet, "/api/users/me", nil, &who); err != nil {
		return
	}
	var home teacherHome
	if _, err = c.do(ctx, "", http.MethodGet, "/api/classes/mine", nil, &home); err != nil {
		return
	}
	best := -1
	for _, p := range home {
		for _, cl := range p.Mine {
			if cl.StudentCount > best {
				classID, best = cl.ID, cl.StudentCount
			}
		}
	}
	if classID == 0 {
		err = errors.New("the teacher has no class")
		return
	}
	var list []classStudent
	if _, err = c.do(ctx, "", http.MethodGet, fmt.Sprintf("/api/classes/%d/students", classID), nil, &list); err != nil {
		return
	}
	var formID, assignmentID int64
	for _, s := range list {
		students = append(students, s.ID)
		for _, fm := range s.Forms {
			if !fm.IsMainForm {
				continue
			}
			for _, h := range fm.Halves {
				if !h.IsMidSemester {
					formID, assignmentID = fm.FormID, h.AssignmentID
				}
			}
		}
	}
	if formID == 0 {
		err = fmt.Errorf("class %d has no end-of-placement assessment on a main form", classID)
		return
	}
	for _, s := range list {
		if s.Teacher != nil && s.Teacher.ID == who.ID {
			own = append(own, &target{classID: classID, formID: formID, assignmentID: assignmentID, studentID: s.ID})
		}
	}
	if len(own) == 0 {
		for _, s := range list {
			own = append(own, &target{classID: classID, formID: formID, assignmentID: assignmentID, studentID: s.ID})
		}
	}
	for _, t := range own {
		ref, rerr := c.ownSet(ctx, classID, t.studentID, formID, "teacher")
		if rerr != nil {
			err = rerr
			return
		}
		t.setID, t.version, t.comments = ref.ID, ref.Version, ref.comments()
	}
	f = &form{}
	_, err = c.do(ctx, "", http.MethodGet, fmt.Sprintf("/api/forms/%d", formID), nil, f)
	return
}
