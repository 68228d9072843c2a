package tenants

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"errors"
	"fmt"
	"net"
	"strconv"
	"strings"
	"time"

	"gorm.io/gorm"
)

// On a Citus cluster (the citus extension is installed in the database) the
// schools are spread over the worker nodes: every school's schema is a
// distributed schema, whole on one worker, and the shared registry tables of
// the control schema are reference tables, copied to every node. The job
// queue (river) and the control schema's version table stay on the
// coordinator. Nothing here runs on plain Postgres.
//
// Citus reaches a worker as the role that runs the statement, and a request
// runs as its school's role. So on Citus a school role may log in, with a
// password only the cluster knows (kept in Citus's pg_dist_authinfo, which
// only the superuser and the application role read). The nodes' pg_hba.conf
// asks every role but the application's and the superuser for a password,
// and only from the nodes' addresses.

// ErrNoCitus is returned by the commands that need a Citus cluster when the
// database has no citus extension.
var ErrNoCitus = errors.New("this database is not a Citus cluster (no citus extension); nothing was changed")

// citusInstalled reports whether the database has the citus extension.
func citusInstalled(ctx context.Context, db *gorm.DB) (bool, error) {
	var ok bool
	if err := db.WithContext(ctx).Raw("SELECT EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'citus')").Scan(&ok).Error; err != nil {
		return false, fmt.Errorf("look for the citus extension: %w", err)
	}
	return ok, nil
}

// setupCitus makes every table of the control schema but its version table a
// reference table. Idempotent: tables that are reference tables already are
// left alone.
func setupCitus(ctx context.Context, db *gorm.DB) error {
	return db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var tables []string
		if err := tx.Raw(`SELECT c.relname FROM pg_class c
			WHERE c.relnamespace = 'control'::regnamespace AND c.relkind = 'r' AND c.relname <> 'goose_db_version'
			  AND NOT EXISTS (SELECT 1 FROM pg_dist_partition p WHERE p.logicalrelid = c.oid)
			ORDER BY c.relname`).Scan(&tables).Error; err != nil {
			return fmt.Errorf("list control tables: %w", err)
		}
		if len(tables) == 0 {
			return nil
		}
		// A reference table may point only at reference tables, so the
		// foreign keys between control tables are set aside while the
		// tables are converted, and put back afterwards.
		var fks []struct {
			Tbl  string
			Name string
			Def  string
		}
		if err := tx.Raw(`SELECT k.conrelid::regclass::text AS tbl, k.conname AS name, pg_get_constraintdef(k.oid) AS def
			FROM pg_constraint k
			WHERE k.contype = 'f' AND k.connamespace = 'control'::regnamespace
			  AND (k.conrelid::regclass::text, k.confrelid::regclass::text) IS NOT NULL
			ORDER BY 1, 2`).Scan(&fks).Error; err != nil {
			return fmt.Errorf("list control foreign keys: %w", err)
		}
		stmts := []string{"SET LOCAL citus.multi_shard_modify_mode TO 'sequential'"}
		for _, fk := range fks {
			stmts = append(stmts, "ALTER TABLE "+fk.Tbl+" DROP CONSTRAINT "+quoteIdent(fk.Name))
		}
		for _, t := range tables {
			stmts = append(stmts, "SELECT create_reference_table('control."+quoteIdent(t)+"')")
		}
		for _, fk := range fks {
			stmts = append(stmts, "ALTER TABLE "+fk.Tbl+" ADD CONSTRAINT "+quoteIdent(fk.Name)+" "+fk.Def)
		}
		for _, stmt := range stmts {
			if err := tx.Exec(stmt).Error; err != nil {
				return fmt.Errorf("make the control tables reference tables: %s: %w", stmt, err)
			}
		}
		return nil
	})
}

// newRolePassword is a random password for a school role, for the nodes
// only.
func newRolePassword() (string, error) {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return "", fmt.Errorf("make a password: %w", err)
	}
	return base64.RawURLEncoding.EncodeToString(b), nil
}

// distributeSchool lets the school's role reach the workers and makes its
// schema a distributed schema, on the worker Citus picks. Idempotent: a
// role that has its password in the cluster and a schema that is
// distributed already are left alone.
func distributeSchool(ctx context.Context, db *gorm.DB, t *Tenant) error {
	err := db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var hasAuth bool
		if err := tx.Raw("SELECT EXISTS (SELECT 1 FROM pg_dist_authinfo WHERE rolename = ?)", t.DBRole).Scan(&hasAuth).Error; err != nil {
			return fmt.Errorf("read the nodes' authentication of %s: %w", t.DBRole, err)
		}
		if hasAuth {
			return nil
		}
		pw, err := newRolePassword()
		if err != nil {
			return err
		}
		if err := tx.Exec("ALTER ROLE " + quoteIdent(t.DBRole) + " LOGIN PASSWORD " + quoteLiteral(pw)).Error; err != nil {
			return fmt.Errorf("let role %s reach the workers: %w", t.DBRole, err)
		}
		// nodeid 0: every node.
		if err := tx.Exec("INSERT INTO pg_dist_authinfo (nodeid, rolename, authinfo) VALUES (0, ?, ?)",
			t.DBRole, "password="+pw).Error; err != nil {
			return fmt.Errorf("store the nodes' password of %s: %w", t.DBRole, err)
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("school %s on Citus: %w", t.Slug, err)
	}
	if err := shareAuthinfo(ctx, db, t.DBRole); err != nil {
		return fmt.Errorf("school %s on Citus: %w", t.Slug, err)
	}
	var distributed bool
	if err := db.WithContext(ctx).Raw("SELECT EXISTS (SELECT 1 FROM pg_dist_schema WHERE schemaid::regnamespace::text = ?)", t.SchemaName).
		Scan(&distributed).Error; err != nil {
		return fmt.Errorf("school %s on Citus: read distributed schemas: %w", t.Slug, err)
	}
	if distributed {
		return nil
	}
	// Only the schema's owner may distribute it.
	err = db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		for _, stmt := range []string{
			"SET LOCAL ROLE " + quoteIdent(t.DBRole),
			"SELECT citus_schema_distribute(" + quoteLiteral(t.SchemaName) + ")",
		} {
			if err := tx.Exec(stmt).Error; err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("school %s on Citus: distribute schema %s: %w", t.Slug, t.SchemaName, err)
	}
	return nil
}

// authinfoOnWorkers is the statement that gives every worker the nodes'
// password of a role, or changes nothing when it has it: Citus keeps
// pg_dist_authinfo per node, and a worker copying a school's tables to
// another (a move) connects as the school's role too.
const authinfoOnWorkers = `SELECT nodename || ':' || nodeport || ': ' || result FROM run_command_on_workers(format(
	'INSERT INTO pg_dist_authinfo (nodeid, rolename, authinfo) VALUES (0, %L, %L)
	 ON CONFLICT (rolename, nodeid) DO UPDATE SET authinfo = excluded.authinfo WHERE pg_dist_authinfo.authinfo <> excluded.authinfo',
	?::text, (SELECT authinfo FROM pg_dist_authinfo WHERE nodeid = 0 AND rolename = ?))) WHERE NOT success`

// shareAuthinfo copies the coordinator's nodes' password of role to every
// worker.
func shareAuthinfo(ctx context.Context, db *gorm.DB, role string) error {
	var failed []string
	if err := db.WithContext(ctx).Raw(authinfoOnWorkers, role, role).Scan(&failed).Error; err != nil {
		return fmt.Errorf("give the workers the nodes' password of %s: %w", role, err)
	}
	if len(failed) > 0 {
		return fmt.Errorf("give the workers the nodes' password of %s: %s", role, strings.Join(failed, "; "))
	}
	return nil
}

// forgetAuthinfo removes the nodes' password of role from every node, for
// a school that is deleted.
func forgetAuthinfo(ctx context.Context, tx *gorm.DB, role string) error {
	if err := tx.WithContext(ctx).Exec("DELETE FROM pg_dist_authinfo WHERE rolename = ?", role).Error; err != nil {
		return fmt.Errorf("remove the nodes' password of %s: %w", role, err)
	}
	var failed []string
	if err := tx.WithContext(ctx).Raw(`SELECT nodename || ':' || nodeport || ': ' || result FROM run_command_on_workers(
		format('DELETE FROM pg_dist_authinfo WHERE rolename = %L', ?::text)) WHERE NOT success`, role).Scan(&failed).Error; err != nil {
		return fmt.Errorf("remove the nodes' password of %s from the workers: %w", role, err)
	}
	if len(failed) > 0 {
		return fmt.Errorf("remove the nodes' password of %s from the workers: %s", role, strings.Join(failed, "; "))
	}
	return nil
}

// quoteLiteral quotes s as an SQL string literal (for statements such as
// ALTER ROLE, which take no parameters).
func quoteLiteral(s string) string { return "'" + strings.ReplaceAll(s, "'", "''") + "'" }

// placements maps schema names to the node ("host:port") holding the
// schema's tables, read from Citus's metadata on the coordinator (no worker
// is asked, so it answers while one is away). Nil on plain Postgres.
func placements(ctx context.Context, db *gorm.DB) (map[string]string, error) {
	ok, err := citusInstalled(ctx, db)
	if err != nil || !ok {
		return nil, err
	}
	var rows []struct {
		Schema string
		Node   string
	}
	if err := db.WithContext(ctx).Raw(`SELECT DISTINCT s.schemaid::regnamespace::text AS schema, n.nodename || ':' || n.nodeport AS node
		FROM pg_dist_schema s
		JOIN pg_dist_partition p ON p.colocationid = s.colocationid
		JOIN pg_dist_shard sh ON sh.logicalrelid = p.logicalrelid
		JOIN pg_dist_placement pl ON pl.shardid = sh.shardid
		JOIN pg_dist_node n ON n.groupid = pl.groupid
		ORDER BY 1, 2`).Scan(&rows).Error; err != nil {
		return nil, fmt.Errorf("read where the schools are: %w", err)
	}
	out := make(map[string]string, len(rows))
	for _, r := range rows {
		if prev, ok := out[r.Schema]; ok {
			out[r.Schema] = prev + "," + r.Node
			continue
		}
		out[r.Schema] = r.Node
	}
	return out, nil
}

// withPlacements fills in the node of every school on Citus.
func withPlacements(ctx context.Context, db *gorm.DB, list []*Tenant) error {
	nodes, err := placements(ctx, db)
	if err != nil {
		return err
	}
	for _, t := range list {
		t.Node = nodes[t.SchemaName]
	}
	return nil
}

// MoveResult says where a school was, where it is and how long the move
// took.
type MoveResult struct {
	Slug     string        `json:"slug"`
	From     string        `json:"from"`
	To       string        `json:"to"`
	Duration time.Duration `json:"duration"`
}

// Move moves a school's schema to the worker at to ("host:port") while the
// school is in use (citus_schema_move with logical replication: its writes
// go on during the copy and pause only for the switch-over). Refused, with
// nothing changed, on plain Postgres (ErrNoCitus), for an unknown school
// (ErrNotFound), for a node that is not an active worker of the cluster,
// and for a school that is not distributed or is there already.
func (s *Service) Move(ctx context.Context, slug, to string) (*MoveResult, error) {
	ok, err := citusInstalled(ctx, s.db)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, ErrNoCitus
	}
	host, portText, err := net.SplitHostPort(to)
	port, perr := strconv.Atoi(portText)
	if err != nil || perr != nil || host == "" || port <= 0 || port > 65535 {
		return nil, fmt.Errorf("--to %q must be a worker's HOST:PORT, as in pg_dist_node; nothing was changed", to)
	}
	t, err := s.Get(ctx, slug)
	if err != nil {
		return nil, err
	}
	var workers []string
	if err := s.db.WithContext(ctx).Raw(`SELECT nodename || ':' || nodeport FROM pg_dist_node
		WHERE isactive AND noderole = 'primary' AND shouldhaveshards AND groupid <> 0 ORDER BY 1`).Scan(&workers).Error; err != nil {
		return nil, fmt.Errorf("read the cluster's workers: %w", err)
	}
	target := net.JoinHostPort(host, strconv.Itoa(port))
	known := false
	for _, w := range workers {
		known = known || w == target
	}
	if !known {
		return nil, &ConflictError{Msg: fmt.Sprintf("%s is not an active worker of this cluster (workers: %s); nothing was changed",
			target, strings.Join(workers, ", "))}
	}
	if t.Node == "" {
		return nil, &ConflictError{Msg: fmt.Sprintf("school %s is not on a worker yet (run `praksis migrate`); nothing was changed", slug)}
	}
	if t.Node == target {
		return nil, &ConflictError{Msg: fmt.Sprintf("school %s is on %s already; nothing was changed", slug, target)}
	}
	start := time.Now()
	// The schema's owner moves it, on one connection that holds the role
	// for the one statement.
	err = s.db.WithContext(ctx).Connection(func(conn *gorm.DB) error {
		if err := conn.Exec("SET ROLE " + quoteIdent(t.DBRole)).Error; err != nil {
			return err
		}
		defer conn.Exec("RESET ROLE")
		return conn.Exec("SELECT citus_schema_move(?, ?, ?, shard_transfer_mode => 'force_logical')", t.SchemaName, host, port).Error
	})
	if err != nil {
		return nil, fmt.Errorf("move school %s to %s: %w", slug, target, err)
	}
	res := &MoveResult{Slug: slug, From: t.Node, To: target, Duration: time.Since(start)}
	after, err := s.Get(ctx, slug)
	if err != nil {
		return res, err
	}
	if after.Node != target {
		return res, fmt.Errorf("school %s is on %q after the move, not on %s", slug, after.Node, target)
	}
	return res, nil
}
