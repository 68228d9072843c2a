// Package sysmon spares a busy server most of the wake-ups of the Go
// runtime's monitor thread (sysmon).
//
// The monitor sleeps deeply whenever every processor of the program is
// idle, and the next system call wakes it; it then polls every 20 µs and
// backs off only after a millisecond, to 10 ms at most. A server answering
// a thousand requests a second on two cores goes idle between requests
// thousands of times a second, so its monitor almost never gets past the
// 20 µs polls: on the semester-end mix (scripts/bench), its sleeps and
// wake-ups were a seventh of the server's CPU and a quarter of the load
// generator's (perf, call graphs).
//
// The monitor does not sleep deeply while the runtime traces its scheduler
// (GODEBUG=schedtrace=N, printing a line every N ms), so with N at its
// largest (2^31-1 ms, about 24.8 days) it polls as it does in a program
// that never goes idle: every 20 µs while it has just had to take a
// processor back from a system call or stop a goroutine that ran 10 ms, and
// otherwise backing off to every 10 ms. The runtime reads GODEBUG only as
// the program starts, hence Steady's exec. The price: about a hundred
// wake-ups a second when the server is idle, and a scheduler line on
// standard error at start on a host up longer than 24.8 days and every 24.8
// days after.
package sysmon

import (
	"fmt"
	"os"
	"strings"
	"syscall"
)

// Setting is what Steady adds to GODEBUG.
const Setting = "schedtrace=2147483647"

// EnvFor returns env (as os.Environ gives it) with Setting added to its
// GODEBUG, and false when it should be left as it is: its GODEBUG already
// sets schedtrace (GODEBUG=schedtrace=0 keeps Go's own behaviour).
func EnvFor(env []string) ([]string, bool) {
	out := make([]string, 0, len(env)+1)
	debug := ""
	for _, kv := range env {
		if v, ok := strings.CutPrefix(kv, "GODEBUG="); ok {
			debug = v
			continue
		}
		out = append(out, kv)
	}
	for _, s := range strings.Split(debug, ",") {
		if strings.HasPrefix(strings.TrimSpace(s), "schedtrace=") {
			return env, false
		}
	}
	if debug != "" {
		debug += ","
	}
	return append(out, "GODEBUG="+debug+Setting), true
}

// Steady runs the program again, in the same process, with Setting added
// to GODEBUG, unless it is there or the operator set schedtrace. It returns
// only when it does not exec, with an error when the exec failed (the
// program then goes on as it is).
func Steady() error {
	env, ok := EnvFor(os.Environ())
	if !ok {
		return nil
	}
	exe, err := os.Executable()
	if err != nil {
		return fmt.Errorf("find the running program to set GODEBUG: %w", err)
	}
	if err := syscall.Exec(exe, os.Args, env); err != nil {
		return fmt.Errorf("run %s again with GODEBUG=%s: %w", exe, Setting, err)
	}
	return nil
}
