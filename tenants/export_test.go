package tenants

import "github.com/jackc/pgx/v5"

// Waiting is how many requests wait for a connection of the registry's
// school-affine pool.
func Waiting(r *Registry) int {
	a := r.affinity
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.waiting.Len()
}

// PgxConn is the pgx connection under one of the pool's database/sql
// connections (as sql.Conn.Raw hands it over).
func PgxConn(dc any) (*pgx.Conn, bool) {
	c, ok := dc.(*scopeConn)
	if !ok {
		return nil, false
	}
	return c.Conn.Conn(), true
}

// EnterScopeSQL is the statement that enters a school without reading a
// session.
const EnterScopeSQL = enterScopeSQL

// MarkWarm records query as prepared on the pool connection dc although it
// is not, as when pgx's statement cache has let it go.
func MarkWarm(dc any, query string) {
	c := dc.(*scopeConn)
	if c.warm == nil {
		c.warm = map[string]struct{}{}
	}
	c.warm[query] = struct{}{}
}

// SchoolTag is what begins each of a school's statements.
func SchoolTag(schema string) string { return schoolTag(schema) }
