// Package reqlog carries the logger of one request in its context, so that
// every line written while serving the request names the request id, the
// school and, once known, the user, whichever package writes it.
//
// The HTTP middleware puts the logger in (see httpapi) and adds to it as it
// learns more; the rest of the code only reads it with From.
package reqlog

import (
	"context"
	"log/slog"
)

type key struct{}

// Into returns a copy of ctx that carries l.
func Into(ctx context.Context, l *slog.Logger) context.Context {
	return context.WithValue(ctx, key{}, l)
}

// From returns the logger ctx carries. Outside a request (jobs, commands,
// tests that call a function directly) it is slog.Default(), so a caller
// never has to check.
func From(ctx context.Context) *slog.Logger {
	if l, ok := ctx.Value(key{}).(*slog.Logger); ok && l != nil {
		return l
	}
	return slog.Default()
}

// With returns a copy of ctx whose logger also writes args (slog key-value
// pairs or attributes) on every line, for what is learnt during a request:
// the school once the host is resolved, the user once signed in.
func With(ctx context.Context, args ...any) context.Context {
	return Into(ctx, From(ctx).With(args...))
}
