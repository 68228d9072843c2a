package tenants

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// Opener gives a command the onboarding service and a function that
// releases what it opened.
type Opener func(ctx context.Context) (*Service, func(), error)

// UpdateExtension adds flags to `praksis tenant update` for a school's
// settings that belong to packages built on this one (such as delivery to
// the school's archive), so that operators set up a school with one
// command.
type UpdateExtension interface {
	// Flags registers the extension's flags.
	Flags(f *pflag.FlagSet)
	// Apply stores the flags that were given (changed reports which) for the
	// school; it does nothing when none of its flags was given.
	Apply(ctx context.Context, s *Service, slug string, changed func(flag string) bool) error
}

// Command returns `praksis tenant …`, the operators' onboarding tool.
func Command(open Opener, ext ...UpdateExtension) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "tenant",
		Short: "Onboard and manage schools (tenants)",
		Long: `Onboard and manage schools. Each school gets its own host(s), its own
Postgres schema and role, its own texts and its own theme.

Example:
  praksis tenant create --slug hvl --name "Praksis HVL" --host praksis.hvl.no --org-number "917 341 512"
  praksis tenant add-admin --tenant hvl --email admin@hvl.no --name "Kari Nordmann"`,
	}
	cmd.AddCommand(createCmd(open), listCmd(open), showCmd(open), updateCmd(open, ext...),
		statusCmd(open, "disable", Disabled), statusCmd(open, "enable", Active),
		addAdminCmd(open), catalogueCmd(open), exportCmd(open), importCmd(open), restoreCmd(open), deleteCmd(open), moveCmd(open))
	return cmd
}

// With opens the service for a command, runs fn with the command's context
// and releases what it opened afterwards.
func (open Opener) With(cmd *cobra.Command, fn func(ctx context.Context, s *Service) error) error {
	ctx := cmd.Context()
	s, closeFn, err := open(ctx)
	if err != nil {
		return err
	}
	defer closeFn()
	return fn(ctx, s)
}

// WithSchool is With for a command about one school: fn also gets the
// school of slug, and an unknown slug is an error before fn runs.
func (open Opener) WithSchool(cmd *cobra.Command, slug string, fn func(ctx context.Context, s *Service, t *Tenant) error) error {
	return open.With(cmd, func(ctx context.Context, s *Service) error {
		t, err := s.Get(ctx, slug)
		if err != nil {
			return err
		}
		return fn(ctx, s, t)
	})
}

func createCmd(open Opener) *cobra.Command {
	var p CreateParams
	cmd := &cobra.Command{
		Use:   "create --slug SLUG --name NAME --host HOST [--host HOST…]",
		Short: "Register a school, create its schema and role, and migrate it",
		Long: `Register a school: registry row, hosts, database role, schema and migrations.
The slug must match ^[a-z][a-z0-9-]{1,30}$ and not be reserved (control, public,
river, www, api, admin, static). A slug or host that is taken is refused and
nothing is changed.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return open.With(cmd, func(ctx context.Context, s *Service) error {
				t, err := s.Create(ctx, p)
				if err != nil {
					return err
				}
				state := "migrated"
				if p.NoMigrate {
					state = "registered; run `praksis migrate` before it can be served"
				}
				fmt.Fprintf(cmd.OutOrStdout(), "created school %s (schema %s, hosts %s): %s\n",
					t.Slug, t.SchemaName, strings.Join(t.Hosts, ", "), state)
				fmt.Fprintf(cmd.OutOrStdout(), "next: praksis tenant add-admin --tenant %s --email EMAIL --name NAME\n", t.Slug)
				return nil
			})
		},
	}
	f := cmd.Flags()
	f.StringVar(&p.Slug, "slug", "", "short unique name, e.g. hvl (required)")
	f.StringVar(&p.Name, "name", "", "the school's app name as users see it (required)")
	f.StringSliceVar(&p.Hosts, "host", nil, "host name the school is served on (repeatable, at least one)")
	f.StringVar(&p.OrgNumber, "org-number", "", "organisation number, e.g. \"917 341 512\"")
	f.StringVar(&p.DefaultLanguage, "default-language", "nb", "nb (Bokmål), nn (Nynorsk) or en (English)")
	f.StringVar(&p.Theme.PrimaryColor, "primary-color", "", "primary colour as #rrggbb")
	f.StringVar(&p.Theme.SecondaryColor, "secondary-color", "", "secondary colour as #rrggbb")
	f.StringVar(&p.Theme.LogoURL, "logo-url", "", "logo URL (https:// or /path)")
	f.StringSliceVar(&p.FeideRealms, "feide-realm", nil, "Feide realm accepted for sign-in, e.g. hvl.no (repeatable)")
	f.BoolVar(&p.NoMigrate, "no-migrate", false, "only register; `praksis migrate` migrates later (for onboarding many at once)")
	_ = cmd.MarkFlagRequired("slug")
	_ = cmd.MarkFlagRequired("name")
	_ = cmd.MarkFlagRequired("host")
	return cmd
}

func listCmd(open Opener) *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "list",
		Short: "List schools",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return open.With(cmd, func(ctx context.Context, s *Service) error {
				list, err := s.List(ctx)
				if err != nil {
					return err
				}
				if asJSON {
					return writeJSON(cmd.OutOrStdout(), list)
				}
				// The node column only on Citus, where schools have one.
				citus := false
				for _, t := range list {
					citus = citus || t.Node != ""
				}
				w := tabwriter.NewWriter(cmd.OutOrStdout(), 0, 4, 2, ' ', 0)
				header := "SLUG\tNAME\tHOSTS\tSTATUS\tSCHEMA\tVERSION"
				if citus {
					header += "\tNODE"
				}
				fmt.Fprintln(w, header)
				for _, t := range list {
					fmt.Fprintf(w, "%s\t%s\t%s\t%s\t%s\t%d (%s)", t.Slug, t.DisplayName, strings.Join(t.Hosts, ","), t.Status,
						t.SchemaName, t.SchemaVersion, t.MigrationState)
					if citus {
						fmt.Fprintf(w, "\t%s", cmp.Or(t.Node, "-"))
					}
					fmt.Fprintln(w)
				}
				return w.Flush()
			})
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print JSON")
	return cmd
}

func showCmd(open Opener) *cobra.Command {
	return &cobra.Command{
		Use:   "show SLUG",
		Short: "Show one school's registry entry as JSON",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return open.With(cmd, func(ctx context.Context, s *Service) error {
				t, err := s.Get(ctx, args[0])
				if err != nil {
					return err
				}
				return writeJSON(cmd.OutOrStdout(), t)
			})
		},
	}
}

func updateCmd(open Opener, ext ...UpdateExtension) *cobra.Command {
	var p UpdateParams
	var name, org, lang, primary, secondary, logo string
	var realms []string
	cmd := &cobra.Command{
		Use:   "update SLUG [flags]",
		Short: "Change a school's name, organisation number, language, hosts, theme or Feide realms",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			f := cmd.Flags()
			set := func(flag string, v *string) *string {
				if f.Changed(flag) {
					return v
				}
				return nil
			}
			p.Name, p.OrgNumber, p.DefaultLanguage = set("name", &name), set("org-number", &org), set("default-language", &lang)
			p.PrimaryColor, p.SecondaryColor, p.LogoURL = set("primary-color", &primary), set("secondary-color", &secondary), set("logo-url", &logo)
			if f.Changed("feide-realm") {
				p.FeideRealms = &realms
			}
			return open.With(cmd, func(ctx context.Context, s *Service) error {
				t, err := s.Update(ctx, args[0], p)
				if err != nil {
					return err
				}
				for _, e := range ext {
					if err := e.Apply(ctx, s, t.Slug, f.Changed); err != nil {
						return err
					}
				}
				fmt.Fprintf(cmd.OutOrStdout(), "updated school %s\n", t.Slug)
				return nil
			})
		},
	}
	f := cmd.Flags()
	f.StringVar(&name, "name", "", "new app name")
	f.StringVar(&org, "org-number", "", "new organisation number")
	f.StringVar(&lang, "default-language", "", "nb (Bokmål), nn (Nynorsk) or en (English)")
	f.StringVar(&primary, "primary-color", "", "primary colour as #rrggbb")
	f.StringVar(&secondary, "secondary-color", "", "secondary colour as #rrggbb")
	f.StringVar(&logo, "logo-url", "", "logo URL")
	f.StringSliceVar(&p.AddHosts, "add-host", nil, "add a host (repeatable)")
	f.StringSliceVar(&p.RemoveHosts, "remove-host", nil, "remove a host (repeatable)")
	f.StringSliceVar(&realms, "feide-realm", nil, "accepted Feide realms; replaces the list (repeatable)")
	for _, e := range ext {
		e.Flags(f)
	}
	return cmd
}

func statusCmd(open Opener, verb string, status Status) *cobra.Command {
	short := "Stop serving a school (its users get 503 until enabled); no data is removed"
	if status == Active {
		short = "Serve a disabled school again"
	}
	return &cobra.Command{
		Use:   verb + " SLUG",
		Short: short,
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return open.With(cmd, func(ctx context.Context, s *Service) error {
				if err := s.SetStatus(ctx, args[0], status); err != nil {
					return err
				}
				fmt.Fprintf(cmd.OutOrStdout(), "school %s is now %s\n", args[0], status)
				return nil
			})
		},
	}
}

func addAdminCmd(open Opener) *cobra.Command {
	var slug, email, name string
	cmd := &cobra.Command{
		Use:   "add-admin --tenant SLUG --email EMAIL --name NAME",
		Short: "Create (or reactivate) a school admin, who then signs in with a one-time code",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return open.With(cmd, func(ctx context.Context, s *Service) error {
				id, err := s.AddAdmin(ctx, slug, email, name)
				if err != nil {
					return err
				}
				fmt.Fprintf(cmd.OutOrStdout(), "admin user %d of school %s can now sign in with a one-time code sent to the given address\n", id, slug)
				return nil
			})
		},
	}
	cmd.Flags().StringVar(&slug, "tenant", "", "school slug (required)")
	cmd.Flags().StringVar(&email, "email", "", "the admin's e-mail (required)")
	cmd.Flags().StringVar(&name, "name", "", "the admin's full name (required)")
	for _, f := range []string{"tenant", "email", "name"} {
		_ = cmd.MarkFlagRequired(f)
	}
	return cmd
}

func catalogueCmd(open Opener) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "catalogue",
		Short: "Import or export a school's texts as JSON ({\"nb\": {\"appName\": \"…\"}, \"en\": {…}})",
	}
	var slug string
	var replace bool
	imp := &cobra.Command{
		Use:   "import --tenant SLUG FILE",
		Short: "Import texts from FILE (- for standard input); every entry is checked before any is stored",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			data, err := readInput(cmd, args[0])
			if err != nil {
				return err
			}
			var c Catalogue
			if err := json.Unmarshal(data, &c); err != nil {
				return fmt.Errorf("%s is not a catalogue: %w (expected {\"nb\": {\"appName\": \"…\"}, \"en\": {…}})", args[0], err)
			}
			return open.With(cmd, func(ctx context.Context, s *Service) error {
				n, err := s.ImportCatalogue(ctx, slug, c, replace)
				if err != nil {
					return err
				}
				fmt.Fprintf(cmd.OutOrStdout(), "imported %d texts into school %s\n", n, slug)
				return nil
			})
		},
	}
	imp.Flags().StringVar(&slug, "tenant", "", "school slug (required)")
	imp.Flags().BoolVar(&replace, "replace", false, "remove texts that are not in FILE")
	_ = imp.MarkFlagRequired("tenant")
	var exSlug string
	exp := &cobra.Command{
		Use:   "export --tenant SLUG FILE",
		Short: "Export the school's own texts to FILE (- for standard output)",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return open.With(cmd, func(ctx context.Context, s *Service) error {
				c, err := s.ExportCatalogue(ctx, exSlug)
				if err != nil {
					return err
				}
				return writeOutput(cmd, args[0], c)
			})
		},
	}
	exp.Flags().StringVar(&exSlug, "tenant", "", "school slug (required)")
	_ = exp.MarkFlagRequired("tenant")
	cmd.AddCommand(imp, exp)
	return cmd
}

func exportCmd(open Opener) *cobra.Command {
	return &cobra.Command{
		Use:   "export SLUG FILE",
		Short: "Export all of a school's data as JSON to FILE (- for standard output)",
		Args:  cobra.ExactArgs(2),
		RunE: func(cmd *cobra.Command, args []string) error {
			return open.With(cmd, func(ctx context.Context, s *Service) error {
				e, err := s.Export(ctx, args[0])
				if err != nil {
					return err
				}
				return writeOutput(cmd, args[1], e)
			})
		},
	}
}

func importCmd(open Opener) *cobra.Command {
	var p ImportParams
	cmd := &cobra.Command{
		Use:   "import SLUG FILE [--host HOST…] [--name NAME]",
		Short: "Restore a `tenant export` file (- for standard input) into a new school SLUG",
		Long: `Restore a file written by ` + "`praksis tenant export`" + ` into a new school: the school is
registered under SLUG, migrated, and every table's rows are restored in one
transaction with their ids, so links between rows stay as they were. The hosts
and name default to the export's; give --host when the exported school still
has its hosts. The school is served once everything is restored.

Refused, with nothing changed: a taken slug or host, a file that is not an
export, and an export made at another tenant schema version than this
binary's (the message names the version to import it with).`,
		Args: cobra.ExactArgs(2),
		RunE: func(cmd *cobra.Command, args []string) error {
			data, err := readInput(cmd, args[1])
			if err != nil {
				return err
			}
			e, err := ParseExport(data)
			if err != nil {
				return fmt.Errorf("%s: %w", args[1], err)
			}
			if err := CheckExportVersion(e, TenantTarget()); err != nil {
				return err
			}
			p.Slug = args[0]
			return open.With(cmd, func(ctx context.Context, s *Service) error {
				res, err := s.Import(ctx, e, p)
				if err != nil {
					return err
				}
				total := 0
				for _, n := range res.Rows {
					total += n
				}
				fmt.Fprintf(cmd.OutOrStdout(), "imported %d rows in %d tables from the export of %s into school %s (schema %s, hosts %s), now %s\n",
					total, len(res.Rows), e.Slug, res.Tenant.Slug, res.Tenant.SchemaName, strings.Join(res.Tenant.Hosts, ", "), res.Tenant.Status)
				return nil
			})
		},
	}
	cmd.Flags().StringSliceVar(&p.Hosts, "host", nil, "host name the new school is served on (repeatable; default: the export's hosts)")
	cmd.Flags().StringVar(&p.Name, "name", "", "the new school's app name (default: the export's)")
	return cmd
}

func restoreCmd(open Opener) *cobra.Command {
	p := RestoreParams{Retention: DefaultBackupRetention}
	var at string
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "restore SLUG --from URL --at TIME --by NAME",
		Short: "Bring one school back to a moment from a copy of the database restored to it, leaving the others as they are",
		Long: `Bring one school back to a moment, into the live database, while every other
school keeps serving and keeps its newer data. --from is a postgres:// URL of a
copy of the database restored to --at (a scratch cluster restored from the
backup with that target time; deploy/BACKUP.md says how).

The school answers 503 with Retry-After (upgrading) from the start. After
--drain (so every replica has re-read the registry), one transaction empties
the school's tables, but its audit trail and mail outbox, and fills them from
the copy; ids handed out after the moment are not handed out again; every
session of the school ends (its users sign in again); the audit trail records
who (--by) restored it to when; and the school is served again. Nobody sees it
half old and half new.

Prints the answers saved after the moment that the restore took away, so that
the school can type them in again (--json: the whole report as JSON).

Refused, with nothing changed: a moment in the future or older than the
backups' retention (--retention-days), a school that is not in the copy, and a
copy whose school is at another tenant schema version than the live one.`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			t, err := time.Parse(time.RFC3339, at)
			if err != nil {
				return fmt.Errorf("%w: --at %q is not a time such as 2026-11-21T09:30:00+01:00", ErrRestoreRefused, at)
			}
			p.Slug, p.At = args[0], t
			return open.With(cmd, func(ctx context.Context, s *Service) error {
				res, err := s.RestoreAt(ctx, p)
				if err != nil {
					return err
				}
				if asJSON {
					return writeJSON(cmd.OutOrStdout(), res)
				}
				total := 0
				for _, n := range res.Rows {
					total += n
				}
				out := cmd.OutOrStdout()
				fmt.Fprintf(out, "restored school %s to %s: %d rows in %d tables; %d sessions ended; recorded in its audit trail as restored by %s\n",
					res.Tenant.Slug, res.At.Format(time.RFC3339), total, len(res.Rows), res.SessionsEnded, p.By)
				fmt.Fprintf(out, "%d answers saved after %s are gone; the school types them in again:\n", len(res.Gone), res.At.Format(time.RFC3339))
				w := tabwriter.NewWriter(out, 0, 4, 2, ' ', 0)
				fmt.Fprintln(w, "SAVED AT\tSTUDENT\tSAVED BY\tANSWER SET\tQUESTION\tVALUE")
				for _, g := range res.Gone {
					v := "(empty)"
					if g.Value != nil {
						v = *g.Value
					}
					fmt.Fprintf(w, "%s\t%s\t%s\t%d\t%d\t%s\n", g.SavedAt.Format(time.RFC3339), g.Student, g.SavedBy, g.AnswerSetID, g.QuestionID, v)
				}
				return w.Flush()
			})
		},
	}
	f := cmd.Flags()
	f.StringVar(&p.From, "from", "", "postgres:// URL of a copy of the database restored to --at (required)")
	f.StringVar(&at, "at", "", "the moment the copy was restored to, RFC 3339, e.g. 2026-11-21T09:30:00+01:00 (required)")
	f.StringVar(&p.By, "by", "", "who restores the school, for its audit trail (required)")
	f.DurationVar(&p.Drain, "drain", 6*time.Second, "how long the school answers 503 before its data is swapped: at least REGISTRY_REFRESH")
	f.Var(daysValue{&p.Retention}, "retention-days", "how far back the backups reach, in days; an older --at is refused")
	f.BoolVar(&asJSON, "json", false, "print the report as JSON")
	_ = cmd.MarkFlagRequired("from")
	_ = cmd.MarkFlagRequired("at")
	_ = cmd.MarkFlagRequired("by")
	return cmd
}

// daysValue is a duration flag given in whole days.
type daysValue struct{ d *time.Duration }

func (v daysValue) String() string {
	if v.d == nil {
		return "0"
	}
	return strconv.Itoa(int(v.d.Hours() / 24))
}

func (v daysValue) Set(s string) error {
	n, err := strconv.Atoi(s)
	if err != nil || n < 1 {
		return fmt.Errorf("%q is not a whole number of days (1 or more)", s)
	}
	*v.d = time.Duration(n) * 24 * time.Hour
	return nil
}

func (daysValue) Type() string { return "days" }

func deleteCmd(open Opener) *cobra.Command {
	var confirm string
	cmd := &cobra.Command{
		Use:   "delete SLUG --confirm SLUG",
		Short: "Delete a school for good: its schema with all data, its role and its registry entry",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if confirm != args[0] {
				return fmt.Errorf("refusing to delete %q: repeat the slug with --confirm %s to drop the school and all its data", args[0], args[0])
			}
			return open.With(cmd, func(ctx context.Context, s *Service) error {
				if err := s.Delete(ctx, args[0], confirm); err != nil {
					return err
				}
				fmt.Fprintf(cmd.OutOrStdout(), "deleted school %s\n", args[0])
				return nil
			})
		},
	}
	cmd.Flags().StringVar(&confirm, "confirm", "", "the slug again, to confirm")
	return cmd
}

func moveCmd(open Opener) *cobra.Command {
	var to string
	cmd := &cobra.Command{
		Use:   "move SLUG --to HOST:PORT",
		Short: "Move a school to another Citus worker while it is in use",
		Long: `Move a school's schema, with all its data, to another worker node of the Citus
cluster (citus_schema_move with logical replication): the school is served
throughout, its writes pause only for the switch-over at the end. Prints where
the school was, where it is and how long the move took.

Refused, with nothing changed: a database without Citus, an unknown school, a
HOST:PORT that is not an active worker of the cluster (as in pg_dist_node),
and the worker the school is on already.`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return open.With(cmd, func(ctx context.Context, s *Service) error {
				res, err := s.Move(ctx, args[0], to)
				if err != nil {
					return err
				}
				fmt.Fprintf(cmd.OutOrStdout(), "moved school %s from %s to %s in %.1fs\n", res.Slug, res.From, res.To, res.Duration.Seconds())
				return nil
			})
		},
	}
	cmd.Flags().StringVar(&to, "to", "", "the worker to move the school to, as HOST:PORT (required)")
	_ = cmd.MarkFlagRequired("to")
	return cmd
}

func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

func readInput(cmd *cobra.Command, name string) ([]byte, error) {
	if name == "-" {
		return io.ReadAll(cmd.InOrStdin())
	}
	data, err := os.ReadFile(name)
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", name, err)
	}
	return data, nil
}

func writeOutput(cmd *cobra.Command, name string, v any) error {
	if name == "-" {
		return writeJSON(cmd.OutOrStdout(), v)
	}
	f, err := os.OpenFile(name, os.O_CREATE|os.O_WRONLY|os.O_TRUNC, 0o600)
	if err != nil {
		return fmt.Errorf("create %s: %w", name, err)
	}
	if err := writeJSON(f, v); err != nil {
		f.Close()
		return fmt.Errorf("write %s: %w", name, err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("write %s: %w", name, err)
	}
	fmt.Fprintf(cmd.ErrOrStderr(), "wrote %s\n", name)
	return nil
}

// ExitCode maps an error from a tenant command to the process exit code:
// 3 for a conflict (a move to a node that is not a worker included), 4 for
// an unknown school, 5 for a refused command (a restore refused, or a
// command that needs Citus on a database without it), 1 for anything else.
func ExitCode(err error) int {
	var c *ConflictError
	switch {
	case errors.As(err, &c):
		return 3
	case errors.Is(err, ErrNotFound):
		return 4
	case errors.Is(err, ErrNoCitus), errors.Is(err, ErrRestoreRefused):
		return 5
	}
	return 1
}
