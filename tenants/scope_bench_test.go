package tenants_test

import (
	"context"
	"strings"
	"testing"

	"gorm.io/gorm"

	"github.com/praksis/praksis/tenants"
	"github.com/praksis/praksis/tenants/testdb"
)

// BenchmarkScope measures what the per-request scope costs: the same small
// query run plainly on the pool, inside a bare transaction, and inside
// InScope (a transaction that first sets the search path and role of the
// school), and with the scope's settings sent in one round trip with the
// query (inScopePipelined), each with pgx's default statement cache and with the exec mode
// used behind PgBouncer (default_query_exec_mode=exec). scripts/bench runs
// it against its throwaway cluster:
//
//	go test -run '^$' -bench BenchmarkScope ./tenants/
func BenchmarkScope(b *testing.B) {
	db := testdb.New(b)
	ten := db.School(b, "bench", "Benchskole")
	ctx := context.Background()
	sep := "?"
	if strings.Contains(db.URL, "?") {
		sep = "&"
	}
	execDB, err := tenants.Open(ctx, db.URL+sep+"default_query_exec_mode=exec", 4)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { tenants.Close(execDB) })

	const query = "SELECT ?::int + 1"
	for _, mode := range []struct {
		name string
		root *gorm.DB
	}{{"cache", db.Root}, {"exec", execDB}} {
		root := mode.root
		b.Run("plain/"+mode.name, func(b *testing.B) {
			for b.Loop() {
				var n int
				if err := root.WithContext(ctx).Raw(query, 1).Scan(&n).Error; err != nil || n != 2 {
					b.Fatalf("query: %v (got %d)", err, n)
				}
			}
		})
		b.Run("transaction/"+mode.name, func(b *testing.B) {
			for b.Loop() {
				var n int
				err := root.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
					return tx.Raw(query, 1).Scan(&n).Error
				})
				if err != nil || n != 2 {
					b.Fatalf("query in transaction: %v (got %d)", err, n)
				}
			}
		})
		b.Run("scope/"+mode.name, func(b *testing.B) {
			for b.Loop() {
				var n int
				err := tenants.InScope(ctx, root, ten, func(_ context.Context, tx *gorm.DB) error {
					return tx.Raw(query, 1).Scan(&n).Error
				})
				if err != nil || n != 2 {
					b.Fatalf("query in scope: %v (got %d)", err, n)
				}
			}
		})
		b.Run("pipelined/"+mode.name, func(b *testing.B) {
			for b.Loop() {
				var n int
				if err := inScopePipelined(ctx, root, ten, "SELECT $1::int + 1", []any{1}, &n); err != nil || n != 2 {
					b.Fatalf("query pipelined with the scope: %v (got %d)", err, n)
				}
			}
		})
	}
}
