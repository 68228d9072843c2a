package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"sort"
	"strings"
	"sync"
	"time"

	json "github.com/goccy/go-json"
	"github.com/jackc/pgx/v5"
)

// saveRecord is one save as the answers check sent it: the set and question
// it wrote, its place in the student's stream (0 for the save that starts
// the answer afresh), the whole free-text value sent, when it was sent and,
// when it was acknowledged (200 or 201), when the answer came.
type saveRecord struct {
	Host     string     `json:"host"`
	Email    string     `json:"email"`
	Set      int64      `json:"set"`
	Question int64      `json:"question"`
	N        int        `json:"n"`
	Value    string     `json:"value"`
	Sent     time.Time  `json:"sent"`
	Acked    *time.Time `json:"acked,omitempty"`
}

// saveLog writes one JSON line per save, so that a database restored to a
// moment can be checked against what the students were told.
type saveLog struct {
	mu  sync.Mutex
	f   *os.File
	w   *bufio.Writer
	err error
}

func createSaveLog(path string) (*saveLog, error) {
	f, err := os.Create(path)
	if err != nil {
		return nil, fmt.Errorf("save log: %w", err)
	}
	return &saveLog{f: f, w: bufio.NewWriter(f)}, nil
}

// add appends r; a nil log records nothing. The line is flushed at once: a
// run cut short keeps every acknowledgement it had.
func (l *saveLog) add(r saveRecord) {
	if l == nil {
		return
	}
	b, err := json.Marshal(r)
	l.mu.Lock()
	defer l.mu.Unlock()
	if err == nil {
		_, err = l.w.Write(append(b, '\n'))
	}
	if err == nil {
		err = l.w.Flush()
	}
	if err != nil && l.err == nil {
		l.err = fmt.Errorf("save log: %w", err)
	}
}

func (l *saveLog) close() error {
	if l == nil {
		return nil
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	return errors.Join(l.err, l.w.Flush(), l.f.Close())
}

// verifyConfig is the flags of the check of a restored database.
type verifyConfig struct {
	log, db    string
	at, until  time.Time
	lossWindow time.Duration
}

func parseVerify(args []string) (*verifyConfig, error) {
	fs := flag.NewFlagSet("loadgen verify", flag.ContinueOnError)
	fs.Usage = func() {
		fmt.Fprint(fs.Output(), `usage: loadgen verify -log FILE -db URL -at TIME [-until TIME] [-loss-window D]

Checks a database restored from a backup against the record of saves that
loadgen answers -log wrote. For every student's set it reads the stored
free-text answer straight from the database (-db, a postgres:// URL; the
school found by the host) and finds the save it is the value of.

With -until (a restore to a moment T taken between -at and -until): the
stored value must be that of the last save acknowledged before -at, or of a
later save sent before -until (committed before T, answered after it), and
so every save acknowledged before -at is there, and nothing sent after
-until is.

Without -until (the newest state restored after the database's disk was
lost at -at): the saves acknowledged but missing are counted as lost, and
each must have been acknowledged within -loss-window before -at (what the
WAL not yet archived held).

Prints the saves checked, those missing, and the gap between -at and the
newest change restored. Exit status 0 only when the check holds.

Flags:
`)
		fs.PrintDefaults()
	}
	var c verifyConfig
	at := fs.String("at", "", "the moment (RFC 3339): saves acknowledged before it must be there")
	until := fs.String("until", "", "with a restore to a moment: saves sent after it (RFC 3339) must not be there")
	fs.StringVar(&c.log, "log", "", "the save log written by loadgen answers -log")
	fs.StringVar(&c.db, "db", "", "postgres:// URL of the restored database")
	fs.DurationVar(&c.lossWindow, "loss-window", 0, "without -until: how long before -at a missing acknowledged save may have been acknowledged")
	if err := fs.Parse(args); err != nil {
		return nil, err
	}
	if fs.NArg() > 0 {
		return nil, fmt.Errorf("unexpected arguments: %v", fs.Args())
	}
	var err error
	switch {
	case c.log == "" || c.db == "":
		return nil, errors.New("-log and -db are required")
	case !strings.HasPrefix(c.db, "postgres://") && !strings.HasPrefix(c.db, "postgresql://"):
		return nil, errors.New("-db must be a postgres:// URL")
	}
	if c.at, err = time.Parse(time.RFC3339Nano, *at); err != nil {
		return nil, fmt.Errorf("-at: %w", err)
	}
	if *until != "" {
		if c.until, err = time.Parse(time.RFC3339Nano, *until); err != nil {
			return nil, fmt.Errorf("-until: %w", err)
		}
		if c.until.Before(c.at) {
			return nil, errors.New("-until must not be before -at")
		}
	}
	if c.lossWindow < 0 {
		return nil, errors.New("-loss-window must not be negative")
	}
	return &c, nil
}

// setKey names one stream's answer.
type setKey struct {
	host          string
	set, question int64
}

// readSaveLog groups the records by set, each group in stream order.
func readSaveLog(path string) (map[setKey][]saveRecord, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("save log: %w", err)
	}
	defer f.Close()
	out := map[setKey][]saveRecord{}
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 0, 64<<10), 1<<20)
	for line := 1; sc.Scan(); line++ {
		var r saveRecord
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			return nil, fmt.Errorf("save log line %d: %w", line, err)
		}
		k := setKey{r.Host, r.Set, r.Question}
		out[k] = append(out[k], r)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("save log: %w", err)
	}
	for _, rs := range out {
		sort.SliceStable(rs, func(i, j int) bool { return rs[i].N < rs[j].N })
	}
	return out, nil
}

// setVerdict is what one set's check found.
type setVerdict struct {
	acked, missing int
	// oldestMissing is the acknowledgement time of the oldest missing save.
	oldestMissing time.Time
	problem       string
}

// judge checks one set's stored value against its saves. found reports
// whether the set's answer is in the database at all.
func judge(c *verifyConfig, rs []saveRecord, stored string, found bool) setVerdict {
	var v setVerdict
	match := -1
	if found {
		// The newest save whose value is the one stored: a reload can make
		// two saves send the same text, the later one is what was kept.
		for i := len(rs) - 1; i >= 0; i-- {
			if rs[i].Value == stored {
				match = i
				break
			}
		}
	}
	for i, r := range rs {
		if r.Acked == nil || !r.Acked.Before(c.at) {
			continue
		}
		v.acked++
		if i > match {
			v.missing++
			if v.oldestMissing.IsZero() || r.Acked.Before(v.oldestMissing) {
				v.oldestMissing = *r.Acked
			}
		}
	}
	switch {
	case !found:
		v.problem = "the answer is not in the database"
	case match < 0:
		v.problem = fmt.Sprintf("the stored value (%d characters) is no save's", len(stored))
	case !c.until.IsZero() && !rs[match].Sent.Before(c.until):
		v.problem = fmt.Sprintf("save %d, sent at %s after the moment, is there", rs[match].N, rs[match].Sent.Format(time.RFC3339Nano))
	case !c.until.IsZero() && v.missing > 0:
		v.problem = fmt.Sprintf("%d saves acknowledged before the moment are missing", v.missing)
	case c.until.IsZero() && v.missing > 0 && v.oldestMissing.Before(c.at.Add(-c.lossWindow)):
		v.problem = fmt.Sprintf("a save acknowledged %.1fs before the loss is missing (more than -loss-window %s)",
			c.at.Sub(v.oldestMissing).Seconds(), c.lossWindow)
	}
	return v
}

func runVerify(ctx context.Context, args []string) error {
	c, err := parseVerify(args)
	if err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil
		}
		return err
	}
	sets, err := readSaveLog(c.log)
	if err != nil {
		return err
	}
	if len(sets) == 0 {
		return errors.New("the save log holds no saves")
	}
	conn, err := pgx.Connect(ctx, c.db)
	if err != nil {
		return fmt.Errorf("connect to the restored database: %w", err)
	}
	defer conn.Close(ctx)

	keys := make([]setKey, 0, len(sets))
	for k := range sets {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		if keys[i].host != keys[j].host {
			return keys[i].host < keys[j].host
		}
		return keys[i].set < keys[j].set
	})
	var newest time.Time
	acked, missing, failed := 0, 0, 0
	var oldestMissing time.Time
	for _, k := range keys {
		var schema string
		if err := conn.QueryRow(ctx, `SELECT t.schema_name FROM control.tenants t
			JOIN control.tenant_hosts h ON h.tenant_id = t.id WHERE h.host = $1`, k.host).Scan(&schema); err != nil {
			return fmt.Errorf("the school of %s in the restored database: %w", k.host, err)
		}
		var stored string
		var updated time.Time
		found := true
		err := conn.QueryRow(ctx, fmt.Sprintf(`SELECT coalesce(value, ''), updated_at FROM %s.answers
			WHERE answer_set_id = $1 AND question_id = $2`, pgx.Identifier{schema}.Sanitize()), k.set, k.question).Scan(&stored, &updated)
		if errors.Is(err, pgx.ErrNoRows) {
			found = false
		} else if err != nil {
			return fmt.Errorf("set %d of %s: %w", k.set, k.host, err)
		}
		if found && updated.After(newest) {
			newest = updated
		}
		v := judge(c, sets[k], stored, found)
		acked += v.acked
		missing += v.missing
		if v.missing > 0 && (oldestMissing.IsZero() || v.oldestMissing.Before(oldestMissing)) {
			oldestMissing = v.oldestMissing
		}
		if v.problem != "" {
			failed++
			fmt.Printf("%s (%s, set %d): FAILED: %s\n", sets[k][0].Email, k.host, k.set, v.problem)
		}
	}
	fmt.Printf("verify: %d sets, %d saves acknowledged before %s, %d of them missing\n",
		len(keys), acked, c.at.Format(time.RFC3339Nano), missing)
	if missing > 0 {
		fmt.Printf("verify: the oldest missing save was acknowledged %.2fs before %s\n", c.at.Sub(oldestMissing).Seconds(), c.at.Format(time.RFC3339Nano))
	}
	if !newest.IsZero() {
		// The moment restored to was set by -until at the latest.
		moment := c.at
		if !c.until.IsZero() {
			moment = c.until
		}
		fmt.Printf("verify: newest change restored at %s, %.2fs before %s\n", newest.Format(time.RFC3339Nano),
			moment.Sub(newest).Seconds(), moment.Format(time.RFC3339Nano))
	}
	if failed > 0 {
		return fmt.Errorf("%d of %d sets do not match the record of saves", failed, len(keys))
	}
	fmt.Println("verify: ok")
	return nil
}
