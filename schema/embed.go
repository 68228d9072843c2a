// Package schema embeds the SQL migrations: the control schema (the tenant
// registry and what is truly global) and the tenant schema (every domain table
// of one school), plus the demo data used by `praksis dev`.
package schema

import "embed"

// Control holds the control-schema migrations under "control/".
//
//go:embed control/*.sql
var Control embed.FS

// Tenant holds the tenant-schema migrations under "tenant/". They never name a
// schema: they run with search_path and role set to one school's.
//
//go:embed tenant/*.sql
var Tenant embed.FS

// Demo holds the demo data seeded into the demo schools by `praksis dev`.
//
//go:embed demo/*.sql
var Demo embed.FS
