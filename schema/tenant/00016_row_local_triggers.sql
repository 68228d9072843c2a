-- A school's triggers touch only their own row, so that the school's schema
-- can live on a Citus worker: there a trigger runs inside the statement on
-- one table's shard, without the school's search_path, and Citus runs no
-- query on another of the school's tables from inside a shard.
--
-- The two triggers that reached beyond their row go; the statements that
-- change the rows now keep the derived values themselves, in the same
-- statement or transaction:
--
-- - answer_sets.answered_questions: the save's one statement writes the
--   answers and sets the array of the set it writes (api/answers/save.go);
--   writers outside the save (the demo data) count the array afresh from the
--   answers (answers.RecountAnswered).
-- - forms.structure_version: the form editor draws a new number in the
--   statement that updates the form, in the transaction that changes its
--   groups, labels and questions (api/forms/store.go); a new form draws one
--   by its column default.
--
-- Runs as the tenant role with search_path set to the tenant schema.

-- +goose Up
drop trigger answers_track_answered_delete on answers;
drop trigger answers_track_answered_update on answers;
drop trigger answers_track_answered_insert on answers;
drop function answer_sets_track_answered();

drop trigger questions_structure_version on questions;
drop trigger question_group_options_structure_version on question_group_options;
drop trigger question_groups_structure_version on question_groups;
drop function bump_form_structure_version();

-- +goose Down
-- +goose StatementBegin
create function answer_sets_track_answered() returns trigger
language plpgsql as $$
begin
    if tg_op in ('UPDATE', 'DELETE') and old.value is not null and btrim(old.value) <> '' then
        update answer_sets set answered_questions = array_remove(answered_questions, old.question_id)
         where id = old.answer_set_id and old.question_id = any (answered_questions);
    end if;
    if tg_op in ('INSERT', 'UPDATE') and new.value is not null and btrim(new.value) <> ''
       and exists (select 1 from questions q join question_groups g on g.id = q.group_id
                    where q.id = new.question_id and g.type in (1, 2)) then
        update answer_sets set answered_questions = answered_questions || new.question_id
         where id = new.answer_set_id and not new.question_id = any (answered_questions);
    end if;
    return null;
end;
$$;
-- +goose StatementEnd

create trigger answers_track_answered_insert
    after insert on answers
    for each row when (new.value is not null and btrim(new.value) <> '')
    execute function answer_sets_track_answered();

create trigger answers_track_answered_update
    after update on answers
    for each row when (
        (old.value is not null and btrim(old.value) <> '') is distinct from (new.value is not null and btrim(new.value) <> '')
        or old.question_id <> new.question_id or old.answer_set_id <> new.answer_set_id)
    execute function answer_sets_track_answered();

create trigger answers_track_answered_delete
    after delete on answers
    for each row when (old.value is not null and btrim(old.value) <> '')
    execute function answer_sets_track_answered();

-- +goose StatementBegin
create function bump_form_structure_version() returns trigger
language plpgsql as $$
begin
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
