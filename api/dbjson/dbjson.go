// Package dbjson decodes the JSON that Postgres builds for the hot reads
// (json_agg and json_build_object over a student's answer sets, a class's
// students, a form's questions).
//
// Those reads send a request's rows as one JSON document, and decoding it
// was the largest part of the server's own work per request. goccy/go-json
// decodes these shapes three to four times faster than encoding/json with
// the same struct tags and the same results; the document is machine-made
// by our own statements, so nothing here decodes what a client sent. Request
// bodies stay with encoding/json (package request), whose strict options and
// error types the API's error messages are built on.
package dbjson

import (
	json "github.com/goccy/go-json"
)

// Decode decodes raw, JSON built by one of our statements, into v.
func Decode(raw []byte, v any) error {
	return json.Unmarshal(raw, v)
}
