package warnings

import (
	"context"
	"fmt"

	"github.com/praksis/praksis/api/mail"
	"github.com/praksis/praksis/tenants"
	"github.com/praksis/praksis/tenants/texts"
)

// mailQueue queues an e-mail in the request's transaction.
type mailQueue interface {
	Queue(ctx context.Context, m mail.Message) error
}

// MailNotifier e-mails the student when a warning has been sent: kindly,
// in the student's language, naming the school, with a link to the page
// where they read and confirm it. The warning's text itself stays in the
// service; e-mail is not the place for it.
type MailNotifier struct {
	Queue     mailQueue
	PublicURL func(host string) string
}

// WarningSubmitted queues the e-mail.
func (n *MailNotifier) WarningSubmitted(ctx context.Context, w *Warning) error {
	t := tenants.Current(ctx)
	tx, err := tenants.DB(ctx)
	if err != nil || t == nil {
		return tenants.ErrNoScope
	}
	var student struct {
		Email    string
		Language string
	}
	if err := tx.Raw("SELECT email, language FROM users WHERE id = ?", w.StudentUserID).Scan(&student).Error; err != nil {
		return fmt.Errorf("load student %d: %w", w.StudentUserID, err)
	}
	st, err := tenants.LoadSchoolTexts(ctx, tx, t)
	if err != nil {
		return err
	}
	lang := texts.Negotiate(student.Language, "", t.DefaultLanguage)
	cat := texts.Base()
	app := st.Text(lang, "appName")
	msg, err := mail.NoticeMessage(lang, student.Email, mail.Notice{
		Subject:    cat.T(lang, "warnings.mail.subject", map[string]any{"AppName": app}),
		Paragraphs: []string{cat.T(lang, "warnings.mail.body", nil), cat.T(lang, "warnings.mail.next", nil)},
		LinkText:   cat.T(lang, "warnings.mail.link", nil),
		Link:       n.PublicURL(t.Hosts[0]) + "/student/forms",
		AppName:    app,
	})
	if err != nil {
		return fmt.Errorf("write warning e-mail: %w", err)
	}
	return n.Queue.Queue(ctx, msg)
}
