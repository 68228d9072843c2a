package sysmon

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestTheSettingJoinsGODEBUGUnlessTheOperatorChose(t *testing.T) {
	cases := []struct {
		name string
		env  []string
		want []string
		set  bool
	}{
		{"no GODEBUG", []string{"PATH=/bin"}, []string{"PATH=/bin", "GODEBUG=" + Setting}, true},
		{"empty GODEBUG", []string{"GODEBUG=", "PATH=/bin"}, []string{"PATH=/bin", "GODEBUG=" + Setting}, true},
		{"other settings kept", []string{"GODEBUG=http2client=0", "PATH=/bin"}, []string{"PATH=/bin", "GODEBUG=http2client=0," + Setting}, true},
		{"the operator's schedtrace", []string{"GODEBUG=schedtrace=0"}, []string{"GODEBUG=schedtrace=0"}, false},
		{"the operator's schedtrace among others", []string{"GODEBUG=gctrace=1, schedtrace=1000"}, []string{"GODEBUG=gctrace=1, schedtrace=1000"}, false},
		{"already set", []string{"GODEBUG=" + Setting}, []string{"GODEBUG=" + Setting}, false},
	}
	for _, c := range cases {
		got, set := EnvFor(c.env)
		if set != c.set || !slices.Equal(got, c.want) {
			t.Errorf("%s: %q %v, want %q %v", c.name, got, set, c.want, c.set)
		}
	}
}

func TestSteadyRunsTheProgramAgainWithTheSetting(t *testing.T) {
	// A program of its own: Steady replaces the running program, so it
	// cannot run inside the test binary.
	goCmd, err := exec.LookPath("go")
	if err != nil {
		t.Fatalf("the go command, to build the program: %v", err)
	}
	bin := filepath.Join(t.TempDir(), "steady")
	build := exec.Command(goCmd, "build", "-o", bin, "./testdata/steady")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("build the program: %v\n%s", err, out)
	}
	cases := []struct{ godebug, want string }{
		{"", "GODEBUG=" + Setting},
		{"gctrace=0", "GODEBUG=gctrace=0," + Setting},
		{"schedtrace=0", "GODEBUG=schedtrace=0"},
	}
	for _, c := range cases {
		cmd := exec.Command(bin, "first", "second")
		cmd.Env = append(slices.DeleteFunc(os.Environ(), func(kv string) bool { return strings.HasPrefix(kv, "GODEBUG=") }),
			"GODEBUG="+c.godebug)
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("GODEBUG=%s: %v (%s)", c.godebug, err, out)
		}
		if want := c.want + " args=first second"; string(out) != want {
			t.Errorf("GODEBUG=%s: %q, want %q", c.godebug, out, want)
		}
	}
}
