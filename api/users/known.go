package users

import (
	"context"
	"fmt"

	"github.com/praksis/praksis/api/apperror"
	"github.com/praksis/praksis/tenants"
)

// CheckExists is nil when the user is someone of the current school, else
// the not-found error that routes naming a person in their path answer.
func CheckExists(ctx context.Context, id int64) error {
	tx, err := tenants.DB(ctx)
	if err != nil {
		return err
	}
	var n int64
	if err := tx.Raw("SELECT count(*) FROM users WHERE id = ?", id).Scan(&n).Error; err != nil {
		return fmt.Errorf("find user %d: %w", id, err)
	}
	if n == 0 {
		return apperror.NotFoundf("users.notFound")
	}
	return nil
}
