package invitations

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	htmltemplate "html/template"
	"net/url"
	texttemplate "text/template"
	"time"

	"github.com/praksis/praksis/api/classes"
	"github.com/praksis/praksis/api/mail"
	"github.com/praksis/praksis/api/users"
	"github.com/praksis/praksis/tenants"
	"github.com/praksis/praksis/tenants/texts"
)

// mailQueue queues an e-mail in the request's transaction.
type mailQueue interface {
	Queue(ctx context.Context, m mail.Message) error
}

// Mailer writes the e-mails that bring supervisors in: the student's
// invitation and the notice that a teacher added them to a class. It
// queues them in the request's transaction, in the recipient's language
// (the school's default for an address without an account).
type Mailer struct {
	queue     mailQueue
	publicURL func(host string) string
}

// NewMailer makes a mailer that queues on q and makes links with
// publicURL (the absolute base URL of a school host).
func NewMailer(q mailQueue, publicURL func(host string) string) *Mailer {
	return &Mailer{queue: q, publicURL: publicURL}
}

var _ classes.AdvisorNotifier = (*Mailer)(nil)

// letter is what the layouts render: paragraphs, a link shown as a button,
// more paragraphs and the closing lines.
type letter struct {
	Lang      string
	Subject   string
	Before    []string
	LinkURL   string
	LinkLabel string
	After     []string
	Closing   []string
}

var textLetter = texttemplate.Must(texttemplate.New("text").Parse(
	`{{range .Before}}{{.}}

{{end}}{{.LinkLabel}}:
{{.LinkURL}}

{{range .After}}{{.}}

{{end}}-- 
{{range .Closing}}{{.}}
{{end}}`))

var htmlLetter = htmltemplate.Must(htmltemplate.New("html").Parse(`<!doctype html>
<html lang="{{.Lang}}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>{{.Subject}}</title></head>
<body style="font-family: Arial, Helvetica, sans-serif; font-size: 16px; line-height: 1.5; color: #1a1a1a;">
{{range .Before}}<p>{{.}}</p>
{{end}}<p><a href="{{.LinkURL}}" style="display: inline-block; padding: 12px 20px; background: #1a5fb4; color: #ffffff; text-decoration: none; border-radius: 4px; font-weight: bold;">{{.LinkLabel}}</a></p>
<p style="font-size: 14px; color: #555;">{{.LinkURL}}</p>
{{range .After}}<p>{{.}}</p>
{{end}}<hr>
{{range .Closing}}<p style="font-size: 14px; color: #555;">{{.}}</p>
{{end}}</body>
</html>
`))

func (l letter) message(to string) (mail.Message, error) {
	var text, html bytes.Buffer
	if err := textLetter.Execute(&text, l); err != nil {
		return mail.Message{}, fmt.Errorf("render text body: %w", err)
	}
	if err := htmlLetter.Execute(&html, l); err != nil {
		return mail.Message{}, fmt.Errorf("render html body: %w", err)
	}
	return mail.Message{To: to, Subject: l.Subject, Text: text.String(), HTML: html.String()}, nil
}

var oslo = func() *time.Location {
	if l, err := time.LoadLocation("Europe/Oslo"); err == nil {
		return l
	}
	return time.UTC
}()

// recipient returns the language to write to an address in: the account's
// when there is one, else the school's default.
func recipient(ctx context.Context, email string) string {
	if u, err := users.ByEmail(ctx, email); err == nil && u.Language != "" {
		return u.Language
	}
	if t := tenants.Current(ctx); t != nil && t.DefaultLanguage != "" {
		return t.DefaultLanguage
	}
	return texts.Default
}

func (m *Mailer) ready(ctx context.Context) (*tenants.SchoolTexts, error) {
	if m == nil || m.queue == nil {
		return nil, errNoMail
	}
	t := tenants.Current(ctx)
	tx, err := tenants.DB(ctx)
	if err != nil || t == nil {
		return nil, tenants.ErrNoScope
	}
	return tenants.LoadSchoolTexts(ctx, tx, t)
}

// Invitation queues the e-mail of a new invitation with the link to
// {school}/supervisor/accept-invitation?verificationGuid=… and the school's
// supervisorInvitation.subtitle text.
func (m *Mailer) Invitation(ctx context.Context, s *Sent, host string) error {
	st, err := m.ready(ctx)
	if err != nil {
		return err
	}
	lang := recipient(ctx, s.Email)
	data := map[string]any{
		"AppName": st.Text(lang, "appName"), "Student": s.StudentName,
		"Subject": s.Class.Subject.SubjectCode + " " + s.Class.Subject.Name, "Period": s.Class.Period.Name,
		"Expires": s.ExpiresAtUTC.In(oslo).Format("02.01.2006 15:04"),
	}
	cat := texts.Base()
	t := func(id string) string { return cat.T(lang, id, data) }
	link := m.publicURL(host) + "/supervisor/accept-invitation?verificationGuid=" + url.QueryEscape(s.VerificationGUID)
	before := []string{t("mail.invitation.greeting"), t("mail.invitation.intro")}
	if sub := st.Text(lang, "supervisorInvitation.subtitle"); sub != "" {
		before = append(before, sub)
	}
	msg, err := letter{
		Lang: lang, Subject: t("mail.invitation.subject"), Before: before,
		LinkURL: link, LinkLabel: t("mail.invitation.action"),
		After:   []string{t("mail.invitation.validity"), t("mail.invitation.ignore")},
		Closing: []string{t("mail.signature"), t("mail.automatic")},
	}.message(s.Email)
	if err != nil {
		return err
	}
	if err := m.queue.Queue(ctx, msg); err != nil {
		return fmt.Errorf("queue invitation %d: %w", s.ID, err)
	}
	return nil
}

// AdvisorAdded queues the e-mail telling a supervisor that a teacher added
// them to a class, with a link to sign in at {school}/advisor.
func (m *Mailer) AdvisorAdded(ctx context.Context, n classes.AdvisorAdded) error {
	st, err := m.ready(ctx)
	if err != nil {
		return err
	}
	advisor, err := users.ByID(ctx, n.AdvisorID)
	if err != nil {
		return fmt.Errorf("load supervisor %d: %w", n.AdvisorID, err)
	}
	c, err := classes.Get(ctx, n.ClassID)
	if err != nil {
		return err
	}
	teacher := ""
	if by, err := users.ByID(ctx, n.AddedBy); err == nil {
		teacher = by.DisplayName
	} else if !errors.Is(err, users.ErrNotFound) {
		return fmt.Errorf("load teacher %d: %w", n.AddedBy, err)
	}
	lang := advisor.Language
	if lang == "" {
		lang = recipient(ctx, advisor.Email)
	}
	data := map[string]any{
		"AppName": st.Text(lang, "appName"), "Teacher": teacher,
		"Subject": c.Subject.SubjectCode + " " + c.Subject.Name, "Period": c.Period.Name,
	}
	cat := texts.Base()
	t := func(id string) string { return cat.T(lang, id, data) }
	before := []string{t("mail.advisorAdded.greeting"), t("mail.advisorAdded.intro")}
	if sub := st.Text(lang, "supervisorInvitation.subtitle"); sub != "" {
		before = append(before, sub)
	}
	msg, err := letter{
		Lang: lang, Subject: t("mail.advisorAdded.subject"), Before: before,
		LinkURL: m.publicURL(n.Host) + "/advisor", LinkLabel: t("mail.advisorAdded.action"),
		After:   []string{t("mail.advisorAdded.howTo")},
		Closing: []string{t("mail.signature"), t("mail.automatic")},
	}.message(advisor.Email)
	if err != nil {
		return err
	}
	if err := m.queue.Queue(ctx, msg); err != nil {
		return fmt.Errorf("queue notice to supervisor %d: %w", n.AdvisorID, err)
	}
	return nil
}
