package eformidling

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"net/textproto"
	"net/url"
	"strings"
	"time"

	"github.com/praksis/praksis/api/arkivmelding"
)

// RequestTimeout bounds one call to the integrasjonspunkt.
const RequestTimeout = 30 * time.Second

// Client calls one school's integrasjonspunkt (REST API, eFormidling 2).
type Client struct {
	base string
	http *http.Client
}

// NewClient calls the integrasjonspunkt at base, each call bounded by
// timeout (RequestTimeout when 0).
func NewClient(base string, timeout time.Duration) *Client {
	if timeout <= 0 {
		timeout = RequestTimeout
	}
	return &Client{base: strings.TrimSuffix(base, "/"), http: &http.Client{Timeout: timeout,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}}
}

// RefusedError is an answer that retrying the same request cannot change
// (a 4xx other than 408 and 429).
type RefusedError struct {
	Status  int
	Message string
}

// Error says what the integrasjonspunkt answered.
func (e *RefusedError) Error() string {
	return fmt.Sprintf("the integrasjonspunkt refused it with %d: %s", e.Status, e.Message)
}

// IsRefused reports whether err is a RefusedError.
func IsRefused(err error) bool {
	var r *RefusedError
	return errors.As(err, &r)
}

// do sends a request and decodes a 2xx JSON answer into out (when not nil).
func (c *Client) do(req *http.Request, out any) error {
	req.Header.Set("Accept", "application/json")
	req.Header.Set("User-Agent", "Praksis/1 (eFormidling)")
	resp, err := c.http.Do(req)
	if err != nil {
		var uerr *url.Error
		if errors.As(err, &uerr) {
			err = uerr.Err
		}
		return fmt.Errorf("%s %s: %w", req.Method, req.URL.Path, err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return fmt.Errorf("%s %s: read the answer: %w", req.Method, req.URL.Path, err)
	}
	switch s := resp.StatusCode; {
	case s >= 200 && s < 300:
		if out == nil {
			return nil
		}
		if err := json.Unmarshal(body, out); err != nil {
			return fmt.Errorf("%s %s: unreadable answer: %w", req.Method, req.URL.Path, err)
		}
		return nil
	case s >= 400 && s < 500 && s != http.StatusRequestTimeout && s != http.StatusTooManyRequests:
		var e struct {
			Message string `json:"message"`
		}
		_ = json.Unmarshal(body, &e)
		if e.Message == "" {
			e.Message = http.StatusText(s)
		}
		return &RefusedError{Status: s, Message: e.Message}
	default:
		return fmt.Errorf("%s %s: the integrasjonspunkt answered %d", req.Method, req.URL.Path, s)
	}
}

// Capability is one process a receiver takes, with its document types.
type Capability struct {
	Process           string `json:"process"`
	ServiceIdentifier string `json:"serviceIdentifier"`
	DocumentTypes     []struct {
		Type     string `json:"type"`
		Standard string `json:"standard"`
	} `json:"documentTypes"`
}

// Capabilities asks what the receiver (an organisation number) takes in a
// process.
func (c *Client) Capabilities(ctx context.Context, receiver, process string) ([]Capability, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet,
		c.base+"/api/capabilities/"+url.PathEscape(receiver)+"?process="+url.QueryEscape(process), nil)
	if err != nil {
		return nil, fmt.Errorf("capabilities: bad integrasjonspunkt URL: %w", err)
	}
	var out struct {
		Capabilities []Capability `json:"capabilities"`
	}
	if err := c.do(req, &out); err != nil {
		return nil, err
	}
	return out.Capabilities, nil
}

// TakesArkivmelding reports whether the capabilities include arkivmelding
// in the process.
func TakesArkivmelding(caps []Capability, process string) bool {
	for _, c := range caps {
		if c.Process != process {
			continue
		}
		for _, d := range c.DocumentTypes {
			if d.Standard == arkivmelding.Standard {
				return true
			}
		}
	}
	return false
}

// Status is one status of a message.
type Status struct {
	ID          int64  `json:"id"`
	LastUpdate  string `json:"lastUpdate"`
	Status      string `json:"status"`
	Description string `json:"description"`
	MessageID   string `json:"messageId"`
}

// Statuses returns the statuses of a message, oldest first; none when the
// integrasjonspunkt has never seen it.
func (c *Client) Statuses(ctx context.Context, messageID string) ([]Status, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, c.base+"/api/statuses/"+url.PathEscape(messageID)+"?size=100", nil)
	if err != nil {
		return nil, fmt.Errorf("statuses: bad integrasjonspunkt URL: %w", err)
	}
	var out struct {
		Content []Status `json:"content"`
	}
	if err := c.do(req, &out); err != nil {
		var r *RefusedError
		if errors.As(err, &r) && r.Status == http.StatusNotFound {
			return nil, nil
		}
		return nil, err
	}
	return out.Content, nil
}

// Part is one file of a message.
type Part struct {
	// Title names the part (the document's title at the receiver).
	Title       string
	FileName    string
	ContentType string
	Data        []byte
}

// Send posts a message with the multipart API: the SBD as the part "sbd"
// (application/json), then each file.
func (c *Client) Send(ctx context.Context, sbd []byte, parts []Part) error {
	var body bytes.Buffer
	w := multipart.NewWriter(&body)
	h := textproto.MIMEHeader{}
	h.Set("Content-Disposition", `form-data; name="sbd"`)
	h.Set("Content-Type", "application/json")
	pw, err := w.CreatePart(h)
	if err == nil {
		_, err = pw.Write(sbd)
	}
	for _, p := range parts {
		if err != nil {
			break
		}
		h := textproto.MIMEHeader{}
		h.Set("Content-Disposition", fmt.Sprintf(`form-data; name=%q; filename=%q`, p.Title, p.FileName))
		h.Set("Content-Type", p.ContentType)
		if pw, err = w.CreatePart(h); err == nil {
			_, err = pw.Write(p.Data)
		}
	}
	if err == nil {
		err = w.Close()
	}
	if err != nil {
		return fmt.Errorf("build the multipart message: %w", err)
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.base+"/api/messages/out/multipart", &body)
	if err != nil {
		return fmt.Errorf("send: bad integrasjonspunkt URL: %w", err)
	}
	req.Header.Set("Content-Type", w.FormDataContentType())
	return c.do(req, nil)
}
