package httpapi

import (
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"testing"

	"gorm.io/gorm"

	"github.com/praksis/praksis/api/auth"
	"github.com/praksis/praksis/dev/demo"
	"github.com/praksis/praksis/tenants"
	"github.com/praksis/praksis/tenants/testdb"
)

// A school exported and imported under a new slug answers GET …/full
// exactly as the original does.
func TestImportedSchoolAnswersTheSame(t *testing.T) {
	db := testdb.New(t)
	ctx := context.Background()
	db.School(t, "original", "Praksis Original", "original.localhost")
	if err := demo.Seed(ctx, db.Service, "original"); err != nil {
		t.Fatal(err)
	}
	exp, err := db.Service.Export(ctx, "original")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Service.Import(ctx, exp, tenants.ImportParams{Slug: "copy", Hosts: []string{"copy.localhost"}}); err != nil {
		t.Fatal(err)
	}
	reg := tenants.NewRegistry(db.Root, tenants.TenantTarget())
	if err := reg.Load(ctx); err != nil {
		t.Fatal(err)
	}
	_, priv, _ := ed25519.GenerateKey(rand.Reader)
	keys, _ := auth.NewKeysForTest(priv)
	a := auth.NewService(keys)
	f := &fixture{db: db, reg: reg, auth: a, srv: New(testConfig(t, db.URL), reg, slog.New(slog.NewTextHandler(io.Discard, nil)), Options{Auth: a})}

	// The same teacher signs in to each school.
	token := func(slug, host string) string {
		var tok string
		if err := db.Service.InScope(ctx, slug, func(ctx context.Context, tx *gorm.DB) error {
			var id int64
			if err := tx.Raw("SELECT id FROM users WHERE email = 'marte.solberg@demo.test'").Scan(&id).Error; err != nil {
				return err
			}
			var err error
			tok, err = a.StartSession(ctx, id, auth.MethodCode, "test", host)
			return err
		}); err != nil {
			t.Fatal(err)
		}
		return tok
	}
	var target struct {
		ClassID, StudentID, FormID int64
	}
	if err := db.Service.InScope(ctx, "original", func(ctx context.Context, tx *gorm.DB) error {
		return tx.Raw(`SELECT s.class_id, s.student_user_id AS student_id, s.form_id FROM answer_sets s
			JOIN class_teachers ct ON ct.class_id = s.class_id JOIN users u ON u.id = ct.user_id AND u.email = 'marte.solberg@demo.test'
			ORDER BY s.id LIMIT 1`).Scan(&target).Error
	}); err != nil || target.ClassID == 0 {
		t.Fatalf("no answered form in the demo data: %v", err)
	}
	path := fmt.Sprintf("/api/classes/%d/students/%d/forms/%d/full", target.ClassID, target.StudentID, target.FormID)
	orig := f.send(t, http.MethodGet, "original.localhost", path, token("original", "original.localhost"), nil)
	cp := f.send(t, http.MethodGet, "copy.localhost", path, token("copy", "copy.localhost"), nil)
	if orig.Code != http.StatusOK || cp.Code != http.StatusOK {
		t.Fatalf("full: original %d, copy %d %s", orig.Code, cp.Code, cp.Body)
	}
	if orig.Body.String() != cp.Body.String() {
		t.Errorf("the imported school answers differently:\noriginal: %s\ncopy:     %s", orig.Body, cp.Body)
	}
	if orig.Body.Len() < 200 {
		t.Errorf("suspiciously small answer: %s", orig.Body)
	}
}
