package main

import (
	"bytes"
	"compress/gzip"
	"context"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"sync/atomic"
	"testing"

	"github.com/klauspost/compress/zstd"
)

// A request whose connection dies before the answer is a failure to count,
// never sent again: a save sent twice is not the save measured, and a
// retried read would hide the failure.
func TestRequestsAreNeverSentTwice(t *testing.T) {
	var got atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got.Add(1)
		conn, _, err := w.(http.Hijacker).Hijack()
		if err != nil {
			t.Errorf("hijack: %v", err)
			return
		}
		conn.Close()
	}))
	defer srv.Close()
	base, err := url.Parse(srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	for _, method := range []string{http.MethodGet, http.MethodPost} {
		got.Store(0)
		c := newClient(base, nil, "load1.localhost")
		if _, err := c.do(context.Background(), "", method, "/api/auth/refresh", map[string]string{}, nil); err == nil {
			t.Errorf("%s: no error for a connection closed without an answer", method)
		}
		if n := got.Load(); n != 1 {
			t.Errorf("%s: the server got the request %d times, want 1", method, n)
		}
	}
}

// Each answer's host and status reach the caller as sent: the school's
// host in the Host header, and a status other than 2xx as a statusError.
func TestRequestsNameTheSchoolsHost(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Host != "load1.localhost" {
			http.Error(w, "host "+r.Host, http.StatusMisdirectedRequest)
			return
		}
		http.Error(w, "no", http.StatusConflict)
	}))
	defer srv.Close()
	base, err := url.Parse(srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	c := newClient(base, nil, "load1.localhost")
	status, err := c.do(context.Background(), "", http.MethodGet, "/x", nil, nil)
	if status != http.StatusConflict || statusOf(err) != http.StatusConflict {
		t.Errorf("status %d, error %v; want 409 from the school's host", status, err)
	}
}

// Requests accept the codings a browser accepts, and coded answers are
// decoded before they are read.
func TestAnswersAreAskedForAndReadCoded(t *testing.T) {
	const answer = `{"token":"abcdefghij"}`
	for _, enc := range []string{"zstd", "gzip", ""} {
		t.Run(enc, func(t *testing.T) {
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				if got := r.Header.Get("Accept-Encoding"); got != acceptEncoding {
					http.Error(w, "Accept-Encoding "+got, http.StatusBadRequest)
					return
				}
				w.Header().Set("Content-Type", "application/json")
				var body bytes.Buffer
				switch enc {
				case "zstd":
					zw, _ := zstd.NewWriter(&body)
					_, _ = zw.Write([]byte(answer))
					_ = zw.Close()
				case "gzip":
					zw := gzip.NewWriter(&body)
					_, _ = zw.Write([]byte(answer))
					_ = zw.Close()
				default:
					body.WriteString(answer)
				}
				if enc != "" {
					w.Header().Set("Content-Encoding", enc)
				}
				_, _ = w.Write(body.Bytes())
			}))
			defer srv.Close()
			base, err := url.Parse(srv.URL)
			if err != nil {
				t.Fatal(err)
			}
			var out tokenResponse
			if _, err := newClient(base, nil, "load1.localhost").do(context.Background(), "", http.MethodGet, "/x", nil, &out); err != nil {
				t.Fatal(err)
			}
			if out.Token != "abcdefghij" {
				t.Errorf("token %q", out.Token)
			}
		})
	}
}

// Autosaves prefer the minimal answer, as the web app's do; other
// requests state no preference.
func TestSavesPreferTheMinimalAnswer(t *testing.T) {
	var got []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got = append(got, r.Method+" "+r.URL.Path+": "+r.Header.Get("Prefer"))
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{"id":3,"version":2}`))
	}))
	defer srv.Close()
	base, err := url.Parse(srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	c := newClient(base, nil, "load1.localhost")
	var set answerSet
	if _, err := c.do(context.Background(), routeSave, http.MethodPost, "/api/answers", saveBody{AssignmentID: 1, StudentUserID: 2}, &set); err != nil {
		t.Fatal(err)
	}
	if _, err := c.do(context.Background(), routeFormFull, http.MethodGet, "/api/classes/1/students/2/forms/3/full", nil, nil); err != nil {
		t.Fatal(err)
	}
	want := []string{"POST /api/answers: return=minimal", "GET /api/classes/1/students/2/forms/3/full: "}
	if !slices.Equal(got, want) {
		t.Errorf("requests %q, want %q", got, want)
	}
	if set.ID != 3 || set.Version != 2 {
		t.Errorf("set %+v, want id 3 at version 2", set)
	}
}

// An answer that nobody reads is not decoded (its coding is not even
// checked); one that is read must decode.
func TestOnlyAnswersThatAreReadAreDecoded(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Encoding", "zstd")
		_, _ = w.Write([]byte("not zstd at all"))
	}))
	defer srv.Close()
	base, err := url.Parse(srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	c := newClient(base, nil, "load1.localhost")
	if _, err := c.do(context.Background(), "", http.MethodGet, "/x", nil, nil); err != nil {
		t.Errorf("unread answer: %v", err)
	}
	var out tokenResponse
	if _, err := c.do(context.Background(), "", http.MethodGet, "/x", nil, &out); err == nil {
		t.Error("a read answer that does not decode gave no error")
	}
}
