package erasure

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/spf13/cobra"
	"gorm.io/gorm"

	"github.com/praksis/praksis/api/apperror"
	"github.com/praksis/praksis/tenants"
	"github.com/praksis/praksis/tenants/texts"
)

// Command returns `praksis tenant erase-person`, the operator's way to
// erase a person when the school asks (same rules as the admin's button).
func Command(open tenants.Opener) *cobra.Command {
	var slug, email string
	cmd := &cobra.Command{
		Use:   "erase-person --tenant SLUG --email ADDRESS",
		Short: "Erase a person from a school (right to erasure)",
		Long: `Erase a person from a school: their account, sessions, answers, comments,
invitations and the rest go; what the school must keep (a locked signing form
and its archived result, warnings they wrote about others) stays, and the
report says so. Refused while a signing form that involves them is open.
Prints the report as JSON.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return open.With(cmd, func(ctx context.Context, s *tenants.Service) error {
				var r Report
				err := s.InScope(ctx, slug, func(ctx context.Context, tx *gorm.DB) error {
					id, err := UserByEmail(tx, email)
					if err != nil {
						return err
					}
					r, err = Erase(ctx, id)
					return err
				})
				if e, ok := apperror.As(err); ok {
					return fmt.Errorf("%s not erased from %s: %s", email, slug, texts.Base().T("en", e.MessageID, e.Data))
				}
				if err != nil {
					return err
				}
				out, err := json.MarshalIndent(r, "", "  ")
				if err != nil {
					return err
				}
				_, err = fmt.Fprintln(cmd.OutOrStdout(), string(out))
				return err
			})
		},
	}
	cmd.Flags().StringVar(&slug, "tenant", "", "the school's slug (required)")
	cmd.Flags().StringVar(&email, "email", "", "the person's e-mail address (required)")
	_ = cmd.MarkFlagRequired("tenant")
	_ = cmd.MarkFlagRequired("email")
	return cmd
}

// UserByEmail finds a user of the current scope by e-mail, any case.
func UserByEmail(tx *gorm.DB, email string) (int64, error) {
	var ids []int64
	if err := tx.Raw("SELECT id FROM users WHERE lower(email) = lower(?)", strings.TrimSpace(email)).Scan(&ids).Error; err != nil {
		return 0, fmt.Errorf("find user %s: %w", email, err)
	}
	if len(ids) == 0 {
		return 0, fmt.Errorf("no user with e-mail %s", email)
	}
	return ids[0], nil
}
