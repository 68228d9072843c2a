// Package download names files the API sends back, so that browsers save
// or show them under a readable name whatever letters the name holds.
package download

import (
	"fmt"
	"strings"
	"unicode"
)

var ascii = strings.NewReplacer("æ", "ae", "ø", "o", "å", "a", "Æ", "Ae", "Ø", "O", "Å", "A")

// asciiName is the fallback name for clients that do not read RFC 5987:
// Norwegian letters spelt out, anything else outside printable ASCII (and
// the quote and backslash that would break the header) replaced by '_'.
func asciiName(name string) string {
	name = ascii.Replace(name)
	var b strings.Builder
	for _, r := range name {
		if r < 0x20 || r > 0x7e || r == '"' || r == '\\' {
			b.WriteByte('_')
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// Disposition makes a Content-Disposition value: kind is "inline" or
// "attachment". It carries the name twice, as a plain ASCII filename and as
// the exact UTF-8 name in filename* (RFC 5987/6266), which browsers prefer.
func Disposition(kind, name string) string {
	name = Clean(name)
	return kind + `; filename="` + asciiName(name) + `"; filename*=UTF-8''` + encode5987(name)
}

// encode5987 percent-encodes every byte that is not an attr-char of
// RFC 5987.
func encode5987(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9',
			strings.IndexByte("!#$&+-.^_`|~", c) >= 0:
			b.WriteByte(c)
		default:
			fmt.Fprintf(&b, "%%%02X", c)
		}
	}
	return b.String()
}

// Clean strips what must never be in a file name someone else chose: path
// parts, control characters and surrounding blanks.
func Clean(name string) string {
	if i := strings.LastIndexAny(name, `/\`); i >= 0 {
		name = name[i+1:]
	}
	name = strings.Map(func(r rune) rune {
		if unicode.IsControl(r) {
			return -1
		}
		return r
	}, name)
	return strings.TrimSpace(name)
}
