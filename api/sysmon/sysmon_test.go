package sysmon

import (
	"os"
	"os/exec"
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

// childEnv marks the test binary run again by TestSteadyRunsTheProgramAgainWithTheSetting.
const childEnv = "SYSMON_TEST_CHILD"

func TestMain(m *testing.M) {
	if os.Getenv(childEnv) == "1" {
		if err := Steady(); err != nil {
			os.Stdout.WriteString("error: " + err.Error())
			os.Exit(1)
		}
		// Reached only after the exec, in the program run again, whose
		// GODEBUG now holds the setting.
		os.Stdout.WriteString("GODEBUG=" + os.Getenv("GODEBUG") + " args=" + strings.Join(os.Args[1:], " "))
		os.Exit(0)
	}
	os.Exit(m.Run())
}

func TestSteadyRunsTheProgramAgainWithTheSetting(t *testing.T) {
	cases := []struct{ godebug, want string }{
		{"", "GODEBUG=" + Setting},
		{"gctrace=0", "GODEBUG=gctrace=0," + Setting},
		{"schedtrace=0", "GODEBUG=schedtrace=0"},
	}
	for _, c := range cases {
		cmd := exec.Command(os.Args[0], "-test.run=^$", "extra")
		cmd.Env = append(slices.DeleteFunc(os.Environ(), func(kv string) bool { return strings.HasPrefix(kv, "GODEBUG=") }),
			childEnv+"=1", "GODEBUG="+c.godebug)
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("GODEBUG=%s: %v (%s)", c.godebug, err, out)
		}
		if want := c.want + " args=-test.run=^$ extra"; string(out) != want {
			t.Errorf("GODEBUG=%s: %q, want %q", c.godebug, out, want)
		}
	}
}
