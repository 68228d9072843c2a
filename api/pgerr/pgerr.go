// Package pgerr tells which database constraint refused a statement, so
// domain code can turn a constraint violation into a clear 409 or 400
// instead of a server fault, and whether the database was away, so the
// client is told to try again (503) instead of being shown a server fault.
package pgerr

import (
	"database/sql"
	"database/sql/driver"
	"errors"
	"io"
	"net"
	"strings"
	"syscall"

	"github.com/jackc/pgx/v5/pgconn"
	"gorm.io/gorm"
)

// SQLSTATE codes of constraint violations.
const (
	uniqueViolation     = "23505"
	foreignKeyViolation = "23503"
	checkViolation      = "23514"
	exclusionViolation  = "23P01"
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

// SQLSTATE classes in which Postgres refused what a statement carried.
const (
	dataException       = "22" // a value of the wrong form, out of range, too long, or text it cannot store
	integrityConstraint = "23" // a row that breaks a constraint: unique, foreign key, check, not null
)

// IsDataException reports a value Postgres refused (SQLSTATE class 22): a
// text too long for its column, a number out of range, a date or a text it
// cannot read or store.
func IsDataException(err error) bool {
	e := pg(err)
	return e != nil && strings.HasPrefix(e.Code, dataException)
}

// IsIntegrity reports a row that breaks a constraint (SQLSTATE class 23),
// as when two requests create the same thing at once or one removes what
// the other refers to.
func IsIntegrity(err error) bool {
	e := pg(err)
	return e != nil && strings.HasPrefix(e.Code, integrityConstraint)
}

// IsExclusion reports an exclusion-constraint violation (two rows that may
// not overlap).
func IsExclusion(err error) bool {
	e := pg(err)
	return e != nil && e.Code == exclusionViolation
}

// Constraint names the violated constraint, or "".
func Constraint(err error) string {
	if e := pg(err); e != nil {
		return e.ConstraintName
	}
	return ""
}

// SQLSTATE codes and classes that mean the database cannot serve right now,
// though it may in a moment: it is starting, shutting down or crashed, a
// failover made this server a read-only standby, or it has no connection
// slot left; on Citus, the school's tables switched workers under the
// transaction (the end of a `tenant move`), which lost the results a
// statement had passed between its steps and rolled back.
const (
	adminShutdown          = "57P01"
	crashShutdown          = "57P02"
	cannotConnectNow       = "57P03"
	readOnlySQLTransaction = "25006"
	tooManyConnections     = "53300"
	connectionException    = "08" // the class: 08000, 08003, 08006, …
	citusResultGone        = "CIINF"
)

// IsUnavailable reports an error that says the database cannot be reached
// or cannot take writes at the moment, rather than that the request was
// wrong: the connection was refused or lost, the server is starting up or
// shutting down, or it is a standby in a failover. The caller should be
// told to try again shortly; nothing about the request itself failed.
func IsUnavailable(err error) bool {
	if err == nil {
		return false
	}
	var connect *pgconn.ConnectError
	if errors.As(err, &connect) {
		return true
	}
	if e := pg(err); e != nil {
		switch e.Code {
		case adminShutdown, crashShutdown, cannotConnectNow, readOnlySQLTransaction, tooManyConnections, citusResultGone:
			return true
		}
		return strings.HasPrefix(e.Code, connectionException)
	}
	// A connection that broke under a statement: the server went away.
	if errors.Is(err, pgconn.ErrConnClosed) || errors.Is(err, driver.ErrBadConn) || errors.Is(err, sql.ErrConnDone) ||
		errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF) || errors.Is(err, syscall.ECONNREFUSED) ||
		errors.Is(err, syscall.ECONNRESET) || errors.Is(err, syscall.EPIPE) {
		return true
	}
	var netErr *net.OpError
	return errors.As(err, &netErr)
}
