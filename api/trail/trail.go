// Package trail shows the audit trail of one student in one class: the
// dated list of what happened to the placement (answers delivered; the
// warning saved, sent, confirmed and deleted; the signing form saved, mid
// confirmed, end completed, signed with party and sign-in method,
// cancelled, locked, archived and submitted), newest first, each with who
// did it (name and role tag) and a label in the caller's language. Only the
// class's teachers and admins may read it (policy.CanSeeAuditTrail).
package trail

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"time"

	"github.com/labstack/echo/v5"

	"github.com/praksis/praksis/api/edge"
	"github.com/praksis/praksis/api/placementpath"
	"github.com/praksis/praksis/api/policy"
	"github.com/praksis/praksis/api/users"
	"github.com/praksis/praksis/tenants"
	"github.com/praksis/praksis/tenants/texts"
)

// Tag is an actor's role tag, as the comment badges show it.
type Tag string

// Role tags of actors.
const (
	TagStudent Tag = "S"
	TagTeacher Tag = "PL"
	TagAdvisor Tag = "PV"
	TagAdmin   Tag = "Admin"
	// TagSystem marks what the service did by itself (archiving,
	// submission).
	TagSystem Tag = "system"
	// TagNone is an actor who has no role in the placement any more.
	TagNone Tag = ""
)

// Enum lists the role tags for the API document.
func (Tag) Enum() []any {
	return []any{TagStudent, TagTeacher, TagAdvisor, TagAdmin, TagSystem, TagNone}
}

// Action is what happened, as the audit log names it.
type Action string

// Enum lists the actions recorded about a student in a class, for the API
// document.
func (Action) Enum() []any {
	return []any{
		"answerSet.delivered",
		"warning.saved", "warning.submitted", "warning.confirmed", "warning.deleted",
		"signingForm.saved", "signingForm.midConfirmed", "signingForm.endCompleted", "signingForm.signed",
		"signingForm.cancelled", "signingForm.locked", "signingForm.archived", "signingForm.submitted",
		"signingForm.archiveSent", "signingForm.archiveDelivered", "signingForm.archiveDeliveryFailed", "signingForm.archiveRetried",
		"invitation.sent", "invitation.accepted", "class.studentJoined",
		"studentReference.teacherAssigned", "studentReference.advisorAssigned", "studentReference.primaryAdvisorChanged",
	}
}

// Entry is one line of the trail.
type Entry struct {
	ID         int64     `json:"id"`
	OccurredAt time.Time `json:"occurredAt"`
	// Action is the audit action, such as "signingForm.signed".
	Action Action `json:"action"`
	// Label says what happened in the caller's language.
	Label    string `json:"label" description:"What happened, in the caller's language; signatures name the party and the sign-in method"`
	Entity   string `json:"entity" example:"signingForm" description:"The kind of thing it happened to"`
	EntityID *int64 `json:"entityId"`
	// ActorID is null for the service itself.
	ActorID   *int64 `json:"actorId" description:"null when the service did it by itself (archiving, submission)"`
	ActorName string `json:"actorName"`
	// ActorRole is the actor's role tag: S, PL, PV, Admin, system, or ""
	// when the actor has no role in the placement any more.
	ActorRole Tag `json:"actorRole" description:"S, PL, PV, Admin, system, or empty when the actor has no role in the placement any more"`
	// Party and SignInMethod are set on signatures.
	Party        *string `json:"party,omitempty" enum:"teacher,student,advisor" description:"Who signed (signatures only)"`
	SignInMethod *string `json:"signInMethod,omitempty" enum:"feide,vipps,code" description:"How the signer had signed in (signatures only)"`
}

type row struct {
	ID              int64
	OccurredAt      time.Time
	Action          string
	Entity          string
	EntityID        *int64
	ActorUserID     *int64
	ActorName       *string
	Details         string
	ActorIsTeacher  bool
	ActorIsAdvisor  bool
	ActorIsAdmin    bool
	ActorHasTeacher bool
	ActorHasAdvisor bool
}

// details are the audit details the trail reads. Signatures written by the
// API carry party and method; rows of imported or seeded data may say "as"
// (Teacher, Advisor, Student) and signInMethod instead.
type details struct {
	Party          string `json:"party"`
	As             string `json:"as"`
	Method         string `json:"method"`
	SignInMethod   string `json:"signInMethod"`
	WithoutAdvisor bool   `json:"withoutAdvisor"`
	IsMidSemester  *bool  `json:"isMidSemester"`
}

func (d details) party() string {
	switch {
	case d.Party != "":
		return d.Party
	case d.As == "Teacher":
		return "teacher"
	case d.As == "Advisor":
		return "advisor"
	case d.As == "Student":
		return "student"
	}
	return ""
}

func (d details) method() string {
	if d.Method != "" {
		return d.Method
	}
	return d.SignInMethod
}

// Load returns the trail of a student in a class, newest first, labelled
// in lang.
func Load(ctx context.Context, classID, studentID int64, lang string) ([]Entry, error) {
	tx, err := tenants.DB(ctx)
	if err != nil {
		return nil, err
	}
	var rows []row
	if err := tx.Raw(`SELECT a.id, a.occurred_at, a.action, a.entity, a.entity_id, a.actor_user_id, u.display_name AS actor_name,
			a.details::text AS details,
			EXISTS (SELECT 1 FROM class_teachers WHERE class_id = @class AND user_id = a.actor_user_id) AS actor_is_teacher,
			EXISTS (SELECT 1 FROM student_references WHERE class_id = @class AND student_user_id = @student AND advisor_user_id = a.actor_user_id)
				OR EXISTS (SELECT 1 FROM class_advisors WHERE class_id = @class AND user_id = a.actor_user_id) AS actor_is_advisor,
			EXISTS (SELECT 1 FROM user_roles WHERE user_id = a.actor_user_id AND role_id = @admin) AS actor_is_admin,
			EXISTS (SELECT 1 FROM user_roles WHERE user_id = a.actor_user_id AND role_id = @teacherRole) AS actor_has_teacher,
			EXISTS (SELECT 1 FROM user_roles WHERE user_id = a.actor_user_id AND role_id = @advisorRole) AS actor_has_advisor
		FROM audit_log a
		LEFT JOIN users u ON u.id = a.actor_user_id
		WHERE a.class_id = @class AND a.student_user_id = @student
		ORDER BY a.occurred_at DESC, a.id DESC`,
		map[string]any{"class": classID, "student": studentID, "admin": users.RoleAdmin,
			"teacherRole": users.RoleTeacher, "advisorRole": users.RoleAdvisor}).Scan(&rows).Error; err != nil {
		return nil, fmt.Errorf("audit trail of student %d in class %d: %w", studentID, classID, err)
	}
	cat := texts.Base()
	out := make([]Entry, 0, len(rows))
	for _, r := range rows {
		var d details
		_ = json.Unmarshal([]byte(r.Details), &d) // a malformed row still shows, without its details
		e := Entry{ID: r.ID, OccurredAt: r.OccurredAt.UTC(), Action: Action(r.Action), Entity: r.Entity, EntityID: r.EntityID, ActorID: r.ActorUserID}
		if p := d.party(); p != "" && r.Action == "signingForm.signed" {
			e.Party = &p
			if m := d.method(); m != "" {
				e.SignInMethod = &m
			}
		}
		e.ActorName, e.ActorRole = actor(cat, lang, r, studentID, e.Party)
		e.Label = label(cat, lang, r.Action, d, e.Party, e.SignInMethod)
		out = append(out, e)
	}
	return out, nil
}

// actor names who did it and tags their role in the placement.
func actor(cat *texts.Catalogue, lang string, r row, studentID int64, party *string) (string, Tag) {
	if r.ActorUserID == nil {
		return cat.T(lang, "audit.system", nil), TagSystem
	}
	name := ""
	if r.ActorName != nil {
		name = *r.ActorName
	}
	if party != nil {
		switch *party {
		case "teacher":
			return name, TagTeacher
		case "advisor":
			return name, TagAdvisor
		case "student":
			return name, TagStudent
		}
	}
	switch {
	case *r.ActorUserID == studentID:
		return name, TagStudent
	case r.ActorIsTeacher:
		return name, TagTeacher
	case r.ActorIsAdvisor:
		return name, TagAdvisor
	case r.ActorIsAdmin:
		return name, TagAdmin
	case r.ActorHasTeacher:
		return name, TagTeacher
	case r.ActorHasAdvisor:
		return name, TagAdvisor
	}
	return name, TagNone
}

// label says what happened in lang.
func label(cat *texts.Catalogue, lang, action string, d details, party, method *string) string {
	switch action {
	case "signingForm.signed":
		if party == nil {
			return cat.T(lang, "audit.other", map[string]any{"Action": action})
		}
		data := map[string]any{"Party": cat.T(lang, "audit.party."+*party, nil)}
		s := cat.T(lang, "audit.signingForm.signed", data)
		if method != nil && cat.Has(lang, "signing.method."+*method) {
			data["Method"] = cat.T(lang, "signing.method."+*method, nil)
			s = cat.T(lang, "audit.signingForm.signedWithMethod", data)
		}
		if d.WithoutAdvisor {
			s += " – " + cat.T(lang, "audit.signingForm.withoutAdvisor", nil)
		}
		return s
	case "answerSet.delivered":
		switch {
		case d.IsMidSemester == nil:
		case *d.IsMidSemester:
			return cat.T(lang, "audit.answerSet.deliveredMid", nil)
		default:
			return cat.T(lang, "audit.answerSet.deliveredEnd", nil)
		}
	}
	if id := "audit." + action; cat.Has(lang, id) {
		return cat.T(lang, id, nil)
	}
	return cat.T(lang, "audit.other", map[string]any{"Action": action})
}

// Handle serves GET /api/classes/{classId}/students/{studentId}/audit. The
// labels are in the lang parameter's language, else Accept-Language's.
var Handle = edge.WithContext(http.StatusOK, func(c *echo.Context, p placementpath.Document) ([]Entry, error) {
	ctx := c.Request().Context()
	if err := p.Student().Check(ctx, policy.CanSeeAuditTrail); err != nil {
		return nil, err
	}
	return Load(ctx, p.ClassID, p.StudentID, p.Language(c))
})
