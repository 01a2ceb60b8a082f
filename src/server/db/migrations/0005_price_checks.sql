CREATE TABLE "price_observations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"search_key" text NOT NULL,
	"provider" text NOT NULL,
	"observed_at" timestamp with time zone NOT NULL,
	"lowest_price" numeric(12, 2),
	"currency" text NOT NULL,
	"itineraries" jsonb NOT NULL,
	"fresh" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "provider_backoffs" (
	"scope" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"retry_at" timestamp with time zone,
	"last_error" text,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "provider_budget" (
	"provider" text NOT NULL,
	"period" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"calls" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "provider_budget_provider_period_window_start_pk" PRIMARY KEY("provider","period","window_start")
);
--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "lease_owner" text;--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "consecutive_misses" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "consecutive_failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "armed" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "last_notified_price" numeric(12, 2);--> statement-breakpoint
CREATE INDEX "price_observations_key_observed_idx" ON "price_observations" USING btree ("search_key","observed_at");