package results

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"time"
)

// Exporter submits an archived result to the student administration
// system. Export returns nil once the result is delivered; delivering the
// same result again must be harmless. An error wrapped in PermanentError
// says that retrying cannot help; any other error is retried.
type Exporter interface {
	Export(ctx context.Context, r Result) error
}

// PermanentError is an export failure that retrying cannot fix.
type PermanentError struct{ Err error }

// Error returns the underlying error's text.
func (e *PermanentError) Error() string { return e.Err.Error() }

// Unwrap returns the underlying error.
func (e *PermanentError) Unwrap() error { return e.Err }

// Permanent marks err as one that retrying cannot fix.
func Permanent(err error) error { return &PermanentError{Err: err} }

// IsPermanent reports whether err, or an error it wraps, is permanent.
func IsPermanent(err error) bool {
	var p *PermanentError
	return errors.As(err, &p)
}

// slugPattern is the shape of school slugs (see package tenants), checked
// again here because a slug becomes a directory name.
var slugPattern = regexp.MustCompile(`^[a-z][a-z0-9-]{1,30}$`)

// FileExporter writes each result's signed Document, followed by one line
// feed, to <dir>/<school>/<signingFormId>.json. The file appears whole or
// not at all (written to a temporary file in the same directory, synced,
// then renamed), and an existing file is never replaced: the same bytes
// again count as delivered, different bytes are refused for good.
type FileExporter struct {
	dir string
	key []byte
}

var _ Exporter = (*FileExporter)(nil)

// NewFileExporter writes results into dir, signed with key.
func NewFileExporter(dir string, key []byte) *FileExporter {
	return &FileExporter{dir: dir, key: key}
}

// Path returns where the result of a form of a school is written.
func (e *FileExporter) Path(school string, signingFormID int64) string {
	return filepath.Join(e.dir, school, fmt.Sprintf("%d.json", signingFormID))
}

// Export writes the result's file (see FileExporter).
func (e *FileExporter) Export(_ context.Context, r Result) error {
	if !slugPattern.MatchString(r.School) {
		return Permanent(fmt.Errorf("export result: %q is not a school slug", r.School))
	}
	doc, err := r.Document(e.key)
	if err != nil {
		return Permanent(err)
	}
	content := append(doc, '\n')
	final := e.Path(r.School, r.SigningFormID)
	dir := filepath.Dir(final)
	if err := os.MkdirAll(dir, 0o750); err != nil {
		return fmt.Errorf("export result: make directory of %s: %w", r.School, err)
	}
	if same, err := sameFile(final, content); err != nil || same {
		return err
	}
	tmp, err := os.CreateTemp(dir, fmt.Sprintf(".%d.json.*.tmp", r.SigningFormID))
	if err != nil {
		return fmt.Errorf("export result %s/%d: %w", r.School, r.SigningFormID, err)
	}
	defer os.Remove(tmp.Name()) // gone after the rename; removed on failure
	if _, err := tmp.Write(content); err != nil {
		tmp.Close()
		return fmt.Errorf("export result %s/%d: write: %w", r.School, r.SigningFormID, err)
	}
	if err := tmp.Chmod(0o640); err != nil {
		tmp.Close()
		return fmt.Errorf("export result %s/%d: chmod: %w", r.School, r.SigningFormID, err)
	}
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		return fmt.Errorf("export result %s/%d: sync: %w", r.School, r.SigningFormID, err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("export result %s/%d: close: %w", r.School, r.SigningFormID, err)
	}
	// Checked once more just before the rename: a result's document is the
	// same on every attempt, so only a file from elsewhere can differ.
	if same, err := sameFile(final, content); err != nil || same {
		return err
	}
	if err := os.Rename(tmp.Name(), final); err != nil {
		return fmt.Errorf("export result %s/%d: rename into place: %w", r.School, r.SigningFormID, err)
	}
	if d, err := os.Open(dir); err == nil {
		// Make the rename itself durable; some file systems cannot sync a
		// directory, and the file is in place either way.
		_ = d.Sync()
		d.Close()
	}
	return nil
}

// sameFile reports whether path holds exactly content; a different file
// there is a permanent error, no file is (false, nil).
func sameFile(path string, content []byte) (bool, error) {
	existing, err := os.ReadFile(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return false, nil
	case err != nil:
		return false, fmt.Errorf("export result: read existing %s: %w", path, err)
	case bytes.Equal(existing, content):
		return true, nil
	}
	return false, Permanent(fmt.Errorf("export result: %s exists with other content; refusing to overwrite it", path))
}

// WebhookTimeout bounds one delivery to the web hook.
const WebhookTimeout = 30 * time.Second

// WebhookExporter POSTs each result's signed Document as the body
// (Content-Type application/json) to a URL, with the headers
//
//	X-Praksis-Signature: sha256=<lower-case hex HMAC-SHA256 of the body under the key>
//	X-Praksis-Delivery:  <Result.DeliveryID, the same on every retry>
//
// Any 2xx answer is success. 408, 429, 5xx, other statuses and network
// failures are retried; any other 4xx is final (PermanentError). Redirects
// are not followed.
type WebhookExporter struct {
	url    string
	key    []byte
	client *http.Client
}

var _ Exporter = (*WebhookExporter)(nil)

// NewWebhookExporter posts results to target, signed with key, each
// attempt bounded by timeout (WebhookTimeout when 0).
func NewWebhookExporter(target string, key []byte, timeout time.Duration) *WebhookExporter {
	if timeout <= 0 {
		timeout = WebhookTimeout
	}
	return &WebhookExporter{url: target, key: key, client: &http.Client{
		Timeout:       timeout,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}}
}

// Export delivers the result (see WebhookExporter). Errors never quote the
// URL, which may hold a secret in its query.
func (e *WebhookExporter) Export(ctx context.Context, r Result) error {
	body, err := r.Document(e.key)
	if err != nil {
		return Permanent(err)
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, e.url, bytes.NewReader(body))
	if err != nil {
		return Permanent(fmt.Errorf("post result %s/%d: bad web hook URL", r.School, r.SigningFormID))
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("User-Agent", "Praksis")
	req.Header.Set("X-Praksis-Signature", "sha256="+hmacHex(e.key, body))
	req.Header.Set("X-Praksis-Delivery", r.DeliveryID())
	resp, err := e.client.Do(req)
	if err != nil {
		var uerr *url.Error
		if errors.As(err, &uerr) {
			err = uerr.Err
		}
		return fmt.Errorf("post result %s/%d to the web hook: %w", r.School, r.SigningFormID, err)
	}
	_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
	resp.Body.Close()
	switch s := resp.StatusCode; {
	case s >= 200 && s < 300:
		return nil
	case s == http.StatusRequestTimeout || s == http.StatusTooManyRequests || s >= 500:
		return fmt.Errorf("post result %s/%d: the web hook answered %d", r.School, r.SigningFormID, s)
	case s >= 400:
		return Permanent(fmt.Errorf("post result %s/%d: the web hook refused it with %d", r.School, r.SigningFormID, s))
	default:
		return fmt.Errorf("post result %s/%d: the web hook answered %d", r.School, r.SigningFormID, s)
	}
}

// Multi exports to each of its exporters in turn. It fails when any
// fails: permanently only when every failure is permanent, so that a
// retryable failure is retried (exporters that succeeded then see the same
// result again, which they accept).
type Multi []Exporter

var _ Exporter = Multi(nil)

// Export delivers the result through every exporter.
func (m Multi) Export(ctx context.Context, r Result) error {
	var errs []error
	permanent := true
	for _, e := range m {
		if err := e.Export(ctx, r); err != nil {
			errs = append(errs, err)
			permanent = permanent && IsPermanent(err)
		}
	}
	if len(errs) == 0 {
		return nil
	}
	err := errors.Join(errs...)
	if permanent {
		return Permanent(err)
	}
	// Flattened, so that a permanent failure among them does not make the
	// whole permanent through errors.As.
	return errors.New(err.Error())
}
