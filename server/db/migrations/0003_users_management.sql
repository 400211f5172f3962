ALTER TABLE "users" ADD COLUMN "user_active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "user_last_sign_in_at" timestamp with time zone;