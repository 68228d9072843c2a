package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"time"

	"github.com/praksis/praksis/dev/mailcatcher"
)

// codeSource finds the one-time code e-mailed to an address after a time.
type codeSource interface {
	// code returns the code of the first e-mail to email sent after since,
	// and when the sink received it.
	code(ctx context.Context, email string, since time.Time) (string, time.Time, error)
}

var codePattern = regexp.MustCompile(`\b(\d{6})\b`)

// findCode returns the code in the newest message to email sent at or after
// since ("" when none yet). msgs are newest first.
func findCode(msgs []mailcatcher.Caught, email string, since time.Time) (string, time.Time) {
	for _, m := range msgs {
		if m.SentAt.Before(since) || !strings.EqualFold(strings.TrimSpace(m.To), email) {
			continue
		}
		if sm := codePattern.FindStringSubmatch(m.Text); sm != nil {
			return sm[1], m.SentAt
		}
	}
	return "", time.Time{}
}

// catcherSource is a mail catcher in this process: the server under load
// sends its e-mail here (SMTP_URL=smtp://<its address>).
type catcherSource struct{ c *mailcatcher.Catcher }

func (s catcherSource) code(ctx context.Context, email string, since time.Time) (string, time.Time, error) {
	tick := time.NewTicker(20 * time.Millisecond)
	defer tick.Stop()
	for {
		if code, at := findCode(s.c.Messages(), email, since); code != "" {
			return code, at, nil
		}
		select {
		case <-ctx.Done():
			return "", time.Time{}, fmt.Errorf("no e-mail with a code arrived: %w", ctx.Err())
		case <-tick.C:
		}
	}
}

// pageSource reads the development catcher's GET /dev/mail/messages.
type pageSource struct {
	http *http.Client
	url  string
}

func newPageSource(base *url.URL) pageSource {
	return pageSource{http: newHTTPClient(nil, 2), url: base.String() + "/dev/mail/messages"}
}

func (s pageSource) code(ctx context.Context, email string, since time.Time) (string, time.Time, error) {
	for {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, s.url, nil)
		if err != nil {
			return "", time.Time{}, err
		}
		if resp, err := s.http.Do(req); err == nil {
			data, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			var msgs []mailcatcher.Caught
			if resp.StatusCode == http.StatusOK && json.Unmarshal(data, &msgs) == nil {
				if code, at := findCode(msgs, email, since); code != "" {
					return code, at, nil
				}
			}
		}
		select {
		case <-ctx.Done():
			return "", time.Time{}, fmt.Errorf("no e-mail with a code arrived at %s: %w", s.url, ctx.Err())
		case <-time.After(200 * time.Millisecond):
		}
	}
}
