package httpapi

import (
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"github.com/praksis/praksis/api/answers"
	"github.com/praksis/praksis/api/pdf/pdftest"
	"github.com/praksis/praksis/api/warnings"
)

// longComment is 4000 characters of numbered sentences with Norwegian
// letters, so a lost line shows.
func longComment() string {
	var b strings.Builder
	for i := 1; b.Len() < 4100; i++ {
		b.WriteString("Observasjon " + strconv.Itoa(i) + ": pasientens ønsker ble ivaretatt, og dokumentasjonen var nøyaktig og forståelig. ")
	}
	return string([]rune(b.String())[:4000])
}

func TestFullPDF(t *testing.T) {
	f := newFixture(t)
	p := f.newPlacement(t)
	f.db.Exec(t, "skole-a", "DELETE FROM catalogue_entries WHERE key = 'orgNumber'")
	f.db.Exec(t, "skole-a", "INSERT INTO catalogue_entries (language, key, value) VALUES ('nb', 'orgNumber', '999 888 777'), ('en', 'orgNumber', '999 888 777')")
	base := fmt.Sprintf("/api/classes/%d/students/%d/full/pdf", p.classID, p.studentID)
	if rec := f.send(t, http.MethodGet, "a.localhost", base, p.tokens["teacher"], nil); rec.Code != http.StatusNotFound {
		t.Fatalf("nothing yet: %d", rec.Code)
	}
	m := f.useMainForm(t, p)
	comment := longComment()
	f.mustSave(t, p, "advisor", answers.Input{AssignmentID: m.midID, StudentUserID: p.studentID, Deliver: true,
		Answers: []answers.Answer{{FormQuestionID: m.graded1, Value: sp("1"), Comment: sp(comment)}, {FormQuestionID: m.graded2, Value: sp("5")}}})
	f.mustSave(t, p, "student", answers.Input{AssignmentID: m.midID, StudentUserID: p.studentID,
		Answers: []answers.Answer{{FormQuestionID: m.graded1, Value: sp("0")}, {FormQuestionID: m.text, Value: sp("Jeg har lært å be om hjelp i tide – og å stå på mine valg.")}}})
	f.send(t, http.MethodPost, "a.localhost", fmt.Sprintf("/api/classes/%d/students/%d/warning/submit", p.classID, p.studentID), p.tokens["teacher"],
		warnings.Draft{Comment: "Læringsutbytte 2 er ikke nådd.", PassRequirement: "Må dokumentere selvstendig.", PassRequirementSummary: "Dokumentasjon."})

	for _, who := range []string{"student", "teacher", "advisor", "otherAdvisor", "admin"} {
		if rec := f.send(t, http.MethodGet, "a.localhost", base, p.tokens[who], nil); rec.Code != http.StatusOK {
			t.Errorf("%s: %d %s", who, rec.Code, rec.Body)
		}
	}
	if rec := f.send(t, http.MethodGet, "a.localhost", base, p.tokens["otherStudent"], nil); rec.Code != http.StatusForbidden {
		t.Errorf("another student: %d", rec.Code)
	}
	rec := f.send(t, http.MethodGet, "a.localhost", base, p.tokens["student"], nil)
	text := pdftest.Flow(t, rec.Body.Bytes())
	flat := strings.Join(strings.Fields(text), " ")
	for _, want := range []string{"Hovedskjema – midtveis", "Delvis selvstendig", "Selvstendig", "Ikke relevant", "Jeg har lært å be om hjelp i tide",
		"Varsel om fare for ikke bestått praksis", "Læringsutbytte 2 er ikke nådd.", "Test student@a.test", "Skole A"} {
		if !strings.Contains(flat, want) {
			t.Errorf("full PDF lacks %q", want)
		}
	}
	if strings.Count(text, "\f") < 2 {
		t.Fatalf("expected more than one page")
	}
	// Every page carries the school, its organisation number and its number.
	pages := strings.Split(strings.TrimSuffix(text, "\f"), "\f")
	for i, page := range pages {
		flatPage := strings.Join(strings.Fields(page), " ")
		for _, want := range []string{"Skole A", "Org.nr. 999 888 777", fmt.Sprintf("Side %d av %d", i+1, len(pages))} {
			if !strings.Contains(flatPage, want) {
				t.Errorf("page %d lacks %q", i+1, want)
			}
		}
	}
	// The comment starts on one page and ends on a later one.
	words := strings.Fields(comment)
	first, last := strings.Join(words[:4], " "), strings.Join(words[len(words)-5:len(words)-1], " ")
	firstPage, lastPage := -1, -1
	for i, page := range pages {
		flatPage := strings.Join(strings.Fields(page), " ")
		if firstPage < 0 && strings.Contains(flatPage, first) {
			firstPage = i
		}
		if strings.Contains(flatPage, last) {
			lastPage = i
		}
	}
	if firstPage < 0 || lastPage <= firstPage {
		t.Errorf("the comment is on pages %d to %d; it should cross a page break", firstPage+1, lastPage+1)
	}
	// The 4000-character comment survives page breaks word for word: take
	// out the page furniture and look for every sentence.
	for _, sentence := range strings.SplitAfter(comment, ". ") {
		sentence = strings.TrimSpace(sentence)
		if len(sentence) < 20 {
			continue
		}
		if !strings.Contains(flat, sentence) && !strings.Contains(stripFurniture(flat), sentence) {
			t.Errorf("comment lost %q", sentence)
			break
		}
	}
}

// stripFurniture removes page headers and footers that interrupt text
// flowing across a page break.
func stripFurniture(s string) string {
	for _, noise := range []string{"Skole A", "Vurdering i praksis"} {
		s = strings.ReplaceAll(s, noise+" ", "")
	}
	for i := 1; i < 20; i++ {
		for j := i; j < 20; j++ {
			s = strings.ReplaceAll(s, fmt.Sprintf("Side %d av %d ", i, j), "")
		}
	}
	return s
}
