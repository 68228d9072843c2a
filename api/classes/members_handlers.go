package classes

import (
	"context"
	"errors"
	"fmt"
	"net/http"

	"github.com/labstack/echo/v5"

	"github.com/praksis/praksis/api/apperror"
	"github.com/praksis/praksis/api/auth"
	"github.com/praksis/praksis/api/policy"
	"github.com/praksis/praksis/api/request"
)

// AdvisorAdded says that a supervisor was added to a class, for the e-mail
// that invites them to sign in. Host is the school host the request came
// to, for the link.
type AdvisorAdded struct {
	ClassID   int64
	AdvisorID int64
	AddedBy   int64
	Host      string
}

// AdvisorNotifier tells a supervisor that they were added to a class. It is
// called inside the request's transaction, so the e-mail exists exactly
// when the supervisor's place in the class does.
type AdvisorNotifier interface {
	AdvisorAdded(ctx context.Context, n AdvisorAdded) error
}

// ErrNoNotifier is returned when a supervisor is added on a server built
// without a way to e-mail them.
var ErrNoNotifier = errors.New("no supervisor notifier configured")

// Handlers serve the routes by which students, teachers and supervisors
// take their places in classes.
type Handlers struct {
	Notify AdvisorNotifier
}

func callerID(c *echo.Context) (int64, error) {
	caller := auth.CallerFrom(c.Request().Context())
	if caller == nil {
		return 0, apperror.New(apperror.Unauthorized, "error.unauthorized")
	}
	return caller.UserID, nil
}

// classTarget reads the class id (path parameter name) and the caller's
// relation to the class.
func classTarget(c *echo.Context, name string) (int64, policy.ClassRelation, error) {
	id, err := request.ID(c, name)
	if err != nil {
		return 0, policy.ClassRelation{}, err
	}
	rel, err := policy.OfClass(c.Request().Context(), id)
	return id, rel, err
}

// MyStudentClasses serves GET /api/classes/me/student.
func (h *Handlers) MyStudentClasses(c *echo.Context) error {
	me, err := callerID(c)
	if err != nil {
		return err
	}
	list, err := StudentClasses(c.Request().Context(), me)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, list)
}

// MatchingAffiliations serves GET /api/classes/me/matching-affiliations.
func (h *Handlers) MatchingAffiliations(c *echo.Context) error {
	me, err := callerID(c)
	if err != nil {
		return err
	}
	list, err := MatchingAffiliations(c.Request().Context(), me)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, list)
}

// JoinAsStudent serves POST /api/classes/{id}/students/me: 201 when the
// caller joined, 200 when they were in the class already.
func (h *Handlers) JoinAsStudent(c *echo.Context) error {
	id, err := request.ID(c, "id")
	if err != nil {
		return err
	}
	me, err := callerID(c)
	if err != nil {
		return err
	}
	sc, joined, err := JoinAsStudent(c.Request().Context(), id, me)
	if err != nil {
		return err
	}
	if joined {
		return c.JSON(http.StatusCreated, sc)
	}
	return c.JSON(http.StatusOK, sc)
}

// JoinAsTeacher serves POST /api/classes/{id}/teachers/me.
func (h *Handlers) JoinAsTeacher(c *echo.Context) error {
	id, err := request.ID(c, "id")
	if err != nil {
		return err
	}
	me, err := callerID(c)
	if err != nil {
		return err
	}
	cl, err := JoinAsTeacher(c.Request().Context(), id, me)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, cl)
}

// LeaveAsTeacher serves DELETE /api/classes/{id}/teachers/me.
func (h *Handlers) LeaveAsTeacher(c *echo.Context) error {
	id, err := request.ID(c, "id")
	if err != nil {
		return err
	}
	me, err := callerID(c)
	if err != nil {
		return err
	}
	if err := LeaveAsTeacher(c.Request().Context(), id, me); err != nil {
		return err
	}
	return c.NoContent(http.StatusNoContent)
}

// TeacherHome serves GET /api/classes/mine.
func (h *Handlers) TeacherHome(c *echo.Context) error {
	me, err := callerID(c)
	if err != nil {
		return err
	}
	list, err := TeacherHome(c.Request().Context(), me)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, list)
}

// AdvisorHome serves GET /api/classes/advisor.
func (h *Handlers) AdvisorHome(c *echo.Context) error {
	me, err := callerID(c)
	if err != nil {
		return err
	}
	list, err := AdvisorHome(c.Request().Context(), me)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, list)
}

// Students serves GET /api/classes/{id}/students.
func (h *Handlers) Students(c *echo.Context) error {
	id, err := request.ID(c, "id")
	if err != nil {
		return err
	}
	caller := auth.CallerFrom(c.Request().Context())
	if caller == nil {
		return apperror.New(apperror.Unauthorized, "error.unauthorized")
	}
	list, err := ClassStudents(c.Request().Context(), caller, id)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, list)
}

// MyStudents serves GET /api/classes/{id}/students/mine.
func (h *Handlers) MyStudents(c *echo.Context) error {
	id, rel, err := classTarget(c, "id")
	if err != nil {
		return err
	}
	if err := policy.CanAssignStudents(rel); err != nil {
		return err
	}
	me, err := callerID(c)
	if err != nil {
		return err
	}
	list, err := TeacherStudents(c.Request().Context(), id, me)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, list)
}

// AssignMyStudents serves POST /api/classes/{id}/students/mine.
func (h *Handlers) AssignMyStudents(c *echo.Context) error {
	id, rel, err := classTarget(c, "id")
	if err != nil {
		return err
	}
	if err := policy.CanAssignStudents(rel); err != nil {
		return err
	}
	var body StudentIDs
	if err := request.JSON(c, &body); err != nil {
		return err
	}
	me, err := callerID(c)
	if err != nil {
		return err
	}
	list, err := AssignToTeacher(c.Request().Context(), id, me, body.StudentIDs)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, list)
}

// AddAdvisor serves POST /api/classes/{id}/advisors: 201 when the
// supervisor is new to the class (and is e-mailed), 200 when they were in
// it already.
func (h *Handlers) AddAdvisor(c *echo.Context) error {
	id, rel, err := classTarget(c, "id")
	if err != nil {
		return err
	}
	if err := policy.CanAddAdvisor(rel); err != nil {
		return err
	}
	var body NewAdvisor
	if err := request.JSON(c, &body); err != nil {
		return err
	}
	me, err := callerID(c)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	added, err := AddAdvisor(ctx, id, body)
	if err != nil {
		return err
	}
	if !added.Linked {
		return c.JSON(http.StatusOK, added)
	}
	if h.Notify == nil {
		return ErrNoNotifier
	}
	host, _ := c.Get(auth.CtxHost).(string)
	if host == "" {
		host = c.Request().Host
	}
	if err := h.Notify.AdvisorAdded(ctx, AdvisorAdded{ClassID: id, AdvisorID: added.ID, AddedBy: me, Host: host}); err != nil {
		return fmt.Errorf("notify supervisor %d added to class %d: %w", added.ID, id, err)
	}
	return c.JSON(http.StatusCreated, added)
}

// TakeStudent serves POST /api/classes/{classId}/advisor/{userId}/me: the
// calling supervisor takes on the student {userId}.
func (h *Handlers) TakeStudent(c *echo.Context) error {
	id, rel, err := classTarget(c, "classId")
	if err != nil {
		return err
	}
	if err := policy.CanTakeStudent(rel); err != nil {
		return err
	}
	studentID, err := request.ID(c, "userId")
	if err != nil {
		return err
	}
	me, err := callerID(c)
	if err != nil {
		return err
	}
	list, err := TakeStudent(c.Request().Context(), id, me, studentID)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, list)
}

// PrimaryAdvisorInput is the body of POST
// /api/classes/{classId}/students/{studentId}/primary-advisor.
type PrimaryAdvisorInput struct {
	AdvisorUserID int64 `json:"advisorUserId"`
}

// SetPrimaryAdvisor serves POST /api/classes/{classId}/students/{studentId}/primary-advisor.
func (h *Handlers) SetPrimaryAdvisor(c *echo.Context) error {
	classID, err := request.ID(c, "classId")
	if err != nil {
		return err
	}
	studentID, err := request.ID(c, "studentId")
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	rel, err := policy.Of(ctx, classID, studentID)
	if err != nil {
		return err
	}
	if err := policy.CanSetPrimaryAdvisor(rel); err != nil {
		return err
	}
	var body PrimaryAdvisorInput
	if err := request.JSON(c, &body); err != nil {
		return err
	}
	list, err := SetPrimaryAdvisor(ctx, classID, studentID, body.AdvisorUserID)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, list)
}
