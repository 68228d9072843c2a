// Package users owns the people of a school: their accounts, roles and
// relations to classes, and the signed-in user's own view of them.
package users

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"gorm.io/gorm"

	"github.com/praksis/praksis/api/apperror"
	"github.com/praksis/praksis/api/dbjson"
	"github.com/praksis/praksis/tenants"
)

// Role ids as fixed by the schema and the spec.
const (
	RoleAdmin   int64 = 1
	RoleStudent int64 = 2
	RoleTeacher int64 = 3
	RoleAdvisor int64 = 4
)

// Role is one of the four roles.
type Role struct {
	ID   int64  `json:"id" minimum:"1" maximum:"4" description:"1 Admin, 2 Student, 3 Teacher, 4 Advisor (practice supervisor)"`
	Name string `json:"name" enum:"Admin,Student,Teacher,Advisor"`
}

// User is an account of a school.
type User struct {
	ID                      int64      `json:"id"`
	DisplayName             string     `json:"displayName"`
	Email                   string     `json:"email"`
	PhoneNumber             *string    `json:"phoneNumber"`
	FeideID                 *string    `json:"-"`
	VippsSub                *string    `json:"-"`
	Language                string     `json:"language" enum:"nb,nn,en" description:"The language of the user's e-mails"`
	IsActive                bool       `json:"isActive"`
	PrivacyPolicyAcceptedAt *time.Time `json:"privacyPolicyAcceptedAt"`
	DeactivatedAt           *time.Time `json:"-"`
	CreatedAt               time.Time  `json:"-"`
	UpdatedAt               time.Time  `json:"-"`
}

// ErrNotFound is returned when no user matches.
var ErrNotFound = errors.New("user not found")

func db(ctx context.Context) (*gorm.DB, error) { return tenants.DB(ctx) }

const userColumns = `id, display_name, email, phone_number, feide_id, vipps_sub, language, is_active,
	privacy_policy_accepted_at, deactivated_at, created_at, updated_at`

func one(ctx context.Context, where string, args ...any) (*User, error) {
	tx, err := db(ctx)
	if err != nil {
		return nil, err
	}
	var u User
	res := tx.Raw("SELECT "+userColumns+" FROM users WHERE "+where+" LIMIT 1", args...).Scan(&u)
	if res.Error != nil {
		return nil, fmt.Errorf("load user: %w", res.Error)
	}
	if res.RowsAffected == 0 {
		return nil, ErrNotFound
	}
	return &u, nil
}

// ByID loads a user by id. Returns ErrNotFound when there is none.
func ByID(ctx context.Context, id int64) (*User, error) { return one(ctx, "id = ?", id) }

// ByEmail loads a user by e-mail, ignoring case. Returns ErrNotFound.
func ByEmail(ctx context.Context, email string) (*User, error) {
	return one(ctx, "lower(email) = lower(?)", strings.TrimSpace(email))
}

// ByFeideID loads a user by Feide user id. Returns ErrNotFound.
func ByFeideID(ctx context.Context, feideID string) (*User, error) {
	return one(ctx, "feide_id = ?", feideID)
}

// ByVippsSub loads a user by Vipps subject. Returns ErrNotFound.
func ByVippsSub(ctx context.Context, sub string) (*User, error) {
	return one(ctx, "vipps_sub = ?", sub)
}

// NewUser describes an account to create.
type NewUser struct {
	DisplayName string
	Email       string
	PhoneNumber *string
	FeideID     *string
	VippsSub    *string
	Language    string
	Roles       []int64
}

// Create makes an account with the given roles.
func Create(ctx context.Context, n NewUser) (*User, error) {
	var id int64
	if err := insert(ctx, n, "RETURNING id", &id); err != nil {
		return nil, err
	}
	return withRoles(ctx, id, n.Roles)
}

// CreateOrFind makes an account with the given roles, or, when an account
// with the e-mail address (any case) was made in the meantime, returns that
// one as it is, with created false. Two requests that both found no account
// (a double tap, two tabs) then both go on with the same account instead of
// the later one failing on the unique address: the insert waits for the
// other transaction and, once it has committed, the next statement sees its
// account. Conflict when the account that collides has another address (a
// Feide id or Vipps subject in use).
func CreateOrFind(ctx context.Context, n NewUser) (u *User, created bool, err error) {
	var ids []int64
	if err := insert(ctx, n, "ON CONFLICT DO NOTHING RETURNING id", &ids); err != nil {
		return nil, false, err
	}
	if len(ids) == 1 {
		u, err := withRoles(ctx, ids[0], n.Roles)
		return u, true, err
	}
	u, err = ByEmail(ctx, n.Email)
	if errors.Is(err, ErrNotFound) {
		return nil, false, apperror.Conflictf("error.conflict")
	}
	return u, false, err
}

// insert adds the account n describes, with tail after its VALUES, and
// scans what that returns into dest.
func insert(ctx context.Context, n NewUser, tail string, dest any) error {
	tx, err := db(ctx)
	if err != nil {
		return err
	}
	if n.Language == "" {
		n.Language = "nb"
	}
	if err := tx.Raw(`INSERT INTO users (display_name, email, phone_number, feide_id, vipps_sub, language)
		VALUES (?, ?, ?, ?, ?, ?) `+tail, strings.TrimSpace(n.DisplayName), strings.TrimSpace(n.Email),
		n.PhoneNumber, n.FeideID, n.VippsSub, n.Language).Scan(dest).Error; err != nil {
		return fmt.Errorf("create user: %w", err)
	}
	return nil
}

// withRoles grants the new account id its roles and loads it.
func withRoles(ctx context.Context, id int64, roles []int64) (*User, error) {
	for _, r := range roles {
		if err := GrantRole(ctx, id, r); err != nil {
			return nil, err
		}
	}
	return ByID(ctx, id)
}

// GrantRole gives a user a role (idempotent).
func GrantRole(ctx context.Context, userID, roleID int64) error {
	tx, err := db(ctx)
	if err != nil {
		return err
	}
	if err := tx.Exec("INSERT INTO user_roles (user_id, role_id) VALUES (?, ?) ON CONFLICT DO NOTHING", userID, roleID).Error; err != nil {
		return fmt.Errorf("grant role %d to user %d: %w", roleID, userID, err)
	}
	return nil
}

// Roles returns a user's roles ordered by id.
func Roles(ctx context.Context, userID int64) ([]Role, error) {
	tx, err := db(ctx)
	if err != nil {
		return nil, err
	}
	var roles []Role
	if err := tx.Raw(`SELECT r.id, r.name FROM user_roles ur JOIN roles r ON r.id = ur.role_id
		WHERE ur.user_id = ? ORDER BY r.id`, userID).Scan(&roles).Error; err != nil {
		return nil, fmt.Errorf("load roles of user %d: %w", userID, err)
	}
	if roles == nil {
		roles = []Role{}
	}
	return roles, nil
}

// AllRoles returns the four roles.
func AllRoles(ctx context.Context) ([]Role, error) {
	tx, err := db(ctx)
	if err != nil {
		return nil, err
	}
	var roles []Role
	if err := tx.Raw("SELECT id, name FROM roles ORDER BY id").Scan(&roles).Error; err != nil {
		return nil, fmt.Errorf("load roles: %w", err)
	}
	return roles, nil
}

// Update sets the identity fields learnt at sign-in (name, e-mail, phone,
// identity-provider ids) without touching roles.
func Update(ctx context.Context, u *User) error {
	tx, err := db(ctx)
	if err != nil {
		return err
	}
	if err := tx.Exec(`UPDATE users SET display_name = ?, email = ?, phone_number = ?, feide_id = ?, vipps_sub = ?,
		updated_at = now() WHERE id = ?`, u.DisplayName, u.Email, u.PhoneNumber, u.FeideID, u.VippsSub, u.ID).Error; err != nil {
		return fmt.Errorf("update user %d: %w", u.ID, err)
	}
	return nil
}

// SetLanguage stores the language a user chose (nb, nn or en); their
// e-mails are written in it.
func SetLanguage(ctx context.Context, userID int64, lang string) error {
	tx, err := db(ctx)
	if err != nil {
		return err
	}
	if err := tx.Exec("UPDATE users SET language = ?, updated_at = now() WHERE id = ?", lang, userID).Error; err != nil {
		return fmt.Errorf("set language of user %d: %w", userID, err)
	}
	return nil
}

// AcceptPrivacyPolicy records when the user accepted the privacy policy.
func AcceptPrivacyPolicy(ctx context.Context, userID int64) (time.Time, error) {
	tx, err := db(ctx)
	if err != nil {
		return time.Time{}, err
	}
	var at time.Time
	if err := tx.Raw(`UPDATE users SET privacy_policy_accepted_at = now(), updated_at = now() WHERE id = ?
		RETURNING privacy_policy_accepted_at`, userID).Scan(&at).Error; err != nil {
		return time.Time{}, fmt.Errorf("record privacy acceptance of user %d: %w", userID, err)
	}
	if err := tx.Exec(`INSERT INTO audit_log (actor_user_id, action, entity, entity_id) VALUES (?, 'user.privacyPolicyAccepted', 'user', ?)`,
		userID, userID).Error; err != nil {
		return time.Time{}, fmt.Errorf("audit privacy acceptance: %w", err)
	}
	return at, nil
}

// StudentReference ties a student to a class, a supervisor and a teacher.
type StudentReference struct {
	ClassID       int64  `json:"classId"`
	UserID        int64  `json:"userId" description:"The student"`
	AdvisorUserID *int64 `json:"advisorUserId" description:"The practice supervisor, when one is set"`
	TeacherUserID *int64 `json:"teacherUserId" description:"The teacher, when one is set"`
	IsPrimary     bool   `json:"isPrimary" description:"The student's main class"`
}

// Me is the signed-in user's view of themselves (GET /api/users/me).
type Me struct {
	User
	Roles                 []Role             `json:"roles"`
	TeacherClasses        []int64            `json:"teacherClasses" description:"Ids of the classes the user teaches"`
	AdvisorClasses        []int64            `json:"advisorClasses" description:"Ids of the classes the user supervises in"`
	StudentReferences     []StudentReference `json:"studentReferences" description:"The user's own places in classes, as a student"`
	StudentUserReferences []struct {
		UserID int64 `json:"userId"`
	} `json:"studentUserReferences" description:"The students the user supervises"`
}

// LoadMe loads a user with roles and class relations, in one statement.
func LoadMe(ctx context.Context, id int64) (*Me, error) {
	tx, err := db(ctx)
	if err != nil {
		return nil, err
	}
	var row struct {
		User
		RolesJSON      []byte
		TeacherJSON    []byte
		AdvisorJSON    []byte
		ReferencesJSON []byte
		SupervisedJSON []byte
	}
	res := tx.Raw(`SELECT `+userColumns+`,
			(SELECT coalesce(json_agg(json_build_object('id', r.id, 'name', r.name) ORDER BY r.id), '[]')
				FROM user_roles ur JOIN roles r ON r.id = ur.role_id WHERE ur.user_id = u.id) AS roles_json,
			(SELECT coalesce(json_agg(class_id ORDER BY class_id), '[]') FROM class_teachers WHERE user_id = u.id) AS teacher_json,
			(SELECT coalesce(json_agg(class_id ORDER BY class_id), '[]') FROM class_advisors WHERE user_id = u.id) AS advisor_json,
			(SELECT coalesce(json_agg(json_build_object('classId', class_id, 'userId', student_user_id, 'advisorUserId', advisor_user_id,
					'teacherUserId', teacher_user_id, 'isPrimary', is_primary) ORDER BY class_id, is_primary DESC, id), '[]')
				FROM student_references WHERE student_user_id = u.id) AS references_json,
			(SELECT coalesce(json_agg(json_build_object('userId', x.student_user_id) ORDER BY x.student_user_id), '[]')
				FROM (SELECT DISTINCT student_user_id FROM student_references WHERE advisor_user_id = u.id) x) AS supervised_json
		FROM users u WHERE u.id = ?`, id).Scan(&row)
	if res.Error != nil {
		return nil, fmt.Errorf("load user %d: %w", id, res.Error)
	}
	if res.RowsAffected == 0 {
		return nil, ErrNotFound
	}
	me := &Me{User: row.User}
	for _, d := range []struct {
		raw []byte
		to  any
	}{{row.RolesJSON, &me.Roles}, {row.TeacherJSON, &me.TeacherClasses}, {row.AdvisorJSON, &me.AdvisorClasses},
		{row.ReferencesJSON, &me.StudentReferences}, {row.SupervisedJSON, &me.StudentUserReferences}} {
		if err := dbjson.Decode(d.raw, d.to); err != nil {
			return nil, fmt.Errorf("decode user %d: %w", id, err)
		}
	}
	return me, nil
}
