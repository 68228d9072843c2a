package classes

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/praksis/praksis/api/dbjson"
)

// The class page gets who follows each student as one array per column, in
// no order: the overview lists each student's supervisors primary first,
// then by name (a row without a supervisor last), then by id, and takes the
// first teacher in that order as the student's; columns of different
// lengths are an error.
func TestOverviewRefsFromColumns(t *testing.T) {
	students := `[{"id": 1, "name": "Ola", "email": "ola@s.test"}, {"id": 2, "name": "Kari", "email": "kari@s.test"}]`
	cases := []struct {
		name, refs string
		// want is per student: teacher, then the supervisors in order
		// (* for the primary).
		want    map[int64]string
		wantErr string
	}{
		{name: "in no order",
			refs: `{"id": [5, 4, 3, 2, 1], "s": [1, 2, 1, 1, 1], "a": [12, null, 11, 13, null],
				"an": ["Per", null, "Anne", "Berit", null], "ae": ["p@x", null, "a@x", "b@x", null], "ap": [null, null, null, null, null],
				"t": [null, 21, 20, null, 22], "tn": [null, "Marte", "Jonas", null, "Siri"], "p": [false, false, true, false, false]}`,
			want: map[int64]string{1: "Jonas: Anne* Berit Per", 2: "Marte:"}},
		{name: "no one follows anyone",
			refs: `{"id": null, "s": null, "a": null, "an": null, "ae": null, "ap": null, "t": null, "tn": null, "p": null}`,
			want: map[int64]string{1: "-:", 2: "-:"}},
		{name: "columns of different lengths",
			refs:    `{"id": [1, 2], "s": [1], "a": [null], "an": [null], "ae": [null], "ap": [null], "t": [null], "tn": [null], "p": [false]}`,
			wantErr: "supervisor columns of 2 and 1 values"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			st := &overviewState{Students: []byte(students), Refs: []byte(c.refs), Warnings: []byte(`[]`), Signing: []byte(`[]`),
				ClassAssignments: []byte(`[]`), AnswerCounts: []byte(`{"s": null, "a": null, "r": null, "n": null, "d": null}`)}
			out, err := st.overview(false, 99, time.Now())
			if c.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), c.wantErr) {
					t.Fatalf("error %v, want one saying %q", err, c.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			got := map[int64]string{}
			for _, s := range out {
				teacher := "-"
				if s.Teacher != nil {
					teacher = s.Teacher.DisplayName
				}
				var sup []string
				for _, v := range s.Supervisors {
					mark := ""
					if v.IsPrimary {
						mark = "*"
					}
					sup = append(sup, v.DisplayName+mark)
				}
				got[s.ID] = strings.TrimSpace(fmt.Sprintf("%s: %s", teacher, strings.Join(sup, " ")))
			}
			for id, want := range c.want {
				if got[id] != want {
					t.Errorf("student %d: %q, want %q", id, got[id], want)
				}
			}
		})
	}
	// The columns decode as the statement sends them.
	var cols refColumns
	if err := dbjson.Decode([]byte(`{"id": [1], "s": [2], "a": [3], "an": ["A"], "ae": ["a@x"], "ap": ["+47 1"], "t": [4], "tn": ["T"], "p": [true]}`), &cols); err != nil {
		t.Fatal(err)
	}
	if rows, err := cols.rows(); err != nil || len(rows) != 1 || *rows[0].ap != "+47 1" || !rows[0].p {
		t.Fatalf("rows %+v, %v", rows, err)
	}
}
