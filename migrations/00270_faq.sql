-- +goose Up
-- The FAQ (spec portal-core §2 /apps/faq/Faq, menu tools_012): read models of the stream
-- "faq" (projections/faq), with a text index for the employees' search.

-- faq_fold lowers a text and takes its accents off, so "ferias" finds "Férias". unaccent is
-- not installed everywhere the portal runs; translate() over the Portuguese and Spanish
-- letters is enough and, unlike unaccent(), IMMUTABLE, so the index below may use it.
CREATE FUNCTION faq_fold(t text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
    SELECT translate(lower(t), 'áàâãäéèêëíìîïóòôõöúùûüçñ', 'aaaaaeeeeiiiiooooouuuucn')
$$;

CREATE TABLE faq_categories (
    tenant_id uuid    NOT NULL,
    id        uuid    NOT NULL,
    name      text    NOT NULL,
    rank      integer NOT NULL DEFAULT 0,
    position  bigint  NOT NULL, -- global position of the last event applied
    PRIMARY KEY (tenant_id, id)
);

CREATE TABLE faq_questions (
    tenant_id   uuid        NOT NULL,
    id          uuid        NOT NULL,
    category_id uuid        NOT NULL,
    question    text        NOT NULL,
    answer      text        NOT NULL, -- sanitized HTML (platform/safehtml)
    rank        integer     NOT NULL DEFAULT 0,
    updated_at  timestamptz NOT NULL,
    position    bigint      NOT NULL,
    -- The question weighs more than the answer; tags are stripped from the answer.
    search      tsvector GENERATED ALWAYS AS (
        setweight(to_tsvector('simple'::regconfig, faq_fold(question)), 'A') ||
        setweight(to_tsvector('simple'::regconfig, faq_fold(regexp_replace(answer, '<[^>]*>', ' ', 'g'))), 'B')
    ) STORED,
    PRIMARY KEY (tenant_id, id)
);
CREATE INDEX faq_questions_category_idx ON faq_questions (tenant_id, category_id, rank);
CREATE INDEX faq_questions_search_idx ON faq_questions USING gin (search);

-- +goose StatementBegin
DO $$
DECLARE t text;
BEGIN
    FOREACH t IN ARRAY ARRAY['faq_categories', 'faq_questions'] LOOP
        EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
        EXECUTE format('CREATE POLICY tenant_isolation ON %I USING (tenant_id = app_tenant()) WITH CHECK (tenant_id = app_tenant())', t);
        EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %I TO portal_app', t);
    END LOOP;
END $$;
-- +goose StatementEnd

-- +goose Down
DROP TABLE faq_questions, faq_categories;
DROP FUNCTION faq_fold(text);
