ALTER TABLE "alerts" ADD COLUMN "date_window" jsonb;--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "window_state" jsonb;