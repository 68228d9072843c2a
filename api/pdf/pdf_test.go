package pdf

import (
	"bytes"
	"flag"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/praksis/praksis/api/goldenfile"
	"github.com/praksis/praksis/api/pdf/pdftest"
)

var update = flag.Bool("update", false, "rewrite the golden files")

func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	want := goldenfile.Read(t, path, []byte(got), *update)
	if got != string(want) {
		t.Errorf("text of the PDF differs from %s:\n--- got ---\n%s", path, got)
	}
}

func sampleComment() string {
	// 4000 characters of numbered sentences, so a lost line is visible.
	var b strings.Builder
	for i := 1; b.Len() < 4000; i++ {
		b.WriteString("Setning nummer ")
		b.WriteString(strconv.Itoa(i))
		b.WriteString(" om pasientsikkerhet, kommunikasjon og faglig forsvarlighet på sengeposten. ")
	}
	return b.String()[:4000]
}

func TestDocumentText(t *testing.T) {
	d, err := New(Meta{School: "Høgskulen på Vestlandet – Praksis", OrgNumber: "917 341 512", Title: "Vurdering av praksis: Åse Øvrebø",
		Language: "nb", Created: time.Date(2026, 11, 21, 10, 0, 0, 0, time.UTC)})
	if err != nil {
		t.Fatal(err)
	}
	steps := []func() error{
		func() error { return d.Heading("Pasientsentrert sykepleie") },
		func() error { return d.Field("Student", "Åse Øvrebø (ÆØÅ æøå)") },
		func() error { return d.Field("Praksisveileder", "Bjørn Ærlig") },
		func() error { return d.Paragraph("Vurderingen gjelder midtveis og slutt i praksisperioden.") },
		func() error { return d.Field("Kommentar fra praksisveileder", sampleComment()) },
		func() error { d.Rule(); return nil },
		func() error { return d.Subheading("Slutt") },
		func() error { return d.Paragraph("Linje én\nLinje to\n\nLinje fire etter en tom linje.") },
	}
	for _, s := range steps {
		if err := s(); err != nil {
			t.Fatal(err)
		}
	}
	b, err := d.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(b, []byte("%PDF-")) {
		t.Fatal("not a PDF")
	}
	text := pdftest.Text(t, b)
	golden(t, "document.txt", text)

	// Every sentence of the long comment is there, in order, even though it
	// crosses a page break.
	flat := strings.Join(strings.Fields(text), " ")
	comment := strings.Join(strings.Fields(sampleComment()), " ")
	// The comment ends mid-sentence at 4000 characters; check whole words.
	last := comment[:strings.LastIndex(comment, " ")]
	pages := strings.Count(text, "\f")
	if pages < 2 {
		t.Fatalf("expected the comment to cross a page break, got %d page(s)", pages)
	}
	// Page headers and footers interrupt the flow; remove them to compare.
	for _, noise := range []string{"Høgskulen på Vestlandet – Praksis · Org.nr. 917 341 512", "Vurdering av praksis: Åse Øvrebø · 21.11.2026"} {
		flat = strings.ReplaceAll(flat, noise+" ", "")
	}
	for p := 1; p <= pages; p++ {
		flat = strings.ReplaceAll(flat, "Side "+strconv.Itoa(p)+" av "+strconv.Itoa(pages)+" ", "")
	}
	if !strings.Contains(flat, last) {
		t.Errorf("the 4000-character comment lost text across the page break")
	}
	for _, want := range []string{"Side 1 av 2", "Side 2 av 2", "ÆØÅ æøå", "Org.nr. 917 341 512"} {
		if !strings.Contains(text, want) {
			t.Errorf("text lacks %q", want)
		}
	}
}

func TestEnglishFooter(t *testing.T) {
	d, err := New(Meta{School: "Praksis", Title: "Assessment", Language: "en"})
	if err != nil {
		t.Fatal(err)
	}
	b, err := d.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	if text := pdftest.Text(t, b); !strings.Contains(text, "Page 1 of 1") {
		t.Errorf("English footer missing:\n%s", text)
	}
}

func TestTableWrapsCellsAndRepeatsNothing(t *testing.T) {
	d, err := New(Meta{School: "Praksis", Title: "Tabell", Language: "nb"})
	if err != nil {
		t.Fatal(err)
	}
	rows := [][]string{}
	for i := 1; i <= 60; i++ {
		rows = append(rows, []string{"Spørsmål " + strconv.Itoa(i) + " om observasjon og dokumentasjon av vitale tegn", "Selvstendig", "Veiledet", "Delvis selvstendig"})
	}
	if err := d.Table([]string{"Spørsmål", "Student", "Veileder", "Lærer"}, []float64{0.46, 0.18, 0.18, 0.18}, rows); err != nil {
		t.Fatal(err)
	}
	b, err := d.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	text := pdftest.Text(t, b)
	for i := 1; i <= 60; i++ {
		if n := strings.Count(text, "Spørsmål "+strconv.Itoa(i)+" om"); n != 1 {
			t.Errorf("row %d appears %d times", i, n)
		}
	}
	if strings.Count(text, "\f") < 2 {
		t.Error("a 60-row table should take more than one page")
	}
}

// What the fonts cannot draw is not lost without a trace: an emoji, a name
// in another script and a character the fonts lack in a table are written
// as their code points; an accent typed after its letter is drawn with it;
// a tab is spaces, and invisible characters are left out. Sami letters,
// which the fonts draw, stay as they are.
func TestTextTheFontsCannotDrawIsMarked(t *testing.T) {
	d, err := New(Meta{School: "Skole 🏥", Title: "Vurdering: 王芳", Language: "nb"})
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct{ in, want string }{
		{"Bra jobba 👍 i dag", "Bra jobba [U+1F44D] i dag"},
		{"Familie 👨\u200d👩\u200d👧 på besøk", "Familie [U+1F468 U+1F469 U+1F467] på besøk"},
		{"Hjerte ❤\ufe0f her", "Hjerte [U+2764] her"},
		{"Se\u0301bastien og Ma\u030arte", "Sébastien og Mårte"},
		{"Máret Čáhppe Ŋuolja Đ ŧ Ž", "Máret Čáhppe Ŋuolja Đ ŧ Ž"},
		{"Kolonne\tto", "Kolonne    to"},
		{"null\u200bbredde og myk\u00adbindestrek", "nullbredde og mykbindestrek"},
	}
	for _, c := range cases {
		if err := d.Paragraph(c.in); err != nil {
			t.Fatal(err)
		}
	}
	if err := d.Table([]string{"Navn", "Kommentar"}, []float64{0.5, 0.5}, [][]string{{"李雷", "Fint 🙂"}}); err != nil {
		t.Fatal(err)
	}
	b, err := d.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	text := pdftest.Text(t, b)
	for _, c := range cases {
		if !strings.Contains(text, c.want) {
			t.Errorf("%q: the text lacks %q:\n%s", c.in, c.want, text)
		}
	}
	for _, want := range []string{"[U+674E U+96F7]", "Fint [U+1F642]", "Skole [U+1F3E5]", "Vurdering: [U+738B U+82B3]"} {
		if !strings.Contains(text, want) {
			t.Errorf("the text lacks %q:\n%s", want, text)
		}
	}
}
