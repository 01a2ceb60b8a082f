CREATE TABLE "fare_observations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"origin" text NOT NULL,
	"destination" text NOT NULL,
	"departure_date" date NOT NULL,
	"return_date" date,
	"cabin" integer NOT NULL,
	"adults" integer NOT NULL,
	"currency" text NOT NULL,
	"lowest_price" numeric(12, 2) NOT NULL,
	"observed_at" timestamp with time zone NOT NULL,
	"source" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "fare_observations_route_date_idx" ON "fare_observations" USING btree ("origin","destination","cabin","adults","currency","departure_date","observed_at");--> statement-breakpoint
CREATE INDEX "fare_observations_observed_idx" ON "fare_observations" USING btree ("observed_at");