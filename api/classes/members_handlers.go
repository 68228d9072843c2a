package classes

import (
	"context"
	"errors"
	"fmt"
	"net/http"

	"github.com/labstack/echo/v5"

	"github.com/praksis/praksis/api/answers"
	"github.com/praksis/praksis/api/apperror"
	"github.com/praksis/praksis/api/auth"
	"github.com/praksis/praksis/api/edge"
	"github.com/praksis/praksis/api/policy"
	"github.com/praksis/praksis/api/request"
	"github.com/praksis/praksis/api/users"
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

// ClassPath is the params of a route about one class.
type ClassPath struct {
	ID int64 `path:"id" minimum:"1" description:"The class"`
}

// TakeStudentPath is the params of POST
// /api/classes/{classId}/advisor/{userId}/me.
type TakeStudentPath struct {
	ClassID int64 `path:"classId" minimum:"1" description:"The class"`
	UserID  int64 `path:"userId" minimum:"1" description:"The student the caller takes on"`
}

// signedIn is the caller of a route. The routes sit behind sign-in; a
// request without a caller is refused all the same.
func signedIn(ctx context.Context) (*auth.Caller, error) {
	if me := auth.CallerFrom(ctx); me != nil {
		return me, nil
	}
	return nil, apperror.New(apperror.Unauthorized, "error.unauthorized")
}

// asCaller gives a rule the signed-in caller along with its params.
func asCaller[P, Out any](fn func(ctx context.Context, me *auth.Caller, p P) (Out, error)) func(context.Context, P) (Out, error) {
	return func(ctx context.Context, p P) (Out, error) {
		me, err := signedIn(ctx)
		if err != nil {
			var zero Out
			return zero, err
		}
		return fn(ctx, me, p)
	}
}

// classRule reads the caller's relation to a class and applies a policy
// rule to it.
func classRule(ctx context.Context, classID int64, rule func(policy.ClassRelation) error) error {
	rel, err := policy.OfClass(ctx, classID)
	if err != nil {
		return err
	}
	return rule(rel)
}

// JoinedClass is the class a student joined: 201 when they joined now,
// 200 when they were in it already.
type JoinedClass struct {
	StudentClass
	joined bool
}

// HTTPStatus is 201 for a new place in the class, 200 for one that was
// there.
func (j JoinedClass) HTTPStatus() int { return edge.Created(j.joined) }

// HTTPStatus is 201 for a supervisor new to the class (who is e-mailed),
// 200 for one that was in it already.
func (a AddedAdvisor) HTTPStatus() int { return edge.Created(a.Linked) }

// callersOwn is the endpoint of a route that reads what is the caller's
// own: their classes, their home page.
func callersOwn[Out any](read func(ctx context.Context, me int64) (Out, error)) edge.Endpoint {
	return edge.Read(http.StatusOK, asCaller(func(ctx context.Context, me *auth.Caller, _ edge.NoParams) (Out, error) {
		return read(ctx, me.UserID)
	}))
}

// MyStudentClasses serves GET /api/classes/me/student.
func (h *Handlers) MyStudentClasses() edge.Endpoint { return callersOwn(StudentClasses) }

// MatchingAffiliations serves GET /api/classes/me/matching-affiliations.
func (h *Handlers) MatchingAffiliations() edge.Endpoint { return callersOwn(MatchingAffiliations) }

// JoinAsStudent serves POST /api/classes/{id}/students/me: 201 when the
// caller joined, 200 when they were in the class already.
func (h *Handlers) JoinAsStudent() edge.Endpoint {
	return edge.Read(http.StatusCreated, asCaller(func(ctx context.Context, me *auth.Caller, p ClassPath) (*JoinedClass, error) {
		sc, joined, err := JoinAsStudent(ctx, p.ID, me.UserID)
		if err != nil {
			return nil, err
		}
		return &JoinedClass{StudentClass: *sc, joined: joined}, nil
	}))
}

// JoinAsTeacher serves POST /api/classes/{id}/teachers/me.
func (h *Handlers) JoinAsTeacher() edge.Endpoint {
	return edge.Read(http.StatusOK, asCaller(func(ctx context.Context, me *auth.Caller, p ClassPath) (*Class, error) {
		return JoinAsTeacher(ctx, p.ID, me.UserID)
	}))
}

// LeaveAsTeacher serves DELETE /api/classes/{id}/teachers/me.
func (h *Handlers) LeaveAsTeacher() edge.Endpoint {
	return edge.Read(http.StatusNoContent, asCaller(func(ctx context.Context, me *auth.Caller, p ClassPath) (edge.NoContent, error) {
		return edge.NoContent{}, LeaveAsTeacher(ctx, p.ID, me.UserID)
	}))
}

// TeacherHome serves GET /api/classes/mine.
func (h *Handlers) TeacherHome() edge.Endpoint { return callersOwn(TeacherHome) }

// AdvisorHome serves GET /api/classes/advisor.
func (h *Handlers) AdvisorHome() edge.Endpoint { return callersOwn(AdvisorHome) }

// Students serves GET /api/classes/{id}/students (ClassStudents checks
// the caller's relation in the same statement that reads the students).
func (h *Handlers) Students() edge.Endpoint {
	return edge.Read(http.StatusOK, asCaller(func(ctx context.Context, me *auth.Caller, p ClassPath) ([]StudentOverview, error) {
		return ClassStudents(ctx, me, p.ID)
	}))
}

// MyStudents serves GET /api/classes/{id}/students/mine.
func (h *Handlers) MyStudents() edge.Endpoint {
	return edge.Read(http.StatusOK, asCaller(func(ctx context.Context, me *auth.Caller, p ClassPath) ([]users.Person, error) {
		if err := classRule(ctx, p.ID, policy.CanAssignStudents); err != nil {
			return nil, err
		}
		return TeacherStudents(ctx, p.ID, me.UserID)
	}))
}

// guardedWrite is the endpoint of a route with a body whose guard (the
// caller's relation) is checked before the body is read, so that a caller
// without a place there learns nothing from the body's checks. fn gets the
// request (for its host) with the params and the body.
func guardedWrite[P, B, Out any](status int, guard func(ctx context.Context, p P) error, fn func(c *echo.Context, p P, b B) (Out, error)) edge.Endpoint {
	e := edge.WithContext(status, func(c *echo.Context, p P) (Out, error) {
		var zero Out
		if err := guard(c.Request().Context(), p); err != nil {
			return zero, err
		}
		var b B
		if err := request.JSON(c, &b); err != nil {
			return zero, err
		}
		return fn(c, p, b)
	})
	e.Body = *new(B)
	return e
}

// classGuard is the guard of a route about a class: the rule applied to
// the caller's relation to the class.
func classGuard(rule func(policy.ClassRelation) error) func(context.Context, ClassPath) error {
	return func(ctx context.Context, p ClassPath) error { return classRule(ctx, p.ID, rule) }
}

// AssignMyStudents serves POST /api/classes/{id}/students/mine.
func (h *Handlers) AssignMyStudents() edge.Endpoint {
	return guardedWrite(http.StatusOK, classGuard(policy.CanAssignStudents), func(c *echo.Context, p ClassPath, body StudentIDs) ([]users.Person, error) {
		ctx := c.Request().Context()
		me, err := signedIn(ctx)
		if err != nil {
			return nil, err
		}
		return AssignToTeacher(ctx, p.ID, me.UserID, body.StudentIDs)
	})
}

// AddAdvisor serves POST /api/classes/{id}/advisors: 201 when the
// supervisor is new to the class (and is e-mailed), 200 when they were in
// it already. The e-mail's link needs the school host the request came
// to.
func (h *Handlers) AddAdvisor() edge.Endpoint {
	return guardedWrite(http.StatusCreated, classGuard(policy.CanAddAdvisor), func(c *echo.Context, p ClassPath, body NewAdvisor) (*AddedAdvisor, error) {
		ctx := c.Request().Context()
		me, err := signedIn(ctx)
		if err != nil {
			return nil, err
		}
		added, err := AddAdvisor(ctx, p.ID, body)
		if err != nil || !added.Linked {
			return added, err
		}
		if h.Notify == nil {
			return nil, ErrNoNotifier
		}
		host, _ := c.Get(auth.CtxHost).(string)
		if host == "" {
			host = c.Request().Host
		}
		if err := h.Notify.AdvisorAdded(ctx, AdvisorAdded{ClassID: p.ID, AdvisorID: added.ID, AddedBy: me.UserID, Host: host}); err != nil {
			return nil, fmt.Errorf("notify supervisor %d added to class %d: %w", added.ID, p.ID, err)
		}
		return added, nil
	})
}

// TakeStudent serves POST /api/classes/{classId}/advisor/{userId}/me: the
// calling supervisor takes on the student {userId}.
func (h *Handlers) TakeStudent() edge.Endpoint {
	return edge.Read(http.StatusOK, asCaller(func(ctx context.Context, me *auth.Caller, p TakeStudentPath) ([]users.Person, error) {
		if err := classRule(ctx, p.ClassID, policy.CanTakeStudent); err != nil {
			return nil, err
		}
		return TakeStudent(ctx, p.ClassID, me.UserID, p.UserID)
	}))
}

// PrimaryAdvisorInput is the body of POST
// /api/classes/{classId}/students/{studentId}/primary-advisor.
type PrimaryAdvisorInput struct {
	AdvisorUserID int64 `json:"advisorUserId" required:"true" description:"One of the student's supervisors in the class"`
}

// SetPrimaryAdvisor serves POST /api/classes/{classId}/students/{studentId}/primary-advisor.
func (h *Handlers) SetPrimaryAdvisor() edge.Endpoint {
	guard := func(ctx context.Context, p answers.StudentPath) error {
		rel, err := policy.Of(ctx, p.ClassID, p.StudentID)
		if err != nil {
			return err
		}
		return policy.CanSetPrimaryAdvisor(rel)
	}
	return guardedWrite(http.StatusOK, guard, func(c *echo.Context, p answers.StudentPath, body PrimaryAdvisorInput) ([]Supervisor, error) {
		return SetPrimaryAdvisor(c.Request().Context(), p.ClassID, p.StudentID, body.AdvisorUserID)
	})
}
