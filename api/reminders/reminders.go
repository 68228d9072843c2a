// Package reminders e-mails the parties of a signing form when it is their
// turn to sign, so that forms do not stall:
//
//   - when the teacher completes the end section, the student and the
//     student's supervisors are told that they can sign;
//   - after each signature that does not lock the form, every party that
//     has not signed yet gets a reminder (the teacher: the student's own
//     teacher, or every teacher of the class when the student has none);
//   - when the third signature locks the form, the three signers are told.
//
// Messages go through the school's mail outbox inside the request's
// transaction, so a reminder exists exactly when the transition committed.
// Each is in the recipient's language, names the school, and links to the
// form at {school}/{teacher|advisor|student}/class/{classId}/student/{studentId}/signingform.
// Deactivated users and addresses the outbox would refuse are skipped.
package reminders

import (
	"context"
	"errors"
	"fmt"

	"github.com/praksis/praksis/api/mail"
	"github.com/praksis/praksis/api/signing"
	"github.com/praksis/praksis/tenants"
	"github.com/praksis/praksis/tenants/texts"
)

// Outbox queues a message in the current school scope's transaction.
type Outbox interface {
	Queue(ctx context.Context, m mail.Message) error
}

// Reminders implements signing.Events with e-mail.
type Reminders struct {
	outbox    Outbox
	publicURL func(host string) string
}

var _ signing.Events = (*Reminders)(nil)

// New makes the reminders; publicURL turns a school host into the absolute
// base URL of its links (config.Config.PublicURL).
func New(outbox Outbox, publicURL func(host string) string) *Reminders {
	return &Reminders{outbox: outbox, publicURL: publicURL}
}

// kind is which message a recipient gets.
type kind string

const (
	ready    kind = "ready"
	reminder kind = "reminder"
	locked   kind = "locked"
)

// recipient is one person to e-mail, as the party they are on the form.
type recipient struct {
	UserID      int64
	DisplayName string
	Email       string
	Language    string
	Party       signing.Party
}

// EndCompleted tells the student and the student's supervisors that the
// form is ready for their signatures.
func (r *Reminders) EndCompleted(ctx context.Context, f *signing.Form) error {
	var to []recipient
	for _, p := range []signing.Party{signing.Student, signing.Advisor} {
		list, err := parties(ctx, f, p)
		if err != nil {
			return err
		}
		to = append(to, list...)
	}
	return r.send(ctx, f, ready, "", to)
}

// Signed reminds the parties that have not signed, or, when the form is now
// locked, tells the three signers.
func (r *Reminders) Signed(ctx context.Context, f *signing.Form, by signing.Party, isLocked bool) error {
	if isLocked {
		to, err := signers(ctx, f)
		if err != nil {
			return err
		}
		return r.send(ctx, f, locked, by, to)
	}
	var to []recipient
	for _, p := range []struct {
		party  signing.Party
		signed bool
	}{
		{signing.Teacher, f.SignedByTeacherDate != nil},
		{signing.Advisor, f.SignedByAdvisorDate != nil},
		{signing.Student, f.SignedByStudentDate != nil},
	} {
		if p.signed || p.party == by {
			continue
		}
		list, err := parties(ctx, f, p.party)
		if err != nil {
			return err
		}
		to = append(to, list...)
	}
	return r.send(ctx, f, reminder, by, to)
}

const recipientColumns = "u.id AS user_id, u.display_name, u.email, u.language"

// parties lists the active people who may sign the form as party.
func parties(ctx context.Context, f *signing.Form, party signing.Party) ([]recipient, error) {
	tx, err := tenants.DB(ctx)
	if err != nil {
		return nil, err
	}
	var list []recipient
	switch party {
	case signing.Student:
		err = tx.Raw("SELECT "+recipientColumns+" FROM users u WHERE u.id = ? AND u.is_active", f.StudentUserID).Scan(&list).Error
	case signing.Advisor:
		err = tx.Raw(`SELECT DISTINCT `+recipientColumns+` FROM student_references r JOIN users u ON u.id = r.advisor_user_id
			WHERE r.class_id = ? AND r.student_user_id = ? AND u.is_active ORDER BY u.id`, f.ClassID, f.StudentUserID).Scan(&list).Error
	case signing.Teacher:
		// The student's own teacher; every teacher of the class when the
		// student has none (any of them may sign).
		err = tx.Raw(`SELECT `+recipientColumns+` FROM users u WHERE u.is_active AND u.id IN (
				SELECT r.teacher_user_id FROM student_references r
				WHERE r.class_id = @class AND r.student_user_id = @student AND r.teacher_user_id IS NOT NULL)
			UNION
			SELECT `+recipientColumns+` FROM users u JOIN class_teachers ct ON ct.user_id = u.id
			WHERE ct.class_id = @class AND u.is_active AND NOT EXISTS (
				SELECT 1 FROM student_references r JOIN users t ON t.id = r.teacher_user_id
				WHERE r.class_id = @class AND r.student_user_id = @student AND t.is_active)
			ORDER BY user_id`, map[string]any{"class": f.ClassID, "student": f.StudentUserID}).Scan(&list).Error
	default:
		return nil, fmt.Errorf("unknown signing party %q", party)
	}
	if err != nil {
		return nil, fmt.Errorf("find who signs signing form %d as %s: %w", f.ID, party, err)
	}
	for i := range list {
		list[i].Party = party
	}
	return list, nil
}

// signers lists the three people who signed a locked form.
func signers(ctx context.Context, f *signing.Form) ([]recipient, error) {
	if f.SignedByTeacherUserID == nil || f.SignedByAdvisorUserID == nil || f.SignedByStudentUserID == nil {
		return nil, fmt.Errorf("signing form %d is locked without three signers", f.ID)
	}
	tx, err := tenants.DB(ctx)
	if err != nil {
		return nil, err
	}
	var list []recipient
	if err := tx.Raw(`SELECT `+recipientColumns+`,
			CASE u.id WHEN @teacher THEN 'teacher' WHEN @advisor THEN 'advisor' ELSE 'student' END AS party
		FROM users u WHERE u.id IN (@teacher, @advisor, @student) AND u.is_active
		ORDER BY CASE u.id WHEN @teacher THEN 1 WHEN @advisor THEN 2 ELSE 3 END`,
		map[string]any{"teacher": *f.SignedByTeacherUserID, "advisor": *f.SignedByAdvisorUserID, "student": *f.SignedByStudentUserID}).
		Scan(&list).Error; err != nil {
		return nil, fmt.Errorf("find the signers of signing form %d: %w", f.ID, err)
	}
	return list, nil
}

// send queues one message of kind k to each recipient; by is the party
// whose signature caused it (reminders name them).
func (r *Reminders) send(ctx context.Context, f *signing.Form, k kind, by signing.Party, to []recipient) error {
	if len(to) == 0 {
		return nil
	}
	t := tenants.Current(ctx)
	tx, err := tenants.DB(ctx)
	if err != nil || t == nil {
		return tenants.ErrNoScope
	}
	if len(t.Hosts) == 0 {
		return fmt.Errorf("school %s has no host to link to", t.Slug)
	}
	school, err := tenants.LoadSchoolTexts(ctx, tx, t)
	if err != nil {
		return err
	}
	names, err := signing.NamesOf(ctx, f)
	if err != nil {
		return err
	}
	base := r.publicURL(t.Hosts[0])
	seen := map[int64]bool{}
	var errs []error
	for _, rc := range to {
		if seen[rc.UserID] || !mail.ValidAddress(rc.Email) {
			continue
		}
		seen[rc.UserID] = true
		m, err := message(k, rc, by, f, names, school.Text(texts.Normalize(rc.Language), "appName"), base)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		if err := r.outbox.Queue(ctx, m); err != nil {
			return fmt.Errorf("queue %s reminder of signing form %d: %w", k, f.ID, err)
		}
	}
	return errors.Join(errs...)
}

// message renders one reminder in the recipient's language.
func message(k kind, rc recipient, by signing.Party, f *signing.Form, n *signing.Names, appName, base string) (mail.Message, error) {
	lang := texts.Normalize(rc.Language)
	if lang == "" {
		lang = texts.Default
	}
	cat := texts.Base()
	data := map[string]any{"Name": rc.DisplayName, "Student": n.Student, "Subject": n.Subject, "Period": n.Period, "AppName": appName}
	if by != "" {
		data["Signer"] = cat.T(lang, "mail.signing.signer."+string(by), nil)
	}
	variant := ""
	if rc.Party == signing.Student {
		variant = "Student"
	}
	id := "mail.signing." + string(k) + "."
	link := fmt.Sprintf("%s/%s/class/%d/student/%d/signingform", base, rc.Party, f.ClassID, f.StudentUserID)
	m, err := mail.NoticeMessage(lang, rc.Email, mail.Notice{
		Subject:    cat.T(lang, id+"subject"+variant, data),
		Paragraphs: []string{cat.T(lang, "mail.signing.greeting", data), cat.T(lang, id+"body"+variant, data)},
		LinkText:   cat.T(lang, "mail.signing.link", nil),
		Link:       link,
		AppName:    appName,
	})
	if err != nil {
		return mail.Message{}, fmt.Errorf("render %s reminder of signing form %d: %w", k, f.ID, err)
	}
	return m, nil
}
