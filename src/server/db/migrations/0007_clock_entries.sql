CREATE TABLE "clock_entries" (
	"id" uuid PRIMARY KEY NOT NULL,
	"job_id" uuid NOT NULL,
	"username" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"stopped_at" timestamp with time zone,
	"ended" text DEFAULT '' NOT NULL,
	"device" text DEFAULT 'S' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "clock_entries_job_idx" ON "clock_entries" USING btree ("job_id");--> statement-breakpoint
CREATE INDEX "clock_entries_user_idx" ON "clock_entries" USING btree ("username","started_at");--> statement-breakpoint
CREATE INDEX "clock_entries_started_idx" ON "clock_entries" USING btree ("started_at");