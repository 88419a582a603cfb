ALTER TABLE "transactions" ADD COLUMN "reason" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "refund_method" text DEFAULT '' NOT NULL;