-- Norwegian Nynorsk (nn) joins Bokmål and English as a school's default
-- language.

-- +goose Up
ALTER TABLE tenants DROP CONSTRAINT tenants_default_language_check;
ALTER TABLE tenants ADD CONSTRAINT tenants_default_language_check CHECK (default_language IN ('nb', 'nn', 'en'));

-- +goose Down
UPDATE tenants SET default_language = 'nb' WHERE default_language = 'nn';
ALTER TABLE tenants DROP CONSTRAINT tenants_default_language_check;
ALTER TABLE tenants ADD CONSTRAINT tenants_default_language_check CHECK (default_language IN ('nb', 'en'));
