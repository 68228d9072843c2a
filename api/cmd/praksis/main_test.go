package main

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/spf13/cobra"
)

// asBinary, when set in the environment, makes the test binary behave as
// the praksis binary itself, so tests can run commands in a child process
// and see their real exit codes.
const asBinary = "PRAKSIS_TEST_RUN_AS_BINARY"

func TestMain(m *testing.M) {
	if os.Getenv(asBinary) == "1" {
		main()
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// allCommands is the command tree under c, c first, depth first.
func allCommands(c *cobra.Command) []*cobra.Command {
	out := []*cobra.Command{c}
	for _, sub := range c.Commands() {
		out = append(out, allCommands(sub)...)
	}
	return out
}

// TestEveryCommandHasHelp runs `--help` on every command of the binary,
// nested ones included, as an operator would, and checks that it exits 0
// and prints the command's usage.
func TestEveryCommandHasHelp(t *testing.T) {
	cmds := allCommands(newRootCmd())
	// The tree is walked, not listed, so a new command is covered without
	// touching this test; these guard the walk itself.
	for _, want := range []string{"praksis serve", "praksis migrate", "praksis dev", "praksis tenant create", "praksis tenant catalogue import", "praksis tenant catalogue export"} {
		found := false
		for _, c := range cmds {
			found = found || c.CommandPath() == want
		}
		if !found {
			t.Errorf("%q is not in the command tree", want)
		}
	}
	for _, c := range cmds {
		path := c.CommandPath()
		t.Run(path, func(t *testing.T) {
			if c.Short == "" {
				t.Errorf("%s has no short description for its parent's help", path)
			}
			args := append(strings.Fields(path)[1:], "--help")
			cmd := exec.Command(os.Args[0], args...)
			cmd.Env = append(os.Environ(), asBinary+"=1")
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			err := cmd.Run()
			var exit *exec.ExitError
			if errors.As(err, &exit) {
				t.Fatalf("praksis %s exited %d: %s%s", strings.Join(args, " "), exit.ExitCode(), stdout.String(), stderr.String())
			}
			if err != nil {
				t.Fatalf("run praksis %s: %v", strings.Join(args, " "), err)
			}
			out := stdout.String()
			if !strings.Contains(out, "Usage:\n  "+path) {
				t.Errorf("praksis %s printed no usage line for %q:\n%s", strings.Join(args, " "), path, out)
			}
		})
	}
}
