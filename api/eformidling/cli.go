package eformidling

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
	"gorm.io/gorm"

	"github.com/praksis/praksis/api/apperror"
	"github.com/praksis/praksis/api/arkivmelding"
	"github.com/praksis/praksis/api/results"
	"github.com/praksis/praksis/api/signing"
	"github.com/praksis/praksis/tenants"
	"github.com/praksis/praksis/tenants/texts"
)

// ResultsCommand returns `praksis results …`, the operators' tools for
// results on their way out of Praksis.
func ResultsCommand(open tenants.Opener) *cobra.Command {
	cmd := &cobra.Command{Use: "results", Short: "Inspect what Praksis sends with a placement's result"}
	var slug string
	var formID int64
	preview := &cobra.Command{
		Use:   "arkivmelding --tenant SLUG --signing-form ID",
		Short: "Print the arkivmelding.xml that delivering the form's result to the school's archive sends",
		Long: `Print the Noark 5 arkivmelding (arkivmelding.xml) Praksis sends through eFormidling
for the result of a locked signing form, with the school's current eFormidling
settings, so that an archivist can check the mapping before it goes live. The
message id is the one of the form's current delivery (or its first one). A form
locked but not yet archived is shown as if archived now. Nothing is sent or
saved.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return open.WithSchool(cmd, slug, func(ctx context.Context, s *tenants.Service, t *tenants.Tenant) error {
				var doc []byte
				err := s.InScope(ctx, slug, func(ctx context.Context, tx *gorm.DB) error {
					f, err := signing.ByID(ctx, formID)
					if errors.Is(err, signing.ErrNone) {
						return fmt.Errorf("school %s has no signing form %d", slug, formID)
					}
					if err != nil {
						return err
					}
					rec, err := results.RecordOf(ctx, t, f, time.Now())
					if err != nil {
						return err
					}
					cfg, err := Load(ctx)
					if err != nil {
						return err
					}
					messageID := MessageID(slug, formID, 1)
					if d, err := load(tx, formID, false); err != nil {
						return err
					} else if d != nil {
						messageID = d.MessageID
					}
					am, err := arkivmelding.Build(rec, messageID, cfg.Options(texts.Negotiate(t.DefaultLanguage, "", texts.Default)))
					if err != nil {
						return err
					}
					doc, err = am.Marshal()
					return err
				})
				if err != nil {
					return err
				}
				_, err = cmd.OutOrStdout().Write(doc)
				return err
			})
		},
	}
	preview.Flags().StringVar(&slug, "tenant", "", "the school's slug")
	preview.Flags().Int64Var(&formID, "signing-form", 0, "the signing form's id")
	_ = preview.MarkFlagRequired("tenant")
	_ = preview.MarkFlagRequired("signing-form")
	cmd.AddCommand(preview)
	return cmd
}

// UpdateFlags are the eFormidling flags of `praksis tenant update`.
type UpdateFlags struct {
	c Config
}

var _ tenants.UpdateExtension = (*UpdateFlags)(nil)

// flagFields names each flag and the Config field it sets.
func (u *UpdateFlags) flagFields() []struct {
	name, help string
	v          *string
} {
	return []struct {
		name, help string
		v          *string
	}{
		{"eformidling-url", "base URL of the school's eFormidling integrasjonspunkt", &u.c.URL},
		{"eformidling-org-number", "the school's organisation number as eFormidling sender", &u.c.SenderOrgNumber},
		{"eformidling-archive-org-number", "organisation number of the archive receiving results", &u.c.ReceiverOrgNumber},
		{"eformidling-process", "eFormidling process identifier (default " + arkivmelding.DefaultProcess + ")", &u.c.Process},
		{"eformidling-administrative-unit", "administrative unit responsible for the cases (default: the school's name)", &u.c.AdministrativeUnit},
		{"eformidling-case-system-id", "file every result in this existing case (its system id) instead of a case per student and placement", &u.c.CaseSystemID},
		{"eformidling-classification-system", "classification system of the cases, such as Fagkoder (empty: none)", &u.c.ClassificationSystem},
		{"eformidling-class-id", "class in that system (empty: the subject code)", &u.c.ClassID},
	}
}

// Flags registers --eformidling and the --eformidling-… settings.
func (u *UpdateFlags) Flags(f *pflag.FlagSet) {
	f.BoolVar(&u.c.Enabled, "eformidling", false, "deliver results to the school's archive through eFormidling (--eformidling=false switches it off)")
	for _, ff := range u.flagFields() {
		f.StringVar(ff.v, ff.name, "", ff.help)
	}
}

// Apply stores the given eFormidling settings over the school's current
// ones; a bad value fails with every problem named by its flag.
func (u *UpdateFlags) Apply(ctx context.Context, s *tenants.Service, slug string, changed func(string) bool) error {
	any := changed("eformidling")
	for _, ff := range u.flagFields() {
		any = any || changed(ff.name)
	}
	if !any {
		return nil
	}
	return s.InScope(ctx, slug, func(ctx context.Context, _ *gorm.DB) error {
		cfg, err := Load(ctx)
		if err != nil {
			return err
		}
		if changed("eformidling") {
			cfg.Enabled = u.c.Enabled
		}
		flags := map[string]string{"url": "eformidling-url", "senderOrgNumber": "eformidling-org-number",
			"receiverOrgNumber": "eformidling-archive-org-number", "process": "eformidling-process",
			"administrativeUnit": "eformidling-administrative-unit", "caseSystemId": "eformidling-case-system-id",
			"classificationSystem": "eformidling-classification-system", "classId": "eformidling-class-id"}
		target := map[string]*string{"eformidling-url": &cfg.URL, "eformidling-org-number": &cfg.SenderOrgNumber,
			"eformidling-archive-org-number": &cfg.ReceiverOrgNumber, "eformidling-process": &cfg.Process,
			"eformidling-administrative-unit": &cfg.AdministrativeUnit, "eformidling-case-system-id": &cfg.CaseSystemID,
			"eformidling-classification-system": &cfg.ClassificationSystem, "eformidling-class-id": &cfg.ClassID}
		for _, ff := range u.flagFields() {
			if changed(ff.name) {
				*target[ff.name] = *ff.v
			}
		}
		_, err = Saved(ctx, cfg)
		if e, ok := apperror.As(err); ok && len(e.Fields) > 0 {
			var msgs []string
			for _, fe := range e.Fields {
				flag := "--eformidling"
				if name, ok := flags[fe.Reason]; ok {
					flag = "--" + name
				}
				msgs = append(msgs, flag+": "+texts.Base().T("en", fe.MessageID, nil))
			}
			return fmt.Errorf("eFormidling settings of %s not saved:\n  %s", slug, strings.Join(msgs, "\n  "))
		}
		return err
	})
}
