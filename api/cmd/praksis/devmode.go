package main

// The one place that wires development mode: the doubles and demo data under
// dev/ are imported here and nowhere else in the binary, and only run when
// the configuration (PRAKSIS_ENV=development and the DEV_* variables) asks
// for them.

import (
	"errors"
	"fmt"
	"log/slog"
	"net"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"github.com/praksis/praksis/api/config"
	"github.com/praksis/praksis/api/httpapi"
	"github.com/praksis/praksis/api/mail"
	"github.com/praksis/praksis/dev/demo"
	"github.com/praksis/praksis/dev/devclock"
	"github.com/praksis/praksis/dev/mailcatcher"
	"github.com/praksis/praksis/dev/mockeformidling"
	"github.com/praksis/praksis/dev/mockidp"
)

// serveDoubles puts on opts the development doubles the configuration asks
// for: the mail catcher's pages, the development clock, the test
// integrasjonspunkt and the test identity provider. catcher is nil unless DEV_MAIL_CATCHER started one.
func serveDoubles(cfg *config.Config, log *slog.Logger, catcher *mailcatcher.Catcher, opts *httpapi.Options) error {
	if catcher != nil {
		opts.DevMail = catcher
	}
	// A school's clock moves only in development: in production the
	// routes do not exist and every school runs on the machine's clock.
	if cfg.Env == config.Development {
		opts.DevClock = devclock.Routes{}
	}
	if cfg.DevMockEFormidling {
		opts.MockEFormidling = mockeformidling.New("/dev/eformidling")
		log.Info("test integrasjonspunkt", "base", mockEFormidlingBase(cfg))
	}
	if cfg.DevMockIDP {
		idp, err := mockidp.New(mockidp.Options{BaseURL: mockIDPBase(cfg), Feide: mockidp.DevFeideClient, Vipps: mockidp.DevVippsClient})
		if err != nil {
			return err
		}
		opts.MockIDP = idp
	}
	return nil
}

// mailSender picks how e-mail leaves: the development catcher (kept in
// memory, shown at /dev/mail), SMTP, or, without SMTP_URL, nowhere (jobs
// fail and are retried, and a warning says why).
func mailSender(cfg *config.Config, log *slog.Logger) (mail.Sender, *mailcatcher.Catcher, error) {
	switch {
	case cfg.DevMailCatcher:
		catcher := mailcatcher.New()
		addr, err := catcher.Start("127.0.0.1:0")
		if err != nil {
			return nil, nil, err
		}
		from := cfg.MailFrom
		if from == "" {
			from = "praksis@localhost"
		}
		sender, err := mail.NewSMTPSender("smtp://"+addr, from)
		if err != nil {
			_ = catcher.Close()
			return nil, nil, err
		}
		log.Info("development mail catcher", "smtp", addr, "page", "/dev/mail")
		return sender, catcher, nil
	case cfg.SMTPURL != "":
		sender, err := mail.NewSMTPSender(cfg.SMTPURL, cfg.MailFrom)
		return sender, nil, err
	default:
		log.Warn("SMTP_URL is not set: e-mail such as one-time codes is queued but cannot be sent")
		return mail.Unconfigured{}, nil, nil
	}
}

// mockIDPBase is where `praksis dev` serves the mock identity provider: on
// this server, under /dev/idp, at a host browsers and the server itself
// both reach.
func mockIDPBase(cfg *config.Config) string {
	port := "80"
	if _, p, err := net.SplitHostPort(cfg.HTTPAddr); err == nil {
		port = p
	}
	return "http://" + net.JoinHostPort("localhost", port) + "/dev/idp"
}

// mockEFormidlingBase is where `praksis dev` serves the test
// integrasjonspunkt the demo schools deliver results to.
func mockEFormidlingBase(cfg *config.Config) string {
	return strings.TrimSuffix(mockIDPBase(cfg), "/dev/idp") + "/dev/eformidling"
}

func devCmd() *cobra.Command {
	var reset, seedOnly bool
	cmd := &cobra.Command{
		Use:   "dev",
		Short: "Development: migrate, create and seed the demo schools, and serve (use scripts/dev)",
		Long: `Development environment: migrates, creates the demo schools demo.localhost,
demo2.localhost and demo3.localhost (Nynorsk by default) with demo data when they
are missing (from scratch with --reset),
and serves. scripts/dev starts a local Postgres and runs this. With --seed-only it
stops after seeding, so that other processes (several replicas behind a load
balancer, as in scripts/cluster-test) can serve the demo schools.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			for k, v := range map[string]string{"PRAKSIS_ENV": "development", "PUBLIC_SCHEME": "http", "LOG_LEVEL": "info"} {
				if os.Getenv(k) == "" {
					_ = os.Setenv(k, v)
				}
			}
			devIdentityAndMail()
			if os.Getenv("DATABASE_URL") == "" {
				return errors.New("DATABASE_URL is not set: run scripts/dev, which starts a local Postgres and sets it")
			}
			cfg, err := config.FromEnv()
			if err != nil {
				return err
			}
			if cfg.Env != config.Development {
				return errors.New("praksis dev needs PRAKSIS_ENV=development")
			}
			if cfg.PublicPort == "" {
				if _, port, err := net.SplitHostPort(cfg.HTTPAddr); err == nil && port != "80" {
					cfg.PublicPort = port
				}
			}
			log := newLogger(cfg)
			ctx := cmd.Context()
			out := cmd.OutOrStdout()
			if err := migrateAll(ctx, cfg, log, out); err != nil {
				return err
			}
			s, closeFn, err := openService(ctx)
			if err != nil {
				return err
			}
			seeded, err := demo.Ensure(ctx, s, reset)
			if err == nil && cfg.DevMockEFormidling {
				for _, p := range demo.Schools {
					if _, err = mockeformidling.UseDevDouble(ctx, s, p.Slug, mockEFormidlingBase(cfg)); err != nil {
						break
					}
				}
			}
			closeFn()
			if err != nil {
				return err
			}
			if len(seeded) > 0 {
				fmt.Fprintf(out, "demo schools created or completed with demo data: %v\n", seeded)
			}
			if seedOnly {
				return nil
			}
			return serve(ctx, cfg, log, func(addr string) {
				fmt.Fprintln(out, "\nPraksis is running:")
				for _, p := range demo.Schools {
					fmt.Fprintf(out, "  %-22s %s/\n", p.Name, cfg.PublicURL(p.Hosts[0]))
				}
				fmt.Fprintf(out, "\nDemo users in each school (e-mail addresses):\n%s\n", demo.UsersHelp)
				if cfg.DevMailCatcher {
					fmt.Fprintf(out, "\nE-mail sent (one-time codes): %s/dev/mail\n", cfg.PublicURL("localhost"))
				}
				if cfg.DevMockEFormidling {
					fmt.Fprintf(out, "Results go to the demo schools' archive through a test integrasjonspunkt: %s/messages\n", mockEFormidlingBase(cfg))
				}
				if cfg.DevMockIDP {
					fmt.Fprintf(out, "Feide and Vipps sign-in go to a test provider where you pick a person (issuers %s/feide/oidc and %s/vipps/oidc)\n", mockIDPBase(cfg), mockIDPBase(cfg))
				}
				fmt.Fprintln(out, "Stop with Ctrl+C.")
			})
		},
	}
	cmd.Flags().BoolVar(&reset, "reset", false, "delete the demo schools and start over")
	cmd.Flags().BoolVar(&seedOnly, "seed-only", false, "migrate and create the demo schools, then exit without serving")
	return cmd
}

// devIdentityAndMail sets up sign-in for development where the environment
// leaves it open: the mock identity provider for Feide and Vipps (served by
// this server under /dev/idp) and the mail catcher when no SMTP server is
// given.
func devIdentityAndMail() {
	setDefault := func(k, v string) {
		if os.Getenv(k) == "" {
			_ = os.Setenv(k, v)
		}
	}
	addr := os.Getenv("HTTP_ADDR")
	if addr == "" {
		addr = "127.0.0.1:8080"
	}
	base := mockIDPBase(&config.Config{HTTPAddr: addr})
	useMock := false
	if os.Getenv("FEIDE_ISSUER") == "" {
		useMock = true
		_ = os.Setenv("FEIDE_ISSUER", base+"/feide/oidc")
		_ = os.Setenv("FEIDE_CLIENT_ID", mockidp.DevFeideClient.ID)
		_ = os.Setenv("FEIDE_CLIENT_SECRET", mockidp.DevFeideClient.Secret)
		setDefault("FEIDE_GROUPS_API", base+"/feide")
	}
	if os.Getenv("VIPPS_ISSUER") == "" {
		useMock = true
		_ = os.Setenv("VIPPS_ISSUER", base+"/vipps/oidc")
		_ = os.Setenv("VIPPS_CLIENT_ID", mockidp.DevVippsClient.ID)
		_ = os.Setenv("VIPPS_CLIENT_SECRET", mockidp.DevVippsClient.Secret)
	}
	if useMock {
		setDefault("DEV_MOCK_IDP", "true")
	}
	if os.Getenv("SMTP_URL") == "" {
		setDefault("DEV_MAIL_CATCHER", "true")
	}
	setDefault("DEV_MOCK_EFORMIDLING", "true")
}
