ALTER TABLE "alerts" ADD COLUMN "trigger" text DEFAULT 'below' NOT NULL;--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "drop_percent" integer;--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "baseline_price" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "renotify_step" jsonb DEFAULT '{"unit":"percent","value":5}'::jsonb NOT NULL;