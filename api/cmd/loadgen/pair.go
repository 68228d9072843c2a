package main

import (
	"context"
	"fmt"
	"io"
	"slices"
	"time"
)

// Pair mode compares two servers that serve the same schools from two
// databases, such as one where a single school is registered and one where
// two hundred are. Measured one after the other, minutes apart, the two
// differ as much by what else the machine was doing as by what is compared:
// taking turns every few seconds, over several rounds, leaves both the same
// machine, and the median of the rounds leaves out the odd disturbed one.

// The two sides of a pair.
const (
	sideBase = "base"
	sidePair = "pair"
)

// pairSettle is the pause before each turn: a turn's load is below
// capacity, so there is little to drain.
const pairSettle = time.Second

// pairTurn is one side's turn at one rate in one round.
type pairTurn struct {
	round int
	side  string
	rate  float64
	total row
	cpu   map[string]float64
}

// pairOrder is the order of the sides in a round: base first in even
// rounds, pair first in odd ones, so that neither always follows the other
// (and what one leaves behind, such as pages to write, falls on both).
func pairOrder(round int) [2]string {
	if round%2 == 0 {
		return [2]string{sideBase, sidePair}
	}
	return [2]string{sidePair, sideBase}
}

// runPair is the mix's pair mode: users (set up against -base) and as many
// against -pair warm both servers up, then take turns at every rate of
// -pair-rates for -rounds rounds, -step each turn. It prints each turn and
// the medians of each side, and writes them to -tsv.
func runPair(ctx context.Context, cfg *mixConfig, users []*vuser, codes codeSource) error {
	others, _, err := newUsers(cfg, cfg.pair, 79)
	if err != nil {
		return err
	}
	// The same people sign in to the second server: wait until the first
	// one's e-mails to them are too old to be taken for the new codes.
	time.Sleep(codeSlack + 100*time.Millisecond)
	if err := setUp(ctx, cfg, others, codes); err != nil {
		return err
	}
	sides := map[string][]*vuser{sideBase: users, sidePair: others}
	if cfg.warmup > 0 {
		for _, side := range pairOrder(0) {
			drive(ctx, time.Now().Add(cfg.warmup), sides[side], nil, nil)
		}
	}
	fmt.Printf("\npair: %s (base) and %s (pair) in turn, %d rounds of %s per rate and side\n", cfg.base, cfg.pair, cfg.rounds, cfg.step)
	fmt.Printf("%6s %5s %10s %10s %8s %8s %8s %7s  %s\n", "round", "side", "offered/s", "answered/s", "p50 ms", "p95 ms", "p99 ms", "failed", "CPU ms per request")
	var turns []pairTurn
	for round := range cfg.rounds {
		for _, rate := range cfg.pairRates {
			for _, side := range pairOrder(round) {
				if ctx.Err() != nil {
					return ctx.Err()
				}
				time.Sleep(pairSettle)
				st := measureOpen(ctx, cfg, sides[side], rate)
				t := pairTurn{round: round + 1, side: side, rate: rate, total: st.total, cpu: st.cpu}
				fmt.Printf("%6d %5s %10.0f %10.1f %8s %8s %8s %7d  %s\n", t.round, side, rate, st.total.PerSecond,
					ms(st.total.P50), ms(st.total.P95), ms(st.total.P99), st.total.Failed, st.cpuText(cfg))
				turns = append(turns, t)
			}
		}
	}
	medians := pairMedians(turns)
	fmt.Println()
	for _, m := range medians {
		fmt.Printf("median of %d rounds at %.0f/s: p50 %s ms (base) and %s ms (pair), %+.1f %%; p99 %s and %s ms\n",
			cfg.rounds, m.rate, ms(m.base.P50), ms(m.pair.P50), m.p50Change(), ms(m.base.P99), ms(m.pair.P99))
	}
	if cfg.tsvFile == "" {
		return nil
	}
	return writeFile(cfg.tsvFile, func(w io.Writer) error { return writePairTSV(w, turns, medians) })
}

// measureOpen offers rate requests/s to users for -step and returns what
// they got, with the CPU per request of each -cpu process.
func measureOpen(ctx context.Context, cfg *mixConfig, users []*vuser, rate float64) stepResult {
	rec := newRecorder()
	before := cpuTicks(cfg.cpu)
	start := time.Now()
	driveOpen(ctx, start.Add(cfg.step), users, rec, rate)
	elapsed := time.Since(start)
	after := cpuTicks(cfg.cpu)
	_, total := rec.report(elapsed)
	st := stepResult{offered: rate, total: total, cpu: map[string]float64{}}
	for _, r := range cfg.cpu {
		if total.Count > 0 {
			st.cpu[r.name] = float64(after[r.name]-before[r.name]) * 1000 / clockTicks / float64(total.Count)
		}
	}
	return st
}

// pairMedian is, at one rate, each side's median over the rounds of the
// p50, the p95 and the p99 (each the median of its own).
type pairMedian struct {
	rate       float64
	base, pair row
}

// p50Change is how much the pair's median p50 differs from the base's, in
// per cent of the base's.
func (m pairMedian) p50Change() float64 {
	if m.base.P50 <= 0 {
		return 0
	}
	return 100 * float64(m.pair.P50-m.base.P50) / float64(m.base.P50)
}

// pairMedians takes, per rate in the order first measured, each side's
// median of every percentile over its turns.
func pairMedians(turns []pairTurn) []pairMedian {
	var rates []float64
	bySide := map[float64]map[string][]row{}
	for _, t := range turns {
		if bySide[t.rate] == nil {
			rates = append(rates, t.rate)
			bySide[t.rate] = map[string][]row{}
		}
		bySide[t.rate][t.side] = append(bySide[t.rate][t.side], t.total)
	}
	out := make([]pairMedian, 0, len(rates))
	for _, rate := range rates {
		out = append(out, pairMedian{rate: rate, base: medianRow(bySide[rate][sideBase]), pair: medianRow(bySide[rate][sidePair])})
	}
	return out
}

// medianRow is the median of each percentile of rows (the mean of the
// middle two when there is an even number), and their requests and
// failures summed.
func medianRow(rows []row) row {
	var out row
	pick := func(get func(row) time.Duration) time.Duration {
		if len(rows) == 0 {
			return 0
		}
		v := make([]time.Duration, len(rows))
		for i, r := range rows {
			v[i] = get(r)
		}
		slices.Sort(v)
		if n := len(v); n%2 == 0 {
			return (v[n/2-1] + v[n/2]) / 2
		}
		return v[len(v)/2]
	}
	out.P50 = pick(func(r row) time.Duration { return r.P50 })
	out.P95 = pick(func(r row) time.Duration { return r.P95 })
	out.P99 = pick(func(r row) time.Duration { return r.P99 })
	for _, r := range rows {
		out.Count += r.Count
		out.Failed += r.Failed
	}
	return out
}

// writePairTSV writes pair mode's results for scripts: each turn
// ("#turn", round, side, offered, answered/s, p50, p95, p99 in
// milliseconds, failed), then per rate the medians ("#median", offered,
// the base's p50, p95, p99, the pair's, the p50's change in per cent,
// failed of each side).
func writePairTSV(w io.Writer, turns []pairTurn, medians []pairMedian) error {
	for _, t := range turns {
		if _, err := fmt.Fprintf(w, "#turn\t%d\t%s\t%.0f\t%.1f\t%s\t%s\t%s\t%d\n", t.round, t.side, t.rate, t.total.PerSecond,
			ms(t.total.P50), ms(t.total.P95), ms(t.total.P99), t.total.Failed); err != nil {
			return err
		}
	}
	for _, m := range medians {
		if _, err := fmt.Fprintf(w, "#median\t%.0f\t%s\t%s\t%s\t%s\t%s\t%s\t%.1f\t%d\t%d\n", m.rate,
			ms(m.base.P50), ms(m.base.P95), ms(m.base.P99), ms(m.pair.P50), ms(m.pair.P95), ms(m.pair.P99),
			m.p50Change(), m.base.Failed, m.pair.Failed); err != nil {
			return err
		}
	}
	return nil
}
