-- Revisions (issue 23): the estimate's revision number, the frozen revisions with their snapshots, and
-- the revision each proposal froze.
CREATE TABLE "estimate_revisions" (
	"estimate_revision_id" serial PRIMARY KEY NOT NULL,
	"estimate_revision_estimate_id" integer NOT NULL,
	"estimate_revision_number" integer NOT NULL,
	"estimate_revision_frozen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"estimate_revision_frozen_by" integer,
	"estimate_revision_frozen_by_name" varchar(301) DEFAULT '' NOT NULL,
	"estimate_revision_subtotal" numeric(12, 2) NOT NULL,
	"estimate_revision_total" numeric(12, 2) NOT NULL,
	"estimate_revision_snapshot" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "estimates" ADD COLUMN "estimate_revision" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "proposals" ADD COLUMN "proposal_revision" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "estimate_revisions" ADD CONSTRAINT "estimate_revisions_estimate_revision_estimate_id_estimates_estimate_id_fk" FOREIGN KEY ("estimate_revision_estimate_id") REFERENCES "public"."estimates"("estimate_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimate_revisions" ADD CONSTRAINT "estimate_revisions_estimate_revision_frozen_by_users_user_id_fk" FOREIGN KEY ("estimate_revision_frozen_by") REFERENCES "public"."users"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "estimate_revisions_estimate_revision_idx" ON "estimate_revisions" USING btree ("estimate_revision_estimate_id","estimate_revision_number");