package classes

import (
	"net/http"
	"strconv"

	"github.com/labstack/echo/v5"

	"github.com/praksis/praksis/api/apperror"
	"github.com/praksis/praksis/api/request"
)

// HandleList serves GET /api/classes, optionally for one semester
// (?periodId=).
func HandleList(c *echo.Context) error {
	var periodID int64
	if q := c.QueryParam("periodId"); q != "" {
		id, err := strconv.ParseInt(q, 10, 64)
		if err != nil || id <= 0 {
			return apperror.Invalidf("error.invalid").Field("periodId", "error.wrongType", map[string]any{"Field": "periodId"})
		}
		periodID = id
	}
	list, err := List(c.Request().Context(), periodID)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, list)
}

// HandlePeriodClasses serves GET /api/periods/{id}/classes.
func HandlePeriodClasses(c *echo.Context) error {
	id, err := request.ID(c, "id")
	if err != nil {
		return err
	}
	list, err := ListOfPeriod(c.Request().Context(), id)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, list)
}

// HandleGet serves GET /api/classes/{id}.
func HandleGet(c *echo.Context) error {
	id, err := request.ID(c, "id")
	if err != nil {
		return err
	}
	cl, err := Get(c.Request().Context(), id)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, cl)
}

// HandleCreate serves POST /api/classes: 201 with the new class.
func HandleCreate(c *echo.Context) error {
	var n NewClass
	if err := request.JSON(c, &n); err != nil {
		return err
	}
	cl, err := Create(c.Request().Context(), n)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, cl)
}

// HandleUpdate serves PUT /api/classes (the body carries the id).
func HandleUpdate(c *echo.Context) error {
	var in DatesInput
	if err := request.JSON(c, &in); err != nil {
		return err
	}
	cl, err := UpdateDates(c.Request().Context(), in)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, cl)
}

// HandleUsers serves GET /api/classes/{id}/users.
func HandleUsers(c *echo.Context) error {
	id, err := request.ID(c, "id")
	if err != nil {
		return err
	}
	u, err := ClassUsers(c.Request().Context(), id)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, u)
}

// HandleSetForms serves PATCH /api/classes/{id}/forms: the body is the
// list of form ids the class shall use.
func HandleSetForms(c *echo.Context) error {
	id, err := request.ID(c, "id")
	if err != nil {
		return err
	}
	var ids []int64
	if err := request.JSON(c, &ids); err != nil {
		return err
	}
	if ids == nil {
		return apperror.Invalidf("error.bodyRequired")
	}
	cl, err := SetForms(c.Request().Context(), id, ids)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, cl)
}

// HandleAdvisorStudents serves GET /api/classes/{classId}/advisor/{userId}/students.
func HandleAdvisorStudents(c *echo.Context) error {
	classID, err := request.ID(c, "classId")
	if err != nil {
		return err
	}
	userID, err := request.ID(c, "userId")
	if err != nil {
		return err
	}
	list, err := AdvisorStudents(c.Request().Context(), classID, userID)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, list)
}

// HandleAddAdvisorStudents serves POST /api/classes/{classId}/advisor/{userId}/students:
// the supervisor's students afterwards.
func HandleAddAdvisorStudents(c *echo.Context) error {
	classID, err := request.ID(c, "classId")
	if err != nil {
		return err
	}
	userID, err := request.ID(c, "userId")
	if err != nil {
		return err
	}
	var body StudentIDs
	if err := request.JSON(c, &body); err != nil {
		return err
	}
	if len(body.StudentIDs) == 0 {
		return apperror.Invalidf("error.invalid").Field("studentIds", "classes.studentsRequired", nil)
	}
	list, err := AddAdvisorStudents(c.Request().Context(), classID, userID, body.StudentIDs)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, list)
}
