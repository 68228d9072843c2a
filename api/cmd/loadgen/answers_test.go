package main

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"
)

func TestSavingStopsOnceTheStopFileExists(t *testing.T) {
	path := filepath.Join(t.TempDir(), "moved")
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	done := make(chan struct{})
	go func() {
		cancelOnFile(ctx, cancel, path, 5*time.Millisecond)
		close(done)
	}()
	time.Sleep(30 * time.Millisecond)
	if ctx.Err() != nil {
		t.Fatal("saving stopped before the file existed")
	}
	if err := os.WriteFile(path, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("saving went on after the file appeared")
	}
	if ctx.Err() != context.Canceled {
		t.Fatalf("context: %v, want canceled", ctx.Err())
	}
}

func TestStopFileWatchEndsWithTheRun(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	done := make(chan struct{})
	go func() {
		cancelOnFile(ctx, cancel, filepath.Join(t.TempDir(), "never"), 5*time.Millisecond)
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("the watch outlived the run")
	}
	if ctx.Err() != context.DeadlineExceeded {
		t.Fatalf("context: %v, want the run's deadline", ctx.Err())
	}
}
