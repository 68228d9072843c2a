package periods

import (
	"testing"
	"time"
)

func TestNext(t *testing.T) {
	day := func(y int, m time.Month, d int) time.Time { return time.Date(y, m, d, 12, 0, 0, 0, time.UTC) }
	host26 := &Period{Name: "Høst 2026", StartDate: DateOf(2026, time.July, 1), EndDate: DateOf(2026, time.December, 31)}
	var26 := &Period{Name: "Vår 2026", StartDate: DateOf(2026, time.January, 1), EndDate: DateOf(2026, time.June, 30)}
	cases := []struct {
		name       string
		current    *Period
		today      time.Time
		want       string
		start, end string
	}{
		{"after autumn", host26, day(2026, time.November, 21), "Vår 2027", "2027-01-01", "2027-06-30"},
		{"after spring", var26, day(2026, time.March, 2), "Høst 2026", "2026-07-01", "2026-12-31"},
		{"none, July", nil, day(2026, time.July, 1), "Høst 2026", "2026-07-01", "2026-12-31"},
		{"none, June", nil, day(2026, time.June, 30), "Vår 2026", "2026-01-01", "2026-06-30"},
		{"none, January", nil, day(2027, time.January, 3), "Vår 2027", "2027-01-01", "2027-06-30"},
	}
	for _, c := range cases {
		got := Next(c.current, c.today)
		if got.Name != c.want || got.StartDate.Format(time.DateOnly) != c.start || got.EndDate.Format(time.DateOnly) != c.end {
			t.Errorf("%s: got %s %s–%s, want %s %s–%s", c.name, got.Name, got.StartDate.Format(time.DateOnly), got.EndDate.Format(time.DateOnly), c.want, c.start, c.end)
		}
	}
}

func TestStatusOn(t *testing.T) {
	p := Period{StartDate: DateOf(2026, time.July, 1), EndDate: DateOf(2026, time.December, 31)}
	for day, want := range map[string]Status{"2026-06-30": Future, "2026-07-01": Current, "2026-12-31": Current, "2027-01-01": Previous} {
		d, _ := time.Parse(time.DateOnly, day)
		if got := p.StatusOn(d.Add(15 * time.Hour)); got != want {
			t.Errorf("%s: %s, want %s", day, got, want)
		}
	}
}
