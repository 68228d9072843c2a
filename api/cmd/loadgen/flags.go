package main

import (
	"flag"
	"fmt"
	"net/url"
	"strings"
)

// parseCommandLine parses a subcommand's flags, which take no positional
// arguments, and returns its -base URL (read from base once parsed), which
// must be a loopback address.
func parseCommandLine(fs *flag.FlagSet, args []string, base *string) (*url.URL, error) {
	if err := fs.Parse(args); err != nil {
		return nil, err
	}
	if fs.NArg() > 0 {
		return nil, fmt.Errorf("unexpected arguments: %v", fs.Args())
	}
	return loopbackURL("base", *base)
}

// splitList splits a comma-separated flag value into its non-empty,
// trimmed items.
func splitList(s string) (out []string) {
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}
