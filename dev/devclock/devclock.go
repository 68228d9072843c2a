// Package devclock serves the development clock: GET, POST and DELETE
// /dev/clock on a school's host show, place and reset that school's clock
// (api/clock), so that a journey can move one school to the day before a
// deadline while journeys on other schools keep the real date. Only
// development mode hands it to the server; in production the routes do not
// exist (404).
package devclock

import (
	"encoding/json"
	"net/http"

	"github.com/labstack/echo/v5"

	"github.com/praksis/praksis/api/apperror"
	"github.com/praksis/praksis/api/clock"
	"github.com/praksis/praksis/tenants"
)

// Routes are the development clock's handlers for the school of the
// request's host.
type Routes struct{}

// Show answers the school's clock.
func (Routes) Show(c *echo.Context, t *tenants.Tenant) error {
	return c.JSON(http.StatusOK, clock.Read(t.Slug))
}

// Place places the school's clock at the body's now and answers it.
func (Routes) Place(c *echo.Context, t *tenants.Tenant) error {
	var p clock.Placement
	dec := json.NewDecoder(c.Request().Body)
	dec.DisallowUnknownFields()
	if err := dec.Decode(&p); err != nil {
		return apperror.New(apperror.Invalid, "error.badRequest").Because(err)
	}
	if p.Now.IsZero() {
		return apperror.Invalidf("error.invalid").Field("now", "error.invalid", nil)
	}
	clock.Place(t.Slug, p.Now)
	return c.JSON(http.StatusOK, clock.Read(t.Slug))
}

// Reset puts the school's clock back on the machine's.
func (Routes) Reset(c *echo.Context, t *tenants.Tenant) error {
	clock.Reset(t.Slug)
	return c.JSON(http.StatusOK, clock.Read(t.Slug))
}
