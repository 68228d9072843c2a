// Package goldenfile keeps the golden files that tests compare their output
// with. Each test package declares its own -update flag (a flag registered
// here would clash with theirs) and passes its value in.
package goldenfile

import (
	"os"
	"testing"
)

// Read returns the golden file at path. With update set it first writes got
// there, so that a reviewed change of the output becomes the new golden file.
func Read(t testing.TB, path string, got []byte, update bool) []byte {
	t.Helper()
	if update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("read %s (run the test with -update to create it): %v", path, err)
	}
	return want
}
