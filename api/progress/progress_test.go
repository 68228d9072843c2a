package progress

import (
	"encoding/json"
	"testing"

	"github.com/praksis/praksis/api/answers"
	"github.com/praksis/praksis/api/auth"
	"github.com/praksis/praksis/api/users"
)

func sp(s string) *string { return &s }

// Questions of different forms are matched by group name and question
// text, without regard to case or spacing; a question found in only one of
// several placements is returned apart, under its group; an endResults
// placement contributes its end half only; and the area's means are per
// placement and half.
func TestBuildMatchesAcrossForms(t *testing.T) {
	shown := []Placement{
		{ClassID: 1, View: ViewEndResults},
		{ClassID: 2, View: ViewFull},
		{ClassID: 3, View: ViewFull},
	}
	as := []assignment{
		{ID: 11, ClassID: 1, FormID: 100, Mid: true}, {ID: 12, ClassID: 1, FormID: 100},
		{ID: 21, ClassID: 2, FormID: 200, Mid: true}, {ID: 22, ClassID: 2, FormID: 200},
		{ID: 31, ClassID: 3, FormID: 200, Mid: true}, {ID: 32, ClassID: 3, FormID: 200},
	}
	qs := []graded{
		{ID: 1001, FormID: 100, Group: "Kommunikasjon", Text: "Kommuniserer med pasienten", Levels: 5},
		{ID: 1002, FormID: 100, Group: "Kommunikasjon", Text: "Gammelt spørsmål", Levels: 5},
		{ID: 1003, FormID: 100, Group: "Hygiene", Text: "Vasker hendene", Levels: 5},
		{ID: 2001, FormID: 200, Group: " kommunikasjon ", Text: "kommuniserer  med PASIENTEN", Levels: 5},
		{ID: 2002, FormID: 200, Group: "Etikk og lovverk", Text: "Ivaretar taushetsplikten", Levels: 5},
	}
	given := map[int64]answers.Given{
		11: {Student: map[int64]*string{1001: sp("4")}},
		12: {Student: map[int64]*string{1001: sp("3"), 1002: sp("5")}, Teacher: map[int64]*string{1001: sp("2")}},
		22: {Student: map[int64]*string{2001: sp("1"), 2002: sp("2")}, Advisor: map[int64]*string{2001: sp("2")}},
		32: {Student: map[int64]*string{2001: sp("0")}},
	}
	exp := map[expKey]*string{{3, 200, false, 2001}: sp("1")}
	areas, unmatched := build(shown, as, qs, given, exp)

	if len(areas) != 2 || areas[0].Name != "Kommunikasjon" || areas[1].Name != "Etikk og lovverk" {
		t.Fatalf("areas: %+v", areas)
	}
	kom := areas[0]
	if len(kom.Questions) != 1 || kom.Questions[0].Text != "Kommuniserer med pasienten" {
		t.Fatalf("Kommunikasjon questions: %+v", kom.Questions)
	}
	var got []string
	for _, c := range kom.Questions[0].Cells {
		b, _ := json.Marshal(struct {
			C   int64
			Mid bool
			S   *int
			A   *int
			T   *int
			E   *int
		}{c.ClassID, c.IsMidSemester, c.Student, c.Advisor, c.Teacher, c.Expected})
		got = append(got, string(b))
	}
	want := []string{
		// Class 1 is shown with its end results only: no mid cell.
		`{"C":1,"Mid":false,"S":3,"A":null,"T":2,"E":null}`,
		`{"C":2,"Mid":true,"S":null,"A":null,"T":null,"E":null}`,
		`{"C":2,"Mid":false,"S":1,"A":2,"T":null,"E":null}`,
		`{"C":3,"Mid":true,"S":null,"A":null,"T":null,"E":null}`,
		`{"C":3,"Mid":false,"S":0,"A":null,"T":null,"E":1}`,
	}
	if len(got) != len(want) {
		t.Fatalf("cells:\n%v\nwant\n%v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("cell %d: %s, want %s", i, got[i], want[i])
		}
	}
	// "Etikk og lovverk" is in the forms of classes 2 and 3: matched.
	if q := areas[1].Questions; len(q) != 1 || len(q[0].Cells) != 4 {
		t.Errorf("Etikk og lovverk: %+v", q)
	}
	// Found in class 1 only: apart, under their groups, the not-relevant
	// mark kept.
	if len(unmatched) != 2 || unmatched[0].Name != "Kommunikasjon" || unmatched[1].Name != "Hygiene" {
		t.Fatalf("unmatched: %+v", unmatched)
	}
	old := unmatched[0].Questions[0]
	if old.Text != "Gammelt spørsmål" || len(old.Cells) != 1 || old.Cells[0].Student != nil ||
		len(old.Cells[0].NotRelevant) != 1 || old.Cells[0].NotRelevant[0] != answers.RoleStudent {
		t.Errorf("unmatched question: %+v", old)
	}
	// Means: class 1 end, student 3 (one question), teacher 2.
	m := kom.Means
	if len(m) != 5 || m[0].ClassID != 1 || m[0].IsMidSemester || *m[0].Student != 3 || *m[0].Teacher != 2 || m[0].Advisor != nil {
		t.Errorf("means: %+v", m)
	}
}

// With one placement shown there is nothing to match against: every
// question is in the areas.
func TestBuildOnePlacementMatchesAll(t *testing.T) {
	areas, unmatched := build([]Placement{{ClassID: 1, View: ViewFull}},
		[]assignment{{ID: 12, ClassID: 1, FormID: 100}},
		[]graded{{ID: 1, FormID: 100, Group: "A", Text: "x", Levels: 5}, {ID: 2, FormID: 100, Group: "B", Text: "y", Levels: 5}},
		map[int64]answers.Given{}, nil)
	if len(areas) != 2 || len(unmatched) != 0 {
		t.Errorf("areas %+v, unmatched %+v", areas, unmatched)
	}
}

// Who sees which placement: the student and admins all in full; a teacher
// or supervisor their own; with the student's consent, also the end
// results of the placements before a current one they teach or supervise
// in; another supervisor of the class, a past teacher or anyone without a
// relation never the earlier ones.
func TestSees(t *testing.T) {
	const student = 7
	rows := []placementRow{
		{ClassID: 1, Start: "2025-07-01", End: "2025-12-31"},
		{ClassID: 2, Start: "2026-01-01", End: "2026-06-30"},
		{ClassID: 3, Start: "2026-07-01", End: "2026-12-31"},
	}
	with := func(class int64, mod func(*placementRow)) []placementRow {
		out := append([]placementRow(nil), rows...)
		for i := range out {
			if out[i].ClassID == class {
				mod(&out[i])
			}
		}
		return out
	}
	caller := func(id int64, roles ...int64) *auth.Caller { return &auth.Caller{UserID: id, Roles: roles} }
	const today = "2026-09-15"
	for _, c := range []struct {
		name   string
		caller *auth.Caller
		rows   []placementRow
		shared bool
		want   map[int64]View
	}{
		{"the student", caller(student, users.RoleStudent), rows, false, map[int64]View{1: ViewFull, 2: ViewFull, 3: ViewFull}},
		{"an admin", caller(1, users.RoleAdmin), rows, false, map[int64]View{1: ViewFull, 2: ViewFull, 3: ViewFull}},
		{"current teacher, not shared", caller(2, users.RoleTeacher), with(3, func(r *placementRow) { r.Teacher = true }), false, map[int64]View{3: ViewFull}},
		{"current teacher, shared", caller(2, users.RoleTeacher), with(3, func(r *placementRow) { r.Teacher = true }), true,
			map[int64]View{1: ViewEndResults, 2: ViewEndResults, 3: ViewFull}},
		{"own supervisor, shared", caller(3, users.RoleAdvisor), with(3, func(r *placementRow) { r.OwnAdvisor = true; r.ClassAdvisor = true }), true,
			map[int64]View{1: ViewEndResults, 2: ViewEndResults, 3: ViewFull}},
		{"another supervisor of the class, shared", caller(4, users.RoleAdvisor), with(3, func(r *placementRow) { r.ClassAdvisor = true }), true, map[int64]View{3: ViewFull}},
		{"a past teacher, shared", caller(5, users.RoleTeacher), with(2, func(r *placementRow) { r.Teacher = true }), true, map[int64]View{2: ViewFull}},
		{"teacher membership without the role, shared", caller(2, users.RoleStudent), with(3, func(r *placementRow) { r.Teacher = true }), true, nil},
		{"another student", caller(8, users.RoleStudent), rows, true, nil},
		{"a teacher of no class of the student", caller(9, users.RoleTeacher), rows, true, nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, err := sees(c.caller, student, c.rows, c.shared, today)
			if c.want == nil {
				if err == nil {
					t.Fatalf("sees %v, want refused", got)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if len(got) != len(c.want) {
				t.Fatalf("sees %v, want %v", got, c.want)
			}
			for k, v := range c.want {
				if got[k] != v {
					t.Errorf("class %d: %q, want %q", k, got[k], v)
				}
			}
		})
	}
}
