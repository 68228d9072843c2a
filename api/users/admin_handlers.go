package users

import (
	"errors"
	"net/http"
	"strconv"

	"github.com/labstack/echo/v5"

	"github.com/praksis/praksis/api/apperror"
	"github.com/praksis/praksis/api/auth"
	"github.com/praksis/praksis/api/request"
)

func queryInt(c *echo.Context, name string, def, min, max int) (int, error) {
	v := c.QueryParam(name)
	if v == "" {
		return def, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < min || (max > 0 && n > max) {
		return 0, apperror.Invalidf("error.invalid").Field(name, "users.queryOutOfRange", map[string]any{"Field": name, "Min": min, "Max": max})
	}
	return n, nil
}

// parseListQuery reads the query of GET /api/users: roleid, search,
// pagesize (1 to 100, default 20), offset and includeInactive (1 or 0).
func parseListQuery(c *echo.Context) (ListQuery, error) {
	var q ListQuery
	role, err := queryInt(c, "roleid", 0, 0, int(RoleAdvisor))
	if err != nil {
		return q, err
	}
	if q.PageSize, err = queryInt(c, "pagesize", DefaultPageSize, 1, MaxPageSize); err != nil {
		return q, err
	}
	if q.Offset, err = queryInt(c, "offset", 0, 0, 0); err != nil {
		return q, err
	}
	switch c.QueryParam("includeInactive") {
	case "", "0", "false":
	case "1", "true":
		q.IncludeInactive = true
	default:
		return q, apperror.Invalidf("error.invalid").Field("includeInactive", "users.includeInactiveInvalid", nil)
	}
	q.RoleID = int64(role)
	q.Search = c.QueryParam("search")
	return q, nil
}

// HandleList serves GET /api/users. Admins list everyone. Teachers pick
// students and supervisors, so they may list active users of role 2 or 4
// (includeInactive is ignored for them); anything else is Forbidden. The
// X-Total-Count header says how many users match in all.
func HandleList(c *echo.Context) error {
	ctx := c.Request().Context()
	caller := auth.CallerFrom(ctx)
	if caller == nil {
		return apperror.New(apperror.Unauthorized, "error.unauthorized")
	}
	q, err := parseListQuery(c)
	if err != nil {
		return err
	}
	if !caller.Has(RoleAdmin) {
		if !caller.Has(RoleTeacher) || (q.RoleID != RoleStudent && q.RoleID != RoleAdvisor) {
			return apperror.Forbiddenf("users.listForbidden")
		}
		q.IncludeInactive = false
	}
	items, total, err := List(ctx, q)
	if err != nil {
		return err
	}
	c.Response().Header().Set("X-Total-Count", strconv.FormatInt(total, 10))
	return c.JSON(http.StatusOK, items)
}

// HandleGet serves GET /api/users/{id}: the user as /api/users/me shows
// the caller.
func HandleGet(c *echo.Context) error {
	id, err := request.ID(c, "id")
	if err != nil {
		return err
	}
	me, err := LoadMe(c.Request().Context(), id)
	if errors.Is(err, ErrNotFound) {
		return apperror.NotFoundf("users.notFound")
	}
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, me)
}

// HandleCreate serves POST /api/users: 201 with the new user.
func HandleCreate(c *echo.Context) error {
	var n NewAccount
	if err := request.JSON(c, &n); err != nil {
		return err
	}
	me, err := CreateAccount(c.Request().Context(), n)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, me)
}

// HandlePatch serves PATCH /api/users/{id}: the user afterwards.
func HandlePatch(c *echo.Context) error {
	id, err := request.ID(c, "id")
	if err != nil {
		return err
	}
	var p Patch
	if err := request.JSON(c, &p); err != nil {
		return err
	}
	me, err := AdminUpdate(c.Request().Context(), id, p)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, me)
}

// HandleClassRelation serves GET /api/users/{id}/classes/{classId}: for
// admins, for teachers (who follow students and supervisors across
// classes) and for the user themselves.
func HandleClassRelation(c *echo.Context) error {
	ctx := c.Request().Context()
	id, err := request.ID(c, "id")
	if err != nil {
		return err
	}
	classID, err := request.ID(c, "classId")
	if err != nil {
		return err
	}
	caller := auth.CallerFrom(ctx)
	if caller == nil {
		return apperror.New(apperror.Unauthorized, "error.unauthorized")
	}
	if caller.UserID != id && !caller.Has(RoleAdmin) && !caller.Has(RoleTeacher) {
		return apperror.Forbiddenf("error.forbidden")
	}
	rel, err := RelationToClass(ctx, id, classID)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, rel)
}
