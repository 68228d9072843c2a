// Package erasure erases a person from a school: the right to erasure of
// the data-protection regulation, asked for by an admin or an operator, and
// the end of an account the school's retention policy no longer keeps.
//
// What the person wrote or what is about them goes: their account (or, when
// a record the school must keep still names them, its personal fields),
// sessions, one-time codes, e-mail waiting to them, Feide profile,
// invitations, answer sets they wrote or that assess them (with their answers
// and comments), comments they wrote, warnings about them, memberships and
// copies of their data. What the school must keep stays and the report says
// so: a locked signing form and its archived result, and warnings a teacher
// wrote about another student (attributed to an erased person). The audit
// log keeps its rows, which hold ids and never the data itself.
//
// Erasure is refused while a signing form that involves the person is still
// open, since a half-signed result would lose a party.
package erasure

import (
	"context"
	"fmt"
	"net/http"

	"gorm.io/gorm"

	"github.com/praksis/praksis/api/apperror"
	"github.com/praksis/praksis/api/audit"
	"github.com/praksis/praksis/api/auth"
	"github.com/praksis/praksis/api/edge"
	"github.com/praksis/praksis/api/pgerr"
	"github.com/praksis/praksis/tenants"
)

// ErasedName is the display name left on an account that records the school
// must keep still point to, in both the school's languages since the row is
// shown to everyone.
const ErasedName = "Slettet person / Erased person"

// Report says what an erasure removed, by count, and what it kept and why.
type Report struct {
	UserID int64 `json:"userId"`
	// AccountDeleted is true when the account row itself went; false when
	// kept records point to it and only its personal fields were cleared.
	AccountDeleted bool `json:"accountDeleted" description:"false when kept records name the person and only the account's personal fields were cleared"`
	// Removed counts the rows deleted per kind (table name).
	Removed map[string]int64 `json:"removed" description:"Rows deleted, by table"`
	// Kept counts what stays because the school must keep it: lockedSigningForms,
	// archivedResults, warningsWritten.
	Kept map[string]int64 `json:"kept" description:"What stays because the school must keep it: lockedSigningForms, archivedResults, warningsWritten"`
}

// Total is the number of rows removed.
func (r Report) Total() int64 {
	var n int64
	for _, v := range r.Removed {
		n += v
	}
	return n
}

type person struct {
	ID    int64
	Email string
}

// OpenSigningForms counts the signing forms not yet locked that involve the
// user: as the student, the student's teacher or supervisor, or a signer.
func OpenSigningForms(ctx context.Context, userID int64) (int64, error) {
	tx, err := tenants.DB(ctx)
	if err != nil {
		return 0, err
	}
	var n int64
	if err := tx.Raw(`SELECT count(*) FROM signing_forms sf
		JOIN student_references sr ON sr.id = sf.student_reference_id
		WHERE NOT sf.is_locked AND (sf.student_user_id = @u OR sr.advisor_user_id = @u OR sr.teacher_user_id = @u
			OR sf.signed_by_teacher_user_id = @u OR sf.signed_by_advisor_user_id = @u)`,
		map[string]any{"u": userID}).Scan(&n).Error; err != nil {
		return 0, fmt.Errorf("count open signing forms of user %d: %w", userID, err)
	}
	return n, nil
}

// Erase erases the user in the current school scope's transaction and
// writes an audit row with the counts. A missing user is a not-found error;
// an open signing form that involves them is a conflict that changes
// nothing.
func Erase(ctx context.Context, userID int64) (Report, error) {
	r := Report{UserID: userID, Removed: map[string]int64{}, Kept: map[string]int64{}}
	tx, err := tenants.DB(ctx)
	if err != nil {
		return r, err
	}
	var p []person
	if err := tx.Raw("SELECT id, email FROM users WHERE id = ? FOR UPDATE", userID).Scan(&p).Error; err != nil {
		return r, fmt.Errorf("load user %d: %w", userID, err)
	}
	if len(p) == 0 {
		return r, apperror.NotFoundf("users.notFound")
	}
	open, err := OpenSigningForms(ctx, userID)
	if err != nil {
		return r, err
	}
	if open > 0 {
		return r, apperror.Conflictf("erasure.openSigningForm").With("Count", open)
	}
	args := map[string]any{"u": userID, "email": p[0].Email}
	// Order matters: rows that restrict the deletion of others go first.
	steps := []struct{ name, sql string }{
		{"sessions", "DELETE FROM sessions WHERE user_id = @u"},
		{"one_time_codes", "DELETE FROM one_time_codes WHERE lower(email) = lower(@email)"},
		{"mail_outbox", "DELETE FROM mail_outbox WHERE lower(to_address) = lower(@email)"},
		{"feide_profiles", "WITH feed AS (DELETE FROM calendar_feeds WHERE user_id = @u) DELETE FROM feide_profiles WHERE user_id = @u"},
		{"data_copies", "DELETE FROM data_copies WHERE user_id = @u"},
		{"progress_sharing", "DELETE FROM progress_sharing WHERE student_user_id = @u"},
		{"reminders_sent", "WITH off AS (DELETE FROM reminder_opt_outs WHERE user_id = @u) DELETE FROM reminders_sent WHERE user_id = @u"},
		{"supervisor_invitations", `DELETE FROM supervisor_invitations
			WHERE lower(email) = lower(@email) OR accepted_by_user_id = @u OR student_user_id = @u`},
		{"comments", "DELETE FROM comments WHERE user_id = @u"},
		{"answer_sets", "DELETE FROM answer_sets WHERE user_id = @u OR student_user_id = @u"},
		{"warnings", "DELETE FROM warnings WHERE student_user_id = @u"},
		// Signing forms here are locked (open ones refused the erasure): they
		// stay, and so do the memberships their student reference needs.
		{"class_students", `DELETE FROM class_students cs WHERE cs.user_id = @u
			AND NOT EXISTS (SELECT 1 FROM signing_forms sf WHERE sf.class_id = cs.class_id AND sf.student_user_id = cs.user_id)`},
		{"class_advisors", `DELETE FROM class_advisors ca WHERE ca.user_id = @u
			AND NOT EXISTS (SELECT 1 FROM student_references sr JOIN signing_forms sf ON sf.student_reference_id = sr.id
				WHERE sr.class_id = ca.class_id AND sr.advisor_user_id = ca.user_id)`},
		{"class_teachers", "DELETE FROM class_teachers WHERE user_id = @u"},
		{"user_roles", "DELETE FROM user_roles WHERE user_id = @u"},
	}
	for _, s := range steps {
		res := tx.Exec(s.sql, args)
		if res.Error != nil {
			return r, fmt.Errorf("erase %s of user %d: %w", s.name, userID, res.Error)
		}
		if res.RowsAffected > 0 {
			r.Removed[s.name] = res.RowsAffected
		}
	}
	if err := kept(tx, userID, r.Kept); err != nil {
		return r, err
	}
	if err := removeAccount(tx, userID, &r); err != nil {
		return r, err
	}
	details := map[string]any{"removed": r.Removed, "kept": r.Kept, "accountDeleted": r.AccountDeleted}
	if err := audit.Record(ctx, audit.Entry{Action: "user.erased", Entity: "user", EntityID: userID, Details: details}); err != nil {
		return r, err
	}
	return r, nil
}

// kept counts what stays about or by the user because the school must keep it.
func kept(tx *gorm.DB, userID int64, into map[string]int64) error {
	var k struct {
		LockedSigningForms int64
		ArchivedResults    int64
		WarningsWritten    int64
	}
	if err := tx.Raw(`SELECT
		(SELECT count(*) FROM signing_forms WHERE is_locked AND (student_user_id = @u OR signed_by_teacher_user_id = @u
			OR signed_by_advisor_user_id = @u)) AS locked_signing_forms,
		(SELECT count(*) FROM result_archive WHERE student_user_id = @u) AS archived_results,
		(SELECT count(*) FROM warnings WHERE teacher_user_id = @u) AS warnings_written`,
		map[string]any{"u": userID}).Scan(&k).Error; err != nil {
		return fmt.Errorf("count kept records of user %d: %w", userID, err)
	}
	for name, n := range map[string]int64{"lockedSigningForms": k.LockedSigningForms,
		"archivedResults": k.ArchivedResults, "warningsWritten": k.WarningsWritten} {
		if n > 0 {
			into[name] = n
		}
	}
	return nil
}

// removeAccount deletes the account row, or, when a kept record still
// points to it (the foreign keys restrict), clears every personal field so
// the person can neither be recognised nor sign in.
func removeAccount(tx *gorm.DB, userID int64, r *Report) error {
	err := tx.Transaction(func(sp *gorm.DB) error {
		return sp.Exec("DELETE FROM users WHERE id = ?", userID).Error
	})
	if err == nil {
		r.AccountDeleted = true
		return nil
	}
	if !pgerr.IsForeignKey(err) {
		return fmt.Errorf("delete account %d: %w", userID, err)
	}
	if err := tx.Exec(`UPDATE users SET display_name = ?, email = 'erased-' || id || '@erased.invalid',
		phone_number = NULL, feide_id = NULL, vipps_sub = NULL, is_active = false,
		deactivated_at = coalesce(deactivated_at, now()), privacy_policy_accepted_at = NULL,
		last_signed_in_at = NULL, updated_at = now() WHERE id = ?`, ErasedName, userID).Error; err != nil {
		return fmt.Errorf("clear account %d: %w", userID, err)
	}
	return nil
}

// ByUser names the person to erase in the path.
type ByUser struct {
	ID int64 `path:"id" minimum:"1" description:"The person to erase"`
}

// HandleErase serves POST /api/users/{id}/erasure: an admin erases a person
// of the school and gets the report. Admins cannot erase themselves (409),
// since the school would lose the account acting for it.
var HandleErase = edge.Read(http.StatusOK, func(ctx context.Context, p ByUser) (Report, error) {
	if caller := auth.CallerFrom(ctx); caller != nil && caller.UserID == p.ID {
		return Report{}, apperror.Conflictf("erasure.self")
	}
	return Erase(ctx, p.ID)
})
