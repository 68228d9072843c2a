package datacopy

import (
	"context"
	"fmt"
	"net/http"
	"time"

	"github.com/google/uuid"
	"github.com/labstack/echo/v5"

	"github.com/praksis/praksis/api/apperror"
	"github.com/praksis/praksis/api/audit"
	"github.com/praksis/praksis/api/auth"
	"github.com/praksis/praksis/api/download"
	"github.com/praksis/praksis/api/edge"
	"github.com/praksis/praksis/api/users"
	"github.com/praksis/praksis/tenants"
)

// pendingLifetime bounds how long a copy that is still being made is
// listed: a job that never ran does not block asking again for ever.
const pendingLifetime = 24 * time.Hour

// Info describes a copy without its files.
type Info struct {
	ID          string     `json:"id" format:"uuid"`
	UserID      int64      `json:"userId" description:"The person the copy is about"`
	Status      string     `json:"status" enum:"pending,ready,failed" description:"pending while the job makes it; ready to download; failed"`
	CreatedAt   time.Time  `json:"createdAt"`
	ReadyAt     *time.Time `json:"readyAt" description:"When it was made; null until ready"`
	ExpiresAt   time.Time  `json:"expiresAt" description:"After this it can no longer be downloaded"`
	RequestedBy *int64     `json:"requestedByUserId" description:"Who asked for it: the person or an admin"`
}

const infoColumns = "id::text AS id, user_id, status, created_at, ready_at, expires_at, requested_by_user_id AS requested_by"

// Handlers serve the copies: a person's own, and an admin's for anyone of
// the school.
type Handlers struct {
	// Jobs enqueues the build in the request's transaction.
	Jobs Enqueuer
}

// Request asks for a copy of the user's data for the caller: a pending copy
// already asked for is answered instead of starting a second one.
func (h *Handlers) Request(ctx context.Context, userID int64) (Info, error) {
	var info Info
	tx, err := tenants.DB(ctx)
	if err != nil {
		return info, err
	}
	if h.Jobs == nil {
		return info, apperror.New(apperror.Unavailable, "dataCopy.unavailable")
	}
	var pending []Info
	if err := tx.Raw("SELECT "+infoColumns+" FROM data_copies WHERE user_id = ? AND status = 'pending' AND created_at > now() - ?::interval",
		userID, fmt.Sprintf("%d seconds", int(pendingLifetime.Seconds()))).Scan(&pending).Error; err != nil {
		return info, fmt.Errorf("look for pending copy of user %d: %w", userID, err)
	}
	if len(pending) > 0 {
		return pending[0], nil
	}
	var caller any
	if c := auth.CallerFrom(ctx); c != nil {
		caller = c.UserID
	}
	if err := tx.Raw(`INSERT INTO data_copies (user_id, requested_by_user_id, expires_at)
		VALUES (?, ?, now() + ?::interval) RETURNING `+infoColumns, userID, caller,
		fmt.Sprintf("%d seconds", int((pendingLifetime+Lifetime).Seconds()))).Scan(&info).Error; err != nil {
		return info, fmt.Errorf("ask for copy of user %d: %w", userID, err)
	}
	t := tenants.Current(ctx)
	if err := h.Jobs.Enqueue(ctx, Args{Tenant: t.Slug, CopyID: info.ID}, nil); err != nil {
		return info, err
	}
	return info, audit.Record(ctx, audit.Entry{Action: "user.dataCopyRequested", Entity: "user", EntityID: userID})
}

// List returns the user's copies that can still be downloaded or are being made, newest first.
func List(ctx context.Context, userID int64) ([]Info, error) {
	tx, err := tenants.DB(ctx)
	if err != nil {
		return nil, err
	}
	list := []Info{}
	if err := tx.Raw("SELECT "+infoColumns+" FROM data_copies WHERE user_id = ? AND expires_at > now() ORDER BY created_at DESC",
		userID).Scan(&list).Error; err != nil {
		return nil, fmt.Errorf("list copies of user %d: %w", userID, err)
	}
	return list, nil
}

// ByUser names the person a route is about in its path; only admins may
// use it (the routes say so), and it must be someone of the school.
type ByUser struct {
	ID int64 `path:"id" minimum:"1" description:"The person's user id"`
}

// File names a copy's file in the path.
type File struct {
	CopyID string `path:"copyId" format:"uuid" description:"The copy's id"`
	Format string `path:"format" enum:"json,pdf" description:"json: the machine-readable file; pdf: the readable one"`
}

// RequestOwn serves POST /api/users/me/data-copies: 202 with the copy of
// the caller's data being made.
func (h *Handlers) RequestOwn() edge.Endpoint {
	return edge.Read(http.StatusAccepted, func(ctx context.Context, _ edge.NoParams) (Info, error) {
		return h.Request(ctx, auth.CallerFrom(ctx).UserID)
	})
}

// RequestOf serves POST /api/users/{id}/data-copies: 202 with the copy of
// the person's data being made.
func (h *Handlers) RequestOf() edge.Endpoint {
	return edge.Read(http.StatusAccepted, func(ctx context.Context, p ByUser) (Info, error) {
		if err := users.CheckExists(ctx, p.ID); err != nil {
			return Info{}, err
		}
		return h.Request(ctx, p.ID)
	})
}

// Routes of the lists: the caller's own, and any person's for admins.
var (
	// HandleListOwn serves GET /api/users/me/data-copies.
	HandleListOwn = edge.Read(http.StatusOK, func(ctx context.Context, _ edge.NoParams) ([]Info, error) {
		return List(ctx, auth.CallerFrom(ctx).UserID)
	})
	// HandleListOf serves GET /api/users/{id}/data-copies.
	HandleListOf = edge.Read(http.StatusOK, func(ctx context.Context, p ByUser) ([]Info, error) {
		if err := users.CheckExists(ctx, p.ID); err != nil {
			return nil, err
		}
		return List(ctx, p.ID)
	})
)

// HandleDownload serves GET /api/data-copies/{copyId}/{format}: the JSON or
// PDF file of a finished copy, to the person it is about or an admin. Any
// other caller, an unknown, unfinished or expired copy, or another format
// is 404, so that nobody learns whether a copy of someone else exists.
func HandleDownload(c *echo.Context) error {
	ctx := c.Request().Context()
	caller := auth.CallerFrom(ctx)
	var p File
	if err := edge.Bind(c, &p); err != nil {
		return err
	}
	format := p.Format
	copyID, err := uuid.Parse(p.CopyID)
	if err != nil || (format != "json" && format != "pdf") {
		return apperror.NotFoundf("dataCopy.notFound")
	}
	tx, err := tenants.DB(ctx)
	if err != nil {
		return err
	}
	var row []struct {
		UserID  int64
		ReadyAt time.Time
		File    []byte
	}
	if err := tx.Raw("SELECT user_id, ready_at, "+format+" AS file FROM data_copies WHERE id = ? AND status = 'ready' AND expires_at > now()",
		copyID.String()).Scan(&row).Error; err != nil {
		return fmt.Errorf("load data copy %s: %w", copyID, err)
	}
	if len(row) == 0 || (row[0].UserID != caller.UserID && !caller.Has(users.RoleAdmin)) {
		return apperror.NotFoundf("dataCopy.notFound")
	}
	if err := audit.Record(ctx, audit.Entry{Action: "user.dataCopyDownloaded", Entity: "user", EntityID: row[0].UserID,
		Details: map[string]any{"format": format}}); err != nil {
		return err
	}
	name := fmt.Sprintf("praksis-data-%d-%s.%s", row[0].UserID, row[0].ReadyAt.Format(time.DateOnly), format)
	mime := "application/json"
	if format == "pdf" {
		mime = "application/pdf"
	}
	c.Response().Header().Set("Content-Disposition", download.Disposition("attachment", name))
	c.Response().Header().Set("Cache-Control", "no-store")
	return c.Blob(http.StatusOK, mime, row[0].File)
}
