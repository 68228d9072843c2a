// Package deadlines owns when each party must deliver: rules that place a
// due date relative to a class's own mid-semester or end date (N days
// before or after) or on a fixed date, for each assignment of each form and
// each role that answers it, and for the signing form's end section and
// signatures. A semester's rules are the default of its classes; a class's
// own rule of the same item, form, half and role overrides it. Due dates are
// computed from the rules and the class's dates whenever they are read, so
// changing a class's dates moves its deadlines; a class whose semester and
// itself have no rules has no deadlines.
//
// A due date is a calendar day in Norway: something is delivered on time
// when it is delivered before that day has ended in Europe/Oslo.
package deadlines

import (
	"time"

	"github.com/praksis/praksis/api/periods"
)

// Item is what a rule sets the deadline of.
type Item string

// The items.
const (
	// Answers is one form's assignment (a form and half), answered by the
	// rule's role.
	Answers Item = "answers"
	// SigningEnd is the teacher's end section of the signing form.
	SigningEnd Item = "signingEnd"
	// Signature is the rule's role signing the signing form.
	Signature Item = "signature"
)

// Enum lists the items for the API document.
func (Item) Enum() []any { return []any{Answers, SigningEnd, Signature} }

// Role is who must deliver: the student, the student's supervisor
// ("advisor", as everywhere in the API) or the teacher.
type Role string

// The roles.
const (
	Student Role = "student"
	Advisor Role = "advisor"
	Teacher Role = "teacher"
)

// Roles are the roles in the order pages show them.
var Roles = []Role{Student, Advisor, Teacher}

// Enum lists the roles for the API document.
func (Role) Enum() []any { return []any{Student, Advisor, Teacher} }

// Anchor is what a rule's due date is counted from.
type Anchor string

// The anchors.
const (
	// MidSemester counts OffsetDays from the class's mid-semester date.
	MidSemester Anchor = "midSemester"
	// EndSemester counts OffsetDays from the class's end date.
	EndSemester Anchor = "endSemester"
	// Fixed is the rule's FixedDate.
	Fixed Anchor = "fixed"
)

// Enum lists the anchors for the API document.
func (Anchor) Enum() []any { return []any{MidSemester, EndSemester, Fixed} }

// MaxOffsetDays bounds how far before or after a class's date a rule may
// place a deadline (a year either way; the table checks it too).
const MaxOffsetDays = 366

// Key names what a rule is about; a class's rule overrides the semester's
// rule with the same key.
type Key struct {
	Item          Item  `json:"item"`
	FormID        int64 `json:"formId,omitempty" description:"The form, for item answers; left out otherwise"`
	IsMidSemester bool  `json:"isMidSemester" description:"The half, for item answers: true for the mid-semester assignment of a main form; false otherwise"`
	Role          Role  `json:"role"`
}

// When is where a rule places the due date.
type When struct {
	Anchor     Anchor        `json:"anchor"`
	OffsetDays int           `json:"offsetDays" description:"Days after the anchor date (negative: before); 0 for a fixed date"`
	FixedDate  *periods.Date `json:"fixedDate,omitempty" description:"The due date, for anchor fixed; left out otherwise"`
}

// Rule is one deadline rule of a semester or a class.
type Rule struct {
	Key
	When
}

// Dates are a class's own dates, either of which may be unset.
type Dates struct {
	Mid *periods.Date
	End *periods.Date
}

// Due returns the rule's due date for a class with dates d, or nil when the
// rule counts from a date the class has not set.
func (w When) Due(d Dates) *periods.Date {
	var from *periods.Date
	switch w.Anchor {
	case Fixed:
		return w.FixedDate
	case MidSemester:
		from = d.Mid
	case EndSemester:
		from = d.End
	}
	if from == nil {
		return nil
	}
	due := periods.Date{Time: from.AddDate(0, 0, w.OffsetDays)}
	return &due
}

// Effective merges a semester's rules with a class's: the class's rule of a
// key replaces the semester's. The result is in the semester's order, with
// the class's rules of keys the semester has no rule for after them.
func Effective(semester, class []Rule) []Rule {
	own := make(map[Key]Rule, len(class))
	for _, r := range class {
		own[r.Key] = r
	}
	out := make([]Rule, 0, len(semester)+len(class))
	used := make(map[Key]bool, len(class))
	for _, r := range semester {
		if c, ok := own[r.Key]; ok {
			r, used[r.Key] = c, true
		}
		out = append(out, r)
	}
	for _, r := range class {
		if !used[r.Key] {
			out = append(out, r)
		}
	}
	return out
}

// State is where a deadline stands for whoever must deliver.
type State string

// The states. Delivered on time, delivered late and not delivered (yet to
// come or overdue) are distinct.
const (
	// Open is not delivered, and the due day has not ended.
	Open State = "open"
	// Overdue is not delivered after the due day has ended.
	Overdue State = "overdue"
	// OnTime is delivered before the due day ended.
	OnTime State = "onTime"
	// Late is delivered after the due day ended.
	Late State = "late"
)

// Enum lists the states for the API document.
func (State) Enum() []any { return []any{Open, Overdue, OnTime, Late} }

var oslo = func() *time.Location {
	if l, err := time.LoadLocation("Europe/Oslo"); err == nil {
		return l
	}
	return time.UTC
}()

// Passes returns the moment a due date has passed: the end of that day in
// Europe/Oslo.
func Passes(due periods.Date) time.Time {
	return time.Date(due.Year(), due.Month(), due.Day()+1, 0, 0, 0, 0, oslo)
}

// StateOf says where a deadline due on due stands at now, given when (if
// at all) it was delivered.
func StateOf(due periods.Date, delivered *time.Time, now time.Time) State {
	passes := Passes(due)
	switch {
	case delivered != nil && delivered.Before(passes):
		return OnTime
	case delivered != nil:
		return Late
	case now.Before(passes):
		return Open
	}
	return Overdue
}

// DaysLeft is the number of calendar days in Norway from now's day to the
// due day: 0 on the day itself, negative once it has passed.
func DaysLeft(due periods.Date, now time.Time) int {
	n := now.In(oslo)
	today := time.Date(n.Year(), n.Month(), n.Day(), 0, 0, 0, 0, time.UTC)
	return int(due.Sub(today).Hours() / 24)
}
