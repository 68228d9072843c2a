// Package pgerr tells which database constraint refused a statement, so
// domain code can turn a constraint violation into a clear 409 or 400
// instead of a server fault.
package pgerr

import (
	"errors"

	"github.com/jackc/pgx/v5/pgconn"
	"gorm.io/gorm"
)

// SQLSTATE codes of constraint violations.
const (
	uniqueViolation     = "23505"
	foreignKeyViolation = "23503"
	checkViolation      = "23514"
)

func pg(err error) *pgconn.PgError {
	var e *pgconn.PgError
	if errors.As(err, &e) {
		return e
	}
	return nil
}

// IsUnique reports a unique-constraint violation.
func IsUnique(err error) bool {
	if errors.Is(err, gorm.ErrDuplicatedKey) {
		return true
	}
	e := pg(err)
	return e != nil && e.Code == uniqueViolation
}

// IsForeignKey reports a foreign-key violation (a referenced row is missing,
// or a referencing row still exists).
func IsForeignKey(err error) bool {
	e := pg(err)
	return e != nil && e.Code == foreignKeyViolation
}

// IsCheck reports a check-constraint violation.
func IsCheck(err error) bool {
	e := pg(err)
	return e != nil && e.Code == checkViolation
}

// Constraint names the violated constraint, or "".
func Constraint(err error) string {
	if e := pg(err); e != nil {
		return e.ConstraintName
	}
	return ""
}
