package answers

import (
	"net/http"

	"github.com/labstack/echo/v5"

	"github.com/praksis/praksis/api/apperror"
	"github.com/praksis/praksis/api/auth"
	"github.com/praksis/praksis/api/policy"
	"github.com/praksis/praksis/api/request"
)

// studentTarget reads classId and studentId from the path and works out
// the caller's relation to the student; it refuses callers who may not
// read the student's assessments.
func studentTarget(c *echo.Context) (classID, studentID int64, rel policy.Relation, err error) {
	if classID, err = request.ID(c, "classId"); err != nil {
		return
	}
	if studentID, err = request.ID(c, "studentId"); err != nil {
		return
	}
	if rel, err = policy.Of(c.Request().Context(), classID, studentID); err != nil {
		return
	}
	err = policy.CanView(rel)
	return
}

func me(c *echo.Context) (int64, error) {
	caller := auth.CallerFrom(c.Request().Context())
	if caller == nil {
		return 0, apperror.New(apperror.Unauthorized, "error.unauthorized")
	}
	return caller.UserID, nil
}

// HandleStudentForm serves GET /api/classes/{classId}/students/{studentId}/forms/{formId}:
// the answer-set ids and states about the student for the form, per half
// and place.
func HandleStudentForm(c *echo.Context) error {
	classID, studentID, rel, err := studentTarget(c)
	if err != nil {
		return err
	}
	formID, err := request.ID(c, "formId")
	if err != nil {
		return err
	}
	userID, err := me(c)
	if err != nil {
		return err
	}
	s, err := SummaryOf(c.Request().Context(), classID, studentID, formID, rel, userID)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, s)
}

// HandleStudentFormFull serves GET /api/classes/{classId}/students/{studentId}/forms/{formId}/full:
// every answer set about the student for the form with answers, comments
// and expectations, per half and place.
func HandleStudentFormFull(c *echo.Context) error {
	classID, err := request.ID(c, "classId")
	if err != nil {
		return err
	}
	studentID, err := request.ID(c, "studentId")
	if err != nil {
		return err
	}
	formID, err := request.ID(c, "formId")
	if err != nil {
		return err
	}
	caller := auth.CallerFrom(c.Request().Context())
	if caller == nil {
		return apperror.New(apperror.Unauthorized, "error.unauthorized")
	}
	f, err := ReadFull(c.Request().Context(), caller, classID, studentID, formID)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, f)
}

// HandleProgress serves GET /api/classes/{classId}/students/{studentId}/progress.
func HandleProgress(c *echo.Context) error {
	classID, err := request.ID(c, "classId")
	if err != nil {
		return err
	}
	studentID, err := request.ID(c, "studentId")
	if err != nil {
		return err
	}
	caller := auth.CallerFrom(c.Request().Context())
	if caller == nil {
		return apperror.New(apperror.Unauthorized, "error.unauthorized")
	}
	p, err := ReadProgress(c.Request().Context(), caller, classID, studentID)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, p)
}

// HandleGet serves GET /api/answers/{id}: one answer set, for those who may
// read the student's assessments.
func HandleGet(c *echo.Context) error {
	id, err := request.ID(c, "id")
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	s, err := Get(ctx, id)
	if err != nil {
		return err
	}
	rel, err := policy.Of(ctx, s.ClassID, s.StudentUserID)
	if err != nil {
		return err
	}
	if err := policy.CanView(rel); err != nil {
		return err
	}
	return c.JSON(http.StatusOK, s)
}

// HandleSave serves POST /api/answers: 201 with a new set, 200 with an
// updated one (see Save).
func HandleSave(c *echo.Context) error {
	var in Input
	if err := request.JSON(c, &in); err != nil {
		return err
	}
	s, created, err := Save(c.Request().Context(), in)
	if err != nil {
		return err
	}
	if created {
		return c.JSON(http.StatusCreated, s)
	}
	return c.JSON(http.StatusOK, s)
}
