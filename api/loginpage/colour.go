package loginpage

import (
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
)

// These follow the web app's theme (frontend/src/theme/buildTheme.ts and
// contrast.ts), so the page the server writes has the colours React then
// draws: the same fallbacks, the same AA text colour on the school's
// colours, and the same darkened primary colour for links.
const (
	defaultPrimary   = "#00509E"
	defaultSecondary = "#E0A800"
	pageBackground   = "#f4f6f8"
	paperBackground  = "#ffffff"
	white            = "#ffffff"
	black            = "#000000"
	aaTextContrast   = 4.5
)

var hexColour = regexp.MustCompile(`(?i)^#(?:[0-9a-f]{3}|[0-9a-f]{6})$`)

// validColour is the colour when it is a CSS hex colour, else the fallback
// (the registry is edited by people).
func validColour(value, fallback string) string {
	v := strings.TrimSpace(value)
	if hexColour.MatchString(v) {
		return v
	}
	return fallback
}

// rgb is a colour's red, green and blue channels, 0 to 255.
type rgb [3]float64

// parseColour reads a hex colour or an "rgb(r, g, b)" of darken.
func parseColour(c string) rgb {
	if strings.HasPrefix(c, "rgb(") {
		var out rgb
		parts := strings.Split(strings.TrimSuffix(strings.TrimPrefix(c, "rgb("), ")"), ",")
		for i := 0; i < 3 && i < len(parts); i++ {
			out[i], _ = strconv.ParseFloat(strings.TrimSpace(parts[i]), 64)
		}
		return out
	}
	h := strings.TrimPrefix(c, "#")
	if len(h) == 3 {
		h = string([]byte{h[0], h[0], h[1], h[1], h[2], h[2]})
	}
	var out rgb
	for i := range 3 {
		v, _ := strconv.ParseUint(h[2*i:2*i+2], 16, 8)
		out[i] = float64(v)
	}
	return out
}

// luminance is the WCAG relative luminance, rounded to three places as
// MUI's getLuminance rounds it.
func luminance(c string) float64 {
	ch := parseColour(c)
	var lin [3]float64
	for i, v := range ch {
		v /= 255
		if v <= 0.03928 {
			lin[i] = v / 12.92
		} else {
			lin[i] = math.Pow((v+0.055)/1.055, 2.4)
		}
	}
	l := 0.2126*lin[0] + 0.7152*lin[1] + 0.0722*lin[2]
	return math.Round(l*1000) / 1000
}

// contrastRatio is the WCAG contrast ratio between two colours (1 to 21).
func contrastRatio(a, b string) float64 {
	la, lb := luminance(a), luminance(b)
	return (math.Max(la, lb) + 0.05) / (math.Min(la, lb) + 0.05)
}

// pickContrastText is the text colour on a background: white when it
// reaches AA, else whichever of white and black contrasts more.
func pickContrastText(background string) string {
	onWhite := contrastRatio(white, background)
	if onWhite >= aaTextContrast {
		return white
	}
	if contrastRatio(black, background) > onWhite {
		return black
	}
	return white
}

// darken scales each channel by 1-coefficient and drops the fraction, as
// MUI's darken does.
func darken(c string, coefficient float64) string {
	ch := parseColour(c)
	for i := range ch {
		ch[i] = math.Trunc(ch[i] * (1 - coefficient))
	}
	return fmt.Sprintf("rgb(%d, %d, %d)", int(ch[0]), int(ch[1]), int(ch[2]))
}

// ensureContrast darkens a colour in steps until it reaches AA against the
// page and paper backgrounds; black when no step does.
func ensureContrast(c string) string {
	passes := func(candidate string) bool {
		return contrastRatio(candidate, pageBackground) >= aaTextContrast &&
			contrastRatio(candidate, paperBackground) >= aaTextContrast
	}
	candidate := c
	for step := 1; step <= 20 && !passes(candidate); step++ {
		candidate = darken(c, float64(step)*0.05)
	}
	if passes(candidate) {
		return candidate
	}
	return black
}

// palette is the colours the login page draws with.
type palette struct {
	Primary, OnPrimary, Secondary, PrimaryText string
}

// paletteOf is a school's palette from its two colours.
func paletteOf(primary, secondary string) palette {
	p := validColour(primary, defaultPrimary)
	return palette{
		Primary:     p,
		OnPrimary:   pickContrastText(p),
		Secondary:   validColour(secondary, defaultSecondary),
		PrimaryText: ensureContrast(p),
	}
}
