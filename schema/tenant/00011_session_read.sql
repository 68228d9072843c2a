-- The read of a caller's session and roles, as a function of the school's
-- own.
--
-- Until now control.enter_school held this read. A plpgsql function keeps
-- one plan of each statement in it per connection, and Postgres plans such
-- a statement again whenever the search path differs from the one it was
-- planned under. Every request enters its school through that function, so
-- a connection that moved to another school planned the read again:
-- measured with pgbench, a call took 0.14 ms on one school, 0.29 ms
-- alternating between two and 0.45 ms over 50. Here each school has a
-- function of its own, called only under its own search path, so its plan
-- is made once per connection and kept. control.enter_school_v2 (control
-- migration 5) sets the scope and then calls it.
--
-- Runs as the tenant role with search_path set to the tenant schema.

-- +goose Up
-- +goose StatementBegin
CREATE FUNCTION session_of(session_id uuid, session_user_id bigint)
RETURNS TABLE (sess_id uuid, sess_user_id bigint, sess_created_at timestamptz, sess_expires_at timestamptz,
               sess_revoked_at timestamptz, sess_sign_in_method text, sess_roles text)
LANGUAGE plpgsql STABLE AS $$
BEGIN
    RETURN QUERY
    SELECT s.id, s.user_id, s.created_at, s.expires_at, s.revoked_at, s.sign_in_method,
           coalesce((SELECT string_agg(r.role_id::text, ',' ORDER BY r.role_id) FROM user_roles r WHERE r.user_id = s.user_id), '')
      FROM sessions s JOIN users u ON u.id = s.user_id
     WHERE s.id = session_id AND s.user_id = session_user_id
       AND s.revoked_at IS NULL AND s.expires_at > now() AND u.is_active;
END
$$;
-- +goose StatementEnd

-- +goose Down
DROP FUNCTION session_of(uuid, bigint);
