-- One statement that enters a school's scope and reads the caller's session:
-- a signed-in request then pays one round trip, not two, before its own work.
-- The function sets the same two transaction-local settings as before
-- (search_path to the school's schema, role to the school's role) and only
-- then reads, so the read runs as the school's role in the school's schema,
-- exactly as a statement after the settings would. It is SECURITY INVOKER
-- (the default): it cannot reach anything the caller's role cannot.

-- +goose Up
-- +goose StatementBegin
CREATE FUNCTION enter_school(school_schema text, school_role text, session_id uuid, session_user_id bigint)
RETURNS TABLE (sess_id uuid, sess_user_id bigint, sess_created_at timestamptz, sess_expires_at timestamptz,
               sess_revoked_at timestamptz, sess_sign_in_method text, sess_roles text)
LANGUAGE plpgsql AS $$
BEGIN
    PERFORM set_config('search_path', school_schema, true), set_config('role', school_role, true);
    -- Unqualified names resolve in the school's schema now; plpgsql re-plans
    -- this statement whenever the search path differs from its last run.
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
DROP FUNCTION enter_school(text, text, uuid, bigint);
