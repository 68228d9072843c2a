// Package frontend embeds the built web app (frontend/dist) into the binary,
// so one file serves the API and the app for every school host.
package frontend

import (
	"embed"
	"io/fs"
)

//go:embed all:dist
var dist embed.FS

// Dist returns the built app, rooted at dist/. It holds only a placeholder
// until `npm run build` has run.
func Dist() fs.FS {
	sub, err := fs.Sub(dist, "dist")
	if err != nil {
		panic(err)
	}
	return sub
}

// The message catalogues of the web app, one per language, which the
// server reads to write the login page into the page it sends.
//
//go:embed src/i18n/nb.json src/i18n/nn.json src/i18n/en.json
var catalogues embed.FS

// Catalogues returns the web app's message catalogues (nb.json, nn.json,
// en.json), rooted at src/i18n.
func Catalogues() fs.FS {
	sub, err := fs.Sub(catalogues, "src/i18n")
	if err != nil {
		panic(err)
	}
	return sub
}
