CREATE TABLE "alert_prices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"alert_id" uuid NOT NULL,
	"price" numeric(12, 2) NOT NULL,
	"currency" text NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"itinerary" jsonb
);
--> statement-breakpoint
CREATE TABLE "alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"alert_category" text NOT NULL,
	"name" text NOT NULL,
	"alert_type" text NOT NULL,
	"target_price" numeric(12, 2) NOT NULL,
	"currency" text NOT NULL,
	"origin_airport" text NOT NULL,
	"destination_airport" text NOT NULL,
	"departure_date" date,
	"return_date" date,
	"search_parameters" jsonb NOT NULL,
	"filters" jsonb,
	"tracked_flights" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"notification_channels" jsonb NOT NULL,
	"check_frequency" text NOT NULL,
	"next_check_at" timestamp with time zone,
	"last_checked_at" timestamp with time zone,
	"lowest_price" numeric(12, 2),
	"current_price" numeric(12, 2),
	"status_note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alert_prices" ADD CONSTRAINT "alert_prices_alert_id_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alert_prices_alert_recorded_idx" ON "alert_prices" USING btree ("alert_id","recorded_at");--> statement-breakpoint
CREATE INDEX "alerts_user_status_created_idx" ON "alerts" USING btree ("user_id","status","created_at");--> statement-breakpoint
CREATE INDEX "alerts_due_idx" ON "alerts" USING btree ("next_check_at") WHERE "alerts"."status" in ('active', 'triggered', 'at_risk');