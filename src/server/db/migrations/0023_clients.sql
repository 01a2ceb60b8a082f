CREATE TABLE "advisor_brands" (
	"user_id" text PRIMARY KEY NOT NULL,
	"brand_name" text NOT NULL,
	"primary_color" text NOT NULL,
	"accent_color" text NOT NULL,
	"reply_to" text,
	"logo" "bytea",
	"logo_content_type" text,
	"logo_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"email" text,
	"phone" text,
	"channels" jsonb NOT NULL,
	"email_confirmed_at" timestamp with time zone,
	"email_unsubscribed_at" timestamp with time zone,
	"phone_confirmed_at" timestamp with time zone,
	"phone_unsubscribed_at" timestamp with time zone,
	"confirmation_sent_at" timestamp with time zone,
	"confirmations_sent" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "client_id" uuid;--> statement-breakpoint
ALTER TABLE "advisor_brands" ADD CONSTRAINT "advisor_brands_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "advisor_brands_logo_hash_idx" ON "advisor_brands" USING btree ("logo_hash");--> statement-breakpoint
CREATE INDEX "clients_user_idx" ON "clients" USING btree ("user_id","name");--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alerts_client_idx" ON "alerts" USING btree ("client_id");