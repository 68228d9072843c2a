package httpapi

import (
	"bytes"
	"encoding/csv"
	"net/http"
	"net/http/httptest"
	"testing"
)

func TestStudentsCSVDownload(t *testing.T) {
	f := newFixture(t)
	s := newSchool(t, f)
	s.useForm(t, f, s.formID)
	s.answer(t, f, s.studentID, s.formID, s.questions[0], true, "1")
	get := func(lang string) *httptest.ResponseRecorder {
		req := httptest.NewRequest(http.MethodGet, "/api/periods/"+itoa(s.periodID)+"/students-csv", nil)
		req.Host = "a.localhost"
		req.Header.Set("Authorization", "Bearer "+s.admin)
		req.Header.Set("Accept-Language", lang)
		rec := httptest.NewRecorder()
		f.srv.Handler().ServeHTTP(rec, req)
		return rec
	}
	for _, c := range []struct {
		lang, first, last string
	}{
		{"nb-NO,nb;q=0.9", "Emnekode", "Resultat"},
		{"en-GB,en;q=0.9", "Subject code", "Result"},
	} {
		rec := get(c.lang)
		if rec.Code != http.StatusOK {
			t.Fatalf("%s: %d %s", c.lang, rec.Code, rec.Body)
		}
		if ct := rec.Header().Get("Content-Type"); ct != "text/csv; charset=utf-8" {
			t.Errorf("Content-Type %q", ct)
		}
		if cd := rec.Header().Get("Content-Disposition"); cd != `attachment; filename="Student Rapport Host 2026.csv"; filename*=UTF-8''Student%20Rapport%20H%C3%B8st%202026.csv` {
			t.Errorf("Content-Disposition %q", cd)
		}
		body := rec.Body.Bytes()
		if !bytes.HasPrefix(body, []byte{0xEF, 0xBB, 0xBF}) {
			t.Fatalf("no byte-order mark: % x", body[:3])
		}
		r := csv.NewReader(bytes.NewReader(body[3:]))
		r.Comma = ';'
		rows, err := r.ReadAll()
		if err != nil {
			t.Fatal(err)
		}
		// Header, then the one student of the class.
		if len(rows) != 2 || rows[0][0] != c.first || rows[0][len(rows[0])-1] != c.last {
			t.Fatalf("%s: rows %q", c.lang, rows)
		}
		// Six fixed columns, mid and end of the main form for three roles, three status columns.
		if len(rows[0]) != 6+6+3 || rows[1][0] != "SYKP2100" || rows[1][3] != "student@a.test" || rows[1][6] != "1/3" {
			t.Errorf("%s: row %q", c.lang, rows[1])
		}
	}
	if rec := f.send(t, http.MethodGet, "a.localhost", "/api/periods/9999/students-csv", s.admin, nil); rec.Code != http.StatusNotFound {
		t.Errorf("unknown semester: %d", rec.Code)
	}
}
