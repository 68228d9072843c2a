package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/url"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/praksis/praksis/api/mail"
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
	cpu := fs.String("cpu", "", "name=pid,…: also report the CPU time per request of each process and its descendants, such as server=1234,database=5678 (Linux /proc)")
	if err := fs.Parse(args); err != nil {
		return nil, err
	}
	if fs.NArg() > 0 {
		return nil, fmt.Errorf("unexpected arguments: %v", fs.Args())
	}
	var err error
	if c.base, err = loopbackURL("base", *base); err != nil {
		return nil, err
	}
	if c.cpu, err = parseCPURoots(*cpu); err != nil {
		return nil, err
	}
	for _, h := range strings.Split(*hosts, ",") {
		if h = strings.TrimSpace(h); h != "" {
			c.hosts = append(c.hosts, h)
		}
	}
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
	}
	return &c, nil
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
}

func runMix(ctx context.Context, args []string) error {
	cfg, err := parseMix(args)
	if err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil
		}
		return err
	}
	catcher := mail.NewCatcher()
	addr, err := catcher.Start(cfg.smtpAddr)
	if err != nil {
		return err
	}
	defer catcher.Close()
	codes := catcherSource{catcher}

	// The users: per school, the first teachers and students.
	perSchool := make([]int, len(cfg.hosts))
	for i := range cfg.clients {
		perSchool[i%len(cfg.hosts)]++
	}
	var users []*vuser
	studentsUsed := make([]int, len(cfg.hosts))
	for s, host := range cfg.hosts {
		teachers := int(float64(perSchool[s])*cfg.teacherShare + 0.5)
		for j := range perSchool[s] {
			u := &vuser{rng: rand.New(rand.NewPCG(cfg.seed, uint64(len(users))))}
			u.client = &client{http: newHTTPClient(clientAddr(77, len(users)), 2), base: cfg.base, host: host}
			if j < teachers {
				u.teacher, u.email = true, emailOf(cfg.teacherEmail, j+1, host)
			} else {
				studentsUsed[s]++
				u.email = emailOf(cfg.studentEmail, studentsUsed[s], host)
			}
			users = append(users, u)
		}
		if studentsUsed[s] > cfg.studentsPer {
			return fmt.Errorf("school %s: %d student users but -students is %d", host, studentsUsed[s], cfg.studentsPer)
		}
	}
	fmt.Printf("mix: %d virtual users on %d schools (%s), %s measured after %s warm-up, sign-ins %.1f/s; e-mail to smtp://%s\n",
		len(users), len(cfg.hosts), strings.Join(cfg.hosts, ", "), cfg.duration, cfg.warmup, cfg.signInRate, addr)

	// Set-up: sign in and read what each user works on (not measured).
	setupStart := time.Now()
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
		return fmt.Errorf("set-up: %w", err)
	}
	fmt.Printf("set-up: %d users signed in and ready in %.1fs\n", len(users), time.Since(setupStart).Seconds())

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
	drive(ctx, deadline, users, rec, budget)
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
	if cfg.tsvFile != "" {
		f, err := os.Create(cfg.tsvFile)
		if err != nil {
			return err
		}
		if err := writeTSV(f, rows, total); err != nil {
			f.Close()
			return err
		}
		for _, r := range cfg.cpu {
			fmt.Fprintf(f, "#cpu\t%s\t%.2f\n", r.name, cpuPerRequest[r.name])
		}
		if err := f.Close(); err != nil {
			return err
		}
	}
	return nil
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
	p := u.rng.IntN(100)
	if u.teacher {
		switch {
		case p < 40:
			_, _ = u.do(ctx, routeClassPage, http.MethodGet, fmt.Sprintf("/api/classes/%d/students", u.classID), nil, nil)
		case p < 75:
			s := u.students[u.rng.IntN(len(u.students))]
			u.readForm(ctx, u.classID, s, u.own[0].formID)
		case p < 90:
			u.save(ctx, u.own[u.rng.IntN(len(u.own))])
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
		u.token = tok.Token
	}
}

// save is one autosave: one to three questions changed, the version last
// read sent along. A stale version (409) reloads the set's version.
func (u *vuser) save(ctx context.Context, t *target) {
	u.saves++
	n := 1 + u.rng.IntN(3)
	changes := make([]answer, 0, n)
	for i := range n {
		v := fmt.Sprint(u.rng.IntN(5))
		a := answer{FormQuestionID: u.graded[(u.saves*3+i)%len(u.graded)], Value: &v}
		if u.rng.IntN(3) == 0 {
			c := fmt.Sprintf("Notat %d fra %s", u.saves, u.email)
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
			t.setID, t.version = ref.ID, ref.Version
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
			c := &client{http: newHTTPClient(clientAddr(78, i), 1), base: cfg.base, host: cfg.hosts[s], rec: rec}
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
