package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/url"
	"os"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/praksis/praksis/dev/mailcatcher"
)

// mixConfig is the mix's flags.
type mixConfig struct {
	base          *url.URL
	hosts         []string
	clients       int
	teacherShare  float64
	duration      time.Duration
	warmup        time.Duration
	maxRequests   int64
	signInRate    float64
	teacherEmail  string
	studentEmail  string
	studentsPer   int
	smtpAddr      string
	tsvFile       string
	seed          uint64
	setupParallel int
	cpu           []cpuRoot
	// feedShare is the share of each user's requests that fetch their
	// calendar feed, as a calendar client polls it.
	feedShare float64
	// Open loop: rate is the offered rate of the report run (0: closed
	// loop), rates the steps of the capacity search, p99Target its bound.
	rate      float64
	rates     []float64
	p99Target time.Duration
	bisect    int
	step      time.Duration
	// procs is the processors this process may use (GOMAXPROCS).
	procs int
	// Pair mode (see runPair): a second server, the rates it is compared
	// at and the rounds of the comparison.
	pair      *url.URL
	pairRates []float64
	rounds    int
}

func parseMix(args []string) (*mixConfig, error) {
	fs := flag.NewFlagSet("loadgen mix", flag.ContinueOnError)
	fs.Usage = func() {
		fmt.Fprint(fs.Output(), `usage: loadgen mix [flags]

A semester-end mix against a running server: virtual users (a quarter of them
teachers, the rest students, spread evenly over the schools) each sign in with
a one-time code and then, without pause until the time is up:
  students  save their end-of-placement assessment (POST /api/answers, with
            versions) 55 %, read it (GET …/forms/{fid}/full) 30 %, renew
            their token (GET /api/auth/refresh) 15 %
  teachers  open the class page (GET /api/classes/{id}/students) 40 %, read a
            student's assessment 35 %, save their own about one of their
            students 15 %, renew their token 10 %
With -feed-share, that share of every user's requests instead fetches their
calendar feed (GET /api/calendar/{secret}.ics, the address made at set-up), as
a calendar client on their phone polls it.
Besides, other students of the schools sign in at -signin-rate per second
(ask for a code, read it from the e-mail, send it back). The server must send
its e-mail to this process: SMTP_URL=smtp://<-smtp address>.

Every virtual user connects from a loopback address of its own (127.77.x.y),
as many users would, so that the server's per-address limits apply to each.

Flags:
`)
		fs.PrintDefaults()
	}
	var c mixConfig
	base := fs.String("base", "http://127.0.0.1:8080", "the server's base URL (a loopback address)")
	hosts := fs.String("hosts", "load1.localhost,load2.localhost,load3.localhost", "comma-separated school hosts to spread the users over (sent as Host)")
	fs.IntVar(&c.clients, "clients", 48, "concurrent virtual users (1 to 512)")
	fs.Float64Var(&c.teacherShare, "teacher-share", 0.25, "share of the virtual users that are teachers")
	fs.DurationVar(&c.duration, "duration", 20*time.Second, "how long to measure (at most 10m)")
	fs.DurationVar(&c.warmup, "warmup", 2*time.Second, "unmeasured run before measuring")
	fs.Int64Var(&c.maxRequests, "max-requests", 2_000_000, "stop after this many measured requests")
	fs.Float64Var(&c.signInRate, "signin-rate", 2, "sign-ins per second by other students, across the schools (0: none)")
	fs.StringVar(&c.teacherEmail, "teacher-email", "load.teacher.{n}@{school}.test", "e-mail of teacher {n} (1, 2, …) of each school ({school}: the first label of its host)")
	fs.StringVar(&c.studentEmail, "student-email", "load.student.{n}@stud.{school}.test", "e-mail of student {n} (1, 2, …) of each school ({school}: the first label of its host)")
	fs.IntVar(&c.studentsPer, "students", 35, "students per school with -student-email addresses (virtual users first, the rest sign in)")
	fs.StringVar(&c.smtpAddr, "smtp", "127.0.0.1:2525", "loopback address where this process receives the server's e-mail")
	fs.StringVar(&c.tsvFile, "tsv", "", "also write the results, tab-separated, to this file")
	fs.Uint64Var(&c.seed, "seed", 1, "seed of the random choices")
	fs.IntVar(&c.setupParallel, "setup-parallel", 16, "sign-ins at once while setting up")
	fs.Float64Var(&c.feedShare, "feed-share", 0, "share of each user's requests that fetch their calendar feed (0 to 0.5; 0: none)")
	fs.Float64Var(&c.rate, "rate", 0, "open loop: requests per second offered in the measured run, arriving at a fixed rate whatever the answers do (0: closed loop, each user waits for an answer before the next request)")
	rates := fs.String("rates", "", "open loop: comma-separated offered rates (requests/s), ascending, for a capacity search after the measured run: each runs -step; the search stops at the first whose p99 is not under -p99-target (or where more than 1 % fail), then bisects")
	fs.DurationVar(&c.p99Target, "p99-target", 50*time.Millisecond, "the capacity search's latency bound")
	fs.IntVar(&c.bisect, "bisect", 2, "bisection steps after the first rate that misses the target")
	fs.DurationVar(&c.step, "step", 5*time.Second, "how long each rate of the capacity search runs")
	fs.IntVar(&c.procs, "procs", 1, "processors the load generator itself uses (GOMAXPROCS, 1 to 64): on a machine it shares with the server and Postgres, one keeps its own share small (two spent a third more CPU per request, mostly waking each other)")
	pair := fs.String("pair", "", "pair mode: a second server (a loopback URL) serving the same -hosts from another database, such as one where more schools are registered; instead of the measured run and the capacity search, the two take turns under the same open-loop load at each of -pair-rates for -rounds rounds of -step each, and the report compares their latencies round by round (no sign-in lane)")
	pairRates := fs.String("pair-rates", "250,1000", "pair mode: comma-separated offered rates (requests/s) each round measures on both servers")
	fs.IntVar(&c.rounds, "rounds", 5, "pair mode: rounds (1 to 20); each measures both servers at every -pair-rates, in turn")
	cpu := fs.String("cpu", "", "name=pid,…: also report the CPU time per request of each process and its descendants, such as server=1234,database=5678 (Linux /proc)")
	var err error
	if c.base, err = parseCommandLine(fs, args, base); err != nil {
		return nil, err
	}
	if c.cpu, err = parseCPURoots(*cpu); err != nil {
		return nil, err
	}
	if c.rates, err = parseRates("rates", *rates); err != nil {
		return nil, err
	}
	if *pair != "" {
		if c.pair, err = loopbackURL("pair", *pair); err != nil {
			return nil, err
		}
		if c.pairRates, err = parseRates("pair-rates", *pairRates); err != nil {
			return nil, err
		}
		if len(c.pairRates) == 0 {
			return nil, errors.New("-pair-rates: at least one rate")
		}
		if c.rounds < 1 || c.rounds > 20 {
			return nil, errors.New("-rounds must be 1 to 20")
		}
	}
	if c.rate < 0 || c.rate > 20000 {
		return nil, errors.New("-rate must be 0 to 20000")
	}
	if c.step <= 0 || c.step > time.Minute {
		return nil, errors.New("-step must be more than 0 and at most 1m")
	}
	c.hosts = splitList(*hosts)
	if _, err := loopbackURL("smtp", "http://"+c.smtpAddr); err != nil {
		return nil, err
	}
	switch {
	case len(c.hosts) == 0:
		return nil, errors.New("-hosts: at least one school host")
	case c.clients < 1 || c.clients > 512:
		return nil, errors.New("-clients must be 1 to 512")
	case c.duration <= 0 || c.duration > 10*time.Minute:
		return nil, errors.New("-duration must be more than 0 and at most 10m")
	case c.warmup < 0 || c.warmup > time.Minute:
		return nil, errors.New("-warmup must be 0 to 1m")
	case c.maxRequests < 1:
		return nil, errors.New("-max-requests must be positive")
	case c.teacherShare < 0 || c.teacherShare > 1:
		return nil, errors.New("-teacher-share must be 0 to 1")
	case c.signInRate < 0 || c.signInRate > 50:
		return nil, errors.New("-signin-rate must be 0 to 50")
	case c.procs < 1 || c.procs > 64:
		return nil, errors.New("-procs must be 1 to 64")
	case c.feedShare < 0 || c.feedShare > 0.5:
		return nil, errors.New("-feed-share must be 0 to 0.5")
	}
	// The load generator's own CPU per request is reported with the rest:
	// it shares the machine, and what it spends the others cannot.
	c.cpu = append(c.cpu, cpuRoot{name: "loadgen", pid: os.Getpid()})
	return &c, nil
}

// parseRates reads a flag's comma-separated list of offered rates.
func parseRates(flagName, list string) ([]float64, error) {
	var out []float64
	for _, r := range splitList(list) {
		var v float64
		if _, err := fmt.Sscan(r, &v); err != nil || v <= 0 || v > 20000 {
			return nil, fmt.Errorf("-%s: %q is not a rate from 1 to 20000", flagName, r)
		}
		out = append(out, v)
	}
	return out, nil
}

// emailOf fills in an e-mail pattern: {n} is the number, {school} the first
// label of the school's host.
func emailOf(pattern string, n int, host string) string {
	school, _, _ := strings.Cut(host, ".")
	return strings.NewReplacer("{n}", fmt.Sprint(n), "{school}", school).Replace(pattern)
}

// vuser is one virtual user.
type vuser struct {
	*client
	email   string
	teacher bool
	rng     *rand.Rand
	// students: their own set; teachers: their class, its students, and
	// their own sets about their students.
	own      []*target
	classID  int64
	students []int64
	graded   []int64
	saves    int
	// feed is the path of the user's calendar feed, made at set-up when
	// feedPermille (their requests per thousand that fetch it) is above 0.
	feed         string
	feedPermille int
	// saveMu keeps one user's saves in order (their versions) when
	// requests overlap in open-loop mode.
	saveMu sync.Mutex
	rngMu  sync.Mutex
}

// intN is a random number in [0, n), safe when the user's requests overlap.
func (u *vuser) intN(n int) int {
	u.rngMu.Lock()
	defer u.rngMu.Unlock()
	return u.rng.IntN(n)
}

func runMix(ctx context.Context, args []string) error {
	cfg, err := parseMix(args)
	if err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil
		}
		return err
	}
	runtime.GOMAXPROCS(cfg.procs)
	catcher := mailcatcher.New()
	addr, err := catcher.Start(cfg.smtpAddr)
	if err != nil {
		return err
	}
	defer catcher.Close()
	codes := catcherSource{catcher}

	users, studentsUsed, err := newUsers(cfg, cfg.base, 77)
	if err != nil {
		return err
	}
	if cfg.pair != nil {
		fmt.Printf("mix: %d virtual users on each of two servers, on %d schools (%s), after %s warm-up each; e-mail to smtp://%s\n",
			len(users), len(cfg.hosts), strings.Join(cfg.hosts, ", "), cfg.warmup, addr)
	} else {
		fmt.Printf("mix: %d virtual users on %d schools (%s), %s measured after %s warm-up, sign-ins %.1f/s; e-mail to smtp://%s\n",
			len(users), len(cfg.hosts), strings.Join(cfg.hosts, ", "), cfg.duration, cfg.warmup, cfg.signInRate, addr)
	}
	if err := setUp(ctx, cfg, users, codes); err != nil {
		return err
	}
	if cfg.pair != nil {
		return runPair(ctx, cfg, users, codes)
	}

	// Warm-up, then the measured run. Each ends by starting no new
	// request; those under way finish (within requestTimeout).
	if cfg.warmup > 0 {
		drive(ctx, time.Now().Add(cfg.warmup), users, nil, new(atomic.Int64))
	}
	rec := newRecorder()
	budget := new(atomic.Int64)
	budget.Store(cfg.maxRequests)
	cpuBefore := cpuTicks(cfg.cpu)
	start := time.Now()
	deadline := start.Add(cfg.duration)
	var lane sync.WaitGroup
	signInFailures := new(atomic.Int64)
	if cfg.signInRate > 0 {
		lane.Add(1)
		go func() {
			defer lane.Done()
			signInLane(ctx, deadline, cfg, studentsUsed, codes, rec, signInFailures)
		}()
	}
	if cfg.rate > 0 {
		fmt.Printf("open loop: %.0f requests/s offered\n", cfg.rate)
		driveOpen(ctx, deadline, users, rec, cfg.rate)
	} else {
		drive(ctx, deadline, users, rec, budget)
	}
	elapsed := time.Since(start)
	lane.Wait()
	cpuAfter := cpuTicks(cfg.cpu)
	if ctx.Err() != nil {
		return ctx.Err()
	}

	rows, total := rec.report(elapsed)
	fmt.Printf("\nmeasured %.1fs, %d requests\n", elapsed.Seconds(), total.Count)
	printReport(os.Stdout, rows, total)
	for _, f := range rec.failures() {
		fmt.Println("failed:", f)
	}
	cpuPerRequest := map[string]float64{}
	for _, r := range cfg.cpu {
		if total.Count > 0 {
			cpuPerRequest[r.name] = float64(cpuAfter[r.name]-cpuBefore[r.name]) * 1000 / clockTicks / float64(total.Count)
			fmt.Printf("CPU time per request, %s: %.2f ms\n", r.name, cpuPerRequest[r.name])
		}
	}
	if n := signInFailures.Load(); n > 0 {
		fmt.Printf("sign-ins that did not complete: %d\n", n)
	}
	steps, capacity := search(ctx, cfg, users)
	if ctx.Err() != nil {
		return ctx.Err()
	}
	if cfg.tsvFile == "" {
		return nil
	}
	return writeFile(cfg.tsvFile, func(f io.Writer) error {
		if err := writeTSV(f, rows, total); err != nil {
			return err
		}
		for _, r := range cfg.cpu {
			fmt.Fprintf(f, "#cpu\t%s\t%.2f\n", r.name, cpuPerRequest[r.name])
		}
		for _, st := range steps {
			fmt.Fprintf(f, "#step\t%.0f\t%.1f\t%s\t%s\t%s\t%d\t%s\n", st.offered, st.total.PerSecond, ms(st.total.P50), ms(st.total.P95),
				ms(st.total.P99), st.total.Failed, st.cpuText(cfg))
		}
		if len(cfg.rates) > 0 {
			fmt.Fprintf(f, "#capacity\t%.0f\n", capacity)
		}
		return nil
	})
}

// newUsers makes the mix's virtual users against base: per school, the
// first teachers and students. Each connects from a loopback address of
// block (127.block.x.y). It also returns how many students of each school
// are virtual users (the sign-in lane takes the next ones).
func newUsers(cfg *mixConfig, base *url.URL, block byte) ([]*vuser, []int, error) {
	perSchool := make([]int, len(cfg.hosts))
	for i := range cfg.clients {
		perSchool[i%len(cfg.hosts)]++
	}
	var users []*vuser
	studentsUsed := make([]int, len(cfg.hosts))
	for s, host := range cfg.hosts {
		teachers := int(float64(perSchool[s])*cfg.teacherShare + 0.5)
		for j := range perSchool[s] {
			u := &vuser{rng: rand.New(rand.NewPCG(cfg.seed, uint64(len(users)))), feedPermille: int(cfg.feedShare*1000 + 0.5)}
			u.client = newClient(base, clientAddr(block, len(users)), host)
			if j < teachers {
				u.teacher, u.email = true, emailOf(cfg.teacherEmail, j+1, host)
			} else {
				studentsUsed[s]++
				u.email = emailOf(cfg.studentEmail, studentsUsed[s], host)
			}
			users = append(users, u)
		}
		if studentsUsed[s] > cfg.studentsPer {
			return nil, nil, fmt.Errorf("school %s: %d student users but -students is %d", host, studentsUsed[s], cfg.studentsPer)
		}
	}
	return users, studentsUsed, nil
}

// setUp signs every user in and reads what each works on (not measured),
// -setup-parallel at a time.
func setUp(ctx context.Context, cfg *mixConfig, users []*vuser, codes codeSource) error {
	start := time.Now()
	sem := make(chan struct{}, cfg.setupParallel)
	var wg sync.WaitGroup
	errs := make([]error, len(users))
	for i, u := range users {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			errs[i] = u.setup(ctx, codes)
		}()
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return fmt.Errorf("set-up on %s: %w", users[0].base, err)
	}
	fmt.Printf("set-up: %d users signed in and ready in %.1fs\n", len(users), time.Since(start).Seconds())
	return nil
}

// driveOpen sends requests at a fixed rate until the deadline: each
// arrival goes to the next user (round robin) whatever the answers to
// earlier ones, and its latency counts from when it was due. A user's
// requests may overlap; their saves keep their order.
func driveOpen(ctx context.Context, deadline time.Time, users []*vuser, rec *recorder, rate float64) {
	for _, u := range users {
		u.rec = rec
	}
	interval := time.Duration(float64(time.Second) / rate)
	var pool workers
	next := time.Now()
	for i := 0; ctx.Err() == nil; i++ {
		next = next.Add(interval)
		if !next.Before(deadline) {
			break
		}
		if d := time.Until(next); d > 0 {
			time.Sleep(d)
		}
		u := users[i%len(users)]
		due := next
		pool.run(func() { u.step(withScheduled(ctx, due)) })
	}
	pool.wait()
}

// workers runs each job at once: on an idle worker when there is one, else
// on a new one, which then stays for the jobs after it. Open loop never
// waits for a free worker (requests arrive whatever the answers do), and a
// worker's stack, grown by its first request, serves the next ones: the
// load generator shares the processors with what it measures, and a fresh
// goroutine per request spent a tenth of its time growing stacks.
type workers struct {
	jobs chan func()
	wg   sync.WaitGroup
	// started counts the workers started.
	started atomic.Int64
}

// run runs job on an idle worker or a new one.
func (w *workers) run(job func()) {
	if w.jobs == nil {
		w.jobs = make(chan func())
	}
	select {
	case w.jobs <- job:
		return
	default:
	}
	w.wg.Add(1)
	w.started.Add(1)
	go func() {
		defer w.wg.Done()
		job()
		for job := range w.jobs {
			job()
		}
	}()
}

// wait ends the workers once every job given has finished.
func (w *workers) wait() {
	if w.jobs != nil {
		close(w.jobs)
	}
	w.wg.Wait()
}

// stepResult is one rate of the capacity search.
type stepResult struct {
	offered float64
	total   row
	cpu     map[string]float64
}

func (s stepResult) cpuText(cfg *mixConfig) string {
	parts := []string{}
	for _, r := range cfg.cpu {
		parts = append(parts, fmt.Sprintf("%s=%.2f", r.name, s.cpu[r.name]))
	}
	return strings.Join(parts, ",")
}

// meets says whether a step kept its p99 under the target with at most 1 %
// failed.
func (s stepResult) meets(target time.Duration) bool {
	return s.total.Count > 0 && s.total.P99 < target && s.total.Failed*100 <= s.total.Count
}

// searchSettle is the pause before each rate of the capacity search.
const searchSettle = 3 * time.Second

// search runs the capacity search of -rates: each rate for -step, up to
// the first that misses -p99-target, then -bisect halvings between the
// last that met it and that one. It returns every step run and the highest
// offered rate that met the target (0 when none did).
func search(ctx context.Context, cfg *mixConfig, users []*vuser) ([]stepResult, float64) {
	if len(cfg.rates) == 0 {
		return nil, 0
	}
	// The measured run before ends far past saturation: let the server and
	// Postgres settle (queues drained, the garbage collected, the pages the
	// flood dirtied written) before the first rate, as between rates.
	time.Sleep(searchSettle)
	fmt.Printf("\ncapacity search: p99 under %s, each rate %s\n", cfg.p99Target, cfg.step)
	fmt.Printf("%10s %10s %8s %8s %8s %7s  %s\n", "offered/s", "answered/s", "p50 ms", "p95 ms", "p99 ms", "failed", "CPU ms per request")
	var steps []stepResult
	run := func(rate float64) stepResult {
		st := measureOpen(ctx, cfg, users, rate)
		total := st.total
		fmt.Printf("%10.0f %10.1f %8s %8s %8s %7d  %s\n", rate, total.PerSecond, ms(total.P50), ms(total.P95), ms(total.P99), total.Failed, st.cpuText(cfg))
		steps = append(steps, st)
		// Let what piled up drain before the next rate.
		time.Sleep(searchSettle)
		return st
	}
	good, bad := 0.0, 0.0
	for _, rate := range cfg.rates {
		if ctx.Err() != nil {
			return steps, good
		}
		if run(rate).meets(cfg.p99Target) {
			good = rate
			continue
		}
		bad = rate
		break
	}
	for i := 0; bad > 0 && i < cfg.bisect && ctx.Err() == nil; i++ {
		mid := (good + bad) / 2
		if run(mid).meets(cfg.p99Target) {
			good = mid
		} else {
			bad = mid
		}
	}
	if bad == 0 {
		fmt.Printf("capacity: p99 stayed under %s up to the highest rate tried, %.0f requests/s\n", cfg.p99Target, good)
	} else {
		fmt.Printf("capacity: %.0f requests/s offered with p99 under %s (%.0f/s did not)\n", good, cfg.p99Target, bad)
	}
	return steps, good
}

func (u *vuser) setup(ctx context.Context, codes codeSource) error {
	if err := u.signIn(ctx, u.email, codes); err != nil {
		return err
	}
	if u.teacher {
		classID, students, own, f, err := u.teacherTargets(ctx)
		if err != nil {
			return fmt.Errorf("%s on %s: %w", u.email, u.host, err)
		}
		u.classID, u.students, u.own = classID, students, own
		u.graded, _ = f.questions()
	} else {
		t, f, err := u.studentTarget(ctx)
		if err != nil {
			return fmt.Errorf("%s on %s: %w", u.email, u.host, err)
		}
		u.own = []*target{t}
		u.graded, _ = f.questions()
	}
	if len(u.graded) == 0 {
		return fmt.Errorf("%s on %s: the main form has no graded questions", u.email, u.host)
	}
	if u.feedPermille > 0 {
		var feed struct {
			Path string `json:"path"`
		}
		if _, err := u.do(ctx, "", http.MethodPost, "/api/users/me/calendar", nil, &feed); err != nil {
			return fmt.Errorf("%s on %s: calendar feed: %w", u.email, u.host, err)
		}
		u.feed = feed.Path
	}
	return nil
}

// drive runs every user until the deadline passes, ctx ends or the
// budget is spent.
func drive(ctx context.Context, deadline time.Time, users []*vuser, rec *recorder, budget *atomic.Int64) {
	var wg sync.WaitGroup
	for _, u := range users {
		u.rec = rec
		wg.Add(1)
		go func() {
			defer wg.Done()
			for ctx.Err() == nil && time.Now().Before(deadline) {
				if rec != nil && budget.Add(-1) < 0 {
					return
				}
				u.step(ctx)
			}
		}()
	}
	wg.Wait()
}

// step does one thing a user does at semester end.
func (u *vuser) step(ctx context.Context) {
	if u.feed != "" && u.intN(1000) < u.feedPermille {
		_, _ = u.do(ctx, routeFeed, http.MethodGet, u.feed, nil, nil)
		return
	}
	p := u.intN(100)
	if u.teacher {
		switch {
		case p < 40:
			_, _ = u.do(ctx, routeClassPage, http.MethodGet, fmt.Sprintf("/api/classes/%d/students", u.classID), nil, nil)
		case p < 75:
			s := u.students[u.intN(len(u.students))]
			u.readForm(ctx, u.classID, s, u.own[0].formID)
		case p < 90:
			u.save(ctx, u.own[u.intN(len(u.own))])
		default:
			u.refresh(ctx)
		}
		return
	}
	t := u.own[0]
	switch {
	case p < 55:
		u.save(ctx, t)
	case p < 85:
		u.readForm(ctx, t.classID, t.studentID, t.formID)
	default:
		u.refresh(ctx)
	}
}

func (u *vuser) readForm(ctx context.Context, classID, studentID, formID int64) {
	_, _ = u.do(ctx, routeFormFull, http.MethodGet, fmt.Sprintf("/api/classes/%d/students/%d/forms/%d/full", classID, studentID, formID), nil, nil)
}

func (u *vuser) refresh(ctx context.Context) {
	var tok tokenResponse
	if _, err := u.do(ctx, routeRefresh, http.MethodGet, "/api/auth/refresh", nil, &tok); err == nil && tok.Token != "" {
		u.setToken(tok.Token)
	}
}

// save is one autosave: one to three questions changed, each with its
// comment, the version last read sent along. A stale version (409) reloads the set's version.
func (u *vuser) save(ctx context.Context, t *target) {
	u.saveMu.Lock()
	defer u.saveMu.Unlock()
	u.saves++
	n := 1 + u.intN(3)
	changes := make([]answer, 0, n)
	if t.comments == nil {
		t.comments = map[int64]string{}
	}
	for i := range n {
		v := fmt.Sprint(u.intN(5))
		a := answer{FormQuestionID: u.graded[(u.saves*3+i)%len(u.graded)], Value: &v}
		// One change in three writes the question's comment afresh; the
		// others send it as it stands (none yet: none).
		if u.intN(3) == 0 {
			t.comments[a.FormQuestionID] = fmt.Sprintf("Notat %d fra %s", u.saves, u.email)
		}
		if c, ok := t.comments[a.FormQuestionID]; ok {
			a.Comment = &c
		}
		changes = append(changes, a)
	}
	var set answerSet
	_, err := u.do(ctx, routeSave, http.MethodPost, "/api/answers",
		saveBody{AssignmentID: t.assignmentID, StudentUserID: t.studentID, Version: t.version, Answers: changes}, &set)
	switch {
	case err == nil:
		t.setID, t.version = set.ID, set.Version
	case statusOf(err) == http.StatusConflict && ctx.Err() == nil:
		role := "student"
		if u.teacher {
			role = "teacher"
		}
		if ref, rerr := u.ownSet(ctx, t.classID, t.studentID, t.formID, role); rerr == nil {
			t.setID, t.version, t.comments = ref.ID, ref.Version, ref.comments()
		}
	}
}

// signInLane signs other students in at cfg.signInRate per second, each
// address once, round robin over the schools, each from a fresh loopback
// address. It starts none after the deadline, and stops when ctx ends.
func signInLane(ctx context.Context, deadline time.Time, cfg *mixConfig, used []int, codes codeSource, rec *recorder, failures *atomic.Int64) {
	next := make([]int, len(cfg.hosts))
	for s := range next {
		next[s] = used[s] + 1
	}
	tick := time.NewTicker(time.Duration(float64(time.Second) / cfg.signInRate))
	defer tick.Stop()
	var wg sync.WaitGroup
	defer wg.Wait()
	sem := make(chan struct{}, 32)
	stop := time.NewTimer(time.Until(deadline))
	defer stop.Stop()
	for i := 0; ; i++ {
		select {
		case <-ctx.Done():
			return
		case <-stop.C:
			return
		case <-tick.C:
		}
		s := i % len(cfg.hosts)
		if next[s] > cfg.studentsPer {
			continue
		}
		email := emailOf(cfg.studentEmail, next[s], cfg.hosts[s])
		next[s]++
		select {
		case sem <- struct{}{}:
		default:
			failures.Add(1)
			continue
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			c := newClient(cfg.base, clientAddr(78, i), cfg.hosts[s])
			c.rec = rec
			start := time.Now()
			err := c.signIn(ctx, email, codes)
			if ctx.Err() != nil {
				return
			}
			rec.add(routeSignIn, time.Since(start), err == nil, statusOf(err))
			if err != nil {
				failures.Add(1)
				fmt.Fprintln(os.Stderr, "sign-in:", err)
			}
		}()
	}
}
