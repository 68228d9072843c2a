-- Norwegian Nynorsk (nn) joins Bokmål and English: a user may choose it, and
-- a school may write its own texts in it. Runs as the tenant role with
-- search_path set to the tenant schema.

-- +goose Up
alter table users drop constraint users_language_check;
alter table users add constraint users_language_check check (language in ('nb', 'nn', 'en'));
alter table catalogue_entries drop constraint catalogue_entries_language_check;
alter table catalogue_entries add constraint catalogue_entries_language_check check (language in ('nb', 'nn', 'en'));

-- +goose Down
update users set language = 'nb' where language = 'nn';
delete from catalogue_entries where language = 'nn';
alter table users drop constraint users_language_check;
alter table users add constraint users_language_check check (language in ('nb', 'en'));
alter table catalogue_entries drop constraint catalogue_entries_language_check;
alter table catalogue_entries add constraint catalogue_entries_language_check check (language in ('nb', 'en'));
