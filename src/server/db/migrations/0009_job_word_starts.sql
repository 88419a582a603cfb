-- Written by hand (issue 16): one- and two-character job searches through an exact index. Such a search matches the
-- start of a word of the job's search text (src/server/routes/jobs/search.ts JOB_SEARCH_TEXT, copied below character
-- for character: the planner uses the index only for the identical expression); this function lists the first one
-- and two characters of each of those words, and a GIN index on that list answers `@> array['km']` without reading
-- the text again. COST: the function is dear (≈ 15 µs a row), so the planner reads the index rather than test rows.
CREATE OR REPLACE FUNCTION job_word_starts(t text) RETURNS text[]
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE COST 1000
AS $$ SELECT array_agg(DISTINCT s) FROM unnest(string_to_array(t, ' ')) AS w, unnest(ARRAY[left(w, 1), left(w, 2)]) AS s WHERE w <> '' $$;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "jobs_word_starts" ON "jobs" USING gin (job_word_starts(lower(coalesce("registration", '') || ' ' || replace(coalesce("registration", ''), ' ', '') || ' ' || coalesce("vin", '') || ' ' || coalesce("first_name", '') || ' ' || coalesce("last_name", '') || ' ' || coalesce("contact", '') || ' ' || coalesce("email", '') || ' ' || coalesce("number", '') || ' ' || coalesce("technician", ''))));
