package signing

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/labstack/echo/v5"

	"github.com/praksis/praksis/api/audit"
	"github.com/praksis/praksis/api/auth"
	"github.com/praksis/praksis/api/policy"
	"github.com/praksis/praksis/api/request"
)

// Events are told of transitions inside the request's transaction, so that
// what they enqueue (reminders, the archiving job) exists exactly when the
// transition committed.
type Events interface {
	// Signed is called after a signature; locked says the form is now
	// locked for good.
	Signed(ctx context.Context, f *Form, by Party, locked bool) error
	// EndCompleted is called when a save completes the end section
	// (endSemesterCompletedDate set where it was empty): the student and
	// the supervisor may sign from now on.
	EndCompleted(ctx context.Context, f *Form) error
}

// Service serves the signing-form routes.
type Service struct {
	Events Events
	// Now is the clock (tests move it).
	Now func() time.Time
}

var oslo = func() *time.Location {
	if l, err := time.LoadLocation("Europe/Oslo"); err == nil {
		return l
	}
	return time.UTC
}()

func (s *Service) now() time.Time {
	if s.Now != nil {
		return s.Now()
	}
	return time.Now()
}

// today is the date in Norway, where the placements are.
func (s *Service) today() string { return s.now().In(oslo).Format(time.DateOnly) }

func target(c *echo.Context) (classID, studentID int64, rel policy.Relation, err error) {
	if classID, err = request.ID(c, "classId"); err != nil {
		return
	}
	if studentID, err = request.ID(c, "studentId"); err != nil {
		return
	}
	rel, err = policy.Of(c.Request().Context(), classID, studentID)
	return
}

func record(ctx context.Context, action string, f *Form, details map[string]any) error {
	return audit.Record(ctx, audit.Entry{Action: action, Entity: "signingForm", EntityID: f.ID,
		StudentUserID: f.StudentUserID, ClassID: f.ClassID, Details: details})
}

// Get serves GET signingform (404 when none).
func (s *Service) Get(c *echo.Context) error {
	classID, studentID, rel, err := target(c)
	if err != nil {
		return err
	}
	if err := policy.CanSeeSigningForm(rel); err != nil {
		return err
	}
	f, err := load(c.Request().Context(), classID, studentID)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, f)
}

// Create serves POST signingform: the teacher starts the form.
func (s *Service) Create(c *echo.Context) error {
	classID, studentID, rel, err := target(c)
	if err != nil {
		return err
	}
	if err := policy.CanEditSigningForm(rel); err != nil {
		return err
	}
	var in Input
	if err := request.JSON(c, &in); err != nil {
		return err
	}
	ctx := c.Request().Context()
	if existing, err := load(ctx, classID, studentID); err == nil {
		// A locked form is final: say so, rather than asking for a reload
		// that would only show the same locked form.
		if existing.IsLocked {
			return conflict("signing.locked")
		}
		return conflict("signing.exists")
	} else if !errors.Is(err, ErrNone) {
		return err
	}
	f, err := apply(nil, &in, s.today())
	if err != nil {
		return err
	}
	if f.EndSemesterCompletedDate != nil {
		return conflict("signing.endNotOpen")
	}
	ref, err := referenceOf(ctx, classID, studentID)
	if err != nil {
		return err
	}
	if _, err := insert(ctx, classID, studentID, ref, f); err != nil {
		return err
	}
	created, err := load(ctx, classID, studentID)
	if err != nil {
		return err
	}
	if err := record(ctx, "signingForm.saved", created, map[string]any{"midConfirmed": created.midConfirmed()}); err != nil {
		return err
	}
	if created.midConfirmed() {
		if err := record(ctx, "signingForm.midConfirmed", created, nil); err != nil {
			return err
		}
	}
	return c.JSON(http.StatusCreated, created)
}

// Update serves PUT signingform: the teacher saves either section.
func (s *Service) Update(c *echo.Context) error {
	classID, studentID, rel, err := target(c)
	if err != nil {
		return err
	}
	if err := policy.CanEditSigningForm(rel); err != nil {
		return err
	}
	var in Input
	if err := request.JSON(c, &in); err != nil {
		return err
	}
	ctx := c.Request().Context()
	stored, err := load(ctx, classID, studentID)
	if err != nil {
		return err
	}
	// A save for a form since cancelled and created anew is stale; apply
	// says so too for an old version, and "locked" for a locked form.
	if in.ID != 0 && in.ID != stored.ID && !stored.IsLocked {
		return conflict("signing.stale")
	}
	f, err := apply(stored, &in, s.today())
	if err != nil {
		return err
	}
	if err := store(ctx, f); err != nil {
		return err
	}
	saved, err := load(ctx, classID, studentID)
	if err != nil {
		return err
	}
	if err := record(ctx, "signingForm.saved", saved, nil); err != nil {
		return err
	}
	if !stored.midConfirmed() && saved.midConfirmed() {
		if err := record(ctx, "signingForm.midConfirmed", saved, nil); err != nil {
			return err
		}
	}
	if stored.EndSemesterCompletedDate == nil && saved.EndSemesterCompletedDate != nil {
		if err := record(ctx, "signingForm.endCompleted", saved, nil); err != nil {
			return err
		}
		if s.Events != nil {
			if err := s.Events.EndCompleted(ctx, saved); err != nil {
				return fmt.Errorf("after completing the end of signing form %d: %w", saved.ID, err)
			}
		}
	}
	return c.JSON(http.StatusOK, saved)
}

// SignRequest is the body of POST signingform/sign.
type SignRequest struct {
	// ConfirmWithoutAdvisor is the teacher's explicit confirmation of
	// signing while the supervisor has not.
	ConfirmWithoutAdvisor bool `json:"confirmWithoutAdvisor"`
}

// Sign serves POST signingform/sign: the caller signs as teacher,
// supervisor or student, whichever they are to this student.
func (s *Service) Sign(c *echo.Context) error {
	classID, studentID, rel, err := target(c)
	if err != nil {
		return err
	}
	party, err := policy.SigningParty(rel)
	if err != nil {
		return err
	}
	var body SignRequest
	if c.Request().ContentLength != 0 {
		if err := request.JSON(c, &body); err != nil {
			return err
		}
	}
	ctx := c.Request().Context()
	caller := auth.CallerFrom(ctx)
	f, err := load(ctx, classID, studentID)
	if err != nil {
		return err
	}
	locked, err := sign(f, Party(party), caller.UserID, string(caller.Method), s.now().UTC(), s.today(), body.ConfirmWithoutAdvisor)
	if err != nil {
		return err
	}
	if err := store(ctx, f); err != nil {
		return err
	}
	signed, err := load(ctx, classID, studentID)
	if err != nil {
		return err
	}
	details := map[string]any{"party": party, "method": string(caller.Method)}
	if party == string(Teacher) && signed.SignWithoutAdvisorConfirmedDate != nil && signed.SignedByAdvisorDate == nil {
		details["withoutAdvisor"] = true
	}
	if err := record(ctx, "signingForm.signed", signed, details); err != nil {
		return err
	}
	if locked {
		if err := record(ctx, "signingForm.locked", signed, nil); err != nil {
			return err
		}
	}
	if s.Events != nil {
		if err := s.Events.Signed(ctx, signed, Party(party), locked); err != nil {
			return fmt.Errorf("after signing form %d: %w", signed.ID, err)
		}
	}
	return c.JSON(http.StatusOK, signed)
}

// Cancel serves POST signingform/cancel: the teacher deletes a form that is
// not locked, for good; the student's form starts over blank.
func (s *Service) Cancel(c *echo.Context) error {
	classID, studentID, rel, err := target(c)
	if err != nil {
		return err
	}
	if err := policy.CanEditSigningForm(rel); err != nil {
		return err
	}
	ctx := c.Request().Context()
	f, err := load(ctx, classID, studentID)
	if err != nil {
		return err
	}
	if f.IsLocked {
		return conflict("signing.locked")
	}
	if err := record(ctx, "signingForm.cancelled", f, map[string]any{
		"archived": f.AssessmentResultArchivedAt != nil, "submitted": f.AssessmentResultSubmittedAt != nil}); err != nil {
		return err
	}
	if err := remove(ctx, f.ID); err != nil {
		return err
	}
	return c.NoContent(http.StatusNoContent)
}

// Validation serves GET signingform/validation.
func (s *Service) Validation(c *echo.Context) error {
	classID, studentID, rel, err := target(c)
	if err != nil {
		return err
	}
	if err := policy.CanSeeSigningForm(rel); err != nil {
		return err
	}
	v, err := validation(c.Request().Context(), classID, studentID)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, v)
}
