-- The control schema: the tenant registry and what is shared by every school.
-- It is reachable only outside a tenant's request scope.

-- +goose Up
CREATE TABLE tenants (
    id               bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    slug             text NOT NULL UNIQUE CHECK (slug ~ '^[a-z][a-z0-9-]{1,30}$'),
    schema_name      text NOT NULL UNIQUE,
    db_role          text NOT NULL UNIQUE,
    display_name     text NOT NULL CHECK (length(display_name) BETWEEN 1 AND 200),
    org_number       text NOT NULL DEFAULT '',
    default_language text NOT NULL DEFAULT 'nb' CHECK (default_language IN ('nb', 'en')),
    theme            jsonb NOT NULL DEFAULT '{}'::jsonb,
    feide_realms     jsonb NOT NULL DEFAULT '[]'::jsonb CHECK (jsonb_typeof(feide_realms) = 'array'),
    status           text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'disabled')),
    -- The goose version the tenant schema is at, and whether a migration is
    -- running or failed: a tenant is served only when it is ready and current.
    schema_version   bigint NOT NULL DEFAULT 0,
    migration_state  text NOT NULL DEFAULT 'pending'
                     CHECK (migration_state IN ('pending', 'migrating', 'ready', 'failed')),
    migration_error  text,
    -- Names the database cluster holding the schema when tenants are spread
    -- over several; NULL means the default one.
    cluster          text,
    created_at       timestamptz NOT NULL DEFAULT now(),
    updated_at       timestamptz NOT NULL DEFAULT now()
);

-- Hosts live in their own table so that a host belongs to one school only,
-- enforced by the primary key rather than by application code.
CREATE TABLE tenant_hosts (
    host      text PRIMARY KEY CHECK (host = lower(host) AND host <> ''),
    tenant_id bigint NOT NULL REFERENCES tenants (id) ON DELETE CASCADE
);
CREATE INDEX tenant_hosts_tenant_id ON tenant_hosts (tenant_id);

-- Token signing keys shared by every replica. Retired keys still verify
-- tokens until those expire.
CREATE TABLE signing_keys (
    id          text PRIMARY KEY,
    private_key bytea NOT NULL,
    created_at  timestamptz NOT NULL DEFAULT now(),
    retired_at  timestamptz
);

-- +goose Down
DROP TABLE signing_keys;
DROP TABLE tenant_hosts;
DROP TABLE tenants;
