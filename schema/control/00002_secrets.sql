-- Secrets shared by every replica that are not token signing keys: the key
-- behind the keyed hashes of one-time codes and the signed sign-in cookies.
-- Tenant roles have no rights in the control schema, so a query running in a
-- school's scope can read a code's hash but never the key that made it.

-- +goose Up
CREATE TABLE secrets (
    name       text PRIMARY KEY CHECK (name ~ '^[a-z][a-z0-9-]{0,62}$'),
    value      bytea NOT NULL CHECK (length(value) >= 32),
    created_at timestamptz NOT NULL DEFAULT now()
);

-- +goose Down
DROP TABLE secrets;
