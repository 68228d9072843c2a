// Package classes owns classes: a subject taught in a semester, with its
// mid- and end-semester dates, the forms it uses and the assignments those
// forms give (see forms.Halves), and its teachers, students and
// supervisors.
package classes

import (
	"bytes"
	"encoding/json"
	"fmt"
	"time"

	"github.com/swaggest/jsonschema-go"

	"github.com/praksis/praksis/api/forms"
	"github.com/praksis/praksis/api/periods"
	"github.com/praksis/praksis/api/subjects"
	"github.com/praksis/praksis/api/users"
)

// Assignment is one form to answer in a class, at mid-semester or at the
// end. Forms holds that one form, as the spec's shape has it.
type Assignment struct {
	ID            int64           `json:"id"`
	ClassID       int64           `json:"classId"`
	FormID        int64           `json:"formId"`
	IsMidSemester bool            `json:"isMidSemester" description:"True for the mid-semester assignment of a main form, false for the end-semester one"`
	Forms         []forms.Summary `json:"forms" description:"The one form of the assignment"`
}

// Class is a subject in a semester.
type Class struct {
	ID              int64            `json:"id"`
	PeriodID        int64            `json:"periodId"`
	Period          periods.Period   `json:"period"`
	SubjectID       int64            `json:"subjectId"`
	Subject         subjects.Subject `json:"subject"`
	Assignments     []Assignment     `json:"assignments" description:"Main forms first, then by form name; mid-semester before end"`
	MidSemesterDate *periods.Date    `json:"midSemesterDate" description:"Null when not set"`
	EndSemesterDate *periods.Date    `json:"endSemesterDate" description:"Null when not set"`
	Forms           []forms.Summary  `json:"forms" description:"The forms the class uses: main forms first, then by name"`
	// CurrentMainAssignment is the main-form assignment the class page
	// offers today (see CurrentMainAssignment); null when the class uses no
	// main form.
	CurrentMainAssignment *Assignment `json:"currentMainAssignment"`
}

// CurrentMainAssignment returns the main-form assignment that is current on
// the day of today, by the rule of spec §9: up to and including the class's
// mid-semester date only the mid-semester one, from the day after only the
// end-semester one, and without a mid-semester date the end-semester one.
// Nil when no assignment is of a main form. When a class has more than one
// main form, the first in the list counts.
func CurrentMainAssignment(assignments []Assignment, mid *periods.Date, today time.Time) *Assignment {
	wantMid := false
	if mid != nil {
		day := periods.DateOf(today.Year(), today.Month(), today.Day())
		wantMid = !day.After(mid.Time)
	}
	var mainForm int64
	var fallback *Assignment
	for i := range assignments {
		a := &assignments[i]
		if len(a.Forms) == 0 || !a.Forms[0].IsMainForm || (mainForm != 0 && a.FormID != mainForm) {
			continue
		}
		mainForm = a.FormID
		if a.IsMidSemester == wantMid {
			return a
		}
		if !a.IsMidSemester {
			fallback = a
		}
	}
	return fallback
}

// NewClass is the body of POST /api/classes.
type NewClass struct {
	SubjectID int64 `json:"subjectId" required:"true"`
	PeriodID  int64 `json:"periodId" required:"true" description:"The semester"`
}

// OptionalDate is a date field that may be left out (no change), null
// (cleared) or a YYYY-MM-DD date.
type OptionalDate struct {
	Set  bool
	Date *periods.Date
}

// JSONSchema documents an OptionalDate as a date or null.
func (OptionalDate) JSONSchema() (jsonschema.Schema, error) {
	var s jsonschema.Schema
	s.AddType(jsonschema.String)
	s.AddType(jsonschema.Null)
	s.WithFormat("date").WithExamples("2026-10-01")
	return s, nil
}

// UnmarshalJSON records that the field was sent, and its value.
func (o *OptionalDate) UnmarshalJSON(b []byte) error {
	o.Set = true
	if bytes.Equal(bytes.TrimSpace(b), []byte("null")) {
		o.Date = nil
		return nil
	}
	var d periods.Date
	if err := json.Unmarshal(b, &d); err != nil {
		return fmt.Errorf("date: %w", err)
	}
	o.Date = &d
	return nil
}

// DatesInput is the body of PUT /api/classes. Fields left out keep their
// value and null clears a date. A client may send back the rest of the
// class it received (period, subject, assignments, forms); those fields
// are ignored.
type DatesInput struct {
	ID              int64           `json:"id" required:"true" description:"The class"`
	MidSemesterDate OptionalDate    `json:"midSemesterDate" description:"Within the semester, before the end date; left out: no change; null: cleared"`
	EndSemesterDate OptionalDate    `json:"endSemesterDate" description:"Within the semester (admins only); left out: no change; null: cleared"`
	PeriodID        json.RawMessage `json:"periodId,omitempty" description:"Read-only; ignored"`
	Period          json.RawMessage `json:"period,omitempty" description:"Read-only; ignored"`
	SubjectID       json.RawMessage `json:"subjectId,omitempty" description:"Read-only; ignored"`
	Subject         json.RawMessage `json:"subject,omitempty" description:"Read-only; ignored"`
	Assignments     json.RawMessage `json:"assignments,omitempty" description:"Read-only; ignored"`
	Forms           json.RawMessage `json:"forms,omitempty" description:"Read-only; ignored"`
}

// Users are the people of a class, each list ordered by name.
type Users struct {
	Teachers []users.Person `json:"teachers"`
	Students []users.Person `json:"students"`
	Advisors []users.Person `json:"advisors"`
}

// StudentIDs is the body of POST /api/classes/{classId}/advisor/{userId}/students.
type StudentIDs struct {
	StudentIDs []int64 `json:"studentIds" required:"true" minItems:"1" description:"Students of the class"`
}

// FormIDs is the body of PATCH /api/classes/{id}/forms: the ids of every
// form the class shall use.
type FormIDs []int64
