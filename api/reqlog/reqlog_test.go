package reqlog_test

import (
	"bytes"
	"context"
	"encoding/json"
	"log/slog"
	"testing"

	"github.com/praksis/praksis/api/reqlog"
)

func TestFrom(t *testing.T) {
	var buf bytes.Buffer
	base := slog.New(slog.NewJSONHandler(&buf, nil))
	tests := []struct {
		name string
		ctx  func() context.Context
		want map[string]any
	}{
		{
			name: "the logger put in",
			ctx:  func() context.Context { return reqlog.Into(context.Background(), base.With("request_id", "r1")) },
			want: map[string]any{"request_id": "r1"},
		},
		{
			name: "enriched step by step",
			ctx: func() context.Context {
				ctx := reqlog.Into(context.Background(), base.With("request_id", "r2"))
				ctx = reqlog.With(ctx, "tenant", "skole-a")
				return reqlog.With(ctx, "user_id", 7)
			},
			want: map[string]any{"request_id": "r2", "tenant": "skole-a", "user_id": float64(7)},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			buf.Reset()
			reqlog.From(tt.ctx()).Info("line")
			var got map[string]any
			if err := json.Unmarshal(buf.Bytes(), &got); err != nil {
				t.Fatalf("parse %q: %v", buf.String(), err)
			}
			for k, v := range tt.want {
				if got[k] != v {
					t.Errorf("%s = %v, want %v (line %s)", k, got[k], v, buf.String())
				}
			}
		})
	}
}

func TestFromWithoutLoggerIsDefault(t *testing.T) {
	if got := reqlog.From(context.Background()); got != slog.Default() {
		t.Errorf("From(empty context) = %p, want slog.Default() %p", got, slog.Default())
	}
	// Enriching a context without a logger starts from the default, and
	// leaves the default itself alone.
	before := slog.Default()
	_ = reqlog.With(context.Background(), "tenant", "x")
	if slog.Default() != before {
		t.Error("With changed slog.Default()")
	}
}
