package progress

import (
	"flag"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/praksis/praksis/api/answers"
	"github.com/praksis/praksis/api/goldenfile"
	"github.com/praksis/praksis/api/pdf"
	"github.com/praksis/praksis/api/pdf/pdftest"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

func ip(v int) *int { return &v }

// aRecord is a student with three placements, the first shared as end
// results only, one question matched across them and one found in the
// first alone.
func aRecord() *Record {
	shared := time.Date(2026, 9, 1, 10, 0, 0, 0, time.UTC)
	passed, failed := "passed", "failed"
	return &Record{StudentUserID: 7, StudentName: "Åse Øvrebø", SharedAt: &shared,
		Placements: []Placement{
			{ClassID: 1, PeriodName: "Høst 2025", SubjectCode: "SYKP1100", SubjectName: "Grunnleggende sykepleie", Result: &passed, View: ViewEndResults},
			{ClassID: 2, PeriodName: "Vår 2026", SubjectCode: "SYKP1200", SubjectName: "Eldreomsorg og hjemmesykepleie", Result: &failed, View: ViewFull},
			{ClassID: 3, PeriodName: "Høst 2026", SubjectCode: "SYKP2100", SubjectName: "Medisinsk og kirurgisk praksis", View: ViewFull},
		},
		Areas: []Area{{Name: "Kommunikasjon og samhandling", Questions: []Question{{Text: "Kommuniserer med pasienten og pårørende", Cells: []Cell{
			{ClassID: 1, Student: ip(3), Teacher: ip(2), NotRelevant: []answers.Role{}},
			{ClassID: 2, IsMidSemester: true, Student: ip(2), Advisor: ip(2), NotRelevant: []answers.Role{}},
			{ClassID: 2, Student: ip(1), Advisor: ip(1), Teacher: ip(1), Expected: ip(1), NotRelevant: []answers.Role{}},
			{ClassID: 3, IsMidSemester: true, Student: ip(0), NotRelevant: []answers.Role{answers.RoleAdvisor}},
		}}}}},
		Unmatched: []Area{{Name: "Kommunikasjon og samhandling", Questions: []Question{{Text: "Bruker tolk ved behov", Cells: []Cell{
			{ClassID: 1, Student: ip(4), NotRelevant: []answers.Role{answers.RoleTeacher}},
		}}}}},
	}
}

// The record's PDF, read back as text, is exactly the golden file in each
// language: the placements with their results and how they are shown, the
// levels by placement, half and role with æ, ø and å intact, and the
// unmatched question apart.
func TestRecordPDFText(t *testing.T) {
	for _, lang := range []string{"nb", "nn", "en"} {
		t.Run(lang, func(t *testing.T) {
			d, err := pdf.New(pdf.Meta{School: "Høgskulen på Vestlandet", OrgNumber: "917 341 512", Language: lang,
				Title: "Progresjon", Created: time.Date(2026, 9, 15, 10, 0, 0, 0, time.UTC)})
			if err != nil {
				t.Fatal(err)
			}
			if err := Write(d, lang, aRecord()); err != nil {
				t.Fatal(err)
			}
			b, err := d.Bytes()
			if err != nil {
				t.Fatal(err)
			}
			text := pdftest.Text(t, b)
			golden := filepath.Join("testdata", "record."+lang+".txt")
			want := goldenfile.Read(t, golden, []byte(text), *update)
			if text != string(want) {
				t.Errorf("text of the record PDF differs from %s:\n--- got ---\n%s", golden, text)
			}
			for _, s := range []string{"Åse Øvrebø", "Grunnleggende sykepleie", "Kommuniserer med pasienten og pårørende", "Bruker tolk ved behov", "Uselvstendig"} {
				if !strings.Contains(pdftest.Flow(t, b), s) {
					t.Errorf("the PDF lacks %q", s)
				}
			}
		})
	}
}
