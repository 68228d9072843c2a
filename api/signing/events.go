package signing

import "context"

// Fanout passes every event to each of its Events in order, inside the same
// transaction; the first error stops it and rolls the transition back.
type Fanout []Events

var _ Events = Fanout(nil)

// Signed tells each of the Events of a signature.
func (fo Fanout) Signed(ctx context.Context, f *Form, by Party, locked bool) error {
	for _, e := range fo {
		if err := e.Signed(ctx, f, by, locked); err != nil {
			return err
		}
	}
	return nil
}

// EndCompleted tells each of the Events that the end section is completed.
func (fo Fanout) EndCompleted(ctx context.Context, f *Form) error {
	for _, e := range fo {
		if err := e.EndCompleted(ctx, f); err != nil {
			return err
		}
	}
	return nil
}
