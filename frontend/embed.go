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
