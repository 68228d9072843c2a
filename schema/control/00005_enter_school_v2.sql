-- Entering a school without planning the session read again.
--
-- control.enter_school read the session itself, so its one plan of the read
-- was made again each time a connection moved to another school (see tenant
-- migration 11). enter_school_v2 sets the same two transaction-local
-- settings and then calls the school's own session_of, found through the
-- search path it has just set: the read runs as the school's role in the
-- school's schema, exactly as before, and each school's plan of it is kept.
-- Only the call is planned again on a move, and a call is cheap to plan.
--
-- enter_school stays for replicas of the previous release: during a rolling
-- upgrade they serve the schools not yet at tenant migration 11, which have
-- no session_of. A later release drops it.

-- +goose Up
-- +goose StatementBegin
CREATE FUNCTION enter_school_v2(school_schema text, school_role text, session_id uuid, session_user_id bigint)
RETURNS TABLE (sess_id uuid, sess_user_id bigint, sess_created_at timestamptz, sess_expires_at timestamptz,
               sess_revoked_at timestamptz, sess_sign_in_method text, sess_roles text)
LANGUAGE plpgsql AS $$
BEGIN
    PERFORM set_config('search_path', school_schema, true), set_config('role', school_role, true);
    RETURN QUERY SELECT * FROM session_of(session_id, session_user_id);
END
$$;
-- +goose StatementEnd

-- +goose Down
DROP FUNCTION enter_school_v2(text, text, uuid, bigint);
