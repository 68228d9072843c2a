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
