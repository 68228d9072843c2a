package deadlines

import (
	"fmt"
	"time"

	"github.com/praksis/praksis/api/dbjson"
	"github.com/praksis/praksis/api/periods"
)

// Status is a deadline as the person who must deliver sees it.
type Status struct {
	DueDate periods.Date `json:"dueDate" description:"The last day to deliver (delivered on time before it ends in Europe/Oslo)"`
	State   State        `json:"state" description:"open: not delivered, still time; overdue: not delivered, the day has passed; onTime or late: delivered before or after the day ended"`
}

// Schedule is a class's answer or signing deadlines, read together with whatever a
// page reads (ScheduleSQL) so that showing them costs no statement.
type Schedule struct {
	byKey map[Key]periods.Date
}

// ScheduleSQL is a select-list entry (named class_deadlines) that reads
// the schedule (ScheduleOf) of the class @class.
var ScheduleSQL = `(SELECT ` + ScheduleOf("c") + ` FROM classes c WHERE c.id = @class) AS class_deadlines`

// ScheduleOf is a JSON expression, for ScheduleFrom, of the dates of the
// class row alias and the rules of its forms' assignments, its own and its
// semester's; a report reads it per class in the statement that reads the
// classes.
func ScheduleOf(alias string) string {
	return scheduleJSON("r.item = 'answers'", alias)
}

// SigningSQL is a select-list entry (named signing_deadlines) that reads,
// as ScheduleSQL does, the dates and the rules of the signing form's end
// section and signatures of the class whose id is the SQL expression
// class (a column of the surrounding statement), for ScheduleFrom.
func SigningSQL(class string) string {
	return `(SELECT ` + scheduleJSON("r.item <> 'answers'", "c") + ` FROM classes c WHERE c.id = ` + class + `) AS signing_deadlines`
}

// scheduleJSON reads the dates of the class row alias and the rules
// matching items of it and its semester as one JSON value.
func scheduleJSON(items, alias string) string {
	return `json_build_object('mid', ` + alias + `.mid_semester_date, 'end', ` + alias + `.end_semester_date,
		'rules', (SELECT coalesce(json_agg(json_build_object('own', r.class_id IS NOT NULL, 'item', r.item, 'formId', r.form_id, 'mid', r.is_mid_semester,
			'role', r.role, 'anchor', r.anchor, 'offset', r.offset_days, 'fixed', r.fixed_date)), '[]')
			FROM deadline_rules r WHERE ` + items + ` AND (r.class_id = ` + alias + `.id OR r.period_id = ` + alias + `.period_id)))`
}

// ScheduleFrom reads what ScheduleSQL gave; nil or empty raw (no such
// class) is a schedule without deadlines.
func ScheduleFrom(raw []byte) (*Schedule, error) {
	s := &Schedule{byKey: map[Key]periods.Date{}}
	if len(raw) == 0 {
		return s, nil
	}
	var v struct {
		Mid   *periods.Date `json:"mid"`
		End   *periods.Date `json:"end"`
		Rules []struct {
			Own    bool          `json:"own"`
			Item   Item          `json:"item"`
			FormID int64         `json:"formId"`
			Mid    bool          `json:"mid"`
			Role   Role          `json:"role"`
			Anchor Anchor        `json:"anchor"`
			Offset int           `json:"offset"`
			Fixed  *periods.Date `json:"fixed"`
		} `json:"rules"`
	}
	if err := dbjson.Decode(raw, &v); err != nil {
		return nil, fmt.Errorf("decode a class's deadlines: %w", err)
	}
	var semester, class []Rule
	for _, r := range v.Rules {
		rule := Rule{Key: Key{Item: r.Item, FormID: r.FormID, IsMidSemester: r.Mid, Role: r.Role},
			When: When{Anchor: r.Anchor, OffsetDays: r.Offset, FixedDate: r.Fixed}}
		if r.Own {
			class = append(class, rule)
		} else {
			semester = append(semester, rule)
		}
	}
	for _, d := range deadlinesOf(Dates{Mid: v.Mid, End: v.End}, semester, class) {
		s.byKey[d.Key] = d.DueDate
	}
	return s, nil
}

// Of returns where the deadline of role's answers to a form's half stands
// at now, given when the role first delivered; nil when there is none.
func (s *Schedule) Of(formID int64, mid bool, role Role, delivered *time.Time, now time.Time) *Status {
	return s.At(Key{Item: Answers, FormID: formID, IsMidSemester: mid, Role: role}, delivered, now)
}

// At returns where the deadline of k stands at now, given when (if at all)
// it was delivered; nil when there is none.
func (s *Schedule) At(k Key, delivered *time.Time, now time.Time) *Status {
	due, ok := s.byKey[k]
	if !ok {
		return nil
	}
	return &Status{DueDate: due, State: StateOf(due, delivered, now)}
}
