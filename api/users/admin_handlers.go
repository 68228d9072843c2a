package users

import (
	"context"
	"errors"
	"net/http"
	"strconv"

	"github.com/labstack/echo/v5"

	"github.com/praksis/praksis/api/apperror"
	"github.com/praksis/praksis/api/auth"
	"github.com/praksis/praksis/api/edge"
)

// ListParams is the query of GET /api/users.
type ListParams struct {
	RoleID   int64  `query:"roleid" enum:"[0,1,2,3,4]" description:"Only users with this role: 1 admin, 2 student, 3 teacher, 4 supervisor; 0 or left out: any"`
	Search   string `query:"search" description:"Part of the name or e-mail, any case"`
	PageSize *int   `query:"pagesize" minimum:"1" maximum:"100" default:"20" description:"Users per page"`
	Offset   int    `query:"offset" minimum:"0" default:"0" description:"Users to skip"`
	// IncludeInactive is read as text: only these four spellings are
	// accepted.
	IncludeInactive string `query:"includeInactive" enum:"0,1,false,true" default:"0" description:"1 to include deactivated users (admins only)"`
}

func outOfRange(name string, min, max int) error {
	return apperror.Invalidf("error.invalid").Field(name, "users.queryOutOfRange", map[string]any{"Field": name, "Min": min, "Max": max})
}

// query checks the list parameters and makes the ListQuery of them.
func (p ListParams) query() (ListQuery, error) {
	q := ListQuery{RoleID: p.RoleID, Search: p.Search, PageSize: DefaultPageSize, Offset: p.Offset}
	if p.RoleID < 0 || p.RoleID > RoleAdvisor {
		return q, outOfRange("roleid", 0, int(RoleAdvisor))
	}
	if p.PageSize != nil {
		if *p.PageSize < 1 || *p.PageSize > MaxPageSize {
			return q, outOfRange("pagesize", 1, MaxPageSize)
		}
		q.PageSize = *p.PageSize
	}
	if p.Offset < 0 {
		return q, outOfRange("offset", 0, 0)
	}
	switch p.IncludeInactive {
	case "", "0", "false":
	case "1", "true":
		q.IncludeInactive = true
	default:
		return q, apperror.Invalidf("error.invalid").Field("includeInactive", "users.includeInactiveInvalid", nil)
	}
	return q, nil
}

// HandleList serves GET /api/users. Admins list everyone. Teachers pick
// students and supervisors, so they may list active users of role 2 or 4
// (includeInactive is ignored for them); anything else is Forbidden. The
// X-Total-Count header says how many users match in all, so this is a
// plain handler.
func HandleList(c *echo.Context) error {
	ctx := c.Request().Context()
	caller := auth.CallerFrom(ctx)
	if caller == nil {
		return apperror.New(apperror.Unauthorized, "error.unauthorized")
	}
	var p ListParams
	if err := edge.Bind(c, &p); err != nil {
		return err
	}
	q, err := p.query()
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

// UserPath names one user in the path.
type UserPath struct {
	ID int64 `path:"id" description:"The user's id"`
}

// Routes of the users' administration. The route table lets only admins
// in, except for a user's relation to a class.
var (
	// HandleGet serves GET /api/users/{id}: the user as /api/users/me
	// shows the caller.
	HandleGet = edge.Read(http.StatusOK, func(ctx context.Context, p UserPath) (*Me, error) {
		me, err := LoadMe(ctx, p.ID)
		if errors.Is(err, ErrNotFound) {
			return nil, apperror.NotFoundf("users.notFound")
		}
		return me, err
	})
	// HandleCreate serves POST /api/users: 201 with the new user.
	HandleCreate = edge.Write(http.StatusCreated, func(ctx context.Context, _ edge.NoParams, n NewAccount) (*Me, error) {
		return CreateAccount(ctx, n)
	})
	// HandlePatch serves PATCH /api/users/{id}: the user afterwards.
	HandlePatch = edge.Write(http.StatusOK, func(ctx context.Context, p UserPath, patch Patch) (*Me, error) {
		return AdminUpdate(ctx, p.ID, patch)
	})
	// HandleClassRelation serves GET /api/users/{id}/classes/{classId}:
	// for admins, for teachers (who follow students and supervisors across
	// classes) and for the user themselves.
	HandleClassRelation = edge.Read(http.StatusOK, func(ctx context.Context, p UserInClass) (*ClassRelation, error) {
		caller := auth.CallerFrom(ctx)
		if caller == nil {
			return nil, apperror.New(apperror.Unauthorized, "error.unauthorized")
		}
		if caller.UserID != p.ID && !caller.Has(RoleAdmin) && !caller.Has(RoleTeacher) {
			return nil, apperror.Forbiddenf("error.forbidden")
		}
		return RelationToClass(ctx, p.ID, p.ClassID)
	})
)

// UserInClass names a user and a class in the path.
type UserInClass struct {
	ID      int64 `path:"id" description:"The user's id"`
	ClassID int64 `path:"classId" description:"The class's id"`
}
