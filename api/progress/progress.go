// Package progress is a student's record across placements: for each
// competence area (question group) of the main assessment forms, the
// levels the student, the supervisor and the teacher gave at mid and end
// of every placement (class) the student has had, against the class's
// expectations. Forms change between semesters and subjects, so questions
// are matched by group name and, within a group, by question text; what
// cannot be matched is returned apart, never dropped.
//
// Who sees what: the student and the school's admins see every placement.
// A teacher or supervisor sees the placements they are part of, and, when
// the student has shared their record (Share), the end results of the
// placements before a current one they are part of.
package progress

import (
	"cmp"
	"math"
	"slices"
	"strings"
	"time"

	"github.com/praksis/praksis/api/answers"
)

// View is how much of a placement the caller sees.
type View string

// The views of a placement.
const (
	// ViewFull is mid and end, as on the placement's own pages.
	ViewFull View = "full"
	// ViewEndResults is the end levels and the result only: an earlier
	// placement the student has shared with the caller.
	ViewEndResults View = "endResults"
)

// Enum lists the views for the API document.
func (View) Enum() []any { return []any{ViewFull, ViewEndResults} }

// FormRef names a main form a placement used.
type FormRef struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
}

// Placement is one class the student has been in: the subject in a
// semester, with the signing form's result when there is one.
type Placement struct {
	ClassID     int64     `json:"classId"`
	PeriodID    int64     `json:"periodId"`
	PeriodName  string    `json:"periodName"`
	StartDate   string    `json:"startDate" format:"date"`
	EndDate     string    `json:"endDate" format:"date"`
	SubjectCode string    `json:"subjectCode"`
	SubjectName string    `json:"subjectName"`
	Forms       []FormRef `json:"forms" description:"The main forms the class used"`
	Result      *string   `json:"result" enum:"[\"passed\",\"failed\",null]" description:"The signing form's overall result; null while there is none"`
	View        View      `json:"view" description:"full: mid and end; endResults: the end levels and the result, shared by the student"`
}

// Cell is one question's levels in one half of one placement, as numbers
// for a chart: 0 is the first label (Selvstendig) and levels-1 the last. A
// role that marked the question not relevant has null and is listed in
// notRelevant; a role that has not answered has null.
type Cell struct {
	ClassID       int64          `json:"classId"`
	FormID        int64          `json:"formId"`
	QuestionID    int64          `json:"questionId"`
	IsMidSemester bool           `json:"isMidSemester"`
	Levels        int            `json:"levels" description:"The number of labels; levels run from 0 to levels-1"`
	Student       *int           `json:"student" minimum:"0"`
	Advisor       *int           `json:"advisor" minimum:"0"`
	Teacher       *int           `json:"teacher" minimum:"0"`
	Expected      *int           `json:"expected" minimum:"0" description:"The class's expectation; null when none was set"`
	NotRelevant   []answers.Role `json:"notRelevant"`
}

// Question is one question of an area with its cells, placement by
// placement (oldest first), mid before end.
type Question struct {
	Text  string `json:"text"`
	Cells []Cell `json:"cells"`
}

// Mean is an area's mean level per role in one half of one placement,
// over the questions that role gave a level (null when none).
type Mean struct {
	ClassID       int64    `json:"classId"`
	IsMidSemester bool     `json:"isMidSemester"`
	Student       *float64 `json:"student"`
	Advisor       *float64 `json:"advisor"`
	Teacher       *float64 `json:"teacher"`
	Expected      *float64 `json:"expected"`
}

// Area is a competence area (a question group of the main forms) with its
// questions and its mean levels, for the chart.
type Area struct {
	Name      string     `json:"name"`
	Questions []Question `json:"questions"`
	Means     []Mean     `json:"means" description:"Per placement and half (oldest first, mid before end): the mean level per role over the area's questions"`
}

// Record is a student's progress across placements as the caller may see
// it.
type Record struct {
	StudentUserID int64       `json:"studentUserId"`
	StudentName   string      `json:"studentName"`
	SharedAt      *time.Time  `json:"sharedAt" description:"When the student shared the end results of earlier placements with the teachers and supervisors of a current one; null when not shared"`
	Placements    []Placement `json:"placements" description:"Oldest first"`
	Areas         []Area      `json:"areas" description:"The questions found in two or more of the placements shown (or in the one, when only one is shown), matched by group name and question text"`
	Unmatched     []Area      `json:"unmatched" description:"The questions found in only one of several placements shown, by group"`
}

// assignment is a main-form assignment of one of the student's classes.
type assignment struct {
	ID      int64  `json:"id"`
	ClassID int64  `json:"classId"`
	FormID  int64  `json:"formId"`
	Mid     bool   `json:"mid"`
	Form    string `json:"form"`
}

// graded is a graded question of a main form.
type graded struct {
	ID     int64  `json:"id"`
	FormID int64  `json:"formId"`
	Group  string `json:"group"`
	Text   string `json:"text"`
	Levels int    `json:"levels"`
}

// expKey names an expectation: class, form, half, question.
type expKey struct {
	class, form int64
	mid         bool
	question    int64
}

// matchKey is how questions of different forms are matched: the group's
// name, then the question's text, without regard to case or spacing.
func matchKey(s string) string { return strings.ToLower(strings.Join(strings.Fields(s), " ")) }

// build lays the levels out by area and question for the placements
// shown (in their order). For each placement it takes the halves its view
// allows (an endResults placement only its end-semester assignments).
func build(shown []Placement, as []assignment, qs []graded, given map[int64]answers.Given, exp map[expKey]*string) (areas, unmatched []Area) {
	byForm := map[int64][]graded{}
	for _, q := range qs {
		byForm[q.FormID] = append(byForm[q.FormID], q)
	}
	type found struct {
		area, question string
	}
	type place struct {
		key     found
		group   string
		text    string
		cells   []Cell
		classes map[int64]bool
	}
	var order []found
	places := map[found]*place{}
	withQuestions := map[int64]bool{}
	for _, p := range shown {
		for _, a := range as {
			if a.ClassID != p.ClassID || (a.Mid && p.View == ViewEndResults) {
				continue
			}
			g := given[a.ID]
			for _, q := range byForm[a.FormID] {
				k := found{matchKey(q.Group), matchKey(q.Text)}
				pl := places[k]
				if pl == nil {
					pl = &place{key: k, group: q.Group, text: q.Text, classes: map[int64]bool{}}
					places[k] = pl
					order = append(order, k)
				}
				pl.classes[p.ClassID] = true
				withQuestions[p.ClassID] = true
				c := Cell{ClassID: p.ClassID, FormID: a.FormID, QuestionID: q.ID, IsMidSemester: a.Mid, Levels: q.Levels, NotRelevant: []answers.Role{}}
				for _, r := range []struct {
					role answers.Role
					of   map[int64]*string
					into **int
				}{{answers.RoleStudent, g.Student, &c.Student}, {answers.RoleAdvisor, g.Advisor, &c.Advisor}, {answers.RoleTeacher, g.Teacher, &c.Teacher}} {
					n, nr := answers.Level(r.of[q.ID], q.Levels)
					*r.into = n
					if nr {
						c.NotRelevant = append(c.NotRelevant, r.role)
					}
				}
				c.Expected, _ = answers.Level(exp[expKey{p.ClassID, a.FormID, a.Mid, q.ID}], q.Levels)
				pl.cells = append(pl.cells, c)
			}
		}
	}
	rank := map[int64]int{}
	for i, p := range shown {
		rank[p.ClassID] = i
	}
	areaAt := func(list *[]Area, idx map[string]int, k found, name string) *Area {
		i, ok := idx[k.area]
		if !ok {
			i = len(*list)
			idx[k.area] = i
			*list = append(*list, Area{Name: name, Questions: []Question{}})
		}
		return &(*list)[i]
	}
	matchedIdx, unmatchedIdx := map[string]int{}, map[string]int{}
	areas, unmatched = []Area{}, []Area{}
	for _, k := range order {
		pl := places[k]
		cells := pl.cells
		slices.SortStableFunc(cells, func(a, b Cell) int {
			return cmp.Or(cmp.Compare(rank[a.ClassID], rank[b.ClassID]), -cmpBool(a.IsMidSemester, b.IsMidSemester))
		})
		q := Question{Text: pl.text, Cells: cells}
		if len(withQuestions) > 1 && len(pl.classes) < 2 {
			a := areaAt(&unmatched, unmatchedIdx, k, pl.group)
			a.Questions = append(a.Questions, q)
			continue
		}
		a := areaAt(&areas, matchedIdx, k, pl.group)
		a.Questions = append(a.Questions, q)
	}
	for _, list := range [][]Area{areas, unmatched} {
		for i := range list {
			list[i].Means = meansOf(list[i].Questions, shown)
		}
	}
	return areas, unmatched
}

// cmpBool orders false before true.
func cmpBool(a, b bool) int {
	switch {
	case a == b:
		return 0
	case a:
		return 1
	}
	return -1
}

// meansOf is the area's mean level per role in each placement and half
// that has a cell, in the placements' order, mid before end.
func meansOf(qs []Question, shown []Placement) []Mean {
	type half struct {
		class int64
		mid   bool
	}
	type sums struct{ s, a, t, e, ns, na, nt, ne float64 }
	got := map[half]*sums{}
	for _, q := range qs {
		for _, c := range q.Cells {
			h := half{c.ClassID, c.IsMidSemester}
			if got[h] == nil {
				got[h] = &sums{}
			}
			x := got[h]
			add := func(v *int, sum, n *float64) {
				if v != nil {
					*sum += float64(*v)
					*n++
				}
			}
			add(c.Student, &x.s, &x.ns)
			add(c.Advisor, &x.a, &x.na)
			add(c.Teacher, &x.t, &x.nt)
			add(c.Expected, &x.e, &x.ne)
		}
	}
	mean := func(sum, n float64) *float64 {
		if n == 0 {
			return nil
		}
		m := math.Round(sum/n*100) / 100
		return &m
	}
	out := []Mean{}
	for _, p := range shown {
		for _, mid := range []bool{true, false} {
			x := got[half{p.ClassID, mid}]
			if x == nil {
				continue
			}
			out = append(out, Mean{ClassID: p.ClassID, IsMidSemester: mid, Student: mean(x.s, x.ns), Advisor: mean(x.a, x.na),
				Teacher: mean(x.t, x.nt), Expected: mean(x.e, x.ne)})
		}
	}
	return out
}
