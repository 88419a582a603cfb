ALTER TABLE "estimates" ADD COLUMN "discount_percent" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- the percent an estimate was saved with lived only in its totals JSON: a row saved since keeps it there as a number
-- (planEstimate wrote Math.min(100, …)); anything else there, or nothing, is no discount (0)
UPDATE "estimates" SET "discount_percent" = least(100, greatest(0, round(("totals"->>'discount_percent')::numeric)))::integer WHERE ("totals"->>'discount_percent') ~ '^\s*-?[0-9]+(\.[0-9]+)?\s*$';
