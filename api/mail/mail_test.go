package mail

import (
	"strings"
	"testing"
	"time"
)

func TestCodeMessage(t *testing.T) {
	cases := []struct {
		lang, wantSubject, wantText string
	}{
		{"nb", "Engangskode til Høgskolen <Øst>", "Koden er gyldig i 10 minutter"},
		{"en", "One-time code for Høgskolen <Øst>", "The code is valid for 10 minutes"},
		// An unknown language falls back to Norwegian.
		{"sv", "Engangskode til Høgskolen <Øst>", "Koden er gyldig i 10 minutter"},
	}
	for _, c := range cases {
		m, err := CodeMessage(c.lang, "kari@example.no", "Høgskolen <Øst>", "042137", 10*time.Minute)
		if err != nil {
			t.Fatal(err)
		}
		if m.To != "kari@example.no" || m.Subject != c.wantSubject {
			t.Errorf("%s: to %q subject %q", c.lang, m.To, m.Subject)
		}
		if !strings.Contains(m.Text, "    042137\n") || !strings.Contains(m.Text, c.wantText) || !strings.Contains(m.Text, "Høgskolen <Øst>") {
			t.Errorf("%s: text\n%s", c.lang, m.Text)
		}
		if strings.Contains(m.Subject, "042137") {
			t.Errorf("%s: the code is in the subject", c.lang)
		}
		if !strings.Contains(m.HTML, "042137") || strings.Contains(m.HTML, "<Øst>") || !strings.Contains(m.HTML, "&lt;Øst&gt;") {
			t.Errorf("%s: html not escaped or without code:\n%s", c.lang, m.HTML)
		}
	}
}

func TestNewSMTPSender(t *testing.T) {
	cases := []struct {
		url, from string
		ok        bool
	}{
		{"smtp://mail.example:2525", "praksis@example.no", true},
		{"smtp://user:secret@mail.example", "praksis@example.no", true},
		{"smtp://mail.example:587?tls=required", "praksis@example.no", true},
		{"smtps://mail.example", "praksis@example.no", true},
		{"smtp://mail.example?tls=sometimes", "praksis@example.no", false},
		{"http://mail.example", "praksis@example.no", false},
		{"smtp://mail.example:99999", "praksis@example.no", false},
		{"smtp://", "praksis@example.no", false},
		{"smtp://mail.example", "Praksis <praksis@example.no>", false},
	}
	for _, c := range cases {
		_, err := NewSMTPSender(c.url, c.from)
		if (err == nil) != c.ok {
			t.Errorf("NewSMTPSender(%q, %q): %v", c.url, c.from, err)
		}
	}
}
