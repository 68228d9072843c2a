// Package mail sends the service's e-mail: messages rendered from templates
// in the recipient's language, queued in the request's transaction (the
// school's outbox plus a job), and sent by a background worker over SMTP. In
// development a catcher keeps every message and shows it in the browser.
package mail

import (
	"bytes"
	"context"
	"fmt"
	htmltemplate "html/template"
	"net/url"
	"strings"
	texttemplate "text/template"
	"time"

	"github.com/praksis/praksis/tenants/texts"
)

// Message is one e-mail to one recipient, with a plain-text and an HTML
// body saying the same.
type Message struct {
	To      string
	Subject string
	Text    string
	HTML    string
}

// Sender delivers a message. Send returns an error when the message may not
// have been delivered; the caller retries.
type Sender interface {
	Send(ctx context.Context, m Message) error
}

// content is what the layout renders: paragraphs around an optional
// highlighted code, then an optional link.
type content struct {
	Lang     string
	Subject  string
	Before   []string
	Code     string
	After    []string
	LinkText string
	Link     string
	Closing  []string
}

var textLayout = texttemplate.Must(texttemplate.New("text").Parse(
	`{{range .Before}}{{.}}

{{end}}{{if .Code}}    {{.Code}}

{{end}}{{range .After}}{{.}}

{{end}}{{if .Link}}{{.LinkText}}:
{{.Link}}

{{end}}-- 
{{range .Closing}}{{.}}
{{end}}`))

var htmlLayout = htmltemplate.Must(htmltemplate.New("html").Parse(`<!doctype html>
<html lang="{{.Lang}}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>{{.Subject}}</title></head>
<body style="font-family: Arial, Helvetica, sans-serif; font-size: 16px; line-height: 1.5; color: #1a1a1a;">
{{range .Before}}<p>{{.}}</p>
{{end}}{{if .Code}}<p style="font-size: 28px; font-weight: bold; letter-spacing: 6px; font-family: 'Courier New', monospace;">{{.Code}}</p>
{{end}}{{range .After}}<p>{{.}}</p>
{{end}}{{if .Link}}<p><a href="{{.Link}}">{{.LinkText}}</a></p>
{{end}}<hr>
{{range .Closing}}<p style="font-size: 14px; color: #555;">{{.}}</p>
{{end}}</body>
</html>
`))

func render(to string, c content) (Message, error) {
	var text, html bytes.Buffer
	if err := textLayout.Execute(&text, c); err != nil {
		return Message{}, fmt.Errorf("render text body: %w", err)
	}
	if err := htmlLayout.Execute(&html, c); err != nil {
		return Message{}, fmt.Errorf("render html body: %w", err)
	}
	return Message{To: to, Subject: c.Subject, Text: text.String(), HTML: html.String()}, nil
}

// CodeMessage is the e-mail with a one-time sign-in code, in lang (nb or
// en), naming the school by appName.
func CodeMessage(lang, to, appName, code string, valid time.Duration) (Message, error) {
	lang = texts.Negotiate(lang, "", texts.Default)
	cat := texts.Base()
	data := map[string]any{"AppName": appName, "Minutes": int(valid.Round(time.Minute).Minutes())}
	t := func(id string) string { return cat.T(lang, id, data) }
	return render(to, content{
		Lang:    lang,
		Subject: t("mail.code.subject"),
		Before:  []string{t("mail.code.greeting"), t("mail.code.intro")},
		Code:    code,
		After:   []string{t("mail.code.validity"), t("mail.code.ignore")},
		Closing: []string{t("mail.signature"), t("mail.automatic")},
	})
}

// Notice is an e-mail that tells its recipient something and links to the
// page where they act on it. Its texts are already in the recipient's
// language.
type Notice struct {
	Subject    string
	Paragraphs []string
	// LinkText and Link lead to the page (Link absolute, http or https).
	LinkText string
	Link     string
	// AppName names the school in the signature.
	AppName string
}

// NoticeMessage renders a notice to one recipient in lang (nb, nn or en), with
// the service's signature naming the school. It refuses a link that is
// not an absolute http(s) URL.
func NoticeMessage(lang, to string, n Notice) (Message, error) {
	lang = texts.Negotiate(lang, "", texts.Default)
	if n.Link != "" {
		if u, err := url.Parse(n.Link); err != nil || u.Host == "" || (u.Scheme != "http" && u.Scheme != "https") {
			return Message{}, fmt.Errorf("render notice: link %q is not an absolute http(s) URL", n.Link)
		}
	}
	cat := texts.Base()
	data := map[string]any{"AppName": n.AppName}
	return render(to, content{
		Lang:     lang,
		Subject:  n.Subject,
		Before:   n.Paragraphs,
		LinkText: n.LinkText,
		Link:     n.Link,
		Closing:  []string{cat.T(lang, "mail.signature", data), cat.T(lang, "mail.automatic", data)},
	})
}

// ValidAddress reports whether s is a bare e-mail address the outbox
// accepts (Queue refuses any other).
func ValidAddress(s string) bool { return validAddress(s) }

// validAddress reports whether s is a bare address fit for an envelope.
func validAddress(s string) bool {
	return s != "" && len(s) <= 320 && strings.Count(s, "@") == 1 && !strings.ContainsAny(s, " \t\r\n<>,;\"")
}
