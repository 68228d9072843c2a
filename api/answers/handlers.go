package answers

import (
	"context"
	"net/http"
	"time"

	"github.com/labstack/echo/v5"

	"github.com/praksis/praksis/api/apperror"
	"github.com/praksis/praksis/api/auth"
	"github.com/praksis/praksis/api/edge"
	"github.com/praksis/praksis/api/policy"
	"github.com/praksis/praksis/api/request"
)

// StudentPath is the params of the routes about one student in a class.
type StudentPath struct {
	ClassID   int64 `path:"classId" minimum:"1" description:"The class"`
	StudentID int64 `path:"studentId" minimum:"1" description:"The student"`
}

// StudentFormPath is the params of the routes about one student and one
// form of their class.
type StudentFormPath struct {
	ClassID   int64 `path:"classId" minimum:"1" description:"The class"`
	StudentID int64 `path:"studentId" minimum:"1" description:"The student"`
	FormID    int64 `path:"formId" minimum:"1" description:"A form the class uses"`
}

// SetPath is the params of GET /api/answers/{id}.
type SetPath struct {
	ID int64 `path:"id" minimum:"1" description:"The answer set"`
}

// SaveParams is the params of POST /api/answers.
type SaveParams struct {
	Prefer string `header:"Prefer" description:"return=minimal (RFC 7240): answer with the set's head and the questions sent as now stored (an AnswersSavedHead) instead of the whole set; Preference-Applied: return=minimal says it was done. The web app asks so on every save"`
}

// SavedHead is the answer to a save that preferred a minimal one: what a
// client that holds the set needs to go on, the new version and the
// questions it sent as they are now stored. A whole set is about 9 KB of
// JSON in a form of 40 questions with comments, and an autosave goes every
// few seconds, on a phone often over a weak signal; this is a few hundred
// bytes.
type SavedHead struct {
	ID          int64      `json:"id"`
	Version     int        `json:"version" description:"Goes up by one with each save that changes something; send it back to save again"`
	DeliveredAt *time.Time `json:"deliveredAt" description:"When the set was last delivered; null until then"`
	UpdatedAt   time.Time  `json:"updatedAt"`
	Saved       []Answer   `json:"saved" description:"Each question sent, in the order sent, with the value and comment now stored (null for none); the set's other questions are as the client last had them, since the version it sent was the stored one"`
}

// SaveAnswer is the answer to POST /api/answers: the whole set, or its
// head (SavedHead) for a client that prefers a minimal answer; 201 when the
// set is new, 200 when it was there.
type SaveAnswer struct {
	set     *Set
	head    *SavedHead
	created bool
}

// HTTPStatus is 201 for a new set, 200 for an existing one, in either
// shape.
func (a SaveAnswer) HTTPStatus() int { return edge.Created(a.created) }

// Shape is the head when the client asked for it, else the whole set.
func (a SaveAnswer) Shape() any {
	if a.head != nil {
		return a.head
	}
	return a.set
}

// JSONSchemaOneOf documents the two shapes.
func (SaveAnswer) JSONSchemaOneOf() []any { return []any{Set{}, SavedHead{}} }

// readerOf gives a rule the signed-in caller along with its params. The
// routes sit behind sign-in; a request without a caller is refused all
// the same.
func readerOf[P, Out any](fn func(ctx context.Context, caller *auth.Caller, p P) (*Out, error)) func(context.Context, P) (*Out, error) {
	return func(ctx context.Context, p P) (*Out, error) {
		caller := auth.CallerFrom(ctx)
		if caller == nil {
			return nil, apperror.New(apperror.Unauthorized, "error.unauthorized")
		}
		return fn(ctx, caller, p)
	}
}

var (
	// HandleStudentForm serves GET
	// /api/classes/{classId}/students/{studentId}/forms/{formId}: the
	// answer-set ids and states about the student for the form, per half
	// and place, for those who may read the student's assessments (ReadSummary
	// checks the caller's relation in the statement that reads them).
	HandleStudentForm = edge.Read(http.StatusOK, readerOf(func(ctx context.Context, caller *auth.Caller, p StudentFormPath) (*Summary, error) {
		return ReadSummary(ctx, caller, p.ClassID, p.StudentID, p.FormID)
	}))

	// HandleStudentFormFull serves GET
	// /api/classes/{classId}/students/{studentId}/forms/{formId}/full: every
	// answer set about the student for the form with answers, comments and
	// expectations, per half and place (ReadFull checks the caller's
	// relation in the statement that reads them).
	HandleStudentFormFull = edge.Read(http.StatusOK, readerOf(func(ctx context.Context, caller *auth.Caller, p StudentFormPath) (*Full, error) {
		return ReadFull(ctx, caller, p.ClassID, p.StudentID, p.FormID)
	}))

	// HandleProgress serves GET
	// /api/classes/{classId}/students/{studentId}/progress (ReadProgress
	// checks the caller's relation in the statement that reads it).
	HandleProgress = edge.Read(http.StatusOK, readerOf(func(ctx context.Context, caller *auth.Caller, p StudentPath) (*Progress, error) {
		return ReadProgress(ctx, caller, p.ClassID, p.StudentID)
	}))

	// HandleGet serves GET /api/answers/{id}: one answer set, for those who
	// may read the student's assessments.
	HandleGet = edge.Read(http.StatusOK, func(ctx context.Context, p SetPath) (*Set, error) {
		s, err := Get(ctx, p.ID)
		if err != nil {
			return nil, err
		}
		rel, err := policy.Of(ctx, s.ClassID, s.StudentUserID)
		if err != nil {
			return nil, err
		}
		if err := policy.CanView(rel); err != nil {
			return nil, err
		}
		return s, nil
	})

	// HandleSave serves POST /api/answers: 201 with a new set, 200 with an
	// updated one (see Save, which checks the caller's relation); only the
	// set's head when the client prefers a minimal answer.
	HandleSave = edge.WriteWithContext(http.StatusCreated, func(c *echo.Context, p SaveParams, in Input) (*SaveAnswer, error) {
		ctx := c.Request().Context()
		if request.PrefersMinimal(p.Prefer) {
			head, created, err := SaveHead(ctx, in)
			if err != nil {
				return nil, err
			}
			c.Response().Header().Set("Preference-Applied", "return=minimal")
			return &SaveAnswer{head: head, created: created}, nil
		}
		s, created, err := Save(ctx, in)
		if err != nil {
			return nil, err
		}
		return &SaveAnswer{set: s, created: created}, nil
	})
)
