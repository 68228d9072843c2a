package classes

import (
	"context"
	"net/http"

	"github.com/praksis/praksis/api/apperror"
	"github.com/praksis/praksis/api/edge"
	"github.com/praksis/praksis/api/users"
)

// ListFilter is the query of GET /api/classes.
type ListFilter struct {
	PeriodID *int64 `query:"periodId" minimum:"1" description:"Only the classes of this semester"`
}

// ClassByID names one class (or, under /periods, one semester) in the
// path.
type ClassByID struct {
	ID int64 `path:"id" description:"The id of the class (of the semester under /periods)"`
}

// Routes of the classes' administration. The route table checks the role;
// the rules check what depends on the class (a teacher's own class).
var (
	// HandleList serves GET /api/classes, optionally for one semester
	// (?periodId=).
	HandleList = edge.Read(http.StatusOK, func(ctx context.Context, p ListFilter) ([]Class, error) {
		var periodID int64
		if p.PeriodID != nil {
			if *p.PeriodID <= 0 {
				return nil, apperror.Invalidf("error.invalid").Field("periodId", "error.wrongType", map[string]any{"Field": "periodId"})
			}
			periodID = *p.PeriodID
		}
		return List(ctx, periodID)
	})
	// HandlePeriodClasses serves GET /api/periods/{id}/classes.
	HandlePeriodClasses = edge.Read(http.StatusOK, func(ctx context.Context, p ClassByID) ([]Class, error) {
		return ListOfPeriod(ctx, p.ID)
	})
	// HandleGet serves GET /api/classes/{id}.
	HandleGet = edge.Read(http.StatusOK, func(ctx context.Context, p ClassByID) (*Class, error) { return Get(ctx, p.ID) })
	// HandleCreate serves POST /api/classes: 201 with the new class.
	HandleCreate = edge.Write(http.StatusCreated, func(ctx context.Context, _ edge.NoParams, n NewClass) (*Class, error) {
		return Create(ctx, n)
	})
	// HandleUpdate serves PUT /api/classes (the body carries the id).
	HandleUpdate = edge.Write(http.StatusOK, func(ctx context.Context, _ edge.NoParams, in DatesInput) (*Class, error) {
		return UpdateDates(ctx, in)
	})
	// HandleUsers serves GET /api/classes/{id}/users.
	HandleUsers = edge.Read(http.StatusOK, func(ctx context.Context, p ClassByID) (*Users, error) { return ClassUsers(ctx, p.ID) })
	// HandleSetForms serves PATCH /api/classes/{id}/forms: the body is the
	// list of form ids the class shall use.
	HandleSetForms = edge.Write(http.StatusOK, func(ctx context.Context, p ClassByID, ids FormIDs) (*Class, error) {
		if ids == nil {
			return nil, apperror.Invalidf("error.bodyRequired")
		}
		return SetForms(ctx, p.ID, ids)
	})
	// HandleAdvisorStudents serves GET /api/classes/{classId}/advisor/{userId}/students.
	HandleAdvisorStudents = edge.Read(http.StatusOK, func(ctx context.Context, p AdvisorInClass) ([]users.Person, error) {
		return AdvisorStudents(ctx, p.ClassID, p.UserID)
	})
	// HandleAddAdvisorStudents serves POST /api/classes/{classId}/advisor/{userId}/students:
	// the supervisor's students afterwards.
	HandleAddAdvisorStudents = edge.Write(http.StatusOK, func(ctx context.Context, p AdvisorInClass, body StudentIDs) ([]users.Person, error) {
		if len(body.StudentIDs) == 0 {
			return nil, apperror.Invalidf("error.invalid").Field("studentIds", "classes.studentsRequired", nil)
		}
		return AddAdvisorStudents(ctx, p.ClassID, p.UserID, body.StudentIDs)
	})
)

// AdvisorInClass names a supervisor of a class in the path.
type AdvisorInClass struct {
	ClassID int64 `path:"classId" description:"The class's id"`
	UserID  int64 `path:"userId" description:"The supervisor's user id"`
}
