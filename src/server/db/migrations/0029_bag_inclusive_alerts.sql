CREATE TABLE "bag_fee_schedules" (
	"key" text PRIMARY KEY NOT NULL,
	"fees" jsonb NOT NULL,
	"fetched_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "bags" jsonb;