package request

import "testing"

// Of the Prefer header (RFC 7240), only return=minimal as the first return
// preference asks for the minimal answer; names and values in any case, a
// value quoted or not, parameters and other preferences beside it.
func TestPrefersMinimal(t *testing.T) {
	for _, tc := range []struct {
		prefer string
		want   bool
	}{
		{"", false},
		{"return=minimal", true},
		{"Return=Minimal", true},
		{`return="minimal"`, true},
		{" return = minimal ", true},
		{"respond-async, wait=10, return=minimal", true},
		{"return=minimal; foo=bar", true},
		{"return=representation", false},
		{"return=representation, return=minimal", false},
		{"return=minimal, return=representation", true},
		{"return", false},
		{"returns=minimal", false},
		{"minimal", false},
	} {
		if got := PrefersMinimal(tc.prefer); got != tc.want {
			t.Errorf("PrefersMinimal(%q) = %v, want %v", tc.prefer, got, tc.want)
		}
	}
}
