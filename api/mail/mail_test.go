package mail

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/labstack/echo/v5"
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

// A message sent over SMTP arrives in the catcher whole: recipient,
// encoded subject, text and HTML with Norwegian letters.
func TestSMTPSenderToCatcher(t *testing.T) {
	c := NewCatcher()
	addr, err := c.Start("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	s, err := NewSMTPSender("smtp://"+addr, "praksis@example.no")
	if err != nil {
		t.Fatal(err)
	}
	m, err := CodeMessage("nb", "ola@example.no", "Høgskolen på Ås", "987654", 10*time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Send(context.Background(), m); err != nil {
		t.Fatal(err)
	}
	if err := s.Send(context.Background(), Message{To: "x y@example.no", Subject: "s", Text: "t"}); err == nil {
		t.Error("a recipient with a space was accepted")
	}
	got := c.Messages()
	if len(got) != 1 {
		t.Fatalf("caught %d messages", len(got))
	}
	g := got[0]
	if g.To != "ola@example.no" || g.Subject != m.Subject || g.Text != m.Text || !strings.Contains(g.HTML, "987654") || g.SentAt.IsZero() {
		t.Errorf("caught %+v\nsent %+v", g, m)
	}
}

func TestCatcherPages(t *testing.T) {
	c := NewCatcher()
	for _, subj := range []string{"first", "second <b>"} {
		if err := c.Send(context.Background(), Message{To: "a@example.no", Subject: subj, Text: "code 123456"}); err != nil {
			t.Fatal(err)
		}
	}
	e := echo.New()
	rec := httptest.NewRecorder()
	if err := c.HandleMessages(e.NewContext(httptest.NewRequest(http.MethodGet, "/dev/mail/messages", nil), rec)); err != nil {
		t.Fatal(err)
	}
	var msgs []Caught
	if err := json.Unmarshal(rec.Body.Bytes(), &msgs); err != nil {
		t.Fatal(err)
	}
	if len(msgs) != 2 || msgs[0].Subject != "second <b>" || msgs[1].Subject != "first" {
		t.Errorf("not newest first: %+v", msgs)
	}
	rec = httptest.NewRecorder()
	if err := c.HandlePage(e.NewContext(httptest.NewRequest(http.MethodGet, "/dev/mail", nil), rec)); err != nil {
		t.Fatal(err)
	}
	page := rec.Body.String()
	if !strings.Contains(page, "second &lt;b&gt;") || !strings.Contains(page, "code 123456") || strings.Index(page, "<h2>second") > strings.Index(page, "<h2>first") {
		t.Errorf("page:\n%s", page)
	}
}

func TestCatcherKeepsTheNewest(t *testing.T) {
	c := NewCatcher()
	c.max = 3
	for _, s := range []string{"1", "2", "3", "4", "5"} {
		_ = c.Send(context.Background(), Message{To: "a@example.no", Subject: s})
	}
	got := c.Messages()
	if len(got) != 3 || got[0].Subject != "5" || got[2].Subject != "3" {
		t.Errorf("kept %+v", got)
	}
}
