package docs

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/spf13/cobra"
)

// Every relative link of every Markdown file of the repository leads to a
// file that exists and, with an anchor, to a heading of it.
func TestEveryRelativeLinkResolves(t *testing.T) {
	files, err := Markdown("..")
	if err != nil {
		t.Fatal(err)
	}
	if len(files) < 5 {
		t.Fatalf("found only %v", files)
	}
	for _, f := range files {
		broken, err := CheckLinks("..", f)
		if err != nil {
			t.Fatal(err)
		}
		for _, b := range broken {
			t.Error(b)
		}
	}
}

// A missing file, a missing heading and an anchor into a file that is not
// Markdown are each reported; links to the web and links in code are not.
func TestCheckLinksReportsBrokenLinks(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) {
		t.Helper()
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("guide/other.md", "# Other\n\n## The `praksis` command, again\n\n## Twice\n\n## Twice\n")
	write("pic.png", "png")
	write("guide/a.md", strings.Join([]string{
		"# A",
		"[fine](other.md) [fine](other.md#the-praksis-command-again) [fine](other.md#twice-1) [self](#a)",
		`<img src="../pic.png"> [web](https://example.org/x.md) ` + "`[code](nowhere.md)`",
		"```",
		"[in a block](nowhere.md)",
		"```",
		"[gone](missing.md)",
		"[no heading](other.md#nothing)",
		`<img src="gone.png">`,
		"[not markdown](../pic.png#top)",
		"[self, no heading](#b)",
	}, "\n"))
	broken, err := CheckLinks(dir, "guide/a.md")
	if err != nil {
		t.Fatal(err)
	}
	expectLines(t, broken, `
guide/a.md:7: guide/missing.md does not exist
guide/a.md:8: guide/other.md has no heading for #nothing
guide/a.md:9: guide/gone.png does not exist
guide/a.md:10: pic.png has no headings for #top
guide/a.md:11: guide/a.md has no heading for #b`)
}

// expectLines fails the test unless got holds the lines of want, in order.
func expectLines(t *testing.T, got []string, want string) {
	t.Helper()
	if g, w := strings.Join(got, "\n"), strings.TrimPrefix(want, "\n"); g != w {
		t.Errorf("got\n%s\nwant\n%s", g, w)
	}
}

func sampleTree() *cobra.Command {
	root := &cobra.Command{Use: "praksis"}
	root.PersistentFlags().Bool("verbose", false, "")
	tenant := &cobra.Command{Use: "tenant"}
	create := &cobra.Command{Use: "create", RunE: func(*cobra.Command, []string) error { return nil }}
	create.Flags().String("slug", "", "")
	create.Flags().Bool("no-migrate", false, "")
	update := &cobra.Command{Use: "update SLUG", RunE: func(*cobra.Command, []string) error { return nil }}
	update.Flags().Bool("eformidling", false, "")
	catalogue := &cobra.Command{Use: "catalogue"}
	catalogue.AddCommand(&cobra.Command{Use: "import", Run: func(*cobra.Command, []string) {}},
		&cobra.Command{Use: "export", Run: func(*cobra.Command, []string) {}})
	tenant.AddCommand(create, update, catalogue)
	root.AddCommand(tenant, &cobra.Command{Use: "migrate", Run: func(*cobra.Command, []string) {}})
	return root
}

// The guides' command lines are found in spans and blocks, and checked
// against the command tree: unknown commands and flags fail, values of flags,
// arguments, alternatives and inherited flags pass.
func TestCheckInvocation(t *testing.T) {
	md := "Run `praksis migrate` first.\n\n```sh\npraksis tenant create --slug \"hvl x\" \\\n    --no-migrate   # a comment --nope\nbin/praksis tenant update hvl --eformidling=false | cat\n```\n"
	got := Invocations(Code(md))
	want := [][]string{{"migrate"}, {"tenant", "create", "--slug", "hvl x", "--no-migrate"}, {"tenant", "update", "hvl", "--eformidling=false"}}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("invocations %q, want %q", got, want)
	}
	for _, c := range []struct {
		line string
		bad  string
	}{
		{"tenant create --slug hvl --no-migrate --verbose", ""},
		{"tenant update SLUG --eformidling [--eformidling=false]", ""},
		{"tenant catalogue import|export --tenant", "no flag --tenant"},
		{"tenant catalogue import|export FILE", ""},
		{"tenant catalogue import|erase", `no command "erase"`},
		{"tenant …", ""},
		{"tenant remove SLUG", `no command "remove"`},
		{"tenant create --name X", "no flag --name"},
		{"migrate --parallel 3", "no flag --parallel"},
		{"serve", `no command "serve"`},
		{"tenant create --slug --no-such", ""},
	} {
		args := Invocations([]string{"praksis " + c.line})[0]
		err := CheckInvocation(sampleTree(), args)
		switch {
		case c.bad == "" && err != nil:
			t.Errorf("%s: %v", c.line, err)
		case c.bad != "" && (err == nil || !strings.Contains(err.Error(), c.bad)):
			t.Errorf("%s: got %v, want %q", c.line, err, c.bad)
		}
	}
}

// Only words that look like variables of the program, by their prefix,
// are taken.
func TestVariableNames(t *testing.T) {
	got := VariableNames("set `DB_MAX_CONNS=8` and PRAKSIS_PG_PORT, not SECURITY DEFINER, HTTP-01, OTHER_THING or DB", []string{"DB", "PRAKSIS", "SECURITY"})
	if want := []string{"DB_MAX_CONNS", "PRAKSIS_PG_PORT"}; !reflect.DeepEqual(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
}
