package mailcatcher

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/labstack/echo/v5"

	"github.com/praksis/praksis/api/mail"
)

// A message sent over SMTP arrives in the catcher whole: recipient,
// encoded subject, text and HTML with Norwegian letters.
func TestSMTPSenderToCatcher(t *testing.T) {
	c := New()
	addr, err := c.Start("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	s, err := mail.NewSMTPSender("smtp://"+addr, "praksis@example.no")
	if err != nil {
		t.Fatal(err)
	}
	m, err := mail.CodeMessage("nb", "ola@example.no", "Høgskolen på Ås", "987654", 10*time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Send(context.Background(), m); err != nil {
		t.Fatal(err)
	}
	if err := s.Send(context.Background(), mail.Message{To: "x y@example.no", Subject: "s", Text: "t"}); err == nil {
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
	c := New()
	for _, subj := range []string{"first", "second <b>"} {
		if err := c.Send(context.Background(), mail.Message{To: "a@example.no", Subject: subj, Text: "code 123456"}); err != nil {
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
	c := New()
	c.max = 3
	for _, s := range []string{"1", "2", "3", "4", "5"} {
		_ = c.Send(context.Background(), mail.Message{To: "a@example.no", Subject: s})
	}
	got := c.Messages()
	if len(got) != 3 || got[0].Subject != "5" || got[2].Subject != "3" {
		t.Errorf("kept %+v", got)
	}
}
