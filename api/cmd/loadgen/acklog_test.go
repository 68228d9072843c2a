package main

import (
	"testing"
	"time"
)

func TestJudge(t *testing.T) {
	t0 := time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC)
	at := func(s float64) *time.Time {
		v := t0.Add(time.Duration(s * float64(time.Second)))
		return &v
	}
	// Four saves, one a second, each answered half a second after it was sent;
	// the fourth got no answer.
	saves := []saveRecord{
		{N: 0, Value: ";", Sent: *at(0), Acked: at(0.5)},
		{N: 1, Value: ";1;", Sent: *at(1), Acked: at(1.5)},
		{N: 2, Value: ";1;2;", Sent: *at(2), Acked: at(2.5)},
		{N: 3, Value: ";1;2;3;", Sent: *at(3)},
	}
	moment := &verifyConfig{at: *at(1.8), until: *at(1.9)}
	loss := &verifyConfig{at: *at(3.2), lossWindow: time.Second}
	for _, tc := range []struct {
		name        string
		cfg         *verifyConfig
		stored      string
		found       bool
		missing     int
		wantProblem bool
	}{
		{"the last save acknowledged before the moment", moment, ";1;", true, 0, false},
		{"a save sent before the moment and answered after it", &verifyConfig{at: *at(2.2), until: *at(2.3)}, ";1;2;", true, 0, false},
		{"a save answered after the moment and sent after it", moment, ";1;2;", true, 0, true},
		{"an older value: an acknowledged save is missing", moment, ";", true, 1, true},
		{"a save never answered, sent after the moment, is there", moment, ";1;2;3;", true, 0, true},
		{"a value no save sent", moment, ";9;", true, 2, true},
		{"the answer is gone", moment, "", false, 2, true},
		{"disk lost: the save within the window is lost", loss, ";1;", true, 1, false},
		{"disk lost: a save older than the window is lost", loss, ";", true, 2, true},
		{"disk lost: nothing lost", loss, ";1;2;3;", true, 0, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			v := judge(tc.cfg, saves, tc.stored, tc.found)
			if v.missing != tc.missing || (v.problem != "") != tc.wantProblem {
				t.Errorf("missing %d, problem %q; want missing %d, a problem %v", v.missing, v.problem, tc.missing, tc.wantProblem)
			}
		})
	}
}
