package classes

import (
	"testing"
	"time"

	"github.com/praksis/praksis/api/forms"
	"github.com/praksis/praksis/api/periods"
)

// The class page offers the mid-semester main form up to and including the
// class's mid-semester date, the end-semester one after it, and the
// end-semester one when there is no mid-semester date (spec §9).
func TestCurrentMainAssignment(t *testing.T) {
	main := forms.Summary{ID: 1, Name: "Hovedskjema", IsMainForm: true}
	other := forms.Summary{ID: 2, Name: "Legemidler", IsMainForm: false}
	second := forms.Summary{ID: 3, Name: "Hovedskjema 2", IsMainForm: true}
	withMain := []Assignment{
		{ID: 10, FormID: 1, IsMidSemester: true, Forms: []forms.Summary{main}},
		{ID: 11, FormID: 1, IsMidSemester: false, Forms: []forms.Summary{main}},
		{ID: 12, FormID: 2, IsMidSemester: false, Forms: []forms.Summary{other}},
		{ID: 13, FormID: 3, IsMidSemester: true, Forms: []forms.Summary{second}},
		{ID: 14, FormID: 3, IsMidSemester: false, Forms: []forms.Summary{second}},
	}
	endOnly := []Assignment{{ID: 20, FormID: 1, IsMidSemester: false, Forms: []forms.Summary{main}}}
	noMain := []Assignment{{ID: 30, FormID: 2, IsMidSemester: false, Forms: []forms.Summary{other}}}
	mid := periods.DateOf(2026, time.October, 1)
	oslo, err := time.LoadLocation("Europe/Oslo")
	if err != nil {
		oslo = time.UTC
	}
	cases := []struct {
		name        string
		assignments []Assignment
		mid         *periods.Date
		today       time.Time
		want        int64
	}{
		{"long before the mid date", withMain, &mid, time.Date(2026, time.August, 15, 9, 0, 0, 0, time.UTC), 10},
		{"the day before", withMain, &mid, time.Date(2026, time.September, 30, 23, 59, 0, 0, time.UTC), 10},
		{"on the mid date, morning", withMain, &mid, time.Date(2026, time.October, 1, 0, 0, 0, 0, time.UTC), 10},
		{"on the mid date, evening", withMain, &mid, time.Date(2026, time.October, 1, 23, 59, 59, 0, oslo), 10},
		{"the day after", withMain, &mid, time.Date(2026, time.October, 2, 0, 0, 1, 0, time.UTC), 11},
		{"long after", withMain, &mid, time.Date(2026, time.December, 20, 12, 0, 0, 0, time.UTC), 11},
		{"no mid date", withMain, nil, time.Date(2026, time.August, 15, 9, 0, 0, 0, time.UTC), 11},
		{"mid wanted but only an end assignment", endOnly, &mid, time.Date(2026, time.August, 15, 9, 0, 0, 0, time.UTC), 20},
		{"no main form", noMain, &mid, time.Date(2026, time.August, 15, 9, 0, 0, 0, time.UTC), 0},
		{"no assignments", nil, nil, time.Date(2026, time.August, 15, 9, 0, 0, 0, time.UTC), 0},
	}
	for _, c := range cases {
		got := CurrentMainAssignment(c.assignments, c.mid, c.today)
		var id int64
		if got != nil {
			id = got.ID
		}
		if id != c.want {
			t.Errorf("%s: assignment %d, want %d", c.name, id, c.want)
		}
	}
}
