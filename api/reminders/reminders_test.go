package reminders

import (
	"strings"
	"testing"

	"github.com/praksis/praksis/api/signing"
)

func TestMessageIsInTheRecipientsLanguageWithTheLink(t *testing.T) {
	f := &signing.Form{ID: 9, ClassID: 4, StudentUserID: 17}
	n := &signing.Names{Student: "Ola <Nordmann>", Subject: "SYKP2100 Medisinsk praksis", Period: "Høst 2026"}
	cases := []struct {
		k                         kind
		party                     signing.Party
		lang, subject, body, link string
	}{
		{ready, signing.Student, "nb", "Signeringsskjemaet ditt venter på din signatur", "sluttvurderingen av praksisen din i SYKP2100 Medisinsk praksis (Høst 2026) i Høgskolen",
			"https://praksis.example/student/class/4/student/17/signingform"},
		{ready, signing.Advisor, "en", "The signing form for Ola <Nordmann> awaits your signature", "final assessment of Ola <Nordmann> in SYKP2100",
			"https://praksis.example/advisor/class/4/student/17/signingform"},
		{reminder, signing.Teacher, "", "Påminnelse: signeringsskjemaet for Ola <Nordmann> venter på din signatur", "Praksisveilederen har signert",
			"https://praksis.example/teacher/class/4/student/17/signingform"},
		{locked, signing.Student, "en", "Your signing form is signed and locked", "The practice teacher, the supervisor and you have now signed",
			"https://praksis.example/student/class/4/student/17/signingform"},
	}
	for _, c := range cases {
		rc := recipient{UserID: 1, DisplayName: "Kari", Email: "kari@example.no", Language: c.lang, Party: c.party}
		m, err := message(c.k, rc, signing.Advisor, f, n, "Høgskolen", "https://praksis.example")
		if err != nil {
			t.Fatal(err)
		}
		if m.To != "kari@example.no" || m.Subject != c.subject {
			t.Errorf("%s to %s: %q", c.k, c.party, m.Subject)
		}
		if !strings.Contains(m.Text, c.body) || !strings.Contains(m.Text, c.link) || !strings.Contains(m.Text, "Høgskolen") {
			t.Errorf("%s to %s: text\n%s", c.k, c.party, m.Text)
		}
		if !strings.Contains(m.HTML, `<a href="`+c.link+`">`) || strings.Contains(m.HTML, "<Nordmann>") {
			t.Errorf("%s to %s: html link missing or names unescaped\n%s", c.k, c.party, m.HTML)
		}
	}
}
