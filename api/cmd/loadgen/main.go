// Command loadgen drives a running Praksis (one replica, or several behind a
// load balancer) over HTTP on the loopback interface. It has three modes:
//
//	loadgen mix      a semester-end mix of requests across several schools for
//	                 a fixed time; prints throughput and p50/p95/p99 per route
//	                 (with -pair, two servers in turns under the same mix)
//	loadgen answers  streams of answer saves while the operator kills a
//	                 replica, then reads every answer set back and checks that
//	                 every acknowledged save is there (with -log, every save
//	                 is recorded for verify)
//	loadgen verify   checks a database restored from a backup against the
//	                 record of saves: what was acknowledged before a moment
//	                 is there, what was sent after it is not
//
// The mix and the answers check sign in with the one-time code flow, reading the codes from a mail
// catcher: the mix runs its own (give the server SMTP_URL=smtp://ADDR for
// -smtp ADDR), the answers check reads GET /dev/mail/messages of the
// development catcher. Every HTTP target must be a loopback address, every run is
// bounded in time and in requests, and it stops by itself. Run `loadgen mix
// -h`, `loadgen answers -h` or `loadgen verify -h` for the flags.
package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"syscall"

	"github.com/praksis/praksis/api/sysmon"
)

func main() {
	if len(os.Args) < 2 {
		usage()
		os.Exit(2)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	var err error
	switch os.Args[1] {
	case "mix":
		// The mix shares the machine with what it measures: spare it the
		// runtime monitor's wake-ups as the server is spared them.
		if err := sysmon.Steady(); err != nil {
			fmt.Fprintln(os.Stderr, "loadgen:", err)
		}
		err = runMix(ctx, os.Args[2:])
	case "answers":
		err = runAnswers(ctx, os.Args[2:])
	case "verify":
		err = runVerify(ctx, os.Args[2:])
	case "-h", "-help", "--help", "help":
		usage()
		return
	default:
		usage()
		os.Exit(2)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "loadgen:", err)
		os.Exit(1)
	}
}

func usage() {
	fmt.Fprintln(os.Stderr, `usage: loadgen mix [flags]      semester-end load mix; prints throughput and latency per route
       loadgen answers [flags]  answer saves across a replica failure; checks none acknowledged is lost
       loadgen verify [flags]   a restored database against the record of saves of answers -log
Run any with -h for its flags.`)
}
