-- A form's structure version: a number that changes with every change to the
-- form's groups, their grading labels or its questions. It is drawn at random
-- rather than counted, so two forms' numbers do not meet by chance: not a
-- form of a school restored from a backup, nor the same form in two copies
-- of one database.
--
-- Every save checks its answers against the form's questions (which exist,
-- free text or grading, how many labels). The questions change only when an
-- administrator edits the form, yet reading them was the largest part of a
-- save's read: one row per question and a count of labels per group. The
-- server now keeps each form's questions in memory and asks Postgres only
-- for this number; the questions come along only when the number differs
-- from what the server holds. The number is kept by triggers, so every way
-- a form changes (the editor, import, a hand-made fix) moves it, and no
-- replica can serve a form's old questions after the change commits.
--
-- Runs as the tenant role with search_path set to the tenant schema.

-- +goose Up
alter table forms add column structure_version bigint not null
    default floor(random() * 9e18)::bigint;

-- +goose StatementBegin
create function bump_form_structure_version() returns trigger
language plpgsql as $$
begin
    -- Groups name their form; labels and questions their group. A row that
    -- moved names its old parent in OLD and its new one in NEW: both change.
    if tg_table_name = 'question_groups' then
        update forms set structure_version = floor(random() * 9e18)::bigint
         where id in (case when tg_op <> 'INSERT' then old.form_id end,
                      case when tg_op <> 'DELETE' then new.form_id end);
    else
        update forms set structure_version = floor(random() * 9e18)::bigint
         where id in (select g.form_id from question_groups g
                       where g.id in (case when tg_op <> 'INSERT' then old.group_id end,
                                      case when tg_op <> 'DELETE' then new.group_id end));
    end if;
    return null;
end
$$;
-- +goose StatementEnd

create trigger question_groups_structure_version
    after insert or update or delete on question_groups
    for each row execute function bump_form_structure_version();
create trigger question_group_options_structure_version
    after insert or update or delete on question_group_options
    for each row execute function bump_form_structure_version();
create trigger questions_structure_version
    after insert or update or delete on questions
    for each row execute function bump_form_structure_version();

-- +goose Down
drop trigger questions_structure_version on questions;
drop trigger question_group_options_structure_version on question_group_options;
drop trigger question_groups_structure_version on question_groups;
drop function bump_form_structure_version();
alter table forms drop column structure_version;
