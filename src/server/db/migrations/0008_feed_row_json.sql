CREATE TABLE "feed_shapes" (
	"entity" text PRIMARY KEY NOT NULL,
	"columns" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "change_log" ADD COLUMN "row_json" text;--> statement-breakpoint
CREATE INDEX "change_log_unbuilt_idx" ON "change_log" USING btree ("seq") WHERE "change_log"."row_json" is null;