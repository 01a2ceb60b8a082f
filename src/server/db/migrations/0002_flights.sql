CREATE TABLE "flight_searches" (
	"id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"query" jsonb NOT NULL,
	"tokens" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "simulator_price_shocks" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"from_codes" text NOT NULL,
	"to_codes" text NOT NULL,
	"departure_date" text,
	"factor" double precision NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "flight_searches_created_idx" ON "flight_searches" USING btree ("created_at");