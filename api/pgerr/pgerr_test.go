package pgerr

import (
	"fmt"
	"testing"

	"github.com/jackc/pgx/v5/pgconn"
)

func TestIsUnavailable(t *testing.T) {
	for _, tc := range []struct {
		name string
		code string
		want bool
	}{
		{"standby refuses writes", "25006", true},
		{"connection lost", "08006", true},
		{"shutting down", "57P01", true},
		{"Citus lost a statement's results as the school switched workers", "CIINF", true},
		{"unique violation", "23505", false},
		{"syntax error", "42601", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := fmt.Errorf("save answer set: %w", &pgconn.PgError{Code: tc.code, Message: tc.name})
			if got := IsUnavailable(err); got != tc.want {
				t.Errorf("IsUnavailable(%s) = %v, want %v", tc.code, got, tc.want)
			}
		})
	}
}
