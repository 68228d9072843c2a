// Package pdftest reads the text of a PDF for tests, as pdftotext (Debian
// package poppler-utils, which scripts/test installs) reads it: what a
// screen reader or a search finds in it. Golden tests compare this text, not
// the bytes, which change with every font subset and timestamp.
package pdftest

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// Text is the text of pdf laid out as on the page, without trailing
// spaces, which depend on layout details that do not matter.
func Text(t testing.TB, pdf []byte) string {
	t.Helper()
	lines := strings.Split(run(t, pdf, "-layout"), "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " ")
	}
	return strings.Join(lines, "\n")
}

// Flow is the text of pdf in reading order, without the page's layout: for
// finding a phrase that a table's columns would otherwise split.
func Flow(t testing.TB, pdf []byte) string {
	t.Helper()
	return run(t, pdf)
}

func run(t testing.TB, pdf []byte, opts ...string) string {
	t.Helper()
	if _, err := exec.LookPath("pdftotext"); err != nil {
		t.Fatalf("pdftotext is missing (Debian package poppler-utils; scripts/test installs it): %v", err)
	}
	in := filepath.Join(t.TempDir(), "doc.pdf")
	if err := os.WriteFile(in, pdf, 0o600); err != nil {
		t.Fatal(err)
	}
	args := append(append([]string{}, opts...), "-enc", "UTF-8", in, "-")
	out, err := exec.Command("pdftotext", args...).Output()
	if err != nil {
		t.Fatalf("pdftotext: %v", err)
	}
	return string(out)
}
