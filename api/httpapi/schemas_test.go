package httpapi

import (
	"net/http"
	"sort"
	"strconv"
	"testing"
)

// Every operation of the document says what it takes and what it answers:
// a schema for its request body where it takes one, and for each documented
// answer that has a body.
func TestEveryOperationHasSchemas(t *testing.T) {
	f := newFixture(t)
	doc := f.srv.Router().OpenAPI()
	paths, _ := doc["paths"].(map[string]any)
	var missing []string
	for path, item := range paths {
		for method, op := range item.(map[string]any) {
			opm, _ := op.(map[string]any)
			if body, ok := opm["requestBody"].(map[string]any); ok {
				for ct, media := range body["content"].(map[string]any) {
					if s, _ := media.(map[string]any)["schema"].(map[string]any); len(s) == 0 {
						missing = append(missing, method+" "+path+" request "+ct)
					}
				}
			}
			for status, resp := range opm["responses"].(map[string]any) {
				code, _ := strconv.Atoi(status)
				if code == http.StatusNoContent || code == http.StatusNotModified || (code >= 300 && code < 400) {
					continue
				}
				content, _ := resp.(map[string]any)["content"].(map[string]any)
				if len(content) == 0 && resp.(map[string]any)["x-no-body"] != true {
					missing = append(missing, method+" "+path+" "+status+": no content")
				}
				for ct, media := range content {
					if s, _ := media.(map[string]any)["schema"].(map[string]any); len(s) == 0 {
						missing = append(missing, method+" "+path+" "+status+" "+ct)
					}
				}
			}
		}
	}
	sort.Strings(missing)
	for _, m := range missing {
		t.Errorf("no schema: %s", m)
	}
}
