package deadlines

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"gorm.io/gorm"

	"github.com/praksis/praksis/api/apperror"
	"github.com/praksis/praksis/api/audit"
	"github.com/praksis/praksis/api/periods"
	"github.com/praksis/praksis/tenants"
)

// Deadline is one due date of a class: a rule applied to the class's dates.
type Deadline struct {
	Key
	DueDate periods.Date `json:"dueDate" description:"The last day to deliver (delivered on time before it ends in Europe/Oslo)"`
	// Own says the class's own rule set it rather than the semester's.
	Own bool `json:"own" description:"True when the class's own rule sets it, false when the semester's does"`
}

// row is a rule as stored.
type row struct {
	ClassID       *int64
	Item          Item
	FormID        *int64
	IsMidSemester bool
	Role          Role
	Anchor        Anchor
	OffsetDays    int
	FixedDate     *time.Time
}

func (r row) rule() Rule {
	k := Key{Item: r.Item, IsMidSemester: r.IsMidSemester, Role: r.Role}
	if r.FormID != nil {
		k.FormID = *r.FormID
	}
	w := When{Anchor: r.Anchor, OffsetDays: r.OffsetDays}
	if r.FixedDate != nil {
		w.FixedDate = &periods.Date{Time: r.FixedDate.UTC()}
	}
	return Rule{Key: k, When: w}
}

// ruleColumns are the columns of row; the order keeps every list in the
// order an editor shows it: forms by id, mid-semester first, then the
// signing form, each by role.
const (
	ruleColumns = "r.class_id, r.item, r.form_id, r.is_mid_semester, r.role, r.anchor, r.offset_days, r.fixed_date"
	ruleOrder   = `CASE r.item WHEN 'answers' THEN 1 WHEN 'signingEnd' THEN 2 ELSE 3 END, r.form_id, r.is_mid_semester DESC,
		CASE r.role WHEN 'student' THEN 1 WHEN 'advisor' THEN 2 ELSE 3 END`
)

func rules(rows []row) []Rule {
	out := make([]Rule, len(rows))
	for i, r := range rows {
		out[i] = r.rule()
	}
	return out
}

// SemesterRules are the deadline rules of a semester.
type SemesterRules struct {
	PeriodID int64  `json:"periodId"`
	Rules    []Rule `json:"rules" description:"Forms' assignments first (by form, mid-semester first), then the signing form; each by role"`
}

// ClassRules are a class's deadline rules and the deadlines they give.
type ClassRules struct {
	ClassID  int64  `json:"classId"`
	PeriodID int64  `json:"periodId"`
	Semester []Rule `json:"semester" description:"The semester's rules, the default of the class"`
	Class    []Rule `json:"class" description:"The class's own rules, each overriding the semester's rule of its item, form, half and role"`
	// Deadlines are what the rules give with the class's current dates.
	Deadlines []Deadline `json:"deadlines" description:"The due dates the rules give for the class's assignments and signing form with its current dates; a rule counting from a date the class has not set gives none"`
}

// ForSemester returns a semester's rules; NotFound when there is no such
// semester.
func ForSemester(ctx context.Context, periodID int64) (*SemesterRules, error) {
	tx, err := tenants.DB(ctx)
	if err != nil {
		return nil, err
	}
	var found []int64
	if err := tx.Raw("SELECT id FROM periods WHERE id = ?", periodID).Scan(&found).Error; err != nil {
		return nil, fmt.Errorf("find semester %d: %w", periodID, err)
	}
	if len(found) == 0 {
		return nil, apperror.NotFoundf("periods.notFound")
	}
	var rows []row
	if err := tx.Raw("SELECT "+ruleColumns+" FROM deadline_rules r WHERE r.period_id = ? ORDER BY "+ruleOrder, periodID).Scan(&rows).Error; err != nil {
		return nil, fmt.Errorf("load deadline rules of semester %d: %w", periodID, err)
	}
	return &SemesterRules{PeriodID: periodID, Rules: rules(rows)}, nil
}

// classInfo is what the rules of a class need to know of it.
type classInfo struct {
	ID              int64
	PeriodID        int64
	MidSemesterDate *time.Time
	EndSemesterDate *time.Time
}

func (c classInfo) dates() Dates {
	var d Dates
	if c.MidSemesterDate != nil {
		d.Mid = &periods.Date{Time: c.MidSemesterDate.UTC()}
	}
	if c.EndSemesterDate != nil {
		d.End = &periods.Date{Time: c.EndSemesterDate.UTC()}
	}
	return d
}

func loadClass(tx *gorm.DB, classID int64) (*classInfo, error) {
	var found []classInfo
	if err := tx.Raw("SELECT id, period_id, mid_semester_date, end_semester_date FROM classes WHERE id = ?", classID).Scan(&found).Error; err != nil {
		return nil, fmt.Errorf("load class %d: %w", classID, err)
	}
	if len(found) == 0 {
		return nil, apperror.NotFoundf("classes.notFound")
	}
	return &found[0], nil
}

// ForClass returns a class's rules, its semester's and the deadlines they
// give; NotFound when there is no such class.
func ForClass(ctx context.Context, classID int64) (*ClassRules, error) {
	tx, err := tenants.DB(ctx)
	if err != nil {
		return nil, err
	}
	c, err := loadClass(tx, classID)
	if err != nil {
		return nil, err
	}
	var rows []struct {
		Rule    row `gorm:"embedded"`
		Applies bool
	}
	if err := tx.Raw("SELECT "+ruleColumns+", "+applies+" AS applies FROM deadline_rules r WHERE r.period_id = ? OR r.class_id = ? ORDER BY "+ruleOrder,
		c.ID, c.PeriodID, c.ID).Scan(&rows).Error; err != nil {
		return nil, fmt.Errorf("load deadline rules of class %d: %w", classID, err)
	}
	out := &ClassRules{ClassID: c.ID, PeriodID: c.PeriodID, Semester: []Rule{}, Class: []Rule{}}
	var semester, class []Rule
	for _, r := range rows {
		rule := r.Rule.rule()
		if r.Rule.ClassID != nil {
			out.Class = append(out.Class, rule)
		} else {
			out.Semester = append(out.Semester, rule)
		}
		if !r.Applies {
			continue
		}
		if r.Rule.ClassID != nil {
			class = append(class, rule)
		} else {
			semester = append(semester, rule)
		}
	}
	out.Deadlines = deadlinesOf(c.dates(), semester, class)
	return out, nil
}

// OfClasses returns the deadlines of each of the classes, in one query:
// the effective rules (the class's own over its semester's) of the
// class's assignments and signing form, applied to its dates. A class
// without deadlines is absent from the map.
func OfClasses(ctx context.Context, classIDs []int64) (map[int64][]Deadline, error) {
	out := map[int64][]Deadline{}
	if len(classIDs) == 0 {
		return out, nil
	}
	tx, err := tenants.DB(ctx)
	if err != nil {
		return nil, err
	}
	var rows []struct {
		Rule            row `gorm:"embedded"`
		ForClass        int64
		MidSemesterDate *time.Time
		EndSemesterDate *time.Time
	}
	if err := tx.Raw(`SELECT c.id AS for_class, c.mid_semester_date, c.end_semester_date, `+ruleColumns+`
		FROM classes c JOIN deadline_rules r ON r.period_id = c.period_id OR r.class_id = c.id
		WHERE c.id IN ? AND `+strings.ReplaceAll(applies, "?", "c.id")+`
		ORDER BY c.id, `+ruleOrder, classIDs).Scan(&rows).Error; err != nil {
		return nil, fmt.Errorf("load deadlines of %d classes: %w", len(classIDs), err)
	}
	for start := 0; start < len(rows); {
		end := start
		var semester, class []Rule
		for ; end < len(rows) && rows[end].ForClass == rows[start].ForClass; end++ {
			if rows[end].Rule.ClassID != nil {
				class = append(class, rows[end].Rule.rule())
			} else {
				semester = append(semester, rows[end].Rule.rule())
			}
		}
		first := rows[start]
		dates := classInfo{MidSemesterDate: first.MidSemesterDate, EndSemesterDate: first.EndSemesterDate}.dates()
		if list := deadlinesOf(dates, semester, class); len(list) > 0 {
			out[first.ForClass] = list
		}
		start = end
	}
	return out, nil
}

// applies says, in SQL, whether rule r applies to the class ?: a rule of a
// form's assignment applies only where the class has that assignment (the
// form in use, the half it gives).
const applies = `(r.item <> 'answers' OR EXISTS (SELECT 1 FROM assignments a
	WHERE a.class_id = ? AND a.form_id = r.form_id AND a.is_mid_semester = r.is_mid_semester))`

// deadlinesOf applies the rules that apply to a class to its dates.
func deadlinesOf(dates Dates, semester, class []Rule) []Deadline {
	own := make(map[Key]bool, len(class))
	for _, r := range class {
		own[r.Key] = true
	}
	out := []Deadline{}
	for _, r := range Effective(semester, class) {
		if due := r.Due(dates); due != nil {
			out = append(out, Deadline{Key: r.Key, DueDate: *due, Own: own[r.Key]})
		}
	}
	return out
}

// Find returns the deadline of key among list, or nil.
func Find(list []Deadline, k Key) *Deadline {
	for i := range list {
		if list[i].Key == k {
			return &list[i]
		}
	}
	return nil
}

// formInfo is what validation needs to know of a form.
type formInfo struct {
	ID         int64
	IsMainForm bool
	// Halves lists the halves the class has an assignment for (class
	// rules only).
	Halves []bool `gorm:"-"`
}

// validate checks rules and returns them as they are stored; forms are the
// forms a rule may name (for a class: those it uses, with their halves).
func validate(in []Rule, forms map[int64]formInfo, forClass bool) ([]Rule, error) {
	e := apperror.Invalidf("error.invalid")
	seen := map[Key]bool{}
	out := make([]Rule, 0, len(in))
	for i, r := range in {
		at := fmt.Sprintf("rules[%d].", i)
		bad := len(e.Fields)
		if !slices.Contains(Roles, r.Role) {
			e.Field(at+"role", "deadlines.roleInvalid", nil)
		}
		switch r.Item {
		case Answers:
			f, ok := forms[r.FormID]
			switch {
			case !ok && forClass:
				e.Field(at+"formId", "deadlines.formNotInClass", nil)
			case !ok:
				e.Field(at+"formId", "deadlines.formNotFound", nil)
			case forClass && !slices.Contains(f.Halves, r.IsMidSemester):
				e.Field(at+"isMidSemester", "deadlines.noSuchHalf", nil)
			case r.IsMidSemester && !f.IsMainForm:
				e.Field(at+"isMidSemester", "deadlines.noSuchHalf", nil)
			}
		case SigningEnd, Signature:
			if r.FormID != 0 || r.IsMidSemester {
				e.Field(at+"formId", "deadlines.signingHasNoForm", nil)
			}
			if r.Item == SigningEnd && r.Role != Teacher {
				e.Field(at+"role", "deadlines.endSectionByTeacher", nil)
			}
		default:
			e.Field(at+"item", "deadlines.itemInvalid", nil)
		}
		switch r.Anchor {
		case Fixed:
			if r.FixedDate == nil {
				e.Field(at+"fixedDate", "deadlines.fixedDateRequired", nil)
			}
			if r.OffsetDays != 0 {
				e.Field(at+"offsetDays", "deadlines.noOffsetWithFixedDate", nil)
			}
		case MidSemester, EndSemester:
			if r.FixedDate != nil {
				e.Field(at+"fixedDate", "deadlines.fixedDateOnlyWhenFixed", nil)
			}
			if r.OffsetDays < -MaxOffsetDays || r.OffsetDays > MaxOffsetDays {
				e.Field(at+"offsetDays", "deadlines.offsetTooLarge", map[string]any{"Max": MaxOffsetDays})
			}
		default:
			e.Field(at+"anchor", "deadlines.anchorInvalid", nil)
		}
		if len(e.Fields) > bad {
			continue
		}
		if seen[r.Key] {
			e.Field(at+"role", "deadlines.ruleTwice", nil)
			continue
		}
		seen[r.Key] = true
		out = append(out, r)
	}
	if len(e.Fields) > 0 {
		return nil, e
	}
	return out, nil
}

// store replaces the rules of one scope (column period_id or class_id).
func store(tx *gorm.DB, column string, id int64, list []Rule) error {
	if err := tx.Exec("DELETE FROM deadline_rules WHERE "+column+" = ?", id).Error; err != nil {
		return fmt.Errorf("clear deadline rules of %s %d: %w", column, id, err)
	}
	for _, r := range list {
		var form, fixed any
		if r.FormID != 0 {
			form = r.FormID
		}
		if r.FixedDate != nil {
			fixed = r.FixedDate.Format(time.DateOnly)
		}
		if err := tx.Exec(`INSERT INTO deadline_rules (`+column+`, item, form_id, is_mid_semester, role, anchor, offset_days, fixed_date)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, id, r.Item, form, r.IsMidSemester, r.Role, r.Anchor, r.OffsetDays, fixed).Error; err != nil {
			return fmt.Errorf("store deadline rule of %s %d: %w", column, id, err)
		}
	}
	return nil
}

// SaveSemester replaces a semester's rules. Each rule names a form that
// exists (the mid-semester half only of a main form), a role, and a valid
// anchor; each key at most once (Invalid otherwise). NotFound when there
// is no such semester.
func SaveSemester(ctx context.Context, periodID int64, in []Rule) (*SemesterRules, error) {
	if _, err := ForSemester(ctx, periodID); err != nil {
		return nil, err
	}
	tx, err := tenants.DB(ctx)
	if err != nil {
		return nil, err
	}
	var list []formInfo
	if err := tx.Raw("SELECT id, is_main_form FROM forms").Scan(&list).Error; err != nil {
		return nil, fmt.Errorf("load forms: %w", err)
	}
	forms := make(map[int64]formInfo, len(list))
	for _, f := range list {
		forms[f.ID] = f
	}
	valid, err := validate(in, forms, false)
	if err != nil {
		return nil, err
	}
	if err := store(tx, "period_id", periodID, valid); err != nil {
		return nil, err
	}
	if err := audit.Record(ctx, audit.Entry{Action: "deadlines.semesterSaved", Entity: "period", EntityID: periodID,
		Details: map[string]any{"rules": len(valid)}}); err != nil {
		return nil, err
	}
	return ForSemester(ctx, periodID)
}

// SaveClass replaces a class's own rules. A rule of a form's assignment
// names an assignment the class has; otherwise as SaveSemester. NotFound
// when there is no such class.
func SaveClass(ctx context.Context, classID int64, in []Rule) (*ClassRules, error) {
	tx, err := tenants.DB(ctx)
	if err != nil {
		return nil, err
	}
	if _, err := loadClass(tx, classID); err != nil {
		return nil, err
	}
	var halves []struct {
		FormID        int64
		IsMainForm    bool
		IsMidSemester bool
	}
	if err := tx.Raw(`SELECT a.form_id, f.is_main_form, a.is_mid_semester FROM assignments a JOIN forms f ON f.id = a.form_id
		WHERE a.class_id = ?`, classID).Scan(&halves).Error; err != nil {
		return nil, fmt.Errorf("load assignments of class %d: %w", classID, err)
	}
	forms := map[int64]formInfo{}
	for _, h := range halves {
		f := forms[h.FormID]
		f.ID, f.IsMainForm, f.Halves = h.FormID, h.IsMainForm, append(f.Halves, h.IsMidSemester)
		forms[h.FormID] = f
	}
	valid, err := validate(in, forms, true)
	if err != nil {
		return nil, err
	}
	if err := store(tx, "class_id", classID, valid); err != nil {
		return nil, err
	}
	if err := audit.Record(ctx, audit.Entry{Action: "deadlines.classSaved", Entity: "class", EntityID: classID, ClassID: classID,
		Details: map[string]any{"rules": len(valid)}}); err != nil {
		return nil, err
	}
	return ForClass(ctx, classID)
}

// CarryOver copies the rules of semester from to semester to, when the
// next semester is created, in one statement. Rules counting from a class's
// dates carry over as they are; a fixed date moves by the months between
// the semesters' starts (7 October in Høst 2026 becomes 7 April in Vår
// 2027; a day the target month lacks becomes its last day), and no later
// than the new semester's end.
func CarryOver(ctx context.Context, from, to *periods.Period) error {
	tx, err := tenants.DB(ctx)
	if err != nil {
		return err
	}
	months := (to.StartDate.Year()-from.StartDate.Year())*12 + int(to.StartDate.Month()-from.StartDate.Month())
	res := tx.Exec(`INSERT INTO deadline_rules (period_id, item, form_id, is_mid_semester, role, anchor, offset_days, fixed_date)
		SELECT @to, item, form_id, is_mid_semester, role, anchor, offset_days,
			CASE WHEN fixed_date IS NOT NULL
				THEN CAST(least(fixed_date + make_interval(months => @months), CAST(@last AS date)) AS date) END
		FROM deadline_rules WHERE period_id = @from`,
		map[string]any{"to": to.ID, "from": from.ID, "months": months, "last": to.EndDate.Format(time.DateOnly)})
	if res.Error != nil {
		return fmt.Errorf("copy deadline rules of semester %d to %d: %w", from.ID, to.ID, res.Error)
	}
	if res.RowsAffected == 0 {
		return nil
	}
	return audit.Record(ctx, audit.Entry{Action: "deadlines.carriedOver", Entity: "period", EntityID: to.ID,
		Details: map[string]any{"from": from.ID, "rules": res.RowsAffected}})
}
