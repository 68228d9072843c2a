package users

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/mail"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/swaggest/jsonschema-go"
	"gorm.io/gorm"

	"github.com/praksis/praksis/api/apperror"
	"github.com/praksis/praksis/api/audit"
	"github.com/praksis/praksis/api/auth"
	"github.com/praksis/praksis/api/pgerr"
)

// Paging of the user list (spec §9: the list loads 20 at a time).
const (
	DefaultPageSize = 20
	MaxPageSize     = 100
)

// ListQuery selects a page of users. RoleID 0 means any role.
type ListQuery struct {
	RoleID          int64
	Search          string
	PageSize        int
	Offset          int
	IncludeInactive bool
}

// ListItem is a user in the admin list and in pickers.
type ListItem struct {
	ID          int64  `json:"id"`
	DisplayName string `json:"displayName"`
	Email       string `json:"email"`
	IsActive    bool   `json:"isActive" description:"False once the account is deactivated"`
	Roles       []Role `json:"roles" description:"By id"`
}

// likePattern makes a case-insensitive substring pattern of s in which
// the user's % and _ match only themselves.
func likePattern(s string) string {
	r := strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`)
	return "%" + r.Replace(s) + "%"
}

// List returns a page of users ordered by name, then id, and how many
// users match in all.
func List(ctx context.Context, q ListQuery) ([]ListItem, int64, error) {
	tx, err := db(ctx)
	if err != nil {
		return nil, 0, err
	}
	where := "(? = 0 OR EXISTS (SELECT 1 FROM user_roles r WHERE r.user_id = u.id AND r.role_id = ?)) AND (? OR u.is_active)"
	args := []any{q.RoleID, q.RoleID, q.IncludeInactive}
	if s := strings.TrimSpace(q.Search); s != "" {
		where += ` AND (u.display_name ILIKE ? ESCAPE '\' OR u.email ILIKE ? ESCAPE '\')`
		args = append(args, likePattern(s), likePattern(s))
	}
	var total int64
	if err := tx.Raw("SELECT count(*) FROM users u WHERE "+where, args...).Scan(&total).Error; err != nil {
		return nil, 0, fmt.Errorf("count users: %w", err)
	}
	items := []ListItem{}
	var rows []struct {
		ID          int64
		DisplayName string
		Email       string
		IsActive    bool
	}
	if err := tx.Raw("SELECT u.id, u.display_name, u.email, u.is_active FROM users u WHERE "+where+
		" ORDER BY u.display_name, u.id LIMIT ? OFFSET ?", append(args, q.PageSize, q.Offset)...).Scan(&rows).Error; err != nil {
		return nil, 0, fmt.Errorf("list users: %w", err)
	}
	if len(rows) == 0 {
		return items, total, nil
	}
	ids := make([]int64, len(rows))
	index := map[int64]int{}
	for i, r := range rows {
		items = append(items, ListItem{ID: r.ID, DisplayName: r.DisplayName, Email: r.Email, IsActive: r.IsActive, Roles: []Role{}})
		ids[i] = r.ID
		index[r.ID] = i
	}
	var roles []struct {
		UserID int64
		ID     int64
		Name   string
	}
	if err := tx.Raw(`SELECT ur.user_id, r.id, r.name FROM user_roles ur JOIN roles r ON r.id = ur.role_id
		WHERE ur.user_id IN ? ORDER BY ur.user_id, r.id`, ids).Scan(&roles).Error; err != nil {
		return nil, 0, fmt.Errorf("load roles of listed users: %w", err)
	}
	for _, r := range roles {
		it := &items[index[r.UserID]]
		it.Roles = append(it.Roles, Role{ID: r.ID, Name: r.Name})
	}
	return items, total, nil
}

// RoleIDs is a list of role ids. It reads plain ids ([2, 3]) and also
// role objects ([{"id": 2, "name": "Student"}]) as GET returns them.
type RoleIDs []int64

// JSONSchema documents RoleIDs as a list of role ids (1 admin, 2 student,
// 3 teacher, 4 supervisor) or of role objects as GET returns them.
func (RoleIDs) JSONSchema() (jsonschema.Schema, error) {
	var id jsonschema.Schema
	id.AddType(jsonschema.Integer)
	id.WithEnum(RoleAdmin, RoleStudent, RoleTeacher, RoleAdvisor)
	var obj jsonschema.Schema
	obj.AddType(jsonschema.Object)
	obj.WithRequired("id")
	obj.WithPropertiesItem("id", id.ToSchemaOrBool())
	var name jsonschema.Schema
	name.AddType(jsonschema.String)
	obj.WithPropertiesItem("name", name.ToSchemaOrBool())
	var item jsonschema.Schema
	item.WithOneOf(id.ToSchemaOrBool(), obj.ToSchemaOrBool())
	var s jsonschema.Schema
	s.AddType(jsonschema.Array)
	s.WithItems(*(&jsonschema.Items{}).WithSchemaOrBool(item.ToSchemaOrBool()))
	s.WithDescription("Role ids: 1 admin, 2 student, 3 teacher, 4 supervisor; role objects as GET returns them are read too")
	return s, nil
}

// UnmarshalJSON reads ids or role objects.
func (r *RoleIDs) UnmarshalJSON(b []byte) error {
	var raw []json.RawMessage
	if err := json.Unmarshal(b, &raw); err != nil {
		return fmt.Errorf("roles must be a list: %w", err)
	}
	out := make(RoleIDs, 0, len(raw))
	for _, item := range raw {
		var id int64
		if bytes.HasPrefix(bytes.TrimSpace(item), []byte("{")) {
			var role struct {
				ID int64 `json:"id"`
			}
			if err := json.Unmarshal(item, &role); err != nil {
				return fmt.Errorf("role: %w", err)
			}
			id = role.ID
		} else if err := json.Unmarshal(item, &id); err != nil {
			return fmt.Errorf("role id: %w", err)
		}
		out = append(out, id)
	}
	*r = out
	return nil
}

// validRoles checks a role list: not empty, only known ids. It returns
// the ids without repeats.
func validRoles(ids RoleIDs) ([]int64, error) {
	if len(ids) == 0 {
		return nil, apperror.Invalidf("error.invalid").Field("roles", "users.rolesRequired", nil)
	}
	out := []int64{}
	for _, id := range ids {
		if id < RoleAdmin || id > RoleAdvisor {
			return nil, apperror.Invalidf("error.invalid").Field("roles", "users.roleUnknown", map[string]any{"ID": id})
		}
		if !slices.Contains(out, id) {
			out = append(out, id)
		}
	}
	slices.Sort(out)
	return out, nil
}

// NewAccount is the body of POST /api/users.
type NewAccount struct {
	DisplayName string  `json:"displayName" required:"true" maxLength:"200"`
	Email       string  `json:"email" required:"true" format:"email" maxLength:"320" description:"A plain address, unique without regard to case"`
	Roles       RoleIDs `json:"roles" required:"true" minItems:"1"`
}

// CreateAccount makes an account on an admin's behalf. The e-mail must be
// a plain address, unique without regard to case (Conflict otherwise).
func CreateAccount(ctx context.Context, n NewAccount) (*Me, error) {
	n.DisplayName = strings.TrimSpace(n.DisplayName)
	n.Email = strings.TrimSpace(n.Email)
	e := apperror.Invalidf("error.invalid")
	switch {
	case n.DisplayName == "":
		e.Field("displayName", "users.nameRequired", nil)
	case utf8.RuneCountInString(n.DisplayName) > 200:
		e.Field("displayName", "users.nameTooLong", nil)
	}
	if a, err := mail.ParseAddress(n.Email); err != nil || a.Address != n.Email || utf8.RuneCountInString(n.Email) > 320 {
		e.Field("email", "users.emailInvalid", nil)
	}
	roles, err := validRoles(n.Roles)
	if err != nil {
		var ae *apperror.Error
		if errors.As(err, &ae) {
			e.Fields = append(e.Fields, ae.Fields...)
		}
	}
	if len(e.Fields) > 0 {
		return nil, e
	}
	if _, err := ByEmail(ctx, n.Email); err == nil {
		return nil, apperror.Conflictf("users.emailTaken").Field("email", "users.emailTaken", nil)
	} else if !errors.Is(err, ErrNotFound) {
		return nil, err
	}
	u, err := Create(ctx, NewUser{DisplayName: n.DisplayName, Email: n.Email, Roles: roles})
	if err != nil {
		if pgerr.IsUnique(err) {
			return nil, apperror.Conflictf("users.emailTaken").Field("email", "users.emailTaken", nil)
		}
		return nil, err
	}
	if err := audit.Record(ctx, audit.Entry{Action: "user.created", Entity: "user", EntityID: u.ID,
		Details: map[string]any{"roles": roles}}); err != nil {
		return nil, err
	}
	return LoadMe(ctx, u.ID)
}

// ReferenceInput is a student's class, teacher and supervisor as the admin
// sets them. UserID, when sent, must be the student's own id; IsPrimary is
// accepted for round trips and ignored.
type ReferenceInput struct {
	ClassID       int64  `json:"classId" required:"true"`
	UserID        int64  `json:"userId" description:"The student's own id, or left out"`
	AdvisorUserID *int64 `json:"advisorUserId" description:"The primary supervisor: linked to the student and supervising in the class; null for none"`
	TeacherUserID *int64 `json:"teacherUserId" description:"One of the class's teachers; null for none"`
	IsPrimary     *bool  `json:"isPrimary,omitempty" description:"Read-only; ignored"`
}

// Patch is the body of PATCH /api/users/{id}. Roles are required; any
// other field left out (or null) stays as it is.
type Patch struct {
	Roles             RoleIDs           `json:"roles" required:"true" minItems:"1"`
	TeacherClasses    *[]int64          `json:"teacherClasses" description:"The classes the user teaches; left out or null: no change"`
	AdvisorClasses    *[]int64          `json:"advisorClasses" description:"The classes the user supervises in; left out or null: no change"`
	StudentReferences *[]ReferenceInput `json:"studentReferences" description:"The first entry decides the student's one class; left out or null: no change"`
	IsActive          *bool             `json:"isActive" description:"False deactivates the account and ends its sessions; left out or null: no change"`
}

// conflictOnRecords turns a refused delete (a row that assessment records
// still point to) into a Conflict with messageID.
func conflictOnRecords(err error, messageID, op string) error {
	if pgerr.IsForeignKey(err) {
		return apperror.Conflictf(messageID).Because(err)
	}
	return fmt.Errorf("%s: %w", op, err)
}

func exists(tx *gorm.DB, query string, args ...any) (bool, error) {
	var ok bool
	if err := tx.Raw("SELECT EXISTS ("+query+")", args...).Scan(&ok).Error; err != nil {
		return false, err
	}
	return ok, nil
}

// setMemberships makes ids the classes of a user in a membership table
// (class_teachers or class_advisors). Unknown class ids are Invalid under
// field; a removal that records depend on is a Conflict with conflictID.
func setMemberships(tx *gorm.DB, table, field, conflictID string, userID int64, ids []int64) (added, removed []int64, err error) {
	var current []int64
	if err := tx.Raw("SELECT class_id FROM "+table+" WHERE user_id = ? ORDER BY class_id", userID).Scan(&current).Error; err != nil {
		return nil, nil, fmt.Errorf("load %s of user %d: %w", table, userID, err)
	}
	var known []int64
	if len(ids) > 0 {
		if err := tx.Raw("SELECT id FROM classes WHERE id IN ?", ids).Scan(&known).Error; err != nil {
			return nil, nil, fmt.Errorf("check classes: %w", err)
		}
	}
	e := apperror.Invalidf("error.invalid")
	for i, id := range ids {
		if !slices.Contains(known, id) {
			e.Field(fmt.Sprintf("%s[%d]", field, i), "users.classUnknown", map[string]any{"ID": id})
		}
		if !slices.Contains(current, id) && !slices.Contains(added, id) {
			added = append(added, id)
		}
	}
	if len(e.Fields) > 0 {
		return nil, nil, e
	}
	for _, id := range current {
		if !slices.Contains(ids, id) {
			removed = append(removed, id)
		}
	}
	if len(removed) > 0 {
		if err := tx.Exec("DELETE FROM "+table+" WHERE user_id = ? AND class_id IN ?", userID, removed).Error; err != nil {
			return nil, nil, conflictOnRecords(err, conflictID, "leave classes")
		}
	}
	for _, id := range added {
		if err := tx.Exec("INSERT INTO "+table+" (class_id, user_id) VALUES (?, ?) ON CONFLICT DO NOTHING", id, userID).Error; err != nil {
			return nil, nil, fmt.Errorf("join class %d: %w", id, err)
		}
	}
	return added, removed, nil
}

// placeStudent puts a student in exactly one class with a teacher and a
// primary supervisor, by the rules of spec §5: the teacher must teach that
// class and the supervisor must be linked to the student (by an existing
// reference or an accepted invitation) and supervise in that class. When
// the class changes, a pick that does not fit the new class is cleared;
// when it does not change, such a pick is Invalid. Leaving a class in which
// the student has answers, a warning or a signing form is a Conflict.
func placeStudent(ctx context.Context, tx *gorm.DB, userID int64, refs []ReferenceInput) (map[string]any, error) {
	if len(refs) == 0 {
		return nil, apperror.Invalidf("error.invalid").Field("studentReferences", "users.studentNeedsClass", nil)
	}
	r := refs[0]
	e := apperror.Invalidf("error.invalid")
	if r.UserID != 0 && r.UserID != userID {
		return nil, e.Field("studentReferences[0].userId", "users.referenceOtherUser", nil)
	}
	if ok, err := exists(tx, "SELECT 1 FROM classes WHERE id = ?", r.ClassID); err != nil {
		return nil, fmt.Errorf("check class %d: %w", r.ClassID, err)
	} else if !ok {
		return nil, e.Field("studentReferences[0].classId", "users.classUnknown", map[string]any{"ID": r.ClassID})
	}
	var current []int64
	if err := tx.Raw("SELECT class_id FROM class_students WHERE user_id = ? ORDER BY class_id", userID).Scan(&current).Error; err != nil {
		return nil, fmt.Errorf("load classes of student %d: %w", userID, err)
	}
	changed := len(current) != 1 || current[0] != r.ClassID
	teacher, advisor := r.TeacherUserID, r.AdvisorUserID
	if teacher != nil && *teacher == 0 {
		teacher = nil
	}
	if advisor != nil && *advisor == 0 {
		advisor = nil
	}
	if teacher != nil {
		ok, err := exists(tx, "SELECT 1 FROM class_teachers WHERE class_id = ? AND user_id = ?", r.ClassID, *teacher)
		if err != nil {
			return nil, fmt.Errorf("check teacher %d of class %d: %w", *teacher, r.ClassID, err)
		}
		if !ok && !changed {
			return nil, e.Field("studentReferences[0].teacherUserId", "users.teacherNotInClass", nil)
		}
		if !ok {
			teacher = nil
		}
	}
	if advisor != nil {
		linked, err := exists(tx, `SELECT 1 FROM student_references WHERE student_user_id = ? AND advisor_user_id = ?
			UNION ALL SELECT 1 FROM supervisor_invitations WHERE student_user_id = ? AND accepted_by_user_id = ?`,
			userID, *advisor, userID, *advisor)
		if err != nil {
			return nil, fmt.Errorf("check supervisors of student %d: %w", userID, err)
		}
		if !linked {
			return nil, e.Field("studentReferences[0].advisorUserId", "users.advisorNotLinked", nil)
		}
		inClass, err := exists(tx, "SELECT 1 FROM class_advisors WHERE class_id = ? AND user_id = ?", r.ClassID, *advisor)
		if err != nil {
			return nil, fmt.Errorf("check supervisor %d of class %d: %w", *advisor, r.ClassID, err)
		}
		if !inClass && !changed {
			return nil, e.Field("studentReferences[0].advisorUserId", "users.advisorNotInClass", nil)
		}
		if !inClass {
			advisor = nil
		}
	}

	if err := tx.Exec("DELETE FROM class_students WHERE user_id = ? AND class_id <> ?", userID, r.ClassID).Error; err != nil {
		return nil, conflictOnRecords(err, "users.studentHasRecords", "leave classes")
	}
	if err := tx.Exec("INSERT INTO class_students (class_id, user_id) VALUES (?, ?) ON CONFLICT DO NOTHING", r.ClassID, userID).Error; err != nil {
		return nil, fmt.Errorf("join class %d: %w", r.ClassID, err)
	}
	scope := "class_id = ? AND student_user_id = ?"
	if err := tx.Exec("UPDATE student_references SET teacher_user_id = ?, updated_at = now() WHERE "+scope+
		" AND teacher_user_id IS DISTINCT FROM ?", teacher, r.ClassID, userID, teacher).Error; err != nil {
		return nil, fmt.Errorf("set teacher of student %d: %w", userID, err)
	}
	if advisor == nil {
		if err := tx.Exec("UPDATE student_references SET is_primary = false, updated_at = now() WHERE "+scope+" AND is_primary",
			r.ClassID, userID).Error; err != nil {
			return nil, fmt.Errorf("clear primary supervisor of student %d: %w", userID, err)
		}
		if err := tx.Exec(`INSERT INTO student_references (class_id, student_user_id, teacher_user_id)
			SELECT ?, ?, ? WHERE NOT EXISTS (SELECT 1 FROM student_references WHERE `+scope+`)`,
			r.ClassID, userID, teacher, r.ClassID, userID).Error; err != nil {
			return nil, fmt.Errorf("place student %d: %w", userID, err)
		}
	} else {
		// The one-primary index is checked row by row: clear before setting.
		if err := tx.Exec("UPDATE student_references SET is_primary = false, updated_at = now() WHERE "+scope+
			" AND is_primary AND advisor_user_id <> ?", r.ClassID, userID, *advisor).Error; err != nil {
			return nil, fmt.Errorf("clear primary supervisor of student %d: %w", userID, err)
		}
		res := tx.Exec("UPDATE student_references SET is_primary = true, updated_at = now() WHERE "+scope+" AND advisor_user_id = ?",
			r.ClassID, userID, *advisor)
		if res.Error == nil && res.RowsAffected == 0 {
			res = tx.Exec("UPDATE student_references SET advisor_user_id = ?, is_primary = true, updated_at = now() WHERE "+scope+
				" AND advisor_user_id IS NULL", *advisor, r.ClassID, userID)
		}
		if res.Error == nil && res.RowsAffected == 0 {
			res = tx.Exec(`INSERT INTO student_references (class_id, student_user_id, advisor_user_id, teacher_user_id, is_primary)
				VALUES (?, ?, ?, ?, true)`, r.ClassID, userID, *advisor, teacher)
		}
		if res.Error != nil {
			return nil, fmt.Errorf("set supervisor of student %d: %w", userID, res.Error)
		}
	}
	change := map[string]any{"classId": r.ClassID, "teacherUserId": teacher, "advisorUserId": advisor}
	if changed {
		change["previousClassIds"] = current
	}
	return change, nil
}

// AdminUpdate applies an admin's changes to a user: roles (required, not
// empty), the classes they teach and supervise, a student's class, teacher
// and supervisor, and whether the account is active. Deactivation ends all
// the user's sessions at once. Class lists for a role the user will not
// hold are Invalid; losing a role removes its class memberships. Admins
// cannot remove their own Admin role or deactivate themselves (Conflict),
// nor remove memberships that assessment records depend on (Conflict).
// NotFound when there is no such user.
func AdminUpdate(ctx context.Context, id int64, p Patch) (*Me, error) {
	roles, err := validRoles(p.Roles)
	if err != nil {
		return nil, err
	}
	tx, err := db(ctx)
	if err != nil {
		return nil, err
	}
	var active []bool
	if err := tx.Raw("SELECT is_active FROM users WHERE id = ? FOR UPDATE", id).Scan(&active).Error; err != nil {
		return nil, fmt.Errorf("lock user %d: %w", id, err)
	}
	if len(active) == 0 {
		return nil, apperror.NotFoundf("users.notFound")
	}
	if c := auth.CallerFrom(ctx); c != nil && c.UserID == id {
		if !slices.Contains(roles, RoleAdmin) || (p.IsActive != nil && !*p.IsActive) {
			return nil, apperror.Conflictf("users.selfLockout")
		}
	}
	has := func(r int64) bool { return slices.Contains(roles, r) }
	e := apperror.Invalidf("error.invalid")
	if !has(RoleTeacher) && p.TeacherClasses != nil && len(*p.TeacherClasses) > 0 {
		e.Field("teacherClasses", "users.classesNeedRole", nil)
	}
	if !has(RoleAdvisor) && p.AdvisorClasses != nil && len(*p.AdvisorClasses) > 0 {
		e.Field("advisorClasses", "users.classesNeedRole", nil)
	}
	if !has(RoleStudent) && p.StudentReferences != nil && len(*p.StudentReferences) > 0 {
		e.Field("studentReferences", "users.classesNeedRole", nil)
	}
	if len(e.Fields) > 0 {
		return nil, e
	}

	before, err := Roles(ctx, id)
	if err != nil {
		return nil, err
	}
	oldRoles := make([]int64, len(before))
	for i, r := range before {
		oldRoles[i] = r.ID
	}
	if err := tx.Exec("DELETE FROM user_roles WHERE user_id = ? AND role_id NOT IN ?", id, roles).Error; err != nil {
		return nil, fmt.Errorf("remove roles of user %d: %w", id, err)
	}
	for _, r := range roles {
		if err := GrantRole(ctx, id, r); err != nil {
			return nil, err
		}
	}
	details := map[string]any{}
	if !slices.Equal(oldRoles, roles) {
		details["roles"] = map[string]any{"from": oldRoles, "to": roles}
	}

	memberships := []struct {
		role              int64
		table, field, msg string
		ids               *[]int64
	}{
		{RoleTeacher, "class_teachers", "teacherClasses", "users.teacherHasRecords", p.TeacherClasses},
		{RoleAdvisor, "class_advisors", "advisorClasses", "users.advisorHasRecords", p.AdvisorClasses},
	}
	for _, m := range memberships {
		var want *[]int64
		switch {
		case !has(m.role):
			want = &[]int64{}
		case m.ids != nil:
			want = m.ids
		}
		if want == nil {
			continue
		}
		added, removed, err := setMemberships(tx, m.table, m.field, m.msg, id, *want)
		if err != nil {
			return nil, err
		}
		if len(added) > 0 || len(removed) > 0 {
			details[m.field] = map[string]any{"added": added, "removed": removed}
		}
	}
	switch {
	case !has(RoleStudent):
		res := tx.Exec("DELETE FROM class_students WHERE user_id = ?", id)
		if res.Error != nil {
			return nil, conflictOnRecords(res.Error, "users.studentHasRecords", "leave classes")
		}
		if res.RowsAffected > 0 {
			details["studentClass"] = map[string]any{"removed": true}
		}
	case p.StudentReferences != nil:
		change, err := placeStudent(ctx, tx, id, *p.StudentReferences)
		if err != nil {
			return nil, err
		}
		details["studentClass"] = change
	}

	if p.IsActive != nil && *p.IsActive != active[0] {
		if *p.IsActive {
			err = tx.Exec("UPDATE users SET is_active = true, deactivated_at = NULL, updated_at = now() WHERE id = ?", id).Error
		} else {
			err = tx.Exec("UPDATE users SET is_active = false, deactivated_at = now(), updated_at = now() WHERE id = ?", id).Error
		}
		if err != nil {
			return nil, fmt.Errorf("set user %d active %v: %w", id, *p.IsActive, err)
		}
		if !*p.IsActive {
			if err := auth.RevokeUserSessions(ctx, id); err != nil {
				return nil, err
			}
		}
		action := "user.activated"
		if !*p.IsActive {
			action = "user.deactivated"
		}
		if err := audit.Record(ctx, audit.Entry{Action: action, Entity: "user", EntityID: id}); err != nil {
			return nil, err
		}
	}
	if len(details) > 0 {
		if err := tx.Exec("UPDATE users SET updated_at = now() WHERE id = ?", id).Error; err != nil {
			return nil, fmt.Errorf("touch user %d: %w", id, err)
		}
		if err := audit.Record(ctx, audit.Entry{Action: "user.updated", Entity: "user", EntityID: id, Details: details}); err != nil {
			return nil, err
		}
	}
	return LoadMe(ctx, id)
}

// ClassRelation is how one user stands to one class.
type ClassRelation struct {
	UserID            int64              `json:"userId"`
	ClassID           int64              `json:"classId"`
	IsTeacher         bool               `json:"isTeacher"`
	IsStudent         bool               `json:"isStudent"`
	IsAdvisor         bool               `json:"isAdvisor"`
	StudentReferences []StudentReference `json:"studentReferences" description:"The user's own references as a student of the class, primary supervisor first"`
	AdvisorStudents   []Person           `json:"advisorStudents" description:"The students the user supervises in the class, by name"`
	TeacherStudents   []Person           `json:"teacherStudents" description:"The students the user is teacher of in the class, by name"`
}

// RelationToClass returns a user's relation to a class: memberships, the
// user's own references as a student there (primary supervisor first),
// and the students they supervise or teach there. NotFound when the user
// or the class does not exist.
func RelationToClass(ctx context.Context, userID, classID int64) (*ClassRelation, error) {
	tx, err := db(ctx)
	if err != nil {
		return nil, err
	}
	if _, err := ByID(ctx, userID); errors.Is(err, ErrNotFound) {
		return nil, apperror.NotFoundf("users.notFound")
	} else if err != nil {
		return nil, err
	}
	if ok, err := exists(tx, "SELECT 1 FROM classes WHERE id = ?", classID); err != nil {
		return nil, fmt.Errorf("check class %d: %w", classID, err)
	} else if !ok {
		return nil, apperror.NotFoundf("classes.notFound")
	}
	rel := &ClassRelation{UserID: userID, ClassID: classID, StudentReferences: []StudentReference{},
		AdvisorStudents: []Person{}, TeacherStudents: []Person{}}
	for _, m := range []struct {
		table string
		flag  *bool
	}{{"class_teachers", &rel.IsTeacher}, {"class_students", &rel.IsStudent}, {"class_advisors", &rel.IsAdvisor}} {
		if *m.flag, err = exists(tx, "SELECT 1 FROM "+m.table+" WHERE class_id = ? AND user_id = ?", classID, userID); err != nil {
			return nil, fmt.Errorf("check %s of class %d: %w", m.table, classID, err)
		}
	}
	if err := tx.Raw(`SELECT class_id, student_user_id AS user_id, advisor_user_id, teacher_user_id, is_primary
		FROM student_references WHERE class_id = ? AND student_user_id = ? ORDER BY is_primary DESC, id`, classID, userID).
		Scan(&rel.StudentReferences).Error; err != nil {
		return nil, fmt.Errorf("load references of student %d in class %d: %w", userID, classID, err)
	}
	for _, q := range []struct {
		column string
		into   *[]Person
	}{{"advisor_user_id", &rel.AdvisorStudents}, {"teacher_user_id", &rel.TeacherStudents}} {
		if err := tx.Raw(`SELECT DISTINCT u.id, u.display_name FROM student_references r JOIN users u ON u.id = r.student_user_id
			WHERE r.class_id = ? AND r.`+q.column+` = ? ORDER BY u.display_name, u.id`, classID, userID).Scan(q.into).Error; err != nil {
			return nil, fmt.Errorf("load students of user %d in class %d: %w", userID, classID, err)
		}
	}
	return rel, nil
}
