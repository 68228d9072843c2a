package main

import "testing"

func TestGCTargetLeavesTheOperatorsChoice(t *testing.T) {
	cases := []struct {
		env  map[string]string
		want int
		set  bool
	}{
		{map[string]string{}, servingGCPercent, true},
		{map[string]string{"GOGC": "100"}, 0, false},
		{map[string]string{"GOGC": "off"}, 0, false},
		{map[string]string{"GOMEMLIMIT": "512MiB"}, 0, false},
	}
	for _, c := range cases {
		got, set := gcPercentFor(func(k string) string { return c.env[k] })
		if got != c.want || set != c.set {
			t.Errorf("%v: %d %v, want %d %v", c.env, got, set, c.want, c.set)
		}
	}
}
