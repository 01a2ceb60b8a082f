ALTER TABLE "alerts" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "alerts_user_idempotency_key_idx" ON "alerts" USING btree ("user_id","idempotency_key");