-- Written by hand (issue 35): the job table's search by the shop search's rule, the device's (src/domain/jobs.ts
-- jobSearchTerms): each search key of a job behind its tag in one text, matched by a regular expression through a
-- trigram index. The expression is src/server/routes/jobs/search.ts JOB_SEARCH_TEXT, character for character (the
-- planner uses the index only for the identical expression). The text-anywhere trigram index and the word-start
-- index of migrations 0005 and 0009 answered the old search and are dropped with it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "jobs_search_keys_trgm" ON "jobs" USING gin ((('|r:' || upper(regexp_replace(coalesce("registration", ''), '[\s-]+', '', 'g')) || '|v:' || upper(regexp_replace(coalesce("vin", ''), '[\s-]+', '', 'g')) || '|e:' || reverse(upper(regexp_replace(coalesce("vin", ''), '[\s-]+', '', 'g'))) || '|n:' || upper(regexp_replace(coalesce("last_name", ''), '^\s+|\s+$', '', 'g') || ' ' || regexp_replace(coalesce("first_name", ''), '^\s+|\s+$', '', 'g')) || '|f:' || upper(regexp_replace(coalesce("first_name", ''), '^\s+|\s+$', '', 'g') || ' ' || regexp_replace(coalesce("last_name", ''), '^\s+|\s+$', '', 'g')) || '|p:' || regexp_replace(coalesce("contact", ''), '[^0-9]+', '', 'g') || '|m:' || (case when lower(regexp_replace(coalesce("email", ''), '^\s+|\s+$', '', 'g')) in ('', 'none') then '' else lower(regexp_replace(coalesce("email", ''), '^\s+|\s+$', '', 'g')) end) || '|#:' || upper(regexp_replace(coalesce("number", ''), '[\s-]+', '', 'g')))) gin_trgm_ops);--> statement-breakpoint
DROP INDEX IF EXISTS "jobs_search_trgm";--> statement-breakpoint
DROP INDEX IF EXISTS "jobs_word_starts";--> statement-breakpoint
DROP FUNCTION IF EXISTS job_word_starts(text);
