package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"strings"
	"sync"
	"time"
)

// answersConfig is the flags of the answers check.
type answersConfig struct {
	base, verify, mailURL *url.URL
	// log, when set, is where every save is recorded (loadgen verify reads it).
	log      string
	hosts    []string
	emails   []string
	duration time.Duration
	maxSaves int
	// pause is the wait between one stream's saves; patience how long a
	// stream keeps reading its set again after a save without an answer,
	// and how long the read-back is tried.
	pause, patience time.Duration
	// saveLog, when set, names a file that gets one line per save: when it
	// was sent (Unix milliseconds), how long its answer took (ms) and its
	// status (0: no answer), for a caller that looks at a window of the run.
	saveLog string
	// stopFile, when set, ends the saving early once the file exists, so a
	// caller that waits for an event (a school's move) need not guess its
	// length in -duration.
	stopFile string
}

func parseAnswers(args []string) (*answersConfig, error) {
	fs := flag.NewFlagSet("loadgen answers", flag.ContinueOnError)
	fs.Usage = func() {
		fmt.Fprint(fs.Output(), `usage: loadgen answers [flags]

Checks that no acknowledged answer is lost when a replica dies. For every
school host and every e-mail, a student signs in (one-time code read from
-mail) and saves their end-of-placement assessment without pause for
-duration: each save appends a marker to a free-text answer and sends the
version last read. A save answered 200 or 201 is acknowledged: its marker and
version are recorded. A save without an answer (connection lost, 502, 503,
504) is not: the stream reads the set again and carries on from what is
stored; retrying it is the client's job. Meanwhile the caller kills a
replica. Afterwards every set is read back through -verify (the surviving
replica) and must hold every acknowledged marker, at a version at least the
last acknowledged one.

With -log FILE every save is also written to FILE as a JSON line (the set,
the value sent, when it was sent and when it was acknowledged), for loadgen
verify to check a database restored from a backup; -verify may then be left
out, and the read-back is skipped (the database is lost on purpose).

Exit status 0 only when nothing acknowledged is missing, every stream had
saves acknowledged in the last quarter of the run (the service recovered),
and no save was refused (4xx).

Flags:
`)
		fs.PrintDefaults()
	}
	var c answersConfig
	base := fs.String("base", "", "base URL the saves go to (the load balancer; a loopback address)")
	verify := fs.String("verify", "", "base URL to read the sets back from (the surviving replica; a loopback address; optional with -log)")
	fs.StringVar(&c.log, "log", "", "write every save as a JSON line to this file (for loadgen verify)")
	mailURL := fs.String("mail", "", "base URL of the development mail catcher's /dev/mail/messages (default: -base)")
	hosts := fs.String("hosts", "demo.localhost", "comma-separated school hosts")
	emails := fs.String("emails", "load.student.1@stud.{school}.test,load.student.2@stud.{school}.test", "comma-separated students whose assessments are saved, in every school ({school}: the first label of its host)")
	fs.DurationVar(&c.duration, "duration", 8*time.Second, "how long to save (at most 5m)")
	fs.IntVar(&c.maxSaves, "max-saves", 1500, "saves per stream at most")
	fs.DurationVar(&c.pause, "pause", 0, "wait between one student's saves (0: none)")
	fs.StringVar(&c.saveLog, "save-log", "", "write every save's send time (Unix ms), duration (ms) and status (0: no answer) to this file")
	fs.StringVar(&c.stopFile, "stop-file", "", "stop saving before -duration is up once this file exists (checked every 100 ms)")
	fs.DurationVar(&c.patience, "patience", 20*time.Second, "how long a student keeps reading their set again after a save without an answer (a failover takes longer than a replica's death), and how long the read-back is tried")
	var err error
	if c.base, err = parseCommandLine(fs, args, base); err != nil {
		return nil, err
	}
	if *verify != "" || c.log == "" {
		if c.verify, err = loopbackURL("verify", *verify); err != nil {
			return nil, err
		}
	}
	if *mailURL == "" {
		*mailURL = *base
	}
	if c.mailURL, err = loopbackURL("mail", *mailURL); err != nil {
		return nil, err
	}
	c.hosts, c.emails = splitList(*hosts), splitList(*emails)
	switch {
	case len(c.hosts) == 0 || len(c.emails) == 0:
		return nil, errors.New("-hosts and -emails must name at least one each")
	case len(c.hosts)*len(c.emails) > 64:
		return nil, errors.New("at most 64 streams (-hosts × -emails)")
	case c.duration <= 0 || c.duration > 5*time.Minute:
		return nil, errors.New("-duration must be more than 0 and at most 5m")
	case c.pause < 0 || c.pause > 10*time.Second || c.patience <= 0 || c.patience > 5*time.Minute:
		return nil, errors.New("-pause must be 0 to 10s and -patience more than 0 and at most 5m")
	case c.maxSaves < 1 || c.maxSaves > 1500:
		return nil, errors.New("-max-saves must be 1 to 1500 (the markers must fit one free-text answer)")
	}
	return &c, nil
}

// ack is one acknowledged save.
type ack struct {
	marker  string
	version int
	at      time.Duration
}

// save is one save as the save log records it.
type save struct {
	sent    time.Time
	latency time.Duration
	status  int
}

// writeSaveLog writes every stream's saves to name.
func writeSaveLog(name string, streams []*stream) error {
	var b strings.Builder
	for _, s := range streams {
		for _, sv := range s.saves {
			fmt.Fprintf(&b, "%d %.3f %d\n", sv.sent.UnixMilli(), float64(sv.latency.Microseconds())/1000, sv.status)
		}
	}
	if err := os.WriteFile(name, []byte(b.String()), 0o644); err != nil {
		return fmt.Errorf("write the save log: %w", err)
	}
	return nil
}

// stream is one student saving their own set.
type stream struct {
	*client
	email    string
	t        *target
	question int64
	text     string // the free-text answer as last stored
	stored   string // the free-text answer as read back at the end
	acks     []ack
	lost     []ack    // saves without an answer (version 0)
	refused  []string // saves answered 4xx
	reloads  int
	saves    []save
	// patience is how long a reload and the read-back keep trying.
	patience time.Duration
	log      *saveLog
}

func runAnswers(ctx context.Context, args []string) error {
	cfg, err := parseAnswers(args)
	if err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil
		}
		return err
	}
	codes := newPageSource(cfg.mailURL)
	var saves *saveLog
	if cfg.log != "" {
		if saves, err = createSaveLog(cfg.log); err != nil {
			return err
		}
	}
	err = answerStreams(ctx, cfg, codes, saves)
	return errors.Join(err, saves.close())
}

// answerStreams runs the streams and, with -verify, reads every set back.
func answerStreams(ctx context.Context, cfg *answersConfig, codes codeSource, saves *saveLog) error {

	var streams []*stream
	for _, h := range cfg.hosts {
		for _, e := range cfg.emails {
			n := len(streams)
			streams = append(streams, &stream{email: emailOf(e, 0, h), patience: cfg.patience, log: saves,
				client: newClient(cfg.base, clientAddr(79, n), h)})
		}
	}
	var wg sync.WaitGroup
	errs := make([]error, len(streams))
	for i, s := range streams {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[i] = s.setup(ctx, codes)
		}()
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return fmt.Errorf("set-up: %w", err)
	}
	fmt.Printf("answers: %d streams (%d students in %s), saving for %s\n", len(streams), len(cfg.emails), strings.Join(cfg.hosts, ", "), cfg.duration)

	start := time.Now()
	rctx, cancel := context.WithTimeout(ctx, cfg.duration)
	defer cancel()
	if cfg.stopFile != "" {
		go cancelOnFile(rctx, cancel, cfg.stopFile, 100*time.Millisecond)
	}
	for _, s := range streams {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s.run(rctx, ctx, start, cfg)
		}()
	}
	wg.Wait()
	if ctx.Err() != nil {
		return ctx.Err()
	}
	elapsed := time.Since(start)
	if cfg.saveLog != "" {
		if err := writeSaveLog(cfg.saveLog, streams); err != nil {
			return err
		}
	}
	if cfg.verify == nil {
		acked := 0
		for _, s := range streams {
			acked += len(s.acks)
		}
		fmt.Printf("\n%d saves acknowledged in %.1fs, recorded in %s (not read back: no -verify)\n", acked, elapsed.Seconds(), cfg.log)
		return nil
	}

	// Read every set back from the surviving replica.
	failed := false
	fmt.Printf("\n%-34s %-18s %6s %6s %7s %7s %8s %8s %s\n", "student", "school", "acked", "lost", "refused", "reloads", "last ack", "stored", "check")
	totalAcked, totalLost := 0, 0
	for _, s := range streams {
		verdict := s.verify(ctx, cfg.verify, elapsed)
		if verdict != "ok" {
			failed = true
		}
		last := 0
		if len(s.acks) > 0 {
			last = s.acks[len(s.acks)-1].version
		}
		fmt.Printf("%-34s %-18s %6d %6d %7d %7d %8d %8d %s\n", s.email, s.host, len(s.acks), len(s.lost), len(s.refused), s.reloads, last, s.t.version, verdict)
		totalAcked += len(s.acks)
		totalLost += len(s.lost)
		for i, r := range s.refused {
			if i < 3 {
				fmt.Println("  refused:", r)
			}
		}
		for _, l := range s.lost {
			fate := "not stored"
			if strings.Contains(s.stored, ";"+l.marker) {
				fate = "stored all the same: the replica committed it before it died"
			}
			fmt.Printf("  save %s at %.2fs got no answer (not acknowledged; the client retries it): %s\n", strings.TrimSuffix(l.marker, ";"), l.at.Seconds(), fate)
		}
	}
	fmt.Printf("\n%d saves acknowledged and %d without an answer in %.1fs; ", totalAcked, totalLost, elapsed.Seconds())
	if failed {
		fmt.Println("FAILED")
		return errors.New("an acknowledged save is missing, a save was refused, or the service did not recover")
	}
	fmt.Println("every acknowledged save is stored")
	return nil
}

// setup signs the student in and reads their set and a free-text question.
func (s *stream) setup(ctx context.Context, codes codeSource) error {
	if err := s.signIn(ctx, s.email, codes); err != nil {
		return fmt.Errorf("%s on %s: %w", s.email, s.host, err)
	}
	t, f, err := s.studentTarget(ctx)
	if err != nil {
		return fmt.Errorf("%s on %s: %w", s.email, s.host, err)
	}
	_, text := f.questions()
	if len(text) == 0 {
		return fmt.Errorf("%s on %s: the main form has no free-text question", s.email, s.host)
	}
	s.t, s.question = t, text[len(text)-1]
	// Start the answer afresh, so that the markers fit: ";1;2;3;…".
	s.text = ";"
	var set answerSet
	sent := time.Now()
	if _, err := s.do(ctx, "", http.MethodPost, "/api/answers", saveBody{AssignmentID: t.assignmentID, StudentUserID: t.studentID,
		Version: t.version, Answers: []answer{{FormQuestionID: s.question, Value: &s.text}}}, &set); err != nil {
		return fmt.Errorf("%s on %s: start the answer afresh: %w", s.email, s.host, err)
	}
	s.t.setID, s.t.version = set.ID, set.Version
	s.record(0, s.text, sent, true)
	return nil
}

// record writes one save to the save log.
func (s *stream) record(n int, value string, sent time.Time, acked bool) {
	r := saveRecord{Host: s.host, Email: s.email, Set: s.t.setID, Question: s.question, N: n, Value: value, Sent: sent}
	if acked {
		at := time.Now()
		r.Acked = &at
	}
	s.log.add(r)
}

// run saves until ctx ends. parent outlives ctx: reloads after the last
// lost save still complete.
func (s *stream) run(ctx, parent context.Context, start time.Time, cfg *answersConfig) {
	for n := 1; n <= cfg.maxSaves && ctx.Err() == nil; n++ {
		if n > 1 && cfg.pause > 0 {
			select {
			case <-ctx.Done():
				return
			case <-time.After(cfg.pause):
			}
		}
		marker := fmt.Sprintf("%d;", n)
		value := s.text + marker
		var set answerSet
		sent := time.Now()
		code, err := s.do(ctx, "", http.MethodPost, "/api/answers", saveBody{AssignmentID: s.t.assignmentID, StudentUserID: s.t.studentID,
			Version: s.t.version, Answers: []answer{{FormQuestionID: s.question, Value: &value}}}, &set)
		at := time.Since(start)
		if err != nil {
			code = statusOf(err)
		}
		if ctx.Err() == nil {
			s.saves = append(s.saves, save{sent: sent, latency: time.Since(sent), status: code})
		}
		s.record(n, value, sent, err == nil)
		switch st := statusOf(err); {
		case err == nil:
			s.acks = append(s.acks, ack{marker: marker, version: set.Version, at: at})
			s.text, s.t.setID, s.t.version = value, set.ID, set.Version
		case ctx.Err() != nil:
			// Cut off by the end of the run: neither acknowledged nor lost.
			if s.reload(parent) != nil {
				return
			}
		case st >= 400 && st < 500:
			s.refused = append(s.refused, err.Error())
			if s.reload(parent) != nil {
				return
			}
		default:
			s.lost = append(s.lost, ack{marker: marker, at: at})
			if s.reload(parent) != nil {
				return
			}
		}
	}
}

// reload reads the stored set (through the load balancer, retrying until it
// answers or ctx ends) and carries on from it.
func (s *stream) reload(ctx context.Context) error {
	s.reloads++
	deadline := time.Now().Add(s.patience)
	for {
		set, err := s.read(ctx, s.client)
		if err == nil {
			s.t.version = set.Version
			s.text = valueOf(set, s.question)
			return nil
		}
		if time.Now().After(deadline) || ctx.Err() != nil {
			return err
		}
		time.Sleep(100 * time.Millisecond)
	}
}

func (s *stream) read(ctx context.Context, c *client) (*answerSet, error) {
	var set answerSet
	if _, err := c.do(ctx, "", http.MethodGet, fmt.Sprintf("/api/answers/%d", s.t.setID), nil, &set); err != nil {
		return nil, err
	}
	return &set, nil
}

func valueOf(set *answerSet, question int64) string {
	for _, a := range set.Answers {
		if a.FormQuestionID == question && a.Value != nil {
			return *a.Value
		}
	}
	return ""
}

// verify reads the set from the surviving replica and checks it.
func (s *stream) verify(ctx context.Context, base *url.URL, elapsed time.Duration) string {
	c := newClient(base, nil, s.host)
	c.token = s.token
	set, err := s.read(ctx, c)
	for deadline := time.Now().Add(s.patience); err != nil && time.Now().Before(deadline) && ctx.Err() == nil; {
		time.Sleep(200 * time.Millisecond)
		set, err = s.read(ctx, c)
	}
	if err != nil {
		return "FAILED: cannot read back: " + err.Error()
	}
	s.t.version = set.Version
	stored := valueOf(set, s.question)
	s.stored = stored
	var problems []string
	missing := 0
	for _, a := range s.acks {
		if !strings.Contains(stored, ";"+a.marker) {
			missing++
		}
	}
	if missing > 0 {
		problems = append(problems, fmt.Sprintf("%d acknowledged saves missing", missing))
	}
	if n := len(s.acks); n > 0 && set.Version < s.acks[n-1].version {
		problems = append(problems, fmt.Sprintf("version %d is older than the last acknowledged %d", set.Version, s.acks[n-1].version))
	}
	if len(s.refused) > 0 {
		problems = append(problems, fmt.Sprintf("%d saves refused", len(s.refused)))
	}
	if n := len(s.acks); n == 0 || s.acks[n-1].at < elapsed*3/4 {
		problems = append(problems, "no save acknowledged in the last quarter of the run")
	}
	if len(problems) > 0 {
		return "FAILED: " + strings.Join(problems, "; ")
	}
	return "ok"
}

// cancelOnFile calls cancel once path exists, looking every interval, and
// returns when it has or when ctx ends.
func cancelOnFile(ctx context.Context, cancel context.CancelFunc, path string, interval time.Duration) {
	tick := time.NewTicker(interval)
	defer tick.Stop()
	for {
		if _, err := os.Stat(path); err == nil {
			cancel()
			return
		}
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
	}
}
