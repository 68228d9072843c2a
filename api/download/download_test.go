package download

import "testing"

func TestDisposition(t *testing.T) {
	cases := []struct{ kind, name, want string }{
		{"attachment", "Student Rapport Høst 2026.csv",
			`attachment; filename="Student Rapport Host 2026.csv"; filename*=UTF-8''Student%20Rapport%20H%C3%B8st%202026.csv`},
		{"inline", "Veiledning (vår).pdf", `inline; filename="Veiledning (var).pdf"; filename*=UTF-8''Veiledning%20%28v%C3%A5r%29.pdf`},
		{"inline", `../../etc/"x".pdf`, `inline; filename="_x_.pdf"; filename*=UTF-8''%22x%22.pdf`},
	}
	for _, c := range cases {
		if got := Disposition(c.kind, c.name); got != c.want {
			t.Errorf("Disposition(%q, %q)\n got %s\nwant %s", c.kind, c.name, got, c.want)
		}
	}
}
