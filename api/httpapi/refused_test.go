package httpapi

import (
	"errors"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/labstack/echo/v5"

	"github.com/praksis/praksis/tenants"
)

// What Postgres refuses for the data a request carried, when no domain
// code turned it into an answer of its own, reaches the client as its
// conflict (409) or mistake (400) in the error shape, never as a server
// fault, and without the constraint's or the column's name; the log keeps
// the cause at WARN, since a check in Go may be missing. Any other failure
// of a statement is still a fault. The statements run in a school's scope,
// as a handler's do.
func TestDatabaseRefusalsAreTheClientsConflictOrMistake(t *testing.T) {
	f, logs := newLoggedFixture(t)
	cases := []struct {
		name, sql  string
		wantStatus int
		wantMsg    string
	}{
		{"the same row twice (unique)", "INSERT INTO subjects (subject_code, name) VALUES ('DOBBEL', 'a'), ('DOBBEL', 'b')", http.StatusConflict, "refused by the database"},
		{"a row that refers to none (foreign key)", "INSERT INTO classes (period_id, subject_id) VALUES (999999, 999999)", http.StatusConflict, "refused by the database"},
		{"a value a check refuses", "INSERT INTO subjects (subject_code, name) VALUES (repeat('K', 40), 'lang')", http.StatusBadRequest, "refused by the database"},
		{"a required value left out (not null)", "INSERT INTO subjects (subject_code, name) VALUES ('UTEN', NULL)", http.StatusBadRequest, "refused by the database"},
		{"text that is no number", "SELECT CAST('tolv' AS integer)", http.StatusBadRequest, "refused by the database"},
		{"a number out of range", "SELECT CAST(99999999999 AS integer)", http.StatusBadRequest, "refused by the database"},
		{"a date that is none", "SELECT CAST('2026-13-45' AS date)", http.StatusBadRequest, "refused by the database"},
		{"a NUL in text", "SELECT convert_from(CAST('\\x4f6c6100' AS bytea), 'UTF8')", http.StatusBadRequest, "refused by the database"},
		{"a table that is not there (a fault)", "SELECT * FROM no_such_table", http.StatusInternalServerError, "request failed"},
	}
	for i, c := range cases {
		path := fmt.Sprintf("/test/refused/%d", i)
		sql := c.sql
		f.srv.e.GET(path, func(c *echo.Context) error {
			tx, err := tenants.DB(c.Request().Context())
			if err != nil {
				return err
			}
			var out []map[string]any
			if err := tx.Raw(sql).Scan(&out).Error; err != nil {
				return fmt.Errorf("run the statement: %w", err)
			}
			return c.NoContent(http.StatusOK)
		}, f.srv.resolveTenant, f.srv.scoped)
	}
	for i, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			rec := f.do(t, http.MethodGet, "a.localhost", fmt.Sprintf("/test/refused/%d", i), map[string]string{"Accept-Language": "en"})
			if rec.Code != c.wantStatus {
				t.Fatalf("status %d, want %d: %s", rec.Code, c.wantStatus, rec.Body)
			}
			lines := logs.lines(t)
			p := decode[Problem](t, rec)
			if p.StatusCode != c.wantStatus || p.Description == "" || (c.wantStatus < 500 && len(p.Errors) == 0) {
				t.Errorf("problem %+v", p)
			}
			for _, leak := range []string{"subjects", "classes", "constraint", "SQLSTATE", "no_such_table"} {
				if strings.Contains(rec.Body.String(), leak) {
					t.Errorf("the answer names %q: %s", leak, rec.Body)
				}
			}
			found := false
			for _, line := range lines {
				if line["msg"] == c.wantMsg {
					found = true
					if err, _ := line["error"].(string); !strings.Contains(err, "SQLSTATE") {
						t.Errorf("%q line without the cause: %v", c.wantMsg, line)
					}
				}
			}
			if !found {
				t.Errorf("no %q line logged", c.wantMsg)
			}
		})
	}
	if status, _ := ToProblem("nb", errors.New("disk on fire")); status != http.StatusInternalServerError {
		t.Errorf("a plain error: %d, want 500", status)
	}
}
