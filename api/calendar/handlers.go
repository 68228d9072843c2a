package calendar

import (
	"context"
	"net/http"
	"strings"

	"github.com/labstack/echo/v5"

	"github.com/praksis/praksis/api/auth"
	"github.com/praksis/praksis/api/edge"
)

// FeedParams names the feed in the path.
type FeedParams struct {
	File string `path:"file" description:"The secret shown when the address was made, then .ics"`
}

// CacheControl lets a calendar client (and nothing shared between people)
// keep the feed for an hour before asking again, with If-None-Match.
const CacheControl = "private, max-age=3600"

// Routes of the calendar feed.
var (
	// HandleStatus serves GET /api/users/me/calendar.
	HandleStatus = edge.Read(http.StatusOK, func(ctx context.Context, _ edge.NoParams) (*Status, error) {
		caller, err := auth.SignedIn(ctx)
		if err != nil {
			return nil, err
		}
		return StatusOf(ctx, caller.UserID)
	})
	// HandleRenew serves POST /api/users/me/calendar.
	HandleRenew = edge.Read(http.StatusCreated, func(ctx context.Context, _ edge.NoParams) (*Feed, error) {
		caller, err := auth.SignedIn(ctx)
		if err != nil {
			return nil, err
		}
		return Renew(ctx, caller.UserID)
	})
)

// HandleFeed serves GET /api/calendar/{file}: the iCalendar text of the
// secret in file, with an ETag and Last-Modified; 304 when the client's
// If-None-Match names the tag or, without If-None-Match (which takes
// precedence, RFC 9110 13.2.2), when If-Modified-Since is no earlier than
// the last change; 404 for an address that is not a feed.
func HandleFeed(c *echo.Context) error {
	var p FeedParams
	if err := edge.Bind(c, &p); err != nil {
		return err
	}
	token, ok := tokenOf(p.File)
	if !ok {
		return ErrUnknown
	}
	cal, err := Read(c.Request().Context(), token)
	if err != nil {
		return err
	}
	h := c.Response().Header()
	h.Set("ETag", cal.ETag)
	h.Set("Last-Modified", cal.Modified.Format(http.TimeFormat))
	h.Set("Cache-Control", CacheControl)
	// The address is the secret: it stays out of any page that links on.
	h.Set("Referrer-Policy", "no-referrer")
	h.Set("X-Robots-Tag", "noindex")
	if notModified(c.Request().Header, cal) {
		return c.NoContent(http.StatusNotModified)
	}
	return c.Blob(http.StatusOK, "text/calendar; charset=utf-8", cal.Body)
}

// notModified says whether the client's copy is the feed as it is: its
// If-None-Match names the tag or, without If-None-Match, its
// If-Modified-Since is no earlier than the last change.
func notModified(h http.Header, cal *Calendar) bool {
	if inm := h.Get("If-None-Match"); inm != "" {
		return matches(inm, cal.ETag)
	}
	since, err := http.ParseTime(h.Get("If-Modified-Since"))
	return err == nil && !cal.Modified.After(since)
}

// matches says whether an If-None-Match header names tag (or is *).
func matches(header, tag string) bool {
	for _, t := range strings.Split(header, ",") {
		t = strings.TrimPrefix(strings.TrimSpace(t), "W/")
		if t == tag || t == "*" {
			return true
		}
	}
	return false
}
