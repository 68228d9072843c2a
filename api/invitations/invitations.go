// Package invitations owns supervisor invitations. A student invites a
// practice supervisor by e-mail; the invitation is valid for three days,
// and inviting again replaces the open one. The supervisor follows the
// e-mailed link, signs in (Vipps, Feide or a one-time code) and accepts:
// they get the Advisor role, a place among the class's supervisors and
// the student as their own (primary when the student has none).
//
// Expiry is computed from expires_at whenever an invitation is read; no job
// has to mark it.
package invitations

import (
	"context"
	"errors"
	"fmt"
	"net/mail"
	"regexp"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/praksis/praksis/api/apperror"
	"github.com/praksis/praksis/api/audit"
	"github.com/praksis/praksis/api/auth"
	"github.com/praksis/praksis/api/classes"
	"github.com/praksis/praksis/api/users"
	"github.com/praksis/praksis/tenants"
)

// Validity is how long an invitation can be accepted (spec §9).
const Validity = 3 * 24 * time.Hour

// DailyLimit is how many invitations a student may send in 24 hours; the
// next is refused (429) so that the service cannot be used to send mail in
// bulk.
const DailyLimit = 10

// Statuses of an invitation.
const (
	StatusSent     = "sent"
	StatusExpired  = "expired"
	StatusAccepted = "accepted"
)

// Invitation is a student's invitation of a supervisor as the student sees
// it. Status is sent, expired or accepted.
type Invitation struct {
	ClassID       int64      `json:"classId"`
	StudentUserID int64      `json:"studentUserId"`
	Email         string     `json:"email" description:"The invited supervisor's address"`
	CreatedAt     time.Time  `json:"createdAt"`
	ExpiresAtUTC  time.Time  `json:"expiresAtUtc" description:"3 days after it was sent"`
	Accepted      bool       `json:"accepted"`
	AcceptedAt    *time.Time `json:"acceptedAt"`
	Expired       bool       `json:"expired"`
	Status        string     `json:"status" enum:"sent,expired,accepted"`
}

type row struct {
	ID               int64
	ClassID          int64
	StudentUserID    int64
	Email            string
	VerificationGUID string
	CreatedAt        time.Time
	ExpiresAt        time.Time
	AcceptedAt       *time.Time
	AcceptedByUserID *int64
	ReplacedAt       *time.Time
}

const columns = `id, class_id, student_user_id, email, verification_guid::text AS verification_guid, created_at, expires_at,
	accepted_at, accepted_by_user_id, replaced_at`

func (r row) view(now time.Time) Invitation {
	inv := Invitation{ClassID: r.ClassID, StudentUserID: r.StudentUserID, Email: r.Email, CreatedAt: r.CreatedAt.UTC(),
		ExpiresAtUTC: r.ExpiresAt.UTC(), Accepted: r.AcceptedAt != nil, Status: StatusSent}
	if r.AcceptedAt != nil {
		at := r.AcceptedAt.UTC()
		inv.AcceptedAt = &at
	}
	switch {
	case inv.Accepted:
		inv.Status = StatusAccepted
	case !now.Before(r.ExpiresAt):
		inv.Expired, inv.Status = true, StatusExpired
	}
	return inv
}

// normalEmail checks a plain e-mail address (no display name, at most 320
// characters) and returns it trimmed.
func normalEmail(field, raw string) (string, error) {
	email := strings.TrimSpace(raw)
	if email == "" {
		return "", apperror.Invalidf("error.invalid").Field(field, "invitations.emailRequired", nil)
	}
	if a, err := mail.ParseAddress(email); err != nil || a.Address != email || len(email) > 320 {
		return "", apperror.Invalidf("error.invalid").Field(field, "invitations.emailInvalid", nil)
	}
	return email, nil
}

// Sent is a new invitation with what its e-mail needs.
type Sent struct {
	Invitation
	ID               int64
	VerificationGUID string
	Class            *classes.StudentClass
	StudentName      string
}

// Send makes a new invitation from a student to a supervisor's e-mail for
// the student's current class, replacing the open one, and returns it.
// Invalid when the e-mail is missing, malformed or the student's own;
// NotFound ('No class found for this student') when the student has no
// class; RateLimited after DailyLimit invitations in 24 hours. The caller
// e-mails it in the same transaction.
func Send(ctx context.Context, studentID int64, rawEmail string) (*Sent, error) {
	email, err := normalEmail("email", rawEmail)
	if err != nil {
		return nil, err
	}
	student, err := users.ByID(ctx, studentID)
	if err != nil {
		return nil, fmt.Errorf("load student %d: %w", studentID, err)
	}
	if strings.EqualFold(student.Email, email) {
		return nil, apperror.Invalidf("error.invalid").Field("email", "invitations.ownEmail", nil)
	}
	sc, err := classes.CurrentClassOf(ctx, studentID)
	if err != nil {
		return nil, err
	}
	tx, err := tenants.DB(ctx)
	if err != nil {
		return nil, err
	}
	// One invitation at a time per student: the replaced one and the new
	// one must not cross.
	if err := tx.Exec("SELECT 1 FROM users WHERE id = ? FOR UPDATE", studentID).Error; err != nil {
		return nil, fmt.Errorf("lock student %d: %w", studentID, err)
	}
	now := time.Now()
	var recent int64
	if err := tx.Raw("SELECT count(*) FROM supervisor_invitations WHERE student_user_id = ? AND created_at > ?",
		studentID, now.Add(-24*time.Hour)).Scan(&recent).Error; err != nil {
		return nil, fmt.Errorf("count invitations of student %d: %w", studentID, err)
	}
	if recent >= DailyLimit {
		return nil, apperror.New(apperror.RateLimited, "invitations.tooMany").With("Max", DailyLimit)
	}
	var replaced []int64
	if err := tx.Raw(`UPDATE supervisor_invitations SET replaced_at = ? WHERE class_id = ? AND student_user_id = ? AND replaced_at IS NULL
		RETURNING id`, now, sc.ID, studentID).Scan(&replaced).Error; err != nil {
		return nil, fmt.Errorf("replace open invitation of student %d: %w", studentID, err)
	}
	var r row
	if err := tx.Raw(`INSERT INTO supervisor_invitations (class_id, student_user_id, email, created_at, expires_at)
		VALUES (?, ?, ?, ?, ?) RETURNING `+columns, sc.ID, studentID, email, now, now.Add(Validity)).Scan(&r).Error; err != nil {
		return nil, fmt.Errorf("store invitation of student %d: %w", studentID, err)
	}
	details := map[string]any{}
	if len(replaced) > 0 {
		details["replaced"] = replaced
	}
	if err := audit.Record(ctx, audit.Entry{Action: "invitation.sent", Entity: "supervisorInvitation", EntityID: r.ID,
		StudentUserID: studentID, ClassID: sc.ID, Details: details}); err != nil {
		return nil, err
	}
	return &Sent{Invitation: r.view(now), ID: r.ID, VerificationGUID: r.VerificationGUID, Class: sc, StudentName: student.DisplayName}, nil
}

// ErrNone means the student has no invitation in their current class.
var ErrNone = apperror.NotFoundf("invitations.none")

// Mine returns the invitation of a student's current class that has not
// been replaced. ErrNone when there is none (or the student has no class).
func Mine(ctx context.Context, studentID int64) (*Invitation, error) {
	sc, err := classes.CurrentClassOf(ctx, studentID)
	if apperror.KindOf(err) == apperror.NotFound {
		return nil, ErrNone
	}
	if err != nil {
		return nil, err
	}
	tx, err := tenants.DB(ctx)
	if err != nil {
		return nil, err
	}
	var rows []row
	if err := tx.Raw("SELECT "+columns+" FROM supervisor_invitations WHERE class_id = ? AND student_user_id = ? AND replaced_at IS NULL",
		sc.ID, studentID).Scan(&rows).Error; err != nil {
		return nil, fmt.Errorf("load invitation of student %d: %w", studentID, err)
	}
	if len(rows) == 0 {
		return nil, ErrNone
	}
	inv := rows[0].view(time.Now())
	return &inv, nil
}

// AcceptInput is the body of POST /api/invitations/advisor/accept. Name
// and PhoneNumber may complete the account; Email is accepted because the
// page sends the signed-in user's address, but the rule compares the
// account's own address (see Accept).
type AcceptInput struct {
	VerificationGUID string `json:"verificationGuid" required:"true" description:"The id from the invitation's link" example:"3f2c1a9e-8b7d-4c6e-9f01-2a3b4c5d6e7f"`
	Name             string `json:"name" description:"Fills the account's name when it has none (a name that is only the e-mail counts as none)"`
	Email            string `json:"email" description:"Accepted and not used: the account's own address is compared"`
	PhoneNumber      string `json:"phoneNumber" description:"Fills the account's phone number when it has none"`
}

// Accepted is the outcome of accepting: the invitation, now accepted, and
// the student and class the supervisor now follows.
type Accepted struct {
	Invitation
	StudentName string `json:"studentName"`
	SubjectCode string `json:"subjectCode"`
	SubjectName string `json:"subjectName"`
	PeriodName  string `json:"periodName"`
}

var guidPattern = regexp.MustCompile(`^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$`)

// Accept lets the signed-in caller accept the invitation with the given
// verification id. The order of checks:
//
//   - an unknown or malformed id is NotFound;
//   - an invitation the caller accepted before is answered as accepted
//     again (nothing changes); one someone else accepted is a Conflict;
//   - a replaced invitation is a Conflict (the student has invited again);
//   - an expired one is Gone (the student must invite again);
//   - the student cannot accept their own invitation (Forbidden);
//   - the caller's account e-mail must be the invited address, without
//     regard to case (Forbidden otherwise): a link forwarded to someone
//     else does not make them the student's supervisor.
//
// The caller then gets the Advisor role, a place among the class's
// supervisors and the student as their own (primary when the student has
// none). A name or phone number in the input fills the account's when it
// has none of its own (an e-mail-derived name counts as none).
func Accept(ctx context.Context, in AcceptInput) (*Accepted, error) {
	caller := auth.CallerFrom(ctx)
	if caller == nil {
		return nil, apperror.New(apperror.Unauthorized, "error.unauthorized")
	}
	guid := strings.TrimSpace(in.VerificationGUID)
	if guid == "" {
		return nil, apperror.Invalidf("error.invalid").Field("verificationGuid", "invitations.guidRequired", nil)
	}
	e := apperror.Invalidf("error.invalid")
	if utf8.RuneCountInString(strings.TrimSpace(in.Name)) > 200 {
		e.Field("name", "invitations.nameTooLong", nil)
	}
	if len(strings.TrimSpace(in.PhoneNumber)) > 32 {
		e.Field("phoneNumber", "invitations.phoneTooLong", nil)
	}
	if len(e.Fields) > 0 {
		return nil, e
	}
	notFound := apperror.NotFoundf("invitations.notFound")
	if !guidPattern.MatchString(guid) {
		return nil, notFound
	}
	tx, err := tenants.DB(ctx)
	if err != nil {
		return nil, err
	}
	var rows []row
	if err := tx.Raw("SELECT "+columns+" FROM supervisor_invitations WHERE verification_guid = ?::uuid FOR UPDATE", guid).Scan(&rows).Error; err != nil {
		return nil, fmt.Errorf("load invitation: %w", err)
	}
	if len(rows) == 0 {
		return nil, notFound
	}
	r := rows[0]
	now := time.Now()
	switch {
	case r.AcceptedByUserID != nil && *r.AcceptedByUserID == caller.UserID:
		return accepted(ctx, r, now)
	case r.AcceptedByUserID != nil:
		return nil, apperror.Conflictf("invitations.alreadyAccepted")
	case r.ReplacedAt != nil:
		return nil, apperror.Conflictf("invitations.replaced")
	case !now.Before(r.ExpiresAt):
		return nil, apperror.Gonef("invitations.expired")
	case r.StudentUserID == caller.UserID:
		return nil, apperror.Forbiddenf("invitations.ownInvitation")
	}
	u, err := users.ByID(ctx, caller.UserID)
	if err != nil {
		return nil, fmt.Errorf("load user %d: %w", caller.UserID, err)
	}
	if !strings.EqualFold(strings.TrimSpace(u.Email), strings.TrimSpace(r.Email)) {
		return nil, apperror.Forbiddenf("invitations.emailMismatch")
	}
	if err := complete(ctx, u, in); err != nil {
		return nil, err
	}
	if err := users.GrantRole(ctx, u.ID, users.RoleAdvisor); err != nil {
		return nil, err
	}
	if err := tx.Exec("INSERT INTO class_advisors (class_id, user_id) VALUES (?, ?) ON CONFLICT DO NOTHING", r.ClassID, u.ID).Error; err != nil {
		return nil, fmt.Errorf("add supervisor %d to class %d: %w", u.ID, r.ClassID, err)
	}
	if _, err := classes.AddAdvisorStudents(ctx, r.ClassID, u.ID, []int64{r.StudentUserID}); err != nil {
		return nil, err
	}
	if err := tx.Exec("UPDATE supervisor_invitations SET accepted_at = ?, accepted_by_user_id = ? WHERE id = ?", now, u.ID, r.ID).Error; err != nil {
		return nil, fmt.Errorf("accept invitation %d: %w", r.ID, err)
	}
	if err := audit.Record(ctx, audit.Entry{Action: "invitation.accepted", Entity: "supervisorInvitation", EntityID: r.ID,
		StudentUserID: r.StudentUserID, ClassID: r.ClassID, Details: map[string]any{"advisorUserId": u.ID}}); err != nil {
		return nil, err
	}
	r.AcceptedAt, r.AcceptedByUserID = &now, &u.ID
	return accepted(ctx, r, now)
}

// complete fills the account's phone number, and its name when the name
// is only the e-mail address or its local part, from what the supervisor
// typed when accepting.
func complete(ctx context.Context, u *users.User, in AcceptInput) error {
	name, phone := strings.TrimSpace(in.Name), strings.TrimSpace(in.PhoneNumber)
	changed := false
	local := u.Email
	if i := strings.IndexByte(local, '@'); i > 0 {
		local = local[:i]
	}
	if name != "" && (strings.EqualFold(u.DisplayName, u.Email) || strings.EqualFold(u.DisplayName, local)) {
		u.DisplayName, changed = name, true
	}
	if phone != "" && (u.PhoneNumber == nil || *u.PhoneNumber == "") {
		u.PhoneNumber, changed = &phone, true
	}
	if !changed {
		return nil
	}
	return users.Update(ctx, u)
}

func accepted(ctx context.Context, r row, now time.Time) (*Accepted, error) {
	tx, err := tenants.DB(ctx)
	if err != nil {
		return nil, err
	}
	out := &Accepted{Invitation: r.view(now)}
	var names struct {
		StudentName string
		SubjectCode string
		SubjectName string
		PeriodName  string
	}
	if err := tx.Raw(`SELECT u.display_name AS student_name, s.subject_code, s.name AS subject_name, p.name AS period_name
		FROM classes c JOIN subjects s ON s.id = c.subject_id JOIN periods p ON p.id = c.period_id JOIN users u ON u.id = ?
		WHERE c.id = ?`, r.StudentUserID, r.ClassID).Scan(&names).Error; err != nil {
		return nil, fmt.Errorf("load class %d of invitation %d: %w", r.ClassID, r.ID, err)
	}
	out.StudentName, out.SubjectCode, out.SubjectName, out.PeriodName = names.StudentName, names.SubjectCode, names.SubjectName, names.PeriodName
	return out, nil
}

// errNoMail is returned when an invitation is sent on a server built
// without a mail queue.
var errNoMail = errors.New("no mail queue configured for invitations")
