package reports

import (
	"context"
	"slices"

	"github.com/praksis/praksis/api/answers"
	"github.com/praksis/praksis/api/apperror"
	"github.com/praksis/praksis/api/clock"
	signingform "github.com/praksis/praksis/api/signing"
)

// Metric names a number of the live report.
type Metric string

// The metrics, as the report's sections name their numbers.
const (
	MetricStudents         Metric = "students"
	MetricDelivered        Metric = "delivered"
	MetricMissing          Metric = "missing"
	MetricLate             Metric = "late"
	MetricWarningGiven     Metric = "warningGiven"
	MetricWarningConfirmed Metric = "warningConfirmed"
	MetricSigning          Metric = "signing"
	MetricPassed           Metric = "passed"
	MetricFailed           Metric = "failed"
	MetricPending          Metric = "pending"
	MetricLevel            Metric = "level"
	MetricNotRelevant      Metric = "notRelevant"
	MetricBelowExpected    Metric = "belowExpected"
	MetricMeetsExpected    Metric = "meetsExpected"
	MetricNoExpectation    Metric = "noExpectation"
)

// Enum lists the metrics for the API document.
func (Metric) Enum() []any {
	return []any{MetricStudents, MetricDelivered, MetricMissing, MetricLate, MetricWarningGiven, MetricWarningConfirmed, MetricSigning,
		MetricPassed, MetricFailed, MetricPending, MetricLevel, MetricNotRelevant, MetricBelowExpected, MetricMeetsExpected, MetricNoExpectation}
}

// ofArea reports whether the metric counts the end levels of a
// competence area.
func (m Metric) ofArea() bool {
	return slices.Contains([]Metric{MetricLevel, MetricNotRelevant, MetricBelowExpected, MetricMeetsExpected, MetricNoExpectation}, m)
}

// DrillParams names one number of the live report: the semester and the
// filter as in the report, the class, and the metric with what it needs.
type DrillParams struct {
	PeriodID  int64             `path:"id" minimum:"1" description:"The semester"`
	SubjectID int64             `query:"subjectId" minimum:"0" description:"As in the report"`
	ClassID   int64             `query:"classId" minimum:"0" description:"The class of the number; 0 or left out: every class the filter keeps"`
	Metric    Metric            `query:"metric" required:"true" description:"Which number"`
	FormID    int64             `query:"formId" minimum:"0" description:"delivered, missing, late and the area metrics: the form"`
	Half      string            `query:"half" enum:"mid,end" description:"delivered, missing and late: the half"`
	Role      answers.Role      `query:"role" description:"delivered, missing and late: the role"`
	State     signingform.State `query:"state" description:"signing: the signing form's state"`
	GroupID   int64             `query:"groupId" minimum:"0" description:"The area metrics: the question group"`
	Level     int               `query:"level" minimum:"0" description:"level: the level (0 the first label)"`
}

// StudentRef is a student behind a number.
type StudentRef struct {
	ClassID       int64  `json:"classId"`
	SubjectCode   string `json:"subjectCode"`
	StudentUserID int64  `json:"studentUserId"`
	DisplayName   string `json:"displayName"`
}

// invalid is the refusal of a drill-down that lacks what its metric needs.
func invalid(field string) error {
	return apperror.Invalidf("error.invalid").Field(field, "report.drill.missing", map[string]any{"Field": field})
}

// check refuses a metric without what it needs.
func (p DrillParams) check() error {
	switch p.Metric {
	case MetricStudents, MetricWarningGiven, MetricWarningConfirmed, MetricPassed, MetricFailed, MetricPending:
	case MetricDelivered, MetricMissing, MetricLate:
		switch {
		case p.FormID == 0:
			return invalid("formId")
		case p.Half != "mid" && p.Half != "end":
			return invalid("half")
		case p.Role != answers.RoleStudent && p.Role != answers.RoleAdvisor && p.Role != answers.RoleTeacher:
			return invalid("role")
		}
	case MetricSigning:
		found := false
		for _, s := range signingform.StateNone.Enum() {
			found = found || s == p.State
		}
		if !found {
			return invalid("state")
		}
	case MetricLevel, MetricNotRelevant, MetricBelowExpected, MetricMeetsExpected, MetricNoExpectation:
		switch {
		case p.FormID == 0:
			return invalid("formId")
		case p.GroupID == 0:
			return invalid("groupId")
		}
	default:
		return invalid("metric")
	}
	return nil
}

// Students lists the students behind one number of the live report, by
// class and name: the same facts the report counts, filtered. Invalid when
// the metric lacks what it needs; NotFound when there is no such semester.
func Students(ctx context.Context, p DrillParams) ([]StudentRef, error) {
	if err := p.check(); err != nil {
		return nil, err
	}
	fs, err := loadFacts(ctx, Filter{PeriodID: p.PeriodID, SubjectID: p.SubjectID, ClassID: p.ClassID}, &p)
	if err != nil {
		return nil, err
	}
	due, err := fs.schedules(clock.Now(ctx))
	if err != nil {
		return nil, err
	}
	return fs.behind(p, due), nil
}

// behind filters the facts' students by the drill-down's metric, judging
// deadlines by due.
func (fs *facts) behind(p DrillParams, due overdue) []StudentRef {
	code := map[int64]string{}
	assignment := map[int64]int64{}
	for _, c := range fs.classes {
		code[c.ID] = c.SubjectCode
		for _, a := range c.Assignments {
			if a.FormID == p.FormID && a.Mid == (p.Half == "mid") {
				assignment[c.ID] = a.ID
			}
		}
	}
	type who struct{ class, student int64 }
	inArea := map[who]bool{}
	for _, a := range fs.areas {
		if a.FormID != p.FormID || a.GroupID != p.GroupID {
			continue
		}
		level, verdict := a.judged()
		if (p.Metric == MetricLevel && level == p.Level && verdict != "notRelevant") || string(p.Metric) == verdict {
			inArea[who{a.ClassID, a.StudentID}] = true
		}
	}
	out := []StudentRef{}
	for _, s := range fs.students {
		var keep bool
		switch p.Metric {
		case MetricStudents:
			keep = true
		case MetricDelivered, MetricMissing:
			id, ok := assignment[s.ClassID]
			keep = ok && s.delivered(id, p.Role) == (p.Metric == MetricDelivered)
		case MetricLate:
			id, ok := assignment[s.ClassID]
			keep = ok && due.late(s, id, p.Role)
		case MetricWarningGiven:
			keep = s.WarningGiven
		case MetricWarningConfirmed:
			keep = s.WarningConfirmed
		case MetricSigning:
			keep = s.signingState() == p.State
		case MetricPassed:
			keep = s.Result != nil && *s.Result == signingform.Passed
		case MetricFailed:
			keep = s.Result != nil && *s.Result == signingform.Failed
		case MetricPending:
			keep = s.Result == nil || (*s.Result != signingform.Passed && *s.Result != signingform.Failed)
		default:
			keep = inArea[who{s.ClassID, s.StudentID}]
		}
		if keep {
			out = append(out, StudentRef{ClassID: s.ClassID, SubjectCode: code[s.ClassID], StudentUserID: s.StudentID, DisplayName: s.DisplayName})
		}
	}
	return out
}
