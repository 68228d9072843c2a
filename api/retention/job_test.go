package retention

import (
	"testing"
	"time"
	_ "time/tzdata"
)

// The daily sweeps start at 02:30 Norwegian time, whenever the leader
// started, summer and winter.
func TestSweepsStartAtNight(t *testing.T) {
	oslo, err := time.LoadLocation("Europe/Oslo")
	if err != nil {
		t.Fatal(err)
	}
	s := nightly(2, 30)
	for _, c := range []struct {
		name string
		from time.Time
		want time.Time
	}{
		{"mid-morning, winter", time.Date(2026, 11, 27, 10, 15, 0, 0, oslo), time.Date(2026, 11, 28, 2, 30, 0, 0, oslo)},
		{"just after midnight", time.Date(2026, 11, 27, 0, 5, 0, 0, oslo), time.Date(2026, 11, 27, 2, 30, 0, 0, oslo)},
		{"at the time itself", time.Date(2026, 11, 27, 2, 30, 0, 0, oslo), time.Date(2026, 11, 28, 2, 30, 0, 0, oslo)},
		{"summer", time.Date(2026, 6, 15, 23, 59, 0, 0, oslo), time.Date(2026, 6, 16, 2, 30, 0, 0, oslo)},
		{"from UTC, late evening", time.Date(2026, 11, 27, 23, 0, 0, 0, time.UTC), time.Date(2026, 11, 28, 2, 30, 0, 0, oslo)},
		{"new year", time.Date(2026, 12, 31, 22, 0, 0, 0, oslo), time.Date(2027, 1, 1, 2, 30, 0, 0, oslo)},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := s.Next(c.from); !got.Equal(c.want) {
				t.Errorf("Next(%s) = %s, want %s", c.from, got.In(oslo), c.want)
			}
		})
	}
	// The night the clocks go forward has no 02:30; the sweeps still start
	// that night, once.
	got := s.Next(time.Date(2026, 3, 29, 0, 0, 0, 0, oslo)).In(oslo)
	if got.Day() != 29 || got.Hour() < 1 || got.Hour() > 3 {
		t.Errorf("on the night of the change to summer time the sweeps start at %s", got)
	}
	if next := s.Next(got); next.Sub(got) < 20*time.Hour {
		t.Errorf("the next start after %s is %s, the same night", got, next.In(oslo))
	}
}
