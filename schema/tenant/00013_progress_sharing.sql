-- A student's consent to let the teachers and their own supervisors of a
-- current placement see the end results of the student's earlier
-- placements. Without a row, only the student and the school's admins see
-- earlier placements. Taking the consent back deletes the row; both moves
-- leave an audit row, so that who could see what, and when, can be shown.
--
-- One row per student: the consent covers the student's whole record and
-- whoever is the student's teacher or supervisor in a current placement,
-- not a named person, since the next placement's people are not known
-- when the student decides.
--
-- Runs as the tenant role with search_path set to the tenant schema.

-- +goose Up
create table progress_sharing (
    student_user_id bigint primary key references users (id) on delete cascade,
    shared_at       timestamptz not null default now()
);

-- +goose Down
drop table progress_sharing;
