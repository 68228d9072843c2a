package main

import (
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

func TestWorkersRunOverlappingJobsAtOnce(t *testing.T) {
	// Open loop must never hold a request back for a free worker: jobs
	// that wait for each other all finish only if all run at once.
	for _, n := range []int{1, 5, 50} {
		var pool workers
		var all sync.WaitGroup
		all.Add(n)
		var done atomic.Int64
		for range n {
			pool.run(func() {
				all.Done()
				all.Wait()
				done.Add(1)
			})
		}
		finished := make(chan struct{})
		go func() { pool.wait(); close(finished) }()
		select {
		case <-finished:
		case <-time.After(10 * time.Second):
			t.Fatalf("%d overlapping jobs: not all ran at once", n)
		}
		if got := done.Load(); got != int64(n) {
			t.Fatalf("%d jobs: %d finished before wait returned", n, got)
		}
	}
}

func TestWorkersReuseIdleWorkers(t *testing.T) {
	// Jobs one after another, each given once the one before has ended,
	// run on the same few workers rather than one each.
	var pool workers
	const jobs = 40
	var ran atomic.Int64
	for range jobs {
		finished := make(chan struct{})
		pool.run(func() { ran.Add(1); close(finished) })
		<-finished
		// Let the worker get back to waiting for the next job.
		time.Sleep(5 * time.Millisecond)
	}
	pool.wait()
	if ran.Load() != jobs {
		t.Fatalf("ran %d of %d jobs", ran.Load(), jobs)
	}
	if got := pool.started.Load(); got > jobs/4 {
		t.Fatalf("%d workers started for %d jobs one after another; want idle ones reused", got, jobs)
	}
}

func TestFeedShareBounds(t *testing.T) {
	for _, c := range []struct {
		share string
		ok    bool
	}{{"0", true}, {"0.05", true}, {"0.5", true}, {"-0.1", false}, {"0.6", false}} {
		cfg, err := parseMix([]string{"-feed-share", c.share})
		if (err == nil) != c.ok {
			t.Errorf("-feed-share %s: %v, want ok %v", c.share, err, c.ok)
			continue
		}
		if c.ok && c.share == "0.05" {
			if u, _, err := newUsers(cfg, cfg.base, 1); err != nil || u[0].feedPermille != 50 {
				t.Errorf("-feed-share 0.05: users %v (%v), want 50 requests per thousand fetching the feed", u, err)
			}
		}
	}
}

func TestWorkersWaitWithoutJobs(t *testing.T) {
	var pool workers
	pool.wait()
	if pool.started.Load() != 0 {
		t.Fatal("a worker started without a job")
	}
}
