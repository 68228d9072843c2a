package signing

import (
	"flag"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/praksis/praksis/api/goldenfile"
	"github.com/praksis/praksis/api/pdf"
	"github.com/praksis/praksis/api/pdf/pdftest"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// teacherComment is 4000 characters of numbered sentences with æ, ø and å,
// so that a line lost at a page break shows.
func teacherComment() string {
	var b strings.Builder
	for i := 1; len([]rune(b.String())) < 4100; i++ {
		b.WriteString("Vurdering " + strconv.Itoa(i) + ": Åse viste økende trygghet i stell og ærlig refleksjon over egne grenser. ")
	}
	return string([]rune(b.String())[:4000])
}

// lockedForm is a form signed by all three, the teacher first without the
// supervisor's signature.
func lockedForm() (*Form, *Names) {
	at := func(h, m int) *time.Time { v := time.Date(2026, 11, 20, h, m, 0, 0, time.UTC); return &v }
	id := func(v int64) *int64 { return &v }
	f := endDone()
	f.TeacherComment = s(teacherComment())
	f.SignedByTeacherDate, f.SignedByTeacherUserID, f.SignedByTeacherSignInMethod = at(8, 15), id(2), s("feide")
	f.SignWithoutAdvisorConfirmedDate = at(8, 15)
	f.SignedByAdvisorDate, f.SignedByAdvisorUserID, f.SignedByAdvisorSignInMethod = at(9, 30), id(5), s("vipps")
	f.SignedByStudentDate, f.SignedByStudentUserID, f.SignedByStudentSignInMethod = at(10, 45), id(7), s("code")
	f.IsLocked, f.LockedAt = true, at(10, 45)
	return f, &Names{Student: "Åse Øvrebø", Subject: "SYKP2100 Medisinsk og kirurgisk praksis", Period: "Høst 2026",
		Teacher: "Bjørn Ærlig", Advisor: "Kåre Sæther"}
}

func render(t *testing.T, lang string, f *Form, n *Names) string {
	t.Helper()
	d, err := pdf.New(pdf.Meta{School: "Høgskulen på Vestlandet", OrgNumber: "917 341 512", Language: lang,
		Title: "Signeringsskjema", Created: time.Date(2026, 11, 21, 10, 0, 0, 0, time.UTC)})
	if err != nil {
		t.Fatal(err)
	}
	school := func(lang, key string) string {
		return "Skolens innledning til signeringsskjemaet (" + lang + ", " + key + ")."
	}
	if err := Write(d, lang, f, n, school); err != nil {
		t.Fatal(err)
	}
	b, err := d.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	return pdftest.Text(t, b)
}

// The signing form's PDF, read back as text, is exactly the golden file: the
// school and its organisation number in every header, page numbers, the
// placement, both sections with Norwegian letters, the 4000-character
// comment whole across a page break, and who signed, when and how.
func TestSigningFormPDFText(t *testing.T) {
	f, n := lockedForm()
	text := render(t, "nb", f, n)
	golden := filepath.Join("testdata", "signing-form.nb.txt")
	want := goldenfile.Read(t, golden, []byte(text), *update)
	if text != string(want) {
		t.Errorf("text of the signing form PDF differs from %s:\n--- got ---\n%s", golden, text)
	}

	pages := strings.Split(strings.TrimSuffix(text, "\f"), "\f")
	if len(pages) < 2 {
		t.Fatalf("the comment should cross a page break; got %d page", len(pages))
	}
	for i, page := range pages {
		for _, want := range []string{"Høgskulen på Vestlandet", "Org.nr. 917 341 512", "Side " + strconv.Itoa(i+1) + " av " + strconv.Itoa(len(pages))} {
			if !strings.Contains(page, want) {
				t.Errorf("page %d lacks %q", i+1, want)
			}
		}
	}
	// The comment starts on one page and ends on a later one, with no word
	// lost between them.
	comment := strings.Fields(teacherComment())
	first, last := strings.Join(comment[:4], " "), strings.Join(comment[len(comment)-5:len(comment)-1], " ")
	firstPage, lastPage := -1, -1
	for i, page := range pages {
		flat := strings.Join(strings.Fields(page), " ")
		if firstPage < 0 && strings.Contains(flat, first) {
			firstPage = i
		}
		if strings.Contains(flat, last) {
			lastPage = i
		}
	}
	if firstPage < 0 || lastPage <= firstPage {
		t.Errorf("comment on pages %d to %d, want it to cross a page break", firstPage+1, lastPage+1)
	}
	flat := strings.Join(strings.Fields(text), " ")
	for _, furniture := range []string{"Høgskulen på Vestlandet · Org.nr. 917 341 512", "Signeringsskjema · 21.11.2026"} {
		flat = strings.ReplaceAll(flat, furniture+" ", "")
	}
	for p := 1; p <= len(pages); p++ {
		flat = strings.ReplaceAll(flat, "Side "+strconv.Itoa(p)+" av "+strconv.Itoa(len(pages))+" ", "")
	}
	if whole := strings.Join(comment[:len(comment)-1], " "); !strings.Contains(flat, whole) {
		t.Error("the 4000-character comment lost text across the page break")
	}
	for _, want := range []string{"Åse Øvrebø", "Kåre Sæther, 20.11.2026 10:30 (innlogget med Vipps)", "Bjørn Ærlig, 20.11.2026 09:15 (innlogget med Feide)",
		"Åse Øvrebø, 20.11.2026 11:45 (innlogget med engangskode)", "Alle parter har signert, og skjemaet er låst."} {
		if !strings.Contains(flat, want) {
			t.Errorf("the PDF lacks %q", want)
		}
	}
}

// In English the form speaks English, names and letters intact.
func TestSigningFormPDFInEnglish(t *testing.T) {
	f, n := lockedForm()
	flat := strings.Join(strings.Fields(render(t, "en", f, n)), " ")
	for _, want := range []string{"Page 1 of", "Åse Øvrebø", "signed in with Vipps", "All parties have signed, and the form is locked."} {
		if !strings.Contains(flat, want) {
			t.Errorf("the English PDF lacks %q:\n%s", want, flat)
		}
	}
}
