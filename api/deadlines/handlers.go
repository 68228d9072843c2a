package deadlines

import (
	"context"
	"net/http"

	"github.com/praksis/praksis/api/apperror"
	"github.com/praksis/praksis/api/edge"
	"github.com/praksis/praksis/api/periods"
)

// InPeriod names the semester in the path.
type InPeriod struct {
	ID int64 `path:"id" description:"The semester's id"`
}

// InClass names the class in the path.
type InClass struct {
	ID int64 `path:"id" description:"The class's id"`
}

// RuleInput is a rule as an admin sends it.
type RuleInput struct {
	Item          Item          `json:"item" required:"true"`
	FormID        int64         `json:"formId,omitempty" description:"The form, for item answers; left out otherwise"`
	IsMidSemester bool          `json:"isMidSemester" description:"For item answers: true for the mid-semester assignment of a main form"`
	Role          Role          `json:"role" required:"true"`
	Anchor        Anchor        `json:"anchor" required:"true"`
	OffsetDays    int           `json:"offsetDays" minimum:"-366" maximum:"366" description:"Days after the anchor date (negative: before); 0 or left out for a fixed date"`
	FixedDate     *periods.Date `json:"fixedDate,omitempty" description:"The due date, for anchor fixed"`
}

// RulesBody is the body of the PUT routes: every rule of the scope.
type RulesBody struct {
	Rules []RuleInput `json:"rules" required:"true" description:"The whole set; rules left out are removed"`
}

// rules are the body's rules; Invalid when the list is missing or null (an
// empty list removes every rule).
func (b RulesBody) rules() ([]Rule, error) {
	if b.Rules == nil {
		return nil, apperror.Invalidf("error.invalid").Field("rules", "deadlines.rulesRequired", nil)
	}
	out := make([]Rule, len(b.Rules))
	for i, r := range b.Rules {
		out[i] = Rule{Key: Key{Item: r.Item, FormID: r.FormID, IsMidSemester: r.IsMidSemester, Role: r.Role},
			When: When{Anchor: r.Anchor, OffsetDays: r.OffsetDays, FixedDate: r.FixedDate}}
	}
	return out, nil
}

// Routes of the deadline rules, for admins (the route table checks the
// role; the school is the request's).
var (
	// HandleSemester serves GET /api/periods/{id}/deadline-rules.
	HandleSemester = edge.Read(http.StatusOK, func(ctx context.Context, p InPeriod) (*SemesterRules, error) {
		return ForSemester(ctx, p.ID)
	})
	// HandleSaveSemester serves PUT /api/periods/{id}/deadline-rules.
	HandleSaveSemester = edge.Write(http.StatusOK, func(ctx context.Context, p InPeriod, b RulesBody) (*SemesterRules, error) {
		rules, err := b.rules()
		if err != nil {
			return nil, err
		}
		return SaveSemester(ctx, p.ID, rules)
	})
	// HandleClass serves GET /api/classes/{id}/deadline-rules.
	HandleClass = edge.Read(http.StatusOK, func(ctx context.Context, p InClass) (*ClassRules, error) {
		return ForClass(ctx, p.ID)
	})
	// HandleSaveClass serves PUT /api/classes/{id}/deadline-rules.
	HandleSaveClass = edge.Write(http.StatusOK, func(ctx context.Context, p InClass, b RulesBody) (*ClassRules, error) {
		rules, err := b.rules()
		if err != nil {
			return nil, err
		}
		return SaveClass(ctx, p.ID, rules)
	})
)
