package tenants

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"

	"gorm.io/gorm"
)

// ImportParams names the new school an export is restored into. Empty
// fields are taken from the export's registry block.
type ImportParams struct {
	Slug  string
	Name  string
	Hosts []string
}

// ImportResult says what Import restored.
type ImportResult struct {
	Tenant *Tenant
	// Rows is the number of rows restored per table.
	Rows map[string]int
}

// importBatch is how many rows go into one INSERT.
const importBatch = 500

// ErrNotExport is wrapped by the errors about files that are not exports.
var ErrNotExport = errors.New("not a school export")

// ParseExport reads a file written by `praksis tenant export` and refuses
// anything else.
func ParseExport(data []byte) (*Export, error) {
	what := fmt.Errorf("%w (a file written by `praksis tenant export`)", ErrNotExport)
	// Unknown top-level keys mean another kind of file; the registry block
	// may gain fields between releases and is read leniently.
	var top map[string]json.RawMessage
	if err := json.Unmarshal(data, &top); err != nil {
		return nil, fmt.Errorf("%w: %w", what, err)
	}
	for k := range top {
		if !slices.Contains([]string{"slug", "registry", "schemaVersion", "exportedAt", "tables"}, k) {
			return nil, fmt.Errorf("%w: unexpected key %q", what, k)
		}
	}
	var e Export
	if err := json.Unmarshal(data, &e); err != nil {
		return nil, fmt.Errorf("%w: %w", what, err)
	}
	switch {
	case e.Tables == nil:
		return nil, fmt.Errorf("%w: it has no \"tables\"", what)
	case e.Registry == nil:
		return nil, fmt.Errorf("%w: it has no \"registry\" block", what)
	case e.SchemaVersion <= 0:
		return nil, fmt.Errorf("%w: it has no \"schemaVersion\"", what)
	case e.Slug == "":
		return nil, fmt.Errorf("%w: it has no \"slug\"", what)
	}
	return &e, nil
}

// CheckExportVersion refuses an export whose tenant schema version is not
// the one this binary migrates schools to: the rows would not fit the
// tables. The message says which release to import it with.
func CheckExportVersion(e *Export, target int64) error {
	switch {
	case e.SchemaVersion == target:
		return nil
	case e.SchemaVersion < target:
		return fmt.Errorf("the export of %q has tenant schema version %d, this binary has %d: import it with the praksis release "+
			"whose tenant schema version is %d (the one that exported it), then run `praksis migrate` with this release to bring it to %d",
			e.Slug, e.SchemaVersion, target, e.SchemaVersion, target)
	default:
		return fmt.Errorf("the export of %q has tenant schema version %d, newer than this binary's %d: import it with the praksis "+
			"release whose tenant schema version is %d (the one that exported it, or any release at that version)",
			e.Slug, e.SchemaVersion, target, e.SchemaVersion)
	}
}

// Import restores an export into a new school: it registers and migrates
// the school, then, in one transaction inside the school's scope, inserts
// every table's rows in foreign-key order with identity values kept
// (OVERRIDING SYSTEM VALUE), resets every identity sequence past the
// highest restored value, and sets the school's status as exported. The
// school stays disabled, so it is never served half-restored, until that
// transaction commits. A taken slug or host is refused with a
// *ConflictError and nothing changed; when the data cannot be restored the
// new school is removed again.
func (s *Service) Import(ctx context.Context, e *Export, p ImportParams) (*ImportResult, error) {
	if err := CheckExportVersion(e, TenantTarget()); err != nil {
		return nil, err
	}
	reg := e.Registry
	if p.Name == "" {
		p.Name = reg.DisplayName
	}
	if len(p.Hosts) == 0 {
		p.Hosts = slices.Clone(reg.Hosts)
	}
	status := reg.Status
	if status != Disabled {
		status = Active
	}
	t, err := s.Create(ctx, CreateParams{
		Slug: p.Slug, Name: p.Name, Hosts: p.Hosts, OrgNumber: reg.OrgNumber,
		DefaultLanguage: reg.DefaultLanguage, Theme: reg.Theme, FeideRealms: reg.FeideRealms,
		// Registered only: the school is pending, so not served, until it
		// is migrated below, and disabled before that.
		NoMigrate: true,
	})
	if err != nil {
		return nil, err
	}
	rows, err := s.restore(ctx, t, e, status)
	if err != nil {
		if derr := s.Delete(context.WithoutCancel(ctx), t.Slug, t.Slug); derr != nil {
			return nil, fmt.Errorf("import into %s: %w (and removing the half-made school failed: %v; remove it with `praksis tenant delete %s --confirm %s`)",
				t.Slug, err, derr, t.Slug, t.Slug)
		}
		return nil, fmt.Errorf("import into %s: %w; nothing was kept", t.Slug, err)
	}
	t, err = s.Get(ctx, t.Slug)
	if err != nil {
		return nil, err
	}
	return &ImportResult{Tenant: t, Rows: rows}, nil
}

func (s *Service) restore(ctx context.Context, t *Tenant, e *Export, status Status) (map[string]int, error) {
	if err := s.SetStatus(ctx, t.Slug, Disabled); err != nil {
		return nil, err
	}
	if err := s.migrator.MigrateTenant(ctx, t); err != nil {
		return nil, err
	}
	rows := map[string]int{}
	err := InScope(ctx, s.db, t, func(ctx context.Context, tx *gorm.DB) error {
		tables, err := schemaTables(tx)
		if err != nil {
			return err
		}
		if err := sameTables(tables, e.Tables); err != nil {
			return err
		}
		order, err := insertOrder(tx, tables)
		if err != nil {
			return err
		}
		// The migrations may have seeded rows (the fixed roles); the export
		// holds them too, so the new school starts from nothing but the
		// export.
		if rows, err = refill(tx, tables, e.Tables, order); err != nil {
			return err
		}
		// Leave the school's role to set the status in the registry, in the
		// same transaction: the school is served exactly when its data is
		// there.
		if err := tx.Exec("SELECT set_config('role', 'none', true), set_config('search_path', 'control', true)").Error; err != nil {
			return fmt.Errorf("leave the school's scope: %w", err)
		}
		return tx.Exec("UPDATE control.tenants SET status = ?, updated_at = now() WHERE id = ?", status, t.ID).Error
	})
	return rows, err
}

// refill empties the tables named in order and inserts the exported rows
// into them, in that order. TRUNCATE fires no row triggers (audit_log
// refuses DELETE). The rows go in exactly as exported, derived values (a
// form's structure version, a set's answered questions) with them: the
// school's own triggers (which set a row's own columns, such as updated_at)
// stay off until they are in; foreign keys are system triggers and still
// check every row.
func refill(tx *gorm.DB, tables map[string]*table, export map[string][]json.RawMessage, order []string) (map[string]int, error) {
	quoted := make([]string, len(order))
	for i, name := range order {
		quoted[i] = quoteIdent(name)
	}
	if err := tx.Exec("TRUNCATE " + strings.Join(quoted, ", ")).Error; err != nil {
		return nil, fmt.Errorf("empty the school's tables: %w", err)
	}
	if err := switchUserTriggers(tx, quoted, "DISABLE"); err != nil {
		return nil, err
	}
	rows := map[string]int{}
	for _, name := range order {
		n, err := restoreTable(tx, tables[name], export[name])
		if err != nil {
			return nil, err
		}
		rows[name] = n
	}
	if err := switchUserTriggers(tx, quoted, "ENABLE"); err != nil {
		return nil, err
	}
	return rows, nil
}

// column is one column of a table in the school's schema.
type column struct {
	Name      string
	Generated bool // GENERATED ALWAYS AS (…) STORED: computed, never inserted
	Identity  bool
}

// switchUserTriggers disables or enables (how) the triggers the school's
// schema defines on tables, leaving the system's foreign-key triggers on.
// The school's role owns the tables, so it may.
func switchUserTriggers(tx *gorm.DB, tables []string, how string) error {
	for _, name := range tables {
		if err := tx.Exec("ALTER TABLE " + name + " " + how + " TRIGGER USER").Error; err != nil {
			return fmt.Errorf("%s triggers of %s: %w", strings.ToLower(how), name, err)
		}
	}
	return nil
}

// table is one table of the school's schema with its columns in order.
type table struct {
	Name    string
	Columns []column
}

// schemaTables lists the tables of the current (the school's) schema, but
// not the migrations' version table, as `tenant export` does.
func schemaTables(tx *gorm.DB) (map[string]*table, error) {
	var cols []struct {
		Table     string
		Column    string
		Generated bool
		Identity  bool
	}
	if err := tx.Raw(`SELECT c.relname AS "table", a.attname AS "column", a.attgenerated <> '' AS generated,
			a.attidentity <> '' AS identity
		FROM pg_class c
		JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
		WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind IN ('r', 'p')
		  AND c.relname <> 'goose_db_version' AND NOT c.relispartition
		ORDER BY c.relname, a.attnum`).Scan(&cols).Error; err != nil {
		return nil, fmt.Errorf("list the school's tables: %w", err)
	}
	tables := map[string]*table{}
	for _, c := range cols {
		tb := tables[c.Table]
		if tb == nil {
			tb = &table{Name: c.Table}
			tables[c.Table] = tb
		}
		tb.Columns = append(tb.Columns, column{Name: c.Column, Generated: c.Generated, Identity: c.Identity})
	}
	return tables, nil
}

// sameTables refuses an export whose tables are not exactly the schema's.
func sameTables(schema map[string]*table, export map[string][]json.RawMessage) error {
	var extra, missing []string
	for name := range export {
		if schema[name] == nil {
			extra = append(extra, name)
		}
	}
	for name := range schema {
		if _, ok := export[name]; !ok {
			missing = append(missing, name)
		}
	}
	sort.Strings(extra)
	sort.Strings(missing)
	switch {
	case len(extra) > 0:
		return fmt.Errorf("the export has tables this schema lacks: %s", strings.Join(extra, ", "))
	case len(missing) > 0:
		return fmt.Errorf("the export lacks tables of this schema: %s", strings.Join(missing, ", "))
	}
	return nil
}

// insertOrder sorts the tables so that every table comes after the tables
// its foreign keys point to (names break ties, so the order is stable).
func insertOrder(tx *gorm.DB, tables map[string]*table) ([]string, error) {
	var edges []struct {
		Child  string
		Parent string
	}
	if err := tx.Raw(`SELECT DISTINCT c.relname AS child, p.relname AS parent
		FROM pg_constraint k
		JOIN pg_class c ON c.oid = k.conrelid
		JOIN pg_class p ON p.oid = k.confrelid
		WHERE k.contype = 'f' AND c.relnamespace = current_schema()::regnamespace
		  AND p.relnamespace = current_schema()::regnamespace`).Scan(&edges).Error; err != nil {
		return nil, fmt.Errorf("read foreign keys: %w", err)
	}
	parents := map[string]map[string]bool{}
	for name := range tables {
		parents[name] = map[string]bool{}
	}
	for _, e := range edges {
		// A table may point at itself: one INSERT checks its rows at its end.
		if e.Child != e.Parent && parents[e.Child] != nil && tables[e.Parent] != nil {
			parents[e.Child][e.Parent] = true
		}
	}
	var order []string
	done := map[string]bool{}
	for len(order) < len(tables) {
		var ready []string
		for name, ps := range parents {
			if done[name] {
				continue
			}
			ok := true
			for p := range ps {
				if !done[p] {
					ok = false
					break
				}
			}
			if ok {
				ready = append(ready, name)
			}
		}
		if len(ready) == 0 {
			var left []string
			for name := range tables {
				if !done[name] {
					left = append(left, name)
				}
			}
			sort.Strings(left)
			return nil, fmt.Errorf("the foreign keys between %s form a cycle; they cannot be restored in one order", strings.Join(left, ", "))
		}
		sort.Strings(ready)
		for _, name := range ready {
			done[name] = true
		}
		order = append(order, ready...)
	}
	return order, nil
}

// restoreTable inserts one table's exported rows, identity values included,
// and sets every identity sequence of the table past the highest value.
func restoreTable(tx *gorm.DB, tb *table, rows []json.RawMessage) (int, error) {
	all := make([]string, len(tb.Columns))
	var insert []string
	for i, c := range tb.Columns {
		all[i] = c.Name
		if !c.Generated {
			insert = append(insert, quoteIdent(c.Name))
		}
	}
	sort.Strings(all)
	for i, r := range rows {
		var fields map[string]json.RawMessage
		if err := json.Unmarshal(r, &fields); err != nil || fields == nil {
			return 0, fmt.Errorf("table %s, row %d: not a JSON object", tb.Name, i+1)
		}
		keys := make([]string, 0, len(fields))
		for k := range fields {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		if !slices.Equal(keys, all) {
			return 0, fmt.Errorf("table %s, row %d: columns %s do not match the table's %s",
				tb.Name, i+1, strings.Join(keys, ","), strings.Join(all, ","))
		}
	}
	cols := strings.Join(insert, ", ")
	stmt := "INSERT INTO " + quoteIdent(tb.Name) + " (" + cols + ") OVERRIDING SYSTEM VALUE SELECT " + cols +
		" FROM json_populate_recordset(NULL::" + quoteIdent(tb.Name) + ", ?::json)"
	for start := 0; start < len(rows); start += importBatch {
		end := min(start+importBatch, len(rows))
		batch, err := json.Marshal(rows[start:end])
		if err != nil {
			return 0, fmt.Errorf("table %s: %w", tb.Name, err)
		}
		if err := tx.Exec(stmt, string(batch)).Error; err != nil {
			return 0, fmt.Errorf("restore table %s (rows %d to %d): %w", tb.Name, start+1, end, err)
		}
	}
	for _, c := range tb.Columns {
		if !c.Identity {
			continue
		}
		// The next value follows the highest restored one; an empty table
		// keeps its fresh sequence. A sequence whose range starts above the
		// highest (on a Citus node each node's sequences have a range of
		// their own) goes on from the start of its range.
		var highest *int64
		if err := tx.Raw("SELECT max(" + quoteIdent(c.Name) + ") FROM " + quoteIdent(tb.Name)).Scan(&highest).Error; err != nil {
			return 0, fmt.Errorf("read the highest %s.%s: %w", tb.Name, c.Name, err)
		}
		if highest == nil {
			continue
		}
		q := `SELECT setval(q.seqrelid, greatest(?::bigint, q.seqmin), ?::bigint >= q.seqmin) FROM pg_sequence q
			WHERE q.seqrelid = pg_get_serial_sequence(?, ?)::regclass`
		if err := tx.Exec(q, *highest, *highest, quoteIdent(tb.Name), c.Name).Error; err != nil {
			return 0, fmt.Errorf("reset the sequence of %s.%s: %w", tb.Name, c.Name, err)
		}
	}
	return len(rows), nil
}
