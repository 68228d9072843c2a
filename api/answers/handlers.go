package answers

import (
	"context"
	"net/http"

	"github.com/praksis/praksis/api/apperror"
	"github.com/praksis/praksis/api/auth"
	"github.com/praksis/praksis/api/edge"
	"github.com/praksis/praksis/api/policy"
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

// Saved is a saved answer set: 201 when the set is new, 200 when it was
// there.
type Saved struct {
	Set
	created bool
}

// HTTPStatus is 201 for a new set, 200 for an existing one.
func (s Saved) HTTPStatus() int { return edge.Created(s.created) }

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
	// updated one (see Save, which checks the caller's relation).
	HandleSave = edge.Write(http.StatusCreated, func(ctx context.Context, _ edge.NoParams, in Input) (*Saved, error) {
		s, created, err := Save(ctx, in)
		if err != nil {
			return nil, err
		}
		return &Saved{Set: *s, created: created}, nil
	})
)
