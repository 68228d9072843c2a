// Command devshared runs the development services that must be one for
// several replicas of `praksis serve` behind a load balancer: the mail
// catcher (SMTP, plus GET /dev/mail and GET /dev/mail/messages), the mock
// Feide and Vipps identity provider (/dev/idp/…) and, with -eformidling, the
// test integrasjonspunkt the demo schools deliver results to
// (/dev/eformidling/…). All keep their state in memory, so with two replicas each having its own, a code e-mailed by one
// replica or an authorization code issued by one provider could not be seen
// by the other. scripts/cluster-test runs one devshared, gives both replicas
// its SMTP address and provider URLs, and routes /dev/ to it.
//
//	devshared -smtp 127.0.0.1:2525 -http 127.0.0.1:8081 \
//	    -idp-base http://localhost:8080/dev/idp -eformidling
//
// -idp-base is the provider's public base URL (as browsers and replicas reach
// it, typically through the load balancer); its path must be /dev/idp. It
// listens on loopback addresses only and runs until SIGINT or SIGTERM.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/labstack/echo/v5"

	"github.com/praksis/praksis/dev/mailcatcher"
	"github.com/praksis/praksis/dev/mockeformidling"
	"github.com/praksis/praksis/dev/mockidp"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "devshared:", err)
		os.Exit(1)
	}
}

// loopback fails unless addr is host:port with a loopback IP or localhost.
func loopback(flagName, addr string) error {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return fmt.Errorf("-%s: %w", flagName, err)
	}
	if host == "localhost" {
		return nil
	}
	if a, err := netip.ParseAddr(host); err == nil && a.IsLoopback() {
		return nil
	}
	return fmt.Errorf("-%s: %q is not a loopback address", flagName, addr)
}

func run() error {
	smtpAddr := flag.String("smtp", "127.0.0.1:0", "loopback address the SMTP catcher listens on")
	httpAddr := flag.String("http", "127.0.0.1:0", "loopback address of the HTTP pages (/dev/mail, /dev/mail/messages, /dev/idp/)")
	idpBase := flag.String("idp-base", "", "public base URL of the mock identity provider, ending in /dev/idp (empty: no provider)")
	eformidling := flag.Bool("eformidling", false, "serve the test integrasjonspunkt under /dev/eformidling/")
	flag.Parse()
	if flag.NArg() > 0 {
		return fmt.Errorf("unexpected arguments: %v", flag.Args())
	}
	if err := loopback("smtp", *smtpAddr); err != nil {
		return err
	}
	if err := loopback("http", *httpAddr); err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	catcher := mailcatcher.New()
	smtpListen, err := catcher.Start(*smtpAddr)
	if err != nil {
		return err
	}
	defer catcher.Close()

	e := echo.New()
	e.GET("/dev/mail", catcher.HandlePage)
	e.GET("/dev/mail/messages", catcher.HandleMessages)
	e.GET("/healthz", func(c *echo.Context) error { return c.String(http.StatusOK, "ok") })
	if *idpBase != "" {
		idp, err := mockidp.New(mockidp.Options{BaseURL: *idpBase, Feide: mockidp.DevFeideClient, Vipps: mockidp.DevVippsClient})
		if err != nil {
			return err
		}
		h := echo.WrapHandler(idp)
		e.GET("/dev/idp/*", h)
		e.POST("/dev/idp/*", h)
	}
	if *eformidling {
		h := echo.WrapHandler(mockeformidling.New("/dev/eformidling"))
		e.GET("/dev/eformidling/*", h)
		e.POST("/dev/eformidling/*", h)
	}
	ln, err := net.Listen("tcp", *httpAddr)
	if err != nil {
		return fmt.Errorf("listen on %s: %w", *httpAddr, err)
	}
	srv := &http.Server{Handler: e, ReadHeaderTimeout: 10 * time.Second}
	// One line that scripts read: where each service listens.
	fmt.Printf("devshared smtp=%s http=%s\n", smtpListen, ln.Addr())
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	shutdown, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := srv.Shutdown(shutdown); err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}
