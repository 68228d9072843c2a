package answers

import (
	"testing"
	"time"
)

// CountsFrom reads the answer counts as CountsSQL sends them, one array per
// column: each student gets every form and half of the class, counted where
// a set was and zero elsewhere; a class without sets (every column null)
// gives zeros; columns of different lengths are an error, not a guess.
func TestCountsFromColumns(t *testing.T) {
	const assignments = `[{"id": 10, "formId": 1, "mid": true, "name": "Hovedskjema", "main": true, "total": 24},
		{"id": 11, "formId": 1, "mid": false, "name": "Hovedskjema", "main": true, "total": 24}]`
	cases := []struct {
		name    string
		counted string
		// want is, per student, the answered numbers of student, advisor
		// and teacher in each half, mid first.
		want    map[int64][2][3]int
		wantErr string
	}{
		{name: "sets of several roles",
			counted: `{"s": [1, 1, 1, 2], "a": [10, 10, 11, 11], "r": ["student", "advisor", "teacher", "student"],
				"n": [24, 3, 5, 1], "d": [true, false, false, false], "w": ["2026-09-27T10:00:00Z", null, null, null]}`,
			want: map[int64][2][3]int{1: {{24, 3, 0}, {0, 0, 5}}, 2: {{0, 0, 0}, {1, 0, 0}}}},
		{name: "no sets",
			counted: `{"s": null, "a": null, "r": null, "n": null, "d": null, "w": null}`,
			want:    map[int64][2][3]int{1: {}, 2: {}}},
		{name: "columns of different lengths",
			counted: `{"s": [1, 2], "a": [10], "r": ["student"], "n": [1], "d": [false], "w": [null]}`,
			wantErr: "columns of 2, 1, 1, 1, 1 and 1 values"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := CountsFrom([]byte(assignments), []byte(c.counted), nil, []int64{1, 2}, time.Now())
			if failedAsWanted(t, err, c.wantErr) {
				return
			}
			for student, halves := range c.want {
				forms := got[student]
				if len(forms) != 1 || len(forms[0].Halves) != 2 {
					t.Fatalf("student %d: %+v, want one form with two halves", student, forms)
				}
				for i, h := range forms[0].Halves {
					if h.IsMidSemester != (i == 0) || h.Total != 24 {
						t.Errorf("student %d half %d: mid %v of %d questions", student, i, h.IsMidSemester, h.Total)
					}
					answered := [3]int{h.Student.Answered, h.Advisor.Answered, h.Teacher.Answered}
					if answered != halves[i] {
						t.Errorf("student %d half %d: answered %v, want %v", student, i, answered, halves[i])
					}
				}
			}
			if d := got[1][0].Halves[0].Student.Delivered; c.name == "sets of several roles" && !d {
				t.Error("student 1's delivered mid-placement set is not delivered")
			}
		})
	}
}

// Each role's deadline of each half comes with the counts, judged at the
// clock by the role's first delivery: delivered before the due day ended
// is on time, not delivered after it is overdue, still to come is open; a
// class's own rule overrides its semester's, and a half without a rule
// for a role has no deadline.
func TestCountsFromDeadlines(t *testing.T) {
	now := time.Date(2026, time.October, 5, 12, 0, 0, 0, time.UTC)
	const assignments = `[{"id": 10, "formId": 1, "mid": true, "name": "Hovedskjema", "main": true, "total": 24},
		{"id": 11, "formId": 1, "mid": false, "name": "Hovedskjema", "main": true, "total": 24}]`
	const counted = `{"s": [1, 1], "a": [10, 10], "r": ["student", "teacher"], "n": [24, 24], "d": [true, true],
		"w": ["2026-09-28T21:59:00Z", "2026-09-28T22:01:00Z"]}`
	const schedule = `{"mid": "2026-10-01", "end": "2026-12-10", "rules": [
		{"own": false, "item": "answers", "formId": 1, "mid": true, "role": "student", "anchor": "midSemester", "offset": -3, "fixed": null},
		{"own": false, "item": "answers", "formId": 1, "mid": true, "role": "teacher", "anchor": "midSemester", "offset": -3, "fixed": null},
		{"own": false, "item": "answers", "formId": 1, "mid": true, "role": "advisor", "anchor": "midSemester", "offset": 0, "fixed": null},
		{"own": true, "item": "answers", "formId": 1, "mid": true, "role": "advisor", "anchor": "fixed", "offset": 0, "fixed": "2026-09-20"},
		{"own": false, "item": "answers", "formId": 1, "mid": false, "role": "teacher", "anchor": "endSemester", "offset": 0, "fixed": null}]}`
	got, err := CountsFrom([]byte(assignments), []byte(counted), []byte(schedule), []int64{1, 2}, now)
	if err != nil {
		t.Fatal(err)
	}
	state := func(p RoleProgress) string {
		if p.Deadline == nil {
			return "none"
		}
		return p.Deadline.DueDate.Format(time.DateOnly) + " " + string(p.Deadline.State)
	}
	for _, tc := range []struct {
		student int64
		half    int
		role    string
		want    string
	}{
		{1, 0, "student", "2026-09-28 onTime"},
		{1, 0, "teacher", "2026-09-28 late"},
		{1, 0, "advisor", "2026-09-20 overdue"},
		{2, 0, "student", "2026-09-28 overdue"},
		{2, 1, "teacher", "2026-12-10 open"},
		{2, 1, "student", "none"},
	} {
		h := got[tc.student][0].Halves[tc.half]
		p := map[string]RoleProgress{"student": h.Student, "advisor": h.Advisor, "teacher": h.Teacher}[tc.role]
		if s := state(p); s != tc.want {
			t.Errorf("student %d half %d %s: %s, want %s", tc.student, tc.half, tc.role, s, tc.want)
		}
	}
}
