// Package mailcatcher is the development mail server: it accepts every
// message over SMTP and shows the newest at /dev/mail, so that sign-in codes
// and notices can be read without a mail system. Development and tests
// only.
package mailcatcher

import (
	"bytes"
	"context"
	"encoding/base64"
	"errors"
	"fmt"
	htmltemplate "html/template"
	"io"
	"mime"
	"mime/multipart"
	"mime/quotedprintable"
	"net"
	"net/http"
	netmail "net/mail"
	"strings"
	"sync"
	"time"

	"github.com/emersion/go-smtp"
	"github.com/labstack/echo/v5"

	"github.com/praksis/praksis/api/mail"
)

// Caught is a message kept by the development catcher.
type Caught struct {
	To      string    `json:"to"`
	Subject string    `json:"subject"`
	Text    string    `json:"text"`
	HTML    string    `json:"html"`
	SentAt  time.Time `json:"sentAt"`
}

// Catcher is the development mail server: an SMTP server on a local port
// that accepts every message and keeps the newest ones in memory, plus the
// pages that show them (GET /dev/mail, GET /dev/mail/messages). It is a
// Sender too, for tests that skip SMTP. It is only ever started with
// PRAKSIS_ENV=development (the configuration refuses it otherwise).
type Catcher struct {
	mu   sync.Mutex
	msgs []Caught
	max  int
	now  func() time.Time
	srv  *smtp.Server
}

var _ mail.Sender = (*Catcher)(nil)

// New makes a catcher keeping the newest 500 messages.
func New() *Catcher { return &Catcher{max: 500, now: time.Now} }

// Send keeps m as if it had arrived over SMTP.
func (c *Catcher) Send(_ context.Context, m mail.Message) error {
	c.keep(Caught{To: m.To, Subject: m.Subject, Text: m.Text, HTML: m.HTML})
	return nil
}

func (c *Catcher) keep(m Caught) {
	c.mu.Lock()
	defer c.mu.Unlock()
	m.SentAt = c.now().UTC()
	c.msgs = append(c.msgs, m)
	if len(c.msgs) > c.max {
		c.msgs = c.msgs[len(c.msgs)-c.max:]
	}
}

// Messages returns the kept messages, newest first.
func (c *Catcher) Messages() []Caught {
	c.mu.Lock()
	defer c.mu.Unlock()
	out := make([]Caught, len(c.msgs))
	for i, m := range c.msgs {
		out[len(c.msgs)-1-i] = m
	}
	return out
}

// Start listens for SMTP on addr (such as 127.0.0.1:0) and returns the
// address it listens on. Close stops it.
func (c *Catcher) Start(addr string) (string, error) {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return "", fmt.Errorf("mail catcher: listen on %s: %w", addr, err)
	}
	srv := smtp.NewServer(smtp.BackendFunc(func(*smtp.Conn) (smtp.Session, error) { return &catchSession{c: c}, nil }))
	srv.Domain = "localhost"
	srv.MaxMessageBytes = 5 << 20
	srv.MaxRecipients = 50
	srv.ReadTimeout = time.Minute
	srv.WriteTimeout = time.Minute
	c.mu.Lock()
	c.srv = srv
	c.mu.Unlock()
	go func() { _ = srv.Serve(ln) }()
	return ln.Addr().String(), nil
}

// Close stops the SMTP server, if started.
func (c *Catcher) Close() error {
	c.mu.Lock()
	srv := c.srv
	c.mu.Unlock()
	if srv == nil {
		return nil
	}
	if err := srv.Close(); err != nil && !errors.Is(err, smtp.ErrServerClosed) {
		return fmt.Errorf("mail catcher: close: %w", err)
	}
	return nil
}

type catchSession struct {
	c  *Catcher
	to []string
}

func (s *catchSession) Reset()                               { s.to = nil }
func (s *catchSession) Logout() error                        { return nil }
func (s *catchSession) Mail(string, *smtp.MailOptions) error { return nil }
func (s *catchSession) Rcpt(to string, _ *smtp.RcptOptions) error {
	s.to = append(s.to, to)
	return nil
}

func (s *catchSession) Data(r io.Reader) error {
	raw, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	m, err := parseMessage(raw)
	if err != nil {
		return &smtp.SMTPError{Code: 554, Message: "cannot parse message: " + err.Error()}
	}
	if len(s.to) > 0 {
		m.To = strings.Join(s.to, ", ")
	}
	s.c.keep(m)
	return nil
}

// parseMessage reads the subject and the text and HTML bodies of a MIME
// message.
func parseMessage(raw []byte) (Caught, error) {
	msg, err := netmail.ReadMessage(bytes.NewReader(raw))
	if err != nil {
		return Caught{}, err
	}
	dec := new(mime.WordDecoder)
	subject, err := dec.DecodeHeader(msg.Header.Get("Subject"))
	if err != nil {
		subject = msg.Header.Get("Subject")
	}
	out := Caught{To: msg.Header.Get("To"), Subject: subject}
	err = readPart(&out, msg.Header.Get("Content-Type"), msg.Header.Get("Content-Transfer-Encoding"), msg.Body)
	return out, err
}

func readPart(out *Caught, contentType, encoding string, body io.Reader) error {
	if contentType == "" {
		contentType = "text/plain"
	}
	media, params, err := mime.ParseMediaType(contentType)
	if err != nil {
		return fmt.Errorf("content type %q: %w", contentType, err)
	}
	if strings.HasPrefix(media, "multipart/") {
		mr := multipart.NewReader(body, params["boundary"])
		for {
			p, err := mr.NextRawPart()
			if errors.Is(err, io.EOF) {
				return nil
			}
			if err != nil {
				return err
			}
			if err := readPart(out, p.Header.Get("Content-Type"), p.Header.Get("Content-Transfer-Encoding"), p); err != nil {
				return err
			}
		}
	}
	switch strings.ToLower(strings.TrimSpace(encoding)) {
	case "quoted-printable":
		body = quotedprintable.NewReader(body)
	case "base64":
		body = base64.NewDecoder(base64.StdEncoding, newlineStripper{body})
	}
	data, err := io.ReadAll(body)
	if err != nil {
		return err
	}
	switch media {
	case "text/plain":
		if out.Text == "" {
			out.Text = strings.ReplaceAll(string(data), "\r\n", "\n")
		}
	case "text/html":
		if out.HTML == "" {
			out.HTML = string(data)
		}
	}
	return nil
}

// newlineStripper drops line breaks so base64 decoding sees one stream.
type newlineStripper struct{ r io.Reader }

func (n newlineStripper) Read(p []byte) (int, error) {
	for {
		k, err := n.r.Read(p)
		j := 0
		for _, b := range p[:k] {
			if b != '\r' && b != '\n' {
				p[j] = b
				j++
			}
		}
		if j > 0 || err != nil {
			return j, err
		}
	}
}

var pageTemplate = htmltemplate.Must(htmltemplate.New("mail").Parse(`<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Development mail</title>
<style>body{font-family:system-ui,sans-serif;max-width:60rem;margin:1rem auto;padding:0 1rem}
article{border:1px solid #888;border-radius:4px;padding:.5rem 1rem;margin:1rem 0}
pre{white-space:pre-wrap;background:#f4f4f4;padding:.5rem}dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem}
dt{font-weight:bold}a:focus{outline:3px solid #1a5a8a}</style></head>
<body>
<main>
<h1>Development mail</h1>
<p>Every e-mail the service sent since it started, newest first. This page exists only in development.
<a href="/dev/mail">Refresh</a> · <a href="/dev/mail/messages">JSON</a></p>
{{if not .}}<p>No e-mail yet.</p>{{end}}
{{range .}}<article>
<h2>{{.Subject}}</h2>
<dl><dt>To</dt><dd>{{.To}}</dd><dt>Sent</dt><dd><time datetime="{{.SentAt.Format "2006-01-02T15:04:05Z07:00"}}">{{.SentAt.Format "2006-01-02 15:04:05 MST"}}</time></dd></dl>
<pre>{{.Text}}</pre>
</article>{{end}}
</main>
</body>
</html>
`))

// HandlePage serves GET /dev/mail: the caught messages as a page.
func (c *Catcher) HandlePage(ec *echo.Context) error {
	var buf bytes.Buffer
	if err := pageTemplate.Execute(&buf, c.Messages()); err != nil {
		return fmt.Errorf("render mail page: %w", err)
	}
	ec.Response().Header().Set("Cache-Control", "no-store")
	return ec.HTMLBlob(http.StatusOK, buf.Bytes())
}

// HandleMessages serves GET /dev/mail/messages: the caught messages as JSON
// [{to, subject, text, html, sentAt}], newest first.
func (c *Catcher) HandleMessages(ec *echo.Context) error {
	ec.Response().Header().Set("Cache-Control", "no-store")
	return ec.JSON(http.StatusOK, c.Messages())
}
