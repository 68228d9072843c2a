package progress

import (
	"context"
	"net/http"

	"github.com/praksis/praksis/api/apperror"
	"github.com/praksis/praksis/api/auth"
	"github.com/praksis/praksis/api/edge"
)

// StudentPath is the params of the routes about one student's record.
type StudentPath struct {
	StudentID int64 `path:"studentId" minimum:"1" description:"The student"`
}

var (
	// HandleRead serves GET /api/students/{studentId}/progress: the
	// student's record across placements as the caller may see it (Read).
	HandleRead = edge.Read(http.StatusOK, func(ctx context.Context, p StudentPath) (*Record, error) {
		caller := auth.CallerFrom(ctx)
		if caller == nil {
			return nil, apperror.New(apperror.Unauthorized, "error.unauthorized")
		}
		return Read(ctx, caller, p.StudentID)
	})

	// HandleShare serves PUT /api/progress/sharing: the calling student
	// shares their earlier placements' end results.
	HandleShare = edge.Read(http.StatusOK, func(ctx context.Context, _ edge.NoParams) (*Sharing, error) {
		return Share(ctx)
	})

	// HandleUnshare serves DELETE /api/progress/sharing: the calling
	// student takes the sharing back.
	HandleUnshare = edge.Read(http.StatusOK, func(ctx context.Context, _ edge.NoParams) (*Sharing, error) {
		return Unshare(ctx)
	})
)
