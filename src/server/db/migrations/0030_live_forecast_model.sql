CREATE TABLE "live_forecast_models" (
	"provider" text PRIMARY KEY NOT NULL,
	"measured_at" timestamp with time zone NOT NULL,
	"model" jsonb NOT NULL,
	"gate" jsonb NOT NULL,
	"holdout_days" integer NOT NULL,
	"observations_read" integer NOT NULL,
	"truncated" boolean NOT NULL,
	"learned_moments" integer NOT NULL,
	"holdout_learned_moments" integer NOT NULL,
	"scored_moments" integer NOT NULL
);
