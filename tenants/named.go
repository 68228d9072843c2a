package tenants

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"

	"github.com/jackc/pgx/v5"
)

// Named is a statement written with @name arguments, as GORM takes them,
// turned once into Postgres' own $1, $2 … form.
//
// GORM reads a statement with named arguments character by character on
// every run to find them, and then scans its row into a struct by
// reflection. For the long reads of the hot routes (the full assessment,
// the autosave's state, the class page) that was a sixth of the server's
// work per request. A Named statement is parsed when the program starts;
// ReadRow sends it and reads its row with pgx on the scope's own connection.
type Named struct {
	// text is the statement as written, for GORM in a caller's own
	// transaction.
	text string
	// sql is the statement with $n for each argument, and names the
	// argument of each n (names[0] for $1).
	sql   string
	names []string
	// bySchool holds sql with each school's tag (schema name to string),
	// made once per school rather than for every request: the hot reads
	// are kilobytes long.
	bySchool sync.Map
}

// taggedFor is sql as the scope s sends it (scope.tagged).
func (n *Named) taggedFor(ctx context.Context, s *scope) string {
	if !perSchool(ctx) {
		return n.sql
	}
	if q, ok := n.bySchool.Load(s.tenant.SchemaName); ok {
		return q.(string)
	}
	q := schoolTag(s.tenant.SchemaName) + n.sql
	n.bySchool.Store(s.tenant.SchemaName, q)
	return q
}

// NewNamed parses a statement with @name arguments: an @ followed by a
// letter or underscore starts a name, which runs over letters, digits and
// underscores, as in GORM. Every use of one name is one argument. It panics
// on a statement without arguments, which needs no Named: statements are
// constants of the program, so this is a programming error found at start.
func NewNamed(text string) *Named {
	n := &Named{text: text}
	var b strings.Builder
	b.Grow(len(text))
	index := map[string]int{}
	for i := 0; i < len(text); {
		c := text[i]
		if c != '@' || i+1 >= len(text) || !nameStart(text[i+1]) {
			b.WriteByte(c)
			i++
			continue
		}
		j := i + 1
		for j < len(text) && namePart(text[j]) {
			j++
		}
		name := text[i+1 : j]
		k, ok := index[name]
		if !ok {
			n.names = append(n.names, name)
			k = len(n.names)
			index[name] = k
		}
		b.WriteByte('$')
		b.WriteString(strconv.Itoa(k))
		i = j
	}
	if len(n.names) == 0 {
		panic("tenants.NewNamed: a statement without @arguments")
	}
	n.sql = b.String()
	return n
}

func nameStart(c byte) bool {
	return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')
}

func namePart(c byte) bool { return nameStart(c) || (c >= '0' && c <= '9') }

// args are the statement's arguments in $n order. A name without a value is
// a programming error.
func (n *Named) args(vals map[string]any) ([]any, error) {
	out := make([]any, len(n.names))
	for i, name := range n.names {
		v, ok := vals[name]
		if !ok {
			return nil, fmt.Errorf("statement argument @%s has no value", name)
		}
		out[i] = v
	}
	return out, nil
}

// ReadRow runs n with vals in the request's school scope and reads its one
// row into a T, the columns matched to the fields by name (in_class to
// InClass), as GORM matches them. No row is sql.ErrNoRows. When last, the
// statement is the scope's last and commits with it, as QueryAndCommit.
//
// In a scope that beginScope began, the statement goes to Postgres on the
// scope's connection through pgx, tagged with the school as every other
// statement of the scope; in a caller's own transaction GORM runs it.
//
// n must be a read: as a request's first statement (ReadsFirst) it goes to
// Postgres with the scope's beginning, before the session has been checked,
// and its row reaches the caller only once the session has passed.
func ReadRow[T any](ctx context.Context, n *Named, vals map[string]any, last bool) (*T, error) {
	s, ok := ctx.Value(scopeKey{}).(*scope)
	if !ok || s.tx == nil {
		return nil, ErrNoScope
	}
	if s.conn == nil {
		v := new(T)
		res := s.tx.WithContext(ctx).Raw(n.text, vals).Scan(v)
		if res.Error != nil {
			return nil, res.Error
		}
		if res.RowsAffected == 0 {
			return nil, sql.ErrNoRows
		}
		return v, nil
	}
	args, err := n.args(vals)
	if err != nil {
		return nil, err
	}
	query := n.taggedFor(ctx, s)
	var out *T
	scan := func(rows pgx.Rows) error {
		v, err := pgx.CollectExactlyOneRow(rows, pgx.RowToAddrOfStructByNameLax[T])
		out = v
		return err
	}
	err = onScopeConn(s, func(c *scopeConn) error {
		return c.read(ctx, query, args, last, scan)
	})
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, sql.ErrNoRows
	}
	if err != nil {
		return nil, err
	}
	return out, nil
}
