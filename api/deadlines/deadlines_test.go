package deadlines

import (
	"testing"
	"time"

	"github.com/praksis/praksis/api/periods"
)

func date(s string) *periods.Date {
	t, err := time.Parse(time.DateOnly, s)
	if err != nil {
		panic(err)
	}
	return &periods.Date{Time: t}
}

func dateString(d *periods.Date) string {
	if d == nil {
		return "none"
	}
	return d.Format(time.DateOnly)
}

// Each kind of rule places its due date from the class's own dates, or on
// its fixed date; a rule counting from a date the class has not set gives
// no deadline.
func TestDue(t *testing.T) {
	both := Dates{Mid: date("2026-10-01"), End: date("2026-12-10")}
	for _, tc := range []struct {
		name  string
		when  When
		dates Dates
		want  string
	}{
		{"days before mid-semester", When{Anchor: MidSemester, OffsetDays: -3}, both, "2026-09-28"},
		{"on mid-semester", When{Anchor: MidSemester}, both, "2026-10-01"},
		{"days after the end", When{Anchor: EndSemester, OffsetDays: 7}, both, "2026-12-17"},
		{"days before the end, over a month", When{Anchor: EndSemester, OffsetDays: -10}, both, "2026-11-30"},
		{"fixed", When{Anchor: Fixed, FixedDate: date("2026-10-07")}, both, "2026-10-07"},
		{"fixed without class dates", When{Anchor: Fixed, FixedDate: date("2026-10-07")}, Dates{}, "2026-10-07"},
		{"mid-semester not set", When{Anchor: MidSemester, OffsetDays: -3}, Dates{End: both.End}, "none"},
		{"end not set", When{Anchor: EndSemester}, Dates{Mid: both.Mid}, "none"},
	} {
		if got := dateString(tc.when.Due(tc.dates)); got != tc.want {
			t.Errorf("%s: due %s, want %s", tc.name, got, tc.want)
		}
	}
}

// A class's rule replaces the semester's of the same key and adds those the
// semester lacks; the semester's other rules stay.
func TestEffective(t *testing.T) {
	student := Key{Item: Answers, FormID: 1, IsMidSemester: true, Role: Student}
	teacher := Key{Item: Answers, FormID: 1, IsMidSemester: true, Role: Teacher}
	sign := Key{Item: Signature, Role: Advisor}
	semester := []Rule{{Key: student, When: When{Anchor: MidSemester, OffsetDays: -3}}, {Key: teacher, When: When{Anchor: MidSemester}}}
	class := []Rule{{Key: teacher, When: When{Anchor: MidSemester, OffsetDays: 2}}, {Key: sign, When: When{Anchor: EndSemester, OffsetDays: 7}}}
	got := Effective(semester, class)
	want := []Rule{semester[0], class[0], class[1]}
	if len(got) != len(want) {
		t.Fatalf("effective %+v, want %+v", got, want)
	}
	for i := range want {
		if got[i].Key != want[i].Key || got[i].OffsetDays != want[i].OffsetDays || got[i].Anchor != want[i].Anchor {
			t.Errorf("rule %d: %+v, want %+v", i, got[i], want[i])
		}
	}
	if n := len(Effective(nil, nil)); n != 0 {
		t.Errorf("no rules give %d", n)
	}
}

// Delivered on time, delivered late, open and overdue are told apart by
// the end of the due day in Norway, whatever the clock's zone.
func TestStateOf(t *testing.T) {
	due := *date("2026-10-07")
	// 2026-10-07 ends at 22:00 UTC (summer time, UTC+2).
	ends := time.Date(2026, time.October, 7, 22, 0, 0, 0, time.UTC)
	before, after := ends.Add(-time.Minute), ends.Add(time.Minute)
	for _, tc := range []struct {
		name      string
		delivered *time.Time
		now       time.Time
		want      State
	}{
		{"not delivered, day not over", nil, before, Open},
		{"not delivered, day over", nil, after, Overdue},
		{"delivered in the last minute", &before, after.Add(48 * time.Hour), OnTime},
		{"delivered a minute after", &after, after.Add(48 * time.Hour), Late},
	} {
		if got := StateOf(due, tc.delivered, tc.now); got != tc.want {
			t.Errorf("%s: %s, want %s", tc.name, got, tc.want)
		}
	}
	if got := Passes(*date("2026-12-01")); !got.Equal(time.Date(2026, time.December, 1, 23, 0, 0, 0, time.UTC)) {
		t.Errorf("2026-12-01 (winter time, UTC+1) passes at %s, want 23:00 UTC that day", got.UTC())
	}
}

// The days left count calendar days in Norway: 0 on the day, negative after.
func TestDaysLeft(t *testing.T) {
	due := *date("2026-10-07")
	for _, tc := range []struct {
		now  time.Time
		want int
	}{
		{time.Date(2026, time.October, 4, 12, 0, 0, 0, time.UTC), 3},
		// 23:30 UTC on the 6th is already the 7th in Oslo.
		{time.Date(2026, time.October, 6, 23, 30, 0, 0, time.UTC), 0},
		{time.Date(2026, time.October, 8, 9, 0, 0, 0, time.UTC), -1},
	} {
		if got := DaysLeft(due, tc.now); got != tc.want {
			t.Errorf("at %s: %d days left, want %d", tc.now, got, tc.want)
		}
	}
}
