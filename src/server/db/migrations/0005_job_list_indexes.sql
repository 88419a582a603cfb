CREATE INDEX "jobs_created_idx" ON "jobs" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "jobs_last_name_idx" ON "jobs" USING btree ("last_name","id");--> statement-breakpoint
CREATE INDEX "jobs_registration_idx" ON "jobs" USING btree ("registration","id");--> statement-breakpoint
-- Written by hand below (issue 16): the job table's search through a trigram index instead of a scan of every job.
-- The expression is src/server/routes/jobs/search.ts JOB_SEARCH_TEXT, character for character (the planner uses the
-- index only for the identical expression); drizzle's snapshot does not describe expression indexes.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "jobs_search_trgm" ON "jobs" USING gin ((lower(coalesce("registration", '') || ' ' || replace(coalesce("registration", ''), ' ', '') || ' ' || coalesce("vin", '') || ' ' || coalesce("first_name", '') || ' ' || coalesce("last_name", '') || ' ' || coalesce("contact", '') || ' ' || coalesce("email", '') || ' ' || coalesce("number", '') || ' ' || coalesce("technician", ''))) gin_trgm_ops);
