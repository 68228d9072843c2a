package signin

import (
	"bytes"
	"context"
	"sync"
	"testing"

	"github.com/praksis/praksis/tenants/testdb"
)

// Replicas starting at once agree on one secret, and keep it.
func TestLoadSecret(t *testing.T) {
	db := testdb.New(t)
	ctx := context.Background()
	got := make([][]byte, 8)
	var wg sync.WaitGroup
	for i := range got {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s, err := LoadSecret(ctx, db.Root, "sign-in")
			if err != nil {
				t.Error(err)
			}
			got[i] = s
		}()
	}
	wg.Wait()
	for _, s := range got {
		if len(s) < 32 || !bytes.Equal(s, got[0]) {
			t.Fatalf("replicas disagree: %x vs %x", s, got[0])
		}
	}
	again, err := LoadSecret(ctx, db.Root, "sign-in")
	if err != nil || !bytes.Equal(again, got[0]) {
		t.Errorf("the secret changed: %v", err)
	}
	other, err := LoadSecret(ctx, db.Root, "other")
	if err != nil || bytes.Equal(other, got[0]) {
		t.Errorf("another name gave the same secret: %v", err)
	}
}
