package mail

import (
	"strings"
	"testing"
)

func TestNoticeMessage(t *testing.T) {
	n := Notice{Subject: "Skjema <klart>", Paragraphs: []string{"Hei Ola!", "Skjemaet venter på deg."},
		LinkText: "Åpne skjemaet", Link: "https://praksis.example/student/class/1/student/2/signingform?x=1&y=2", AppName: "Høgskolen <Øst>"}
	m, err := NoticeMessage("en", "ola@example.no", n)
	if err != nil {
		t.Fatal(err)
	}
	if m.To != "ola@example.no" || m.Subject != "Skjema <klart>" {
		t.Errorf("to %q subject %q", m.To, m.Subject)
	}
	if !strings.Contains(m.Text, "Åpne skjemaet:\n"+n.Link+"\n") || !strings.Contains(m.Text, "Regards, Høgskolen <Øst>") {
		t.Errorf("text:\n%s", m.Text)
	}
	if !strings.Contains(m.HTML, `<a href="https://praksis.example/student/class/1/student/2/signingform?x=1&amp;y=2">Åpne skjemaet</a>`) ||
		strings.Contains(m.HTML, "<Øst>") || !strings.Contains(m.HTML, `lang="en"`) {
		t.Errorf("html:\n%s", m.HTML)
	}
	for _, bad := range []string{"javascript:alert(1)", "/student/class/1", "ftp://example.no/x"} {
		n.Link = bad
		if _, err := NoticeMessage("nb", "ola@example.no", n); err == nil {
			t.Errorf("link %q accepted", bad)
		}
	}
	// Without a link there is no link paragraph, and code e-mails are as before.
	n.Link = ""
	if m, err := NoticeMessage("nb", "ola@example.no", n); err != nil || strings.Contains(m.HTML, "<a ") || strings.Contains(m.Text, "Åpne skjemaet") {
		t.Errorf("without a link: %v\n%s", err, m.Text)
	}
	if c, _ := CodeMessage("nb", "ola@example.no", "Skolen", "123456", 0); strings.Contains(c.HTML, "<a ") {
		t.Errorf("code e-mail got a link:\n%s", c.HTML)
	}
}
