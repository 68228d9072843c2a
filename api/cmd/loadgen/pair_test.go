package main

import (
	"errors"
	"io"
	"os"
	"strings"
	"testing"
	"time"
)

func msd(v float64) time.Duration { return time.Duration(v * float64(time.Millisecond)) }

func TestPairOrderAlternatesWhichSideGoesFirst(t *testing.T) {
	for round, want := range [][2]string{{sideBase, sidePair}, {sidePair, sideBase}, {sideBase, sidePair}, {sidePair, sideBase}} {
		if got := pairOrder(round); got != want {
			t.Errorf("round %d: %v, want %v", round, got, want)
		}
	}
}

func TestPairMediansLeaveOutTheOddDisturbedRound(t *testing.T) {
	turn := func(round int, side string, rate, p50, p99 float64) pairTurn {
		return pairTurn{round: round, side: side, rate: rate, total: row{Count: 100, P50: msd(p50), P95: msd(p50 * 2), P99: msd(p99)}}
	}
	tests := []struct {
		name  string
		turns []pairTurn
		want  []pairMedian
		// change is the p50's change in per cent at each rate.
		change []float64
	}{
		{
			name: "one round disturbed on one side",
			turns: []pairTurn{
				turn(1, sideBase, 250, 2.0, 9), turn(1, sidePair, 250, 2.1, 10),
				turn(2, sidePair, 250, 9.0, 80), turn(2, sideBase, 250, 2.2, 11),
				turn(3, sideBase, 250, 1.8, 8), turn(3, sidePair, 250, 2.0, 9),
			},
			want: []pairMedian{{rate: 250,
				base: row{Count: 300, P50: msd(2.0), P95: msd(4.0), P99: msd(9)},
				pair: row{Count: 300, P50: msd(2.1), P95: msd(4.2), P99: msd(10)}}},
			change: []float64{5},
		},
		{
			name: "two rates, an even number of rounds: the mean of the middle two",
			turns: []pairTurn{
				turn(1, sideBase, 250, 2, 10), turn(1, sidePair, 250, 3, 10), turn(1, sideBase, 1000, 4, 20), turn(1, sidePair, 1000, 4, 30),
				turn(2, sidePair, 250, 3, 10), turn(2, sideBase, 250, 4, 10), turn(2, sidePair, 1000, 6, 30), turn(2, sideBase, 1000, 4, 20),
			},
			want: []pairMedian{
				{rate: 250, base: row{Count: 200, P50: msd(3), P95: msd(6), P99: msd(10)}, pair: row{Count: 200, P50: msd(3), P95: msd(6), P99: msd(10)}},
				{rate: 1000, base: row{Count: 200, P50: msd(4), P95: msd(8), P99: msd(20)}, pair: row{Count: 200, P50: msd(5), P95: msd(10), P99: msd(30)}},
			},
			change: []float64{0, 25},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := pairMedians(tt.turns)
			if len(got) != len(tt.want) {
				t.Fatalf("%d rates, want %d: %+v", len(got), len(tt.want), got)
			}
			for i := range got {
				if got[i] != tt.want[i] {
					t.Errorf("rate %d:\n got %+v\nwant %+v", i, got[i], tt.want[i])
				}
				if c := got[i].p50Change(); c < tt.change[i]-0.01 || c > tt.change[i]+0.01 {
					t.Errorf("rate %d: p50 change %.2f %%, want %.2f", i, c, tt.change[i])
				}
			}
		})
	}
}

func TestPairTSVHasEveryTurnAndTheMedians(t *testing.T) {
	turns := []pairTurn{
		{round: 1, side: sideBase, rate: 250, total: row{Count: 2000, PerSecond: 249.5, P50: msd(2), P95: msd(5), P99: msd(9)}},
		{round: 1, side: sidePair, rate: 250, total: row{Count: 2000, Failed: 1, PerSecond: 249.4, P50: msd(2.2), P95: msd(5), P99: msd(9.5)}},
	}
	var b strings.Builder
	if err := writePairTSV(&b, turns, pairMedians(turns)); err != nil {
		t.Fatal(err)
	}
	want := "#turn\t1\tbase\t250\t249.5\t2.0\t5.0\t9.0\t0\n" +
		"#turn\t1\tpair\t250\t249.4\t2.2\t5.0\t9.5\t1\n" +
		"#median\t250\t2.0\t5.0\t9.0\t2.2\t5.0\t9.5\t10.0\t0\t1\n"
	if b.String() != want {
		t.Fatalf("got\n%s\nwant\n%s", b.String(), want)
	}
}

func TestPairFlags(t *testing.T) {
	tests := []struct {
		args    []string
		wantErr string
	}{
		{[]string{"-pair", "http://127.0.0.1:9001"}, ""},
		{[]string{"-pair", "http://127.0.0.1:9001", "-pair-rates", "100", "-rounds", "3"}, ""},
		{[]string{"-pair", "http://example.org"}, "pair"},
		{[]string{"-pair", "http://127.0.0.1:9001", "-rounds", "0"}, "-rounds"},
		{[]string{"-pair", "http://127.0.0.1:9001", "-rounds", "21"}, "-rounds"},
		{[]string{"-pair", "http://127.0.0.1:9001", "-pair-rates", "fast"}, "-pair-rates"},
		{[]string{"-pair", "http://127.0.0.1:9001", "-pair-rates", ","}, "-pair-rates"},
		{[]string{"-rates", "0"}, "-rates"},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			cfg, err := parseMix(tt.args)
			switch {
			case tt.wantErr == "" && err != nil:
				t.Fatalf("unexpected error: %v", err)
			case tt.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tt.wantErr)):
				t.Fatalf("error %v, want one naming %s", err, tt.wantErr)
			case err == nil && cfg.pair == nil:
				t.Fatal("-pair not kept")
			}
		})
	}
}

func TestWriteFile(t *testing.T) {
	dir := t.TempDir()
	tests := []struct {
		name    string
		path    string
		write   func(io.Writer) error
		want    string
		wantErr bool
	}{
		{"written", dir + "/ok.tsv", func(w io.Writer) error { _, err := io.WriteString(w, "#median\t250\n"); return err }, "#median\t250\n", false},
		{"the writer's error", dir + "/bad.tsv", func(io.Writer) error { return errors.New("disk full") }, "", true},
		{"no such folder", dir + "/none/x.tsv", func(io.Writer) error { return nil }, "", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := writeFile(tt.path, tt.write)
			if (err != nil) != tt.wantErr {
				t.Fatalf("error %v, want one: %v", err, tt.wantErr)
			}
			if tt.wantErr {
				return
			}
			got, err := os.ReadFile(tt.path)
			if err != nil || string(got) != tt.want {
				t.Fatalf("file holds %q (%v), want %q", got, err, tt.want)
			}
		})
	}
}
