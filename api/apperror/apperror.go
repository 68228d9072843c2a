// Package apperror holds the errors a domain package returns when a request
// cannot be served as asked. Each error has a Kind that the HTTP layer maps to
// a status code in exactly one place, and a message id that is translated into
// the caller's language there, so domain code never formats user-facing text.
package apperror

import (
	"errors"
	"fmt"
)

// Kind says what went wrong, independently of the transport.
type Kind int

// The kinds of failure a client can be told about.
const (
	// Internal is a fault of ours; the client gets a generic message.
	Internal Kind = iota
	// Invalid input: one FieldError per field.
	Invalid
	// Unauthorized: no token, a bad one or an expired one.
	Unauthorized
	// Forbidden: the caller's role or relationship does not allow it.
	Forbidden
	// NotFound: no such resource (or none the caller may know of).
	NotFound
	// Conflict: the resource is in a state that forbids the change.
	Conflict
	// TooLarge: the request body is over the limit.
	TooLarge
	// RateLimited: too many attempts; try again later.
	RateLimited
	// Unavailable: the school is disabled or being upgraded.
	Unavailable
	// Gone: the resource existed but can no longer be used (an expired
	// invitation).
	Gone
)

// FieldError is one invalid field: Reason is the field (or rule) name, and
// MessageID the text explaining it.
type FieldError struct {
	Reason    string
	MessageID string
	Data      map[string]any
}

// Error is a failure with a kind, a translatable message and optional field
// errors. Literal, when set, is shown as is (for texts that come from outside,
// such as a school's own message).
type Error struct {
	Kind      Kind
	MessageID string
	Data      map[string]any
	Literal   string
	Fields    []FieldError
	Err       error
	// KeepChanges asks the HTTP layer to commit the request's transaction
	// even though the request fails, for a failure that must leave a trace
	// (a wrong one-time code counts as a try).
	KeepChanges bool
}

func (e *Error) Error() string {
	msg := e.MessageID
	if e.Literal != "" {
		msg = e.Literal
	}
	if e.Err != nil {
		return fmt.Sprintf("%s: %v", msg, e.Err)
	}
	return msg
}

// Unwrap returns the cause, if any.
func (e *Error) Unwrap() error { return e.Err }

// New makes an error of the given kind with a message id from the server
// catalogue.
func New(kind Kind, messageID string) *Error {
	return &Error{Kind: kind, MessageID: messageID}
}

// With adds template data for the message.
func (e *Error) With(key string, value any) *Error {
	if e.Data == nil {
		e.Data = map[string]any{}
	}
	e.Data[key] = value
	return e
}

// Because records the underlying cause (kept out of the client's answer).
func (e *Error) Because(err error) *Error {
	e.Err = err
	return e
}

// Keep marks the error as one whose request still commits its changes.
func (e *Error) Keep() *Error {
	e.KeepChanges = true
	return e
}

// Field adds an invalid-field entry.
func (e *Error) Field(reason, messageID string, data map[string]any) *Error {
	e.Fields = append(e.Fields, FieldError{Reason: reason, MessageID: messageID, Data: data})
	return e
}

// NotFoundf is shorthand for a NotFound error.
func NotFoundf(messageID string) *Error { return New(NotFound, messageID) }

// Forbiddenf is shorthand for a Forbidden error.
func Forbiddenf(messageID string) *Error { return New(Forbidden, messageID) }

// Conflictf is shorthand for a Conflict error.
func Conflictf(messageID string) *Error { return New(Conflict, messageID) }

// Invalidf is shorthand for an Invalid error.
func Invalidf(messageID string) *Error { return New(Invalid, messageID) }

// Gonef is shorthand for a Gone error.
func Gonef(messageID string) *Error { return New(Gone, messageID) }

// KindOf returns the kind of err, or Internal when err is not an *Error.
func KindOf(err error) Kind {
	var e *Error
	if errors.As(err, &e) {
		return e.Kind
	}
	return Internal
}

// As returns the *Error inside err, if any.
func As(err error) (*Error, bool) {
	var e *Error
	ok := errors.As(err, &e)
	return e, ok
}
