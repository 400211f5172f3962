ALTER TABLE "users" ADD COLUMN "user_role" varchar(10) DEFAULT 'staff' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "user_must_change_password" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- hand-written: issue 26's backfill of existing databases (carry it over if this migration is renumbered).
-- The lowest-id active user (the first start's admin, as a rule) becomes the administrator; everyone else stays staff.
UPDATE "users" SET "user_role" = 'admin' WHERE "user_id" = (SELECT min("user_id") FROM "users" WHERE "user_active");
