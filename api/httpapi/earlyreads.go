package httpapi

import (
	"crypto/sha256"
	_ "embed"
	"encoding/base64"
	"encoding/json"
	"strings"
)

// earlyReadsScript sends a signed-in page's API reads from the page itself,
// before any of the app's scripts has arrived: on a slow phone the scripts
// take seconds, and the user, the form and its answers used to be asked
// for only once they had run.
//
//go:embed earlyreads.js
var earlyReadsScript string

// earlyReadsHash is the policy's source for the one inline script a page
// may run: its hash, so no other inline script runs (and the page kept
// offline by the service worker, whatever its nonce, still runs it).
var earlyReadsHash = func() string {
	sum := sha256.Sum256([]byte(earlyReadsScript))
	return "'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"
}()

// meRead is the read every signed-in page starts with: the user and roles.
const meRead = "users/me"

// earlyReads is what the page's script needs: the path the reads are for
// (a page kept offline is another path's), the language the server sent
// the page in (the app's first render uses it unless the user chose one)
// and the API paths, relative to /api/.
type earlyReads struct {
	Path  string   `json:"path"`
	Lang  string   `json:"lang"`
	Reads []string `json:"reads"`
}

// readsForPath lists the API reads of the signed-in page at urlPath, its
// ids filled in from the path: the user first, then the page's own; nil
// for a path that is not a signed-in page.
func readsForPath(urlPath string) []string {
	route, params, ok := matchRoute(urlPath)
	if !ok {
		return nil
	}
	reads := []string{meRead}
	for _, read := range route.reads {
		segs := strings.Split(read, "/")
		for i, s := range segs {
			if strings.HasPrefix(s, ":") {
				segs[i] = params[s]
			}
		}
		reads = append(reads, strings.Join(segs, "/"))
	}
	return reads
}

// earlyReadsHead is the head's data block and script for the page at
// urlPath in lang; "" for a page that is not a signed-in page. json
// escapes <, > and & so the data cannot close its element.
func earlyReadsHead(urlPath, lang string) string {
	reads := readsForPath(urlPath)
	if reads == nil {
		return ""
	}
	data, _ := json.Marshal(earlyReads{Path: urlPath, Lang: lang, Reads: reads})
	return `<script type="application/json" id="praksis-reads">` + string(data) + `</script>` +
		`<script>` + earlyReadsScript + `</script>`
}
