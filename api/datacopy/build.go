// Package datacopy makes a copy of everything a school holds about one
// person (the right of access): a JSON file with one section per table that
// holds them, and a readable PDF of the same. A job builds the files, so a
// large copy never ties up a request; they are offered for download for
// Lifetime and then deleted by the retention policy's clean-up.
package datacopy

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/praksis/praksis/tenants"
)

// Lifetime is how long a finished copy can be downloaded.
const Lifetime = 72 * time.Hour

// Section is one table's rows about the person, as the copy lists them.
type Section struct {
	// Table is the table the rows come from; the copy's key.
	Table string
	// query selects the rows as a JSON array; @u is the person's id and
	// @email their address.
	query string
}

// classOf names a class by its subject and semester.
const classOf = `(SELECT s.subject_code || ' ' || s.name || ', ' || p.name FROM classes c
	JOIN subjects s ON s.id = c.subject_id JOIN periods p ON p.id = c.period_id WHERE c.id = %s)`

func class(col string) string { return fmt.Sprintf(classOf, col) }

// nameOf names a user by id.
func nameOf(col string) string { return "(SELECT display_name FROM users WHERE id = " + col + ")" }

// Sections are every table that holds a person, in the order the copy shows
// them. A test checks this list against the schema, so a new table that
// names a person cannot be left out.
var Sections = []Section{
	{"users", `SELECT id, display_name, email, phone_number, feide_id, vipps_sub, language, is_active,
		privacy_policy_accepted_at, deactivated_at, last_signed_in_at, created_at, updated_at FROM users WHERE id = @u`},
	{"user_roles", `SELECT r.name AS role, ur.created_at FROM user_roles ur JOIN roles r ON r.id = ur.role_id WHERE ur.user_id = @u ORDER BY r.id`},
	{"class_students", `SELECT class_id, ` + class("m.class_id") + ` AS class, created_at FROM class_students m WHERE user_id = @u`},
	{"class_teachers", `SELECT class_id, ` + class("m.class_id") + ` AS class, created_at FROM class_teachers m WHERE user_id = @u`},
	{"class_advisors", `SELECT class_id, ` + class("m.class_id") + ` AS class, created_at FROM class_advisors m WHERE user_id = @u`},
	{"student_references", `SELECT id, class_id, ` + class("r.class_id") + ` AS class, student_user_id, ` + nameOf("r.student_user_id") + ` AS student,
		advisor_user_id, ` + nameOf("r.advisor_user_id") + ` AS supervisor, teacher_user_id, ` + nameOf("r.teacher_user_id") + ` AS teacher, is_primary
		FROM student_references r WHERE @u IN (student_user_id, advisor_user_id, teacher_user_id) ORDER BY id`},
	{"answer_sets", `SELECT a.id, f.name AS form, ` + class("a.class_id") + ` AS class, a.is_mid_semester,
		a.student_user_id, ` + nameOf("a.student_user_id") + ` AS student, a.user_id AS written_by_user_id, ` + nameOf("a.user_id") + ` AS written_by,
		a.delivered_at, a.created_at, a.updated_at,
		(SELECT coalesce(json_agg(json_build_object('question', q.text, 'value', an.value, 'updated_at', an.updated_at) ORDER BY g.sort_order, q.sort_order), '[]')
			FROM answers an JOIN questions q ON q.id = an.question_id JOIN question_groups g ON g.id = q.group_id
			WHERE an.answer_set_id = a.id) AS answers
		FROM answer_sets a JOIN forms f ON f.id = a.form_id WHERE @u IN (a.user_id, a.student_user_id) ORDER BY a.id`},
	{"comments", `SELECT cm.id, cm.answer_set_id, q.text AS question, cm.user_id AS written_by_user_id, ` + nameOf("cm.user_id") + ` AS written_by,
		cm.comment, cm.commented_at, cm.updated_at
		FROM comments cm JOIN questions q ON q.id = cm.question_id JOIN answer_sets a ON a.id = cm.answer_set_id
		WHERE cm.user_id = @u OR a.student_user_id = @u OR a.user_id = @u ORDER BY cm.id`},
	{"warnings", `SELECT id, ` + class("w.class_id") + ` AS class, student_user_id, ` + nameOf("w.student_user_id") + ` AS student,
		teacher_user_id, ` + nameOf("w.teacher_user_id") + ` AS teacher, comment, pass_requirement, pass_requirement_summary,
		submitted_at, student_confirmed_at, created_at, updated_at FROM warnings w WHERE @u IN (student_user_id, teacher_user_id) ORDER BY id`},
	{"signing_forms", `SELECT sf.id, ` + class("sf.class_id") + ` AS class, sf.student_user_id, ` + nameOf("sf.student_user_id") + ` AS student,
		sf.is_locked, sf.mid_semester_completed_date, sf.end_semester_completed_date,
		sf.signed_by_teacher_date, ` + nameOf("sf.signed_by_teacher_user_id") + ` AS signed_by_teacher, sf.signed_by_teacher_sign_in_method,
		sf.signed_by_student_date, sf.signed_by_student_sign_in_method,
		sf.signed_by_advisor_date, ` + nameOf("sf.signed_by_advisor_user_id") + ` AS signed_by_supervisor, sf.signed_by_advisor_sign_in_method,
		sf.attendance_passed, sf.work_requirements_passed, sf.specific_competence_areas_passed, sf.general_competence_areas_passed,
		sf.teacher_comment, sf.overall_passed, sf.locked_at, sf.created_at, sf.updated_at
		FROM signing_forms sf JOIN student_references sr ON sr.id = sf.student_reference_id
		WHERE @u IN (sf.student_user_id, sr.advisor_user_id, sr.teacher_user_id, sf.signed_by_teacher_user_id, sf.signed_by_advisor_user_id)
		ORDER BY sf.id`},
	{"supervisor_invitations", `SELECT id, ` + class("i.class_id") + ` AS class, student_user_id, ` + nameOf("i.student_user_id") + ` AS student, email,
		expires_at, accepted_at, accepted_by_user_id, replaced_at, created_at
		FROM supervisor_invitations i WHERE lower(email) = lower(@email) OR @u IN (accepted_by_user_id, student_user_id) ORDER BY id`},
	{"sessions", `SELECT sign_in_method, user_agent, created_at, last_seen_at, expires_at, revoked_at FROM sessions WHERE user_id = @u ORDER BY created_at`},
	{"one_time_codes", `SELECT requested_from, created_at, expires_at, failed_attempts, used_at, burnt_at
		FROM one_time_codes WHERE lower(email) = lower(@email) ORDER BY created_at`},
	{"mail_outbox", `SELECT to_address, subject, created_at FROM mail_outbox WHERE lower(to_address) = lower(@email) ORDER BY created_at`},
	{"feide_profiles", `SELECT feide_id, claims, groups, signed_in_at FROM feide_profiles WHERE user_id = @u`},
	{"result_archive", `SELECT id, signing_form_id, ` + class("ra.class_id") + ` AS class, archived_at, sha256,
		convert_from(record, 'UTF8')::jsonb AS record FROM result_archive ra WHERE student_user_id = @u ORDER BY id`},
	{"archive_deliveries", `SELECT d.signing_form_id, d.status, d.last_status, d.sent_at, d.delivered_at, d.failed_at
		FROM archive_deliveries d JOIN signing_forms sf ON sf.id = d.signing_form_id WHERE sf.student_user_id = @u`},
	{"audit_log", `SELECT occurred_at, actor_user_id, action, entity, entity_id, student_user_id, class_id, details
		FROM audit_log WHERE @u IN (actor_user_id, student_user_id) OR (entity = 'user' AND entity_id = @u) ORDER BY id`},
	{"progress_sharing", `SELECT shared_at FROM progress_sharing WHERE student_user_id = @u`},
	{"reminder_opt_outs", `SELECT kind, created_at FROM reminder_opt_outs WHERE user_id = @u ORDER BY kind`},
	{"reminders_sent", `SELECT deadline, kind, step, sent_at FROM reminders_sent WHERE user_id = @u ORDER BY sent_at, deadline`},
	{"calendar_feeds", `SELECT created_at FROM calendar_feeds WHERE user_id = @u`},
	{"data_copies", `SELECT id, status, requested_by_user_id, created_at, ready_at, expires_at FROM data_copies WHERE user_id = @u ORDER BY created_at`},
}

// Copy is the JSON file: who it is about, when and by which school it was
// made, and each section's rows.
type Copy struct {
	School      string                     `json:"school"`
	UserID      int64                      `json:"userId"`
	GeneratedAt time.Time                  `json:"generatedAt"`
	Tables      map[string]json.RawMessage `json:"tables" description:"By table: the rows about the person, as an array of objects"`
}

// Build reads everything about the user in the current scope.
func Build(ctx context.Context, userID int64, now time.Time) (*Copy, error) {
	tx, err := tenants.DB(ctx)
	if err != nil {
		return nil, err
	}
	t := tenants.Current(ctx)
	var emails []string
	if err := tx.Raw("SELECT email FROM users WHERE id = ?", userID).Scan(&emails).Error; err != nil {
		return nil, fmt.Errorf("load user %d: %w", userID, err)
	}
	if len(emails) == 0 {
		return nil, fmt.Errorf("user %d: %w", userID, ErrNoPerson)
	}
	c := &Copy{School: t.DisplayName, UserID: userID, GeneratedAt: now.UTC(), Tables: map[string]json.RawMessage{}}
	args := map[string]any{"u": userID, "email": emails[0]}
	for _, s := range Sections {
		var raw []string
		q := "SELECT coalesce(json_agg(row_to_json(t)), '[]')::text FROM (" + s.query + ") t"
		if err := tx.Raw(q, args).Scan(&raw).Error; err != nil {
			return nil, fmt.Errorf("copy %s of user %d: %w", s.Table, userID, err)
		}
		c.Tables[s.Table] = json.RawMessage(raw[0])
	}
	return c, nil
}
