-- Each answer set keeps which of its questions are answered, so that the
-- class page and a student's progress read one short array per set instead
-- of counting every answer of a class on each request (at semester end that
-- count was most of the database's time).
--
-- A question counts as answered when it is in a group that takes answers
-- (type 1 free text or 2 grading) and its value is not blank; this is the
-- rule the reads used before. Answered questions never change group type
-- (the form editor refuses it), so the rule holds for a stored id.
--
-- Triggers on answers keep the array in step inside the writer's own
-- transaction, whoever writes (the save, the demo data, a test). They work
-- on one answer row at a time (statement-level triggers are refused in this
-- schema), and only when the row's answered state changes: editing a text
-- that stays non-blank runs nothing. Each adds or removes one id in an
-- UPDATE whose SET reads the set's own column: under READ COMMITTED an
-- UPDATE that waited for another writer re-reads the row it updates, so two
-- transactions changing answers of one set never lose each other's change.
-- Runs as the tenant role with search_path set to the tenant schema.

-- +goose Up
alter table answer_sets add column answered_questions bigint[] not null default '{}';

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

-- The sets answered so far.
update answer_sets s set answered_questions = x.ids
  from (select a.answer_set_id, array_agg(a.question_id order by a.question_id) as ids
          from answers a join questions q on q.id = a.question_id join question_groups g on g.id = q.group_id
         where g.type in (1, 2) and a.value is not null and btrim(a.value) <> ''
         group by a.answer_set_id) x
 where s.id = x.answer_set_id;

-- +goose Down
drop trigger answers_track_answered_delete on answers;
drop trigger answers_track_answered_update on answers;
drop trigger answers_track_answered_insert on answers;
drop function answer_sets_track_answered();
alter table answer_sets drop column answered_questions;
