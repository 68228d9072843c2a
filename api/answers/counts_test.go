package answers

import "testing"

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
				"n": [24, 3, 5, 1], "d": [true, false, false, false]}`,
			want: map[int64][2][3]int{1: {{24, 3, 0}, {0, 0, 5}}, 2: {{0, 0, 0}, {1, 0, 0}}}},
		{name: "no sets",
			counted: `{"s": null, "a": null, "r": null, "n": null, "d": null}`,
			want:    map[int64][2][3]int{1: {}, 2: {}}},
		{name: "columns of different lengths",
			counted: `{"s": [1, 2], "a": [10], "r": ["student"], "n": [1], "d": [false]}`,
			wantErr: "columns of 2, 1, 1, 1 and 1 values"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := CountsFrom([]byte(assignments), []byte(c.counted), []int64{1, 2})
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
