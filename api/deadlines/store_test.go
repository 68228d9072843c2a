package deadlines

import (
	"context"
	"strings"
	"testing"
	"time"
	_ "time/tzdata"

	"github.com/praksis/praksis/api/clock"

	"gorm.io/gorm"

	"github.com/praksis/praksis/api/apperror"
	"github.com/praksis/praksis/api/periods"
	"github.com/praksis/praksis/tenants/testdb"
)

// school is a school with the autumn semester 2026, a main form and an
// end-only form, and two classes using both (one with dates, one without).
type school struct {
	db                      *testdb.DB
	period, main, other     int64
	dated, undated, subject int64
}

func newSchool(t *testing.T) *school {
	t.Helper()
	db := testdb.New(t)
	db.School(t, "skole-a", "Skole A")
	s := &school{db: db}
	s.period = s.id(t, "INSERT INTO periods (name, start_date, end_date) VALUES ('Høst 2026', '2026-07-01', '2026-12-31') RETURNING id")
	s.main = s.id(t, "INSERT INTO forms (name, is_main_form) VALUES ('Hovedskjema', true) RETURNING id")
	s.other = s.id(t, "INSERT INTO forms (name) VALUES ('Refleksjon') RETURNING id")
	for i, dates := range []string{"'2026-10-01', '2026-12-10'", "null, null"} {
		subject := s.id(t, "INSERT INTO subjects (subject_code, name) VALUES (?, 'Praksis') RETURNING id", []string{"SYKP1", "SYKP2"}[i])
		class := s.id(t, "INSERT INTO classes (period_id, subject_id, mid_semester_date, end_semester_date) VALUES (?, ?, "+dates+") RETURNING id", s.period, subject)
		db.Exec(t, "skole-a", "INSERT INTO class_forms (class_id, form_id) VALUES (?, ?), (?, ?)", class, s.main, class, s.other)
		db.Exec(t, "skole-a", "INSERT INTO assignments (class_id, form_id, is_mid_semester) VALUES (?, ?, true), (?, ?, false), (?, ?, false)",
			class, s.main, class, s.main, class, s.other)
		if i == 0 {
			s.dated, s.subject = class, subject
		} else {
			s.undated = class
		}
	}
	return s
}

func (s *school) id(t *testing.T, sql string, args ...any) int64 {
	t.Helper()
	var id int64
	if err := s.db.InScopeTest("skole-a", func(_ context.Context, tx *gorm.DB) error {
		return tx.Raw(sql, args...).Scan(&id).Error
	}); err != nil {
		t.Fatalf("%s: %v", sql, err)
	}
	return id
}

func (s *school) in(t *testing.T, fn func(ctx context.Context) error) error {
	t.Helper()
	return s.db.InScopeTest("skole-a", func(ctx context.Context, _ *gorm.DB) error { return fn(ctx) })
}

func (s *school) classRules(t *testing.T, classID int64) *ClassRules {
	t.Helper()
	var out *ClassRules
	if err := s.in(t, func(ctx context.Context) (err error) { out, err = ForClass(ctx, classID); return err }); err != nil {
		t.Fatalf("rules of class %d: %v", classID, err)
	}
	return out
}

// dueDates renders a class's deadlines as "item/form/half/role=date" for
// comparing in one go.
func (s *school) dueDates(t *testing.T, classID int64) string {
	t.Helper()
	var parts []string
	for _, d := range s.classRules(t, classID).Deadlines {
		form := map[int64]string{0: "-", s.main: "main", s.other: "other"}[d.FormID]
		half := "end"
		if d.IsMidSemester {
			half = "mid"
		}
		own := ""
		if d.Own {
			own = "*"
		}
		parts = append(parts, string(d.Item)+"/"+form+"/"+half+"/"+string(d.Role)+"="+d.DueDate.Format(time.DateOnly)+own)
	}
	return strings.Join(parts, " ")
}

// A semester's rules give each of its classes due dates from the class's
// own dates; a class's rule overrides the semester's of the same key; a
// class without dates gets only the fixed ones; moving a class's dates
// moves its deadlines; no rules, no deadlines.
func TestRulesGiveDeadlines(t *testing.T) {
	s := newSchool(t)
	if got := s.dueDates(t, s.dated); got != "" {
		t.Fatalf("without rules: %q, want no deadlines", got)
	}
	semester := []Rule{
		{Key{Answers, s.main, true, Student}, When{Anchor: MidSemester, OffsetDays: -3}},
		{Key{Answers, s.main, true, Advisor}, When{Anchor: MidSemester}},
		{Key{Answers, s.main, false, Teacher}, When{Anchor: EndSemester, OffsetDays: 2}},
		{Key{Answers, s.other, false, Student}, When{Anchor: Fixed, FixedDate: date("2026-11-15")}},
		{Key{SigningEnd, 0, false, Teacher}, When{Anchor: EndSemester, OffsetDays: 3}},
		{Key{Signature, 0, false, Advisor}, When{Anchor: EndSemester, OffsetDays: 7}},
	}
	if err := s.in(t, func(ctx context.Context) error { _, err := SaveSemester(ctx, s.period, semester); return err }); err != nil {
		t.Fatalf("save semester rules: %v", err)
	}
	want := "answers/main/mid/student=2026-09-28 answers/main/mid/advisor=2026-10-01 answers/main/end/teacher=2026-12-12 " +
		"answers/other/end/student=2026-11-15 signingEnd/-/end/teacher=2026-12-13 signature/-/end/advisor=2026-12-17"
	if got := s.dueDates(t, s.dated); got != want {
		t.Errorf("semester rules:\n got %s\nwant %s", got, want)
	}
	if got := s.dueDates(t, s.undated); got != "answers/other/end/student=2026-11-15" {
		t.Errorf("class without dates: %q, want the fixed date only", got)
	}

	override := []Rule{
		{Key{Answers, s.main, true, Advisor}, When{Anchor: MidSemester, OffsetDays: 2}},
		{Key{Signature, 0, false, Student}, When{Anchor: Fixed, FixedDate: date("2026-12-20")}},
	}
	if err := s.in(t, func(ctx context.Context) error { _, err := SaveClass(ctx, s.dated, override); return err }); err != nil {
		t.Fatalf("save class rules: %v", err)
	}
	want = "answers/main/mid/student=2026-09-28 answers/main/mid/advisor=2026-10-03* answers/main/end/teacher=2026-12-12 " +
		"answers/other/end/student=2026-11-15 signingEnd/-/end/teacher=2026-12-13 signature/-/end/advisor=2026-12-17 signature/-/end/student=2026-12-20*"
	if got := s.dueDates(t, s.dated); got != want {
		t.Errorf("with the class's own rules:\n got %s\nwant %s", got, want)
	}
	if got := s.dueDates(t, s.undated); got != "answers/other/end/student=2026-11-15" {
		t.Errorf("another class's rules leaked: %q", got)
	}
	r := s.classRules(t, s.dated)
	if len(r.Semester) != len(semester) || len(r.Class) != len(override) || r.PeriodID != s.period {
		t.Errorf("class rules: %d of the semester, %d own (semester %d), want %d, %d (%d)", len(r.Semester), len(r.Class), r.PeriodID, len(semester), len(override), s.period)
	}

	// The admin moves the class's dates: its deadlines follow.
	if err := s.db.InScopeTest("skole-a", func(ctx context.Context, tx *gorm.DB) error {
		return tx.Exec("UPDATE classes SET mid_semester_date = '2026-10-15', end_semester_date = '2026-12-01' WHERE id = ?", s.dated).Error
	}); err != nil {
		t.Fatal(err)
	}
	want = "answers/main/mid/student=2026-10-12 answers/main/mid/advisor=2026-10-17* answers/main/end/teacher=2026-12-03 " +
		"answers/other/end/student=2026-11-15 signingEnd/-/end/teacher=2026-12-04 signature/-/end/advisor=2026-12-08 signature/-/end/student=2026-12-20*"
	if got := s.dueDates(t, s.dated); got != want {
		t.Errorf("after moving the dates:\n got %s\nwant %s", got, want)
	}

	// A form the class stops using takes its deadlines with it.
	s.db.Exec(t, "skole-a", "DELETE FROM class_forms WHERE class_id = ? AND form_id = ?", s.undated, s.other)
	if got := s.dueDates(t, s.undated); got != "" {
		t.Errorf("after removing the form: %q, want none", got)
	}

	// Saving an empty set removes the class's own rules.
	if err := s.in(t, func(ctx context.Context) error { _, err := SaveClass(ctx, s.dated, nil); return err }); err != nil {
		t.Fatal(err)
	}
	if r := s.classRules(t, s.dated); len(r.Class) != 0 || len(r.Deadlines) != len(semester) {
		t.Errorf("after clearing the class's rules: %d own, %d deadlines", len(r.Class), len(r.Deadlines))
	}
}

// Rules that name what does not exist, a half the form does not have, a
// role the item has no place for, or an anchor without its date are
// refused with the field named, and nothing is saved.
func TestRulesRefused(t *testing.T) {
	s := newSchool(t)
	fixed := date("2026-10-07")
	for _, tc := range []struct {
		name  string
		class bool
		rule  Rule
		field string
	}{
		{"unknown form", false, Rule{Key{Answers, 999999, false, Student}, When{Anchor: EndSemester}}, "rules[0].formId"},
		{"mid-semester of a form that is not a main form", false, Rule{Key{Answers, s.other, true, Student}, When{Anchor: MidSemester}}, "rules[0].isMidSemester"},
		{"unknown role", false, Rule{Key{Answers, s.main, false, "admin"}, When{Anchor: EndSemester}}, "rules[0].role"},
		{"unknown item", false, Rule{Key{"warning", 0, false, Teacher}, When{Anchor: EndSemester}}, "rules[0].item"},
		{"end section by the student", false, Rule{Key{SigningEnd, 0, false, Student}, When{Anchor: EndSemester}}, "rules[0].role"},
		{"signature naming a form", false, Rule{Key{Signature, s.main, false, Student}, When{Anchor: EndSemester}}, "rules[0].formId"},
		{"fixed without a date", false, Rule{Key{Answers, s.main, false, Student}, When{Anchor: Fixed}}, "rules[0].fixedDate"},
		{"fixed with days", false, Rule{Key{Answers, s.main, false, Student}, When{Anchor: Fixed, OffsetDays: 2, FixedDate: fixed}}, "rules[0].offsetDays"},
		{"relative with a date", false, Rule{Key{Answers, s.main, false, Student}, When{Anchor: EndSemester, FixedDate: fixed}}, "rules[0].fixedDate"},
		{"too many days", false, Rule{Key{Answers, s.main, false, Student}, When{Anchor: EndSemester, OffsetDays: 400}}, "rules[0].offsetDays"},
		{"unknown anchor", false, Rule{Key{Answers, s.main, false, Student}, When{Anchor: "start"}}, "rules[0].anchor"},
		{"form the class does not use", true, Rule{Key{Answers, 999999, false, Student}, When{Anchor: EndSemester}}, "rules[0].formId"},
	} {
		err := s.in(t, func(ctx context.Context) error {
			var err error
			if tc.class {
				_, err = SaveClass(ctx, s.dated, []Rule{tc.rule})
			} else {
				_, err = SaveSemester(ctx, s.period, []Rule{tc.rule})
			}
			return err
		})
		e, ok := apperror.As(err)
		if !ok || e.Kind != apperror.Invalid || len(e.Fields) == 0 || e.Fields[0].Reason != tc.field {
			t.Errorf("%s: %v, want invalid %s", tc.name, err, tc.field)
		}
	}
	twice := []Rule{{Key{Signature, 0, false, Student}, When{Anchor: EndSemester}}, {Key{Signature, 0, false, Student}, When{Anchor: EndSemester, OffsetDays: 1}}}
	err := s.in(t, func(ctx context.Context) error { _, err := SaveSemester(ctx, s.period, twice); return err })
	if e, ok := apperror.As(err); !ok || len(e.Fields) != 1 || e.Fields[0].Reason != "rules[1].role" {
		t.Errorf("the same key twice: %v", err)
	}
	for name, save := range map[string]func(ctx context.Context) error{
		"semester": func(ctx context.Context) error { _, err := SaveSemester(ctx, 999999, nil); return err },
		"class":    func(ctx context.Context) error { _, err := SaveClass(ctx, 999999, nil); return err },
	} {
		if err := s.in(t, save); apperror.KindOf(err) != apperror.NotFound {
			t.Errorf("unknown %s: %v, want not found", name, err)
		}
	}
	if r := s.classRules(t, s.dated); len(r.Semester)+len(r.Class) != 0 {
		t.Errorf("refused rules were saved: %+v", r)
	}
}

// Creating the next semester copies the current one's rules to it, fixed
// dates six months on; the classes of the new semester get deadlines from
// them, and the old semester keeps its own.
func TestNextSemesterCarriesRulesOver(t *testing.T) {
	s := newSchool(t)
	clock.Base = func() time.Time { return time.Date(2026, time.November, 21, 10, 0, 0, 0, time.UTC) }
	defer func() { clock.Base = time.Now }()
	rules := []Rule{
		{Key{Answers, s.main, true, Student}, When{Anchor: MidSemester, OffsetDays: -3}},
		{Key{Answers, s.other, false, Student}, When{Anchor: Fixed, FixedDate: date("2026-11-15")}},
		{Key{Signature, 0, false, Student}, When{Anchor: Fixed, FixedDate: date("2026-08-31")}},
		{Key{Signature, 0, false, Teacher}, When{Anchor: Fixed, FixedDate: date("2026-12-31")}},
	}
	var next *periods.Period
	if err := s.in(t, func(ctx context.Context) error {
		if _, err := SaveSemester(ctx, s.period, rules); err != nil {
			return err
		}
		var err error
		next, err = periods.CreateNext(ctx, nil, CarryOver)
		return err
	}); err != nil {
		t.Fatalf("create next semester: %v", err)
	}
	var got *SemesterRules
	if err := s.in(t, func(ctx context.Context) (err error) { got, err = ForSemester(ctx, next.ID); return err }); err != nil {
		t.Fatal(err)
	}
	// Six months on; 31 August has no 31 February; 31 December would be
	// past the semester.
	wantFixed := []string{"none", "2027-05-15", "2027-02-28", "2027-06-30"}
	if len(got.Rules) != len(rules) {
		t.Fatalf("rules of %s: %+v", next.Name, got.Rules)
	}
	for i, r := range got.Rules {
		if r.Key != rules[i].Key || r.OffsetDays != rules[i].OffsetDays || r.Anchor != rules[i].Anchor || dateString(r.FixedDate) != wantFixed[i] {
			t.Errorf("rule %d of %s: %+v (fixed %s), want %+v (fixed %s)", i, next.Name, r, dateString(r.FixedDate), rules[i], wantFixed[i])
		}
	}
	class := s.id(t, "INSERT INTO classes (period_id, subject_id, mid_semester_date) VALUES (?, ?, '2027-03-10') RETURNING id", next.ID, s.subject)
	s.db.Exec(t, "skole-a", "INSERT INTO class_forms (class_id, form_id) VALUES (?, ?)", class, s.main)
	s.db.Exec(t, "skole-a", "INSERT INTO assignments (class_id, form_id, is_mid_semester) VALUES (?, ?, true)", class, s.main)
	if got := s.dueDates(t, class); got != "answers/main/mid/student=2027-03-07 signature/-/end/student=2027-02-28 signature/-/end/teacher=2027-06-30" {
		t.Errorf("class of %s: %q", next.Name, got)
	}
	if got := s.dueDates(t, s.dated); !strings.Contains(got, "answers/other/end/student=2026-11-15") {
		t.Errorf("the old semester's class lost its deadline: %q", got)
	}
}
