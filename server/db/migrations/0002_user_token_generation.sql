ALTER TABLE "users" ADD COLUMN "user_token_generation" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "user_tokens_valid_after";--> statement-breakpoint
CREATE INDEX "login_failures_at_idx" ON "login_failures" USING btree ("login_failure_at");