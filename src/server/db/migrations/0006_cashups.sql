CREATE TABLE "cashups" (
	"id" uuid PRIMARY KEY NOT NULL,
	"day" text NOT NULL,
	"till" text NOT NULL,
	"device" text DEFAULT 'S' NOT NULL,
	"expected" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"payments" integer DEFAULT 0 NOT NULL,
	"counted_cash" bigint NOT NULL,
	"difference" bigint NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"closed_by" text DEFAULT '' NOT NULL,
	"closed_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "cashups_day_till_uq" ON "cashups" USING btree ("day","till");