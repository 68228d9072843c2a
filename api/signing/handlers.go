package signing

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/praksis/praksis/api/audit"
	"github.com/praksis/praksis/api/auth"
	"github.com/praksis/praksis/api/edge"
	"github.com/praksis/praksis/api/placementpath"
	"github.com/praksis/praksis/api/policy"
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

func record(ctx context.Context, action string, f *Form, details map[string]any) error {
	return audit.Record(ctx, audit.Entry{Action: action, Entity: "signingForm", EntityID: f.ID,
		StudentUserID: f.StudentUserID, ClassID: f.ClassID, Details: details})
}

// Get serves GET signingform (404 when none).
func (s *Service) Get() edge.Endpoint {
	return edge.Read(http.StatusOK, func(ctx context.Context, p placementpath.Student) (*Form, error) {
		if err := p.Check(ctx, policy.CanSeeSigningForm); err != nil {
			return nil, err
		}
		return load(ctx, p.ClassID, p.StudentID)
	})
}

// Create serves POST signingform: the teacher starts the form.
func (s *Service) Create() edge.Endpoint {
	return edge.Write(http.StatusCreated, s.create)
}

func (s *Service) create(ctx context.Context, p placementpath.Student, in Input) (*Form, error) {
	if err := p.Check(ctx, policy.CanEditSigningForm); err != nil {
		return nil, err
	}
	if existing, err := load(ctx, p.ClassID, p.StudentID); err == nil {
		// A locked form is final: say so, rather than asking for a reload
		// that would only show the same locked form.
		if existing.IsLocked {
			return nil, conflict("signing.locked")
		}
		return nil, conflict("signing.exists")
	} else if !errors.Is(err, ErrNone) {
		return nil, err
	}
	f, err := apply(nil, &in, s.today())
	if err != nil {
		return nil, err
	}
	if f.EndSemesterCompletedDate != nil {
		return nil, conflict("signing.endNotOpen")
	}
	ref, err := referenceOf(ctx, p.ClassID, p.StudentID)
	if err != nil {
		return nil, err
	}
	if _, err := insert(ctx, p.ClassID, p.StudentID, ref, f); err != nil {
		return nil, err
	}
	created, err := load(ctx, p.ClassID, p.StudentID)
	if err != nil {
		return nil, err
	}
	if err := record(ctx, "signingForm.saved", created, map[string]any{"midConfirmed": created.midConfirmed()}); err != nil {
		return nil, err
	}
	if created.midConfirmed() {
		if err := record(ctx, "signingForm.midConfirmed", created, nil); err != nil {
			return nil, err
		}
	}
	return created, nil
}

// Update serves PUT signingform: the teacher saves either section.
func (s *Service) Update() edge.Endpoint {
	return edge.Write(http.StatusOK, s.update)
}

func (s *Service) update(ctx context.Context, p placementpath.Student, in Input) (*Form, error) {
	if err := p.Check(ctx, policy.CanEditSigningForm); err != nil {
		return nil, err
	}
	stored, err := load(ctx, p.ClassID, p.StudentID)
	if err != nil {
		return nil, err
	}
	// A save for a form since cancelled and created anew is stale; apply
	// says so too for an old version, and "locked" for a locked form.
	if in.ID != 0 && in.ID != stored.ID && !stored.IsLocked {
		return nil, conflict("signing.stale")
	}
	f, err := apply(stored, &in, s.today())
	if err != nil {
		return nil, err
	}
	if err := store(ctx, f); err != nil {
		return nil, err
	}
	saved, err := load(ctx, p.ClassID, p.StudentID)
	if err != nil {
		return nil, err
	}
	if err := record(ctx, "signingForm.saved", saved, nil); err != nil {
		return nil, err
	}
	if !stored.midConfirmed() && saved.midConfirmed() {
		if err := record(ctx, "signingForm.midConfirmed", saved, nil); err != nil {
			return nil, err
		}
	}
	if stored.EndSemesterCompletedDate == nil && saved.EndSemesterCompletedDate != nil {
		if err := record(ctx, "signingForm.endCompleted", saved, nil); err != nil {
			return nil, err
		}
		if s.Events != nil {
			if err := s.Events.EndCompleted(ctx, saved); err != nil {
				return nil, fmt.Errorf("after completing the end of signing form %d: %w", saved.ID, err)
			}
		}
	}
	return saved, nil
}

// SignRequest is the body of POST signingform/sign.
type SignRequest struct {
	// ConfirmWithoutAdvisor is the teacher's explicit confirmation of
	// signing while the supervisor has not.
	ConfirmWithoutAdvisor bool `json:"confirmWithoutAdvisor" description:"The teacher confirms signing while the supervisor has not (teacher only; required then)"`
}

// Sign serves POST signingform/sign: the caller signs as teacher,
// supervisor or student, whichever they are to this student.
func (s *Service) Sign() edge.Endpoint {
	return edge.WriteOptional(http.StatusOK, s.sign)
}

func (s *Service) sign(ctx context.Context, p placementpath.Student, body SignRequest) (*Form, error) {
	rel, err := p.Relation(ctx)
	if err != nil {
		return nil, err
	}
	party, err := policy.SigningParty(rel)
	if err != nil {
		return nil, err
	}
	caller := auth.CallerFrom(ctx)
	f, err := load(ctx, p.ClassID, p.StudentID)
	if err != nil {
		return nil, err
	}
	locked, err := sign(f, Party(party), caller.UserID, string(caller.Method), s.now().UTC(), s.today(), body.ConfirmWithoutAdvisor)
	if err != nil {
		return nil, err
	}
	if err := store(ctx, f); err != nil {
		return nil, err
	}
	signed, err := load(ctx, p.ClassID, p.StudentID)
	if err != nil {
		return nil, err
	}
	details := map[string]any{"party": party, "method": string(caller.Method)}
	if party == string(Teacher) && signed.SignWithoutAdvisorConfirmedDate != nil && signed.SignedByAdvisorDate == nil {
		details["withoutAdvisor"] = true
	}
	if err := record(ctx, "signingForm.signed", signed, details); err != nil {
		return nil, err
	}
	if locked {
		if err := record(ctx, "signingForm.locked", signed, nil); err != nil {
			return nil, err
		}
	}
	if s.Events != nil {
		if err := s.Events.Signed(ctx, signed, Party(party), locked); err != nil {
			return nil, fmt.Errorf("after signing form %d: %w", signed.ID, err)
		}
	}
	return signed, nil
}

// Cancel serves POST signingform/cancel: the teacher deletes a form that is
// not locked, for good; the student's form starts over blank.
func (s *Service) Cancel() edge.Endpoint {
	return edge.Read(http.StatusNoContent, func(ctx context.Context, p placementpath.Student) (edge.NoContent, error) {
		return edge.NoContent{}, cancel(ctx, p)
	})
}

func cancel(ctx context.Context, p placementpath.Student) error {
	if err := p.Check(ctx, policy.CanEditSigningForm); err != nil {
		return err
	}
	f, err := load(ctx, p.ClassID, p.StudentID)
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
	return remove(ctx, f.ID)
}

// Validation serves GET signingform/validation.
func (s *Service) Validation() edge.Endpoint {
	return edge.Read(http.StatusOK, func(ctx context.Context, p placementpath.Student) (*Validation, error) {
		if err := p.Check(ctx, policy.CanSeeSigningForm); err != nil {
			return nil, err
		}
		return validation(ctx, p.ClassID, p.StudentID)
	})
}
