package arkivmelding

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/praksis/praksis/api/goldenfile"
	"github.com/praksis/praksis/api/results"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

func ptr[T any](v T) *T { return &v }

// record is a locked and archived result as the archive job writes it.
func record(school string, formID int64, student, overall string) *results.Record {
	at := func(s string) time.Time {
		t, err := time.Parse(time.RFC3339, s)
		if err != nil {
			panic(err)
		}
		return t
	}
	return &results.Record{
		Format: results.RecordFormat, SigningFormID: formID,
		School:  results.School{Slug: school, Name: "Høgskolen i Vest", OrgNumber: "917 341 512"},
		Student: results.Student{ID: 7, Name: student, Email: "student@example.no"},
		Class: results.Class{ID: 3, Subject: results.Subject{Code: "SYKP2100", Name: "Klinisk praksis"},
			Semester: results.Semester{Name: "Vår 2026", StartDate: "2026-01-05", EndDate: "2026-06-19"}},
		Values: results.Values{OverallPassed: ptr(overall)},
		Signatures: []results.Signature{
			{Party: "teacher", UserID: 2, Name: "Tone Lærer", SignedAt: at("2026-06-10T08:00:00Z"), SignInMethod: "feide"},
			{Party: "advisor", UserID: 3, Name: "Vera Veileder", SignedAt: at("2026-06-10T09:30:00Z"), SignInMethod: "vipps"},
			{Party: "student", UserID: 7, Name: student, SignedAt: at("2026-06-11T14:15:00Z"), SignInMethod: "feide"},
		},
		LockedAt:   at("2026-06-11T14:15:00Z"),
		ArchivedAt: at("2026-06-14T14:15:01Z"),
	}
}

// TestBuildValidatesAndMatchesGolden builds the message for each kind of
// result and checks it against the official schema and its golden file.
func TestBuildValidatesAndMatchesGolden(t *testing.T) {
	withoutSupervisor := record("hvl", 41, "Ola Nordmann", "passed")
	withoutSupervisor.SignWithoutAdvisorConfirmedAt = ptr(withoutSupervisor.Signatures[0].SignedAt)
	withoutSupervisor.Signatures[0], withoutSupervisor.Signatures[1] = withoutSupervisor.Signatures[1], withoutSupervisor.Signatures[0]
	withoutSupervisor.Signatures[0].SignedAt = withoutSupervisor.Signatures[2].SignedAt.Add(time.Hour)
	second := record("hvl", 58, "Ola Nordmann", "passed")
	second.Class = results.Class{ID: 9, Subject: results.Subject{Code: "SYKP3100", Name: "Praksis i kommunehelsetjenesten"},
		Semester: results.Semester{Name: "Høst 2026", StartDate: "2026-08-17", EndDate: "2026-12-18"}}
	english := record("hvl", 12, "Ola Nordmann", "failed")
	for _, tc := range []struct {
		name string
		rec  *results.Record
		opts Options
	}{
		{"passed", record("hvl", 12, "Ola Nordmann", "passed"), Options{Language: "nb"}},
		{"failed", record("hvl", 13, "Kari Hansen", "failed"), Options{Language: "nb",
			ClassificationSystem: "Fagkoder"}},
		{"without-supervisor-signature", withoutSupervisor, Options{Language: "nb"}},
		{"names-aeoeaa", record("hvl", 14, "Åse Ærlighet Øvrebø", "passed"), Options{Language: "nb",
			AdministrativeUnit: "Fakultet for helse- og sosialvitskap", ClassificationSystem: "Arkivnøkkel", ClassID: "B53"}},
		{"second-placement", second, Options{Language: "nb"}},
		{"existing-case-english", english, Options{Language: "en", CaseSystemID: "1c0ad0c4-30f7-4c4a-9a9c-2f6e1f0e2b11"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m, err := Build(tc.rec, ID(tc.rec.School.Slug, tc.rec.SigningFormID, "message/1"), tc.opts)
			if err != nil {
				t.Fatal(err)
			}
			got, err := m.Marshal()
			if err != nil {
				t.Fatal(err)
			}
			if err := Validate(got); err != nil {
				t.Fatalf("%v\n%s", err, got)
			}
			golden := filepath.Join("testdata", tc.name+".golden.xml")
			want := goldenfile.Read(t, golden, got, *update)
			if !bytes.Equal(got, want) {
				t.Fatalf("arkivmelding differs from %s:\n%s", golden, got)
			}
			// The public title never names the student.
			for _, pub := range []string{m.publicTitles()} {
				if strings.Contains(pub, tc.rec.Student.Name) {
					t.Errorf("a public title names the student: %s", pub)
				}
			}
		})
	}
}

func (m *Arkivmelding) publicTitles() string {
	var s []string
	for _, f := range m.Mappe {
		s = append(s, f.OffentligTittel)
		for _, r := range f.Registrering {
			s = append(s, r.OffentligTittel)
		}
	}
	for _, r := range m.Registering {
		s = append(s, r.OffentligTittel)
	}
	return strings.Join(s, "\n")
}

// TestIDsAreStable: the same school and form always give the same ids, and
// a different school, form or role never does, so a resend is recognised
// and a second placement is a new case.
func TestIDsAreStable(t *testing.T) {
	a := ID("hvl", 12, "saksmappe")
	for _, tc := range []struct {
		name  string
		other string
		same  bool
	}{
		{"same", ID("hvl", 12, "saksmappe"), true},
		{"other form", ID("hvl", 13, "saksmappe"), false},
		{"other school", ID("oslomet", 12, "saksmappe"), false},
		{"other role", ID("hvl", 12, "journalpost"), false},
	} {
		if (a == tc.other) != tc.same {
			t.Errorf("%s: %s vs %s", tc.name, a, tc.other)
		}
	}
	if a[14] != '5' {
		t.Errorf("%s is not a version 5 UUID", a)
	}
}

// TestValidateRefusesInvalid proves the validator can fail: a message
// without its required system element is refused.
func TestValidateRefusesInvalid(t *testing.T) {
	m, err := Build(record("hvl", 12, "Ola", "passed"), ID("hvl", 12, "message/1"), Options{Language: "nb"})
	if err != nil {
		t.Fatal(err)
	}
	b, _ := m.Marshal()
	bad := bytes.Replace(b, []byte("<system>Praksis</system>"), nil, 1)
	if err := Validate(bad); err == nil {
		t.Fatal("a message without <system> passed validation")
	}
	bad = bytes.Replace(b, []byte("Organinternt dokument uten oppfølging"), []byte("Notat"), 1)
	if err := Validate(bad); err == nil {
		t.Fatal("a journalposttype outside the code list passed validation")
	}
}

// TestSchemasAreWrittenOnceForEveryProcess stands for several processes
// (test binaries, development servers) validating one after another: they
// share one copy of the schemas and leave nothing else behind.
func TestSchemasAreWrittenOnceForEveryProcess(t *testing.T) {
	root := t.TempDir()
	t.Setenv("TMPDIR", t.TempDir())
	first, err := writeSchemas(root)
	if err != nil {
		t.Fatal(err)
	}
	for range 3 {
		again, err := writeSchemas(root)
		if err != nil {
			t.Fatal(err)
		}
		if again != first {
			t.Fatalf("second writer used %s, first %s", again, first)
		}
	}
	entries, err := os.ReadDir(root)
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != 1 || filepath.Join(root, entries[0].Name()) != first {
		t.Fatalf("cache holds %v, want only %s", entries, filepath.Base(first))
	}
	if tmp, _ := os.ReadDir(os.TempDir()); len(tmp) != 0 {
		t.Fatalf("temporary directory holds %v, want nothing", tmp)
	}
	for _, name := range schemaNames {
		got, err := os.ReadFile(filepath.Join(first, name))
		want, _ := schemas.ReadFile("xsd/" + name)
		if err != nil || !bytes.Equal(got, want) {
			t.Fatalf("%s in the cache differs from the embedded schema (%v)", name, err)
		}
	}
}

// TestSchemasWrittenConcurrentlyAreWhole runs writers at once, as parallel
// test binaries do on a fresh machine: each gets the same whole copy.
func TestSchemasWrittenConcurrentlyAreWhole(t *testing.T) {
	root := t.TempDir()
	var wg sync.WaitGroup
	dirs := make([]string, 8)
	errs := make([]error, 8)
	for i := range dirs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			dirs[i], errs[i] = writeSchemas(root)
		}()
	}
	wg.Wait()
	for i := range dirs {
		if errs[i] != nil || dirs[i] != dirs[0] {
			t.Fatalf("writer %d: %s, %v; writer 0: %s", i, dirs[i], errs[i], dirs[0])
		}
	}
	if entries, _ := os.ReadDir(root); len(entries) != 1 {
		t.Fatalf("cache holds %d entries, want 1", len(entries))
	}
}
