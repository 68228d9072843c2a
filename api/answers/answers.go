// Package answers owns answer sets: what one person (the student, the
// class's teacher or one of the student's supervisors) answered to one
// assignment of a form about one student, with their comments. A set is
// saved over and over while its author types (the pages autosave every
// three seconds) and carries a version, so that a write based on an old
// read is refused instead of overwriting newer answers. Delivering a set
// stamps it and leaves an audit row.
//
// Who may answer and who may read is decided by package policy: only the
// student, the class's teacher and the student's own supervisor answer;
// the student, the class's teachers and supervisors and admins read.
package answers

import (
	"time"
	"unicode/utf8"

	"github.com/swaggest/jsonschema-go"
)

// MaxComment is the longest comment, in characters (spec §5).
const MaxComment = 4000

// MaxText is the longest free-text answer, in characters.
const MaxText = 10000

// Role is the part an author plays in a student's assessment.
type Role string

// The roles of answer-set authors.
const (
	RoleStudent Role = "student"
	RoleAdvisor Role = "advisor"
	RoleTeacher Role = "teacher"
)

// Enum lists the roles for the API document.
func (Role) Enum() []any { return []any{RoleStudent, RoleAdvisor, RoleTeacher} }

// Tag is the short label of the role shown next to an author's name on
// comment badges: S (student), PV (practice supervisor), PL (practice
// teacher).
func (r Role) Tag() string {
	switch r {
	case RoleStudent:
		return "S"
	case RoleTeacher:
		return "PL"
	}
	return "PV"
}

// Answer is one question's answer in a set. Value is the grading value as
// text ("0" for the first label up to the number of labels, which means not
// relevant) or the free text of a TextInput question; Comment is the set
// author's comment on the question. Null (or blank) means none.
type Answer struct {
	FormQuestionID int64   `json:"formQuestionId" required:"true"`
	Value          *string `json:"value" example:"2" description:"A graded question's value: \"0\" (the first label, Selvstendig) up to the last label, or the number of labels (\"5\" on a five-level scale) for not relevant; a free-text question's text (at most 10000 characters). Null or blank: no answer"`
	Comment        *string `json:"comment" maxLength:"4000" description:"The set author's comment on the question (at most 4000 characters); null or blank: none"`
}

// Comment is a comment on a question of a set, with its author as the
// comment badge shows them.
type Comment struct {
	ID             int64     `json:"id"`
	FormQuestionID int64     `json:"formQuestionId"`
	UserID         int64     `json:"userId"`
	UserName       string    `json:"userName"`
	Role           Role      `json:"role"`
	RoleTag        string    `json:"roleTag" enum:"S,PV,PL" description:"S student, PV practice supervisor, PL practice teacher"`
	Comment        string    `json:"comment"`
	CreatedAt      time.Time `json:"createdAt"`
	CommentedAt    time.Time `json:"commentedAt"`
	UpdatedAt      time.Time `json:"updatedAt"`
}

// Set is one author's answers to one assignment about one student.
type Set struct {
	ID            int64      `json:"id"`
	AssignmentID  int64      `json:"assignmentId"`
	FormID        int64      `json:"formId"`
	ClassID       int64      `json:"classId"`
	SubjectID     int64      `json:"subjectId"`
	StudentUserID int64      `json:"studentUserId"`
	UserID        int64      `json:"userId"`
	UserName      string     `json:"userName"`
	Role          Role       `json:"role"`
	RoleTag       string     `json:"roleTag" enum:"S,PV,PL" description:"S student, PV practice supervisor, PL practice teacher"`
	IsMidSemester bool       `json:"isMidSemester"`
	Version       int        `json:"version" description:"Goes up by one with each save that changes something; send it back to save again"`
	DeliveredAt   *time.Time `json:"deliveredAt" description:"When the set was last delivered; null until then"`
	CreatedAt     time.Time  `json:"createdAt"`
	UpdatedAt     time.Time  `json:"updatedAt"`
	Answers       []Answer   `json:"answers" description:"In question order"`
	Comments      []Comment  `json:"comments"`
}

// Input is the body of POST /api/answers: the caller's own answers to an
// assignment about a student. Version is the version of the set the client
// last read (0 or left out for a set it has never seen). Each listed
// question gets exactly the value and comment sent (null or blank removes
// them); questions left out keep what they have. Deliver also delivers the
// set.
//
// The other fields of the spec's answer-set shape may be sent back as
// received: id, formId, userId and isMidSemester must then match the set
// being written; subjectId and comments are ignored.
type Input struct {
	AssignmentID  int64    `json:"assignmentId" required:"true"`
	StudentUserID int64    `json:"studentUserId" required:"true" description:"The student the set is about"`
	Version       int      `json:"version" description:"The version last read; 0 or left out for a new set. Any other than the stored one is 409"`
	Answers       []Answer `json:"answers" description:"Each listed question gets exactly the value and comment sent; questions left out keep theirs"`
	Deliver       bool     `json:"deliver" description:"Also deliver the set"`

	ID            *int64 `json:"id,omitempty" description:"As received; must match the set"`
	FormID        *int64 `json:"formId,omitempty" description:"As received; must match the set"`
	UserID        *int64 `json:"userId,omitempty" description:"As received; must match the set"`
	IsMidSemester *bool  `json:"isMidSemester,omitempty" description:"As received; must match the set"`
	SubjectID     *int64 `json:"subjectId,omitempty" description:"Ignored"`
	Comments      any    `json:"comments,omitempty" description:"Ignored"`
}

// PrepareJSONSchema documents that answers may be sent as null (as for a
// delivery that changes no answer): the server reads it as no answers.
func (Input) PrepareJSONSchema(s *jsonschema.Schema) error {
	if p, ok := s.Properties["answers"]; ok && p.TypeObject != nil {
		p.TypeObject.AddType(jsonschema.Null)
	}
	return nil
}

// questionName is how an error message names a question: its text,
// shortened to a line.
func questionName(text string) string {
	const max = 80
	if utf8.RuneCountInString(text) <= max {
		return text
	}
	r := []rune(text)
	return string(r[:max-1]) + "…"
}
