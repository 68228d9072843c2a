package reports

import (
	"bytes"
	"path/filepath"
	"testing"

	"github.com/praksis/praksis/api/goldenfile"
)

// late is a late count that a deadline sets.
func late(n int) *int { return &n }

// shownReport is a semester of one class with every section filled: the
// student's and teacher's mid-semester assessments have deadlines, the
// rest none.
func shownReport() *SemesterReport {
	return &SemesterReport{PeriodID: 1, PeriodName: "Høst 2026", Classes: []ClassReport{{
		ClassID: 1, SubjectID: 1, SubjectCode: "SYKP2100", SubjectName: "Medisinsk og kirurgisk praksis", Students: 3,
		Assessments: []Assessment{
			{FormID: 1, FormName: "Hovedskjema", IsMainForm: true, IsMidSemester: true,
				Student: RoleCounts{Delivered: 3, Late: late(0)}, Advisor: RoleCounts{Delivered: 2, Missing: 1}, Teacher: RoleCounts{Delivered: 1, Missing: 2, Late: late(2)}},
			{FormID: 1, FormName: "Hovedskjema", IsMainForm: true,
				Student: RoleCounts{Delivered: 1, Missing: 2}, Advisor: RoleCounts{Missing: 3}, Teacher: RoleCounts{Delivered: 1, Missing: 2}},
		},
		Warnings: Warnings{Given: 1, Confirmed: 1},
		Signing:  Signing{None: 1, MidConfirmed: 1, Locked: 1},
		Results:  Results{Passed: 1, Pending: 2},
		Areas: []AreaLevels{{FormID: 1, GroupID: 2, Name: "Kommunikasjon og samhandling", Levels: []int{1, 2, 0, 0, 1},
			NotRelevant: 1, BelowExpected: 1, MeetsExpected: 2, NoExpectation: 1}},
	}}}
}

// The live report's CSV is exactly the golden file in each language: one
// row per number shown, with æ, ø and å intact.
func TestSemesterCSV(t *testing.T) {
	for _, lang := range []string{"nb", "en"} {
		var got bytes.Buffer
		if err := WriteSemesterCSV(&got, shownReport(), lang); err != nil {
			t.Fatal(err)
		}
		golden := filepath.Join("testdata", "semester-"+lang+".csv")
		want := goldenfile.Read(t, golden, got.Bytes(), *update)
		if !bytes.Equal(got.Bytes(), want) {
			t.Errorf("%s differs:\n%s", golden, got.String())
		}
	}
}
