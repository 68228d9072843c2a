package datacopy

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/spf13/cobra"
	"gorm.io/gorm"

	"github.com/praksis/praksis/api/erasure"
	"github.com/praksis/praksis/tenants"
	"github.com/praksis/praksis/tenants/texts"
)

// Command returns `praksis tenant data-copy`: an operator writes the copy of
// a person's data (JSON and PDF) to a directory, for a school that asks.
func Command(open tenants.Opener) *cobra.Command {
	var slug, email, dir, lang string
	cmd := &cobra.Command{
		Use:   "data-copy --tenant SLUG --email ADDRESS --out DIR",
		Short: "Write a copy of everything a school holds about a person (right of access)",
		Long: `Write a copy of everything a school holds about a person to DIR, as
praksis-data-ID.json and the readable praksis-data-ID.pdf (the same files a
person downloads from their settings). The files hold personal data: hand
them over safely and delete them afterwards.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return open.WithSchool(cmd, slug, func(ctx context.Context, s *tenants.Service, t *tenants.Tenant) error {
				var c *Copy
				var userLang string
				err := s.InScope(ctx, slug, func(ctx context.Context, tx *gorm.DB) error {
					id, err := erasure.UserByEmail(tx, email)
					if err != nil {
						return err
					}
					if err := tx.Raw("SELECT language FROM users WHERE id = ?", id).Scan(&userLang).Error; err != nil {
						return err
					}
					c, err = Build(ctx, id, time.Now())
					return err
				})
				if err != nil {
					return err
				}
				if lang == "" {
					lang = texts.Negotiate(userLang, "", t.DefaultLanguage)
				}
				js, err := json.MarshalIndent(c, "", "  ")
				if err != nil {
					return err
				}
				doc, err := PDF(c, lang, t.DisplayName, t.OrgNumber)
				if err != nil {
					return err
				}
				if err := os.MkdirAll(dir, 0o700); err != nil {
					return err
				}
				base := filepath.Join(dir, fmt.Sprintf("praksis-data-%d", c.UserID))
				for name, b := range map[string][]byte{base + ".json": js, base + ".pdf": doc} {
					if err := os.WriteFile(name, b, 0o600); err != nil {
						return fmt.Errorf("write %s: %w", name, err)
					}
					fmt.Fprintln(cmd.OutOrStdout(), name)
				}
				return nil
			})
		},
	}
	cmd.Flags().StringVar(&slug, "tenant", "", "the school's slug (required)")
	cmd.Flags().StringVar(&email, "email", "", "the person's e-mail address (required)")
	cmd.Flags().StringVar(&dir, "out", ".", "directory to write the files to")
	cmd.Flags().StringVar(&lang, "lang", "", "language of the PDF (default: the person's)")
	_ = cmd.MarkFlagRequired("tenant")
	_ = cmd.MarkFlagRequired("email")
	return cmd
}
