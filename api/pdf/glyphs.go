package pdf

import (
	"fmt"
	"strings"
	"sync"
	"unicode"

	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/text/unicode/norm"
)

// The PDF library draws nothing for a character its font lacks, without an
// error, so an emoji in a comment or a name in another script would vanish
// from an archived result as if it had never been written. drawable keeps a
// trace of each: what the fonts cannot draw is written as its code point.

// fonts are the document's fonts, parsed once, to ask which characters they
// draw.
var fonts = sync.OnceValues(func() ([]*sfnt.Font, error) {
	var out []*sfnt.Font
	for _, ttf := range [][]byte{goregular.TTF, gobold.TTF} {
		f, err := sfnt.Parse(ttf)
		if err != nil {
			return nil, fmt.Errorf("parse the document's font: %w", err)
		}
		out = append(out, f)
	}
	return out, nil
})

// coverage remembers, per character, whether every font draws it.
var coverage = struct {
	sync.Mutex
	known map[rune]bool
	buf   sfnt.Buffer
}{known: map[rune]bool{}}

// covered reports whether both the regular and the bold font draw r.
func covered(r rune) (bool, error) {
	fs, err := fonts()
	if err != nil {
		return false, err
	}
	coverage.Lock()
	defer coverage.Unlock()
	if ok, seen := coverage.known[r]; seen {
		return ok, nil
	}
	ok := true
	for _, f := range fs {
		i, err := f.GlyphIndex(&coverage.buf, r)
		if err != nil {
			return false, fmt.Errorf("look up %U in the document's font: %w", r, err)
		}
		ok = ok && i != 0
	}
	coverage.known[r] = ok
	return ok, nil
}

// invisible reports a character that shows nothing by itself and is left
// out: a control character other than a line break, a format character
// (zero-width space, soft hyphen, the joiner of emoji sequences) and a
// variation selector (which picks the emoji or text form of the one before).
func invisible(r rune) bool {
	return r != '\n' && unicode.IsControl(r) || unicode.Is(unicode.Cf, r) ||
		unicode.Is(unicode.Variation_Selector, r)
}

// drawable is s as the document's fonts can draw it: composed (NFC), so that
// a letter typed as a base and an accent is drawn as the one letter; a tab
// as spaces; invisible characters left out; and each run of characters the
// fonts lack written as their code points in brackets ("Bra jobba
// [U+1F44D]"), so that the reader sees that something stood there and what.
func drawable(s string) (string, error) {
	s = norm.NFC.String(strings.ReplaceAll(s, "\t", "    "))
	var b strings.Builder
	var missing []string
	flush := func() {
		if len(missing) > 0 {
			b.WriteString("[" + strings.Join(missing, " ") + "]")
			missing = missing[:0]
		}
	}
	for _, r := range s {
		if r == '\n' {
			flush()
			b.WriteRune(r)
			continue
		}
		if invisible(r) {
			continue
		}
		ok, err := covered(r)
		if err != nil {
			return "", err
		}
		if ok || unicode.IsSpace(r) {
			flush()
			if !ok {
				r = ' ' // a space of a kind the fonts lack
			}
			b.WriteRune(r)
			continue
		}
		missing = append(missing, fmt.Sprintf("%U", r))
	}
	flush()
	return b.String(), nil
}
