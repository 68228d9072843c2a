// Package docs holds the guides (one per reader) and the checks that keep
// every guide of the repository true to the program: the commands, flags and
// environment variables a guide names must exist, and its relative links
// must resolve. The checks that need the command tree or the configuration
// run where those live (api/cmd/praksis); this package gives them the
// guides' text taken apart.
package docs
