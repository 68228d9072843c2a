package mail

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"strconv"
	"time"

	gomail "github.com/wneessen/go-mail"
)

// SMTPSender sends messages through an SMTP server, one connection per
// message (codes are few and far between; a pool would hold connections
// that servers close anyway).
type SMTPSender struct {
	host string
	from string
	opts []gomail.Option
}

var _ Sender = (*SMTPSender)(nil)

// NewSMTPSender configures a sender from SMTP_URL and MAIL_FROM:
//
//	smtp://user:password@host:port   STARTTLS when the server offers it (port 587 by default)
//	smtp://host:port?tls=required    STARTTLS or fail
//	smtps://user:password@host:port  TLS from the first byte (port 465 by default)
//
// User and password are optional; with them the best mechanism the server
// offers is used.
func NewSMTPSender(rawURL, from string) (*SMTPSender, error) {
	u, err := url.Parse(rawURL)
	if err != nil {
		return nil, fmt.Errorf("parse SMTP_URL: %w", err)
	}
	if !validAddress(from) {
		return nil, errors.New("MAIL_FROM must be a plain e-mail address")
	}
	opts := []gomail.Option{gomail.WithTimeout(30 * time.Second)}
	port := 587
	switch u.Scheme {
	case "smtp":
		switch u.Query().Get("tls") {
		case "", "opportunistic":
			opts = append(opts, gomail.WithTLSPolicy(gomail.TLSOpportunistic))
		case "required":
			opts = append(opts, gomail.WithTLSPolicy(gomail.TLSMandatory))
		default:
			return nil, errors.New("SMTP_URL: tls must be opportunistic or required")
		}
	case "smtps":
		port = 465
		opts = append(opts, gomail.WithSSL())
	default:
		return nil, fmt.Errorf("SMTP_URL: scheme must be smtp or smtps, got %q", u.Scheme)
	}
	if p := u.Port(); p != "" {
		if port, err = strconv.Atoi(p); err != nil || port < 1 || port > 65535 {
			return nil, fmt.Errorf("SMTP_URL: bad port %q", p)
		}
	}
	opts = append(opts, gomail.WithPort(port))
	if u.User != nil && u.User.Username() != "" {
		pw, _ := u.User.Password()
		opts = append(opts, gomail.WithSMTPAuth(gomail.SMTPAuthAutoDiscover),
			gomail.WithUsername(u.User.Username()), gomail.WithPassword(pw))
	}
	if u.Hostname() == "" {
		return nil, errors.New("SMTP_URL: host is missing")
	}
	return &SMTPSender{host: u.Hostname(), from: from, opts: opts}, nil
}

// Send delivers one message with a plain-text body and an HTML alternative.
func (s *SMTPSender) Send(ctx context.Context, m Message) error {
	if !validAddress(m.To) {
		return errors.New("send mail: recipient is not a plain e-mail address")
	}
	msg := gomail.NewMsg(gomail.WithCharset(gomail.CharsetUTF8), gomail.WithEncoding(gomail.EncodingQP))
	if err := msg.From(s.from); err != nil {
		return fmt.Errorf("send mail: sender: %w", err)
	}
	if err := msg.To(m.To); err != nil {
		return fmt.Errorf("send mail: recipient: %w", err)
	}
	msg.Subject(m.Subject)
	msg.SetDate()
	msg.SetMessageID()
	msg.SetGenHeader(gomail.Header("Auto-Submitted"), "auto-generated")
	msg.SetBodyString(gomail.TypeTextPlain, m.Text)
	if m.HTML != "" {
		msg.AddAlternativeString(gomail.TypeTextHTML, m.HTML)
	}
	client, err := gomail.NewClient(s.host, s.opts...)
	if err != nil {
		return fmt.Errorf("send mail: client: %w", err)
	}
	if err := client.DialAndSendWithContext(ctx, msg); err != nil {
		return fmt.Errorf("send mail via %s: %w", s.host, err)
	}
	return nil
}

// Unconfigured is the sender of a service without SMTP_URL: every message
// fails, so it stays queued (and is retried) until e-mail is set up.
type Unconfigured struct{}

// Send refuses the message.
func (Unconfigured) Send(context.Context, Message) error {
	return errors.New("send mail: SMTP_URL is not set")
}
