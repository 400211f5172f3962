ALTER TABLE "users" ADD COLUMN "user_email" varchar(254);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "user_phone" varchar(14);