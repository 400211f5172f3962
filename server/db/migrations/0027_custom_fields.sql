CREATE TABLE "custom_field_changes" (
	"custom_field_change_id" serial PRIMARY KEY NOT NULL,
	"custom_field_change_at" timestamp with time zone DEFAULT now() NOT NULL,
	"custom_field_change_field_id" integer NOT NULL,
	"custom_field_change_entity" varchar(20) NOT NULL,
	"custom_field_change_key" varchar(40) NOT NULL,
	"custom_field_change_label" varchar(60) NOT NULL,
	"custom_field_change_action" varchar(20) NOT NULL,
	"custom_field_change_changes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"custom_field_change_user_id" integer,
	"custom_field_change_user_name" varchar(301) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "custom_fields" (
	"custom_field_id" serial PRIMARY KEY NOT NULL,
	"custom_field_version" integer DEFAULT 1 NOT NULL,
	"custom_field_created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"custom_field_updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"custom_field_entity" varchar(20) NOT NULL,
	"custom_field_key" varchar(40) NOT NULL,
	"custom_field_label" varchar(60) NOT NULL,
	"custom_field_kind" varchar(20) NOT NULL,
	"custom_field_required" boolean DEFAULT false NOT NULL,
	"custom_field_min" numeric(14, 2),
	"custom_field_max" numeric(14, 2),
	"custom_field_choices" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"custom_field_show_in_list" boolean DEFAULT false NOT NULL,
	"custom_field_filterable" boolean DEFAULT false NOT NULL,
	"custom_field_print_on_proposal" boolean DEFAULT false NOT NULL,
	"custom_field_help" varchar(300),
	"custom_field_position" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "contact_custom" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "customer_custom" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "estimates" ADD COLUMN "estimate_custom" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "item_custom" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "site_custom" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "custom_field_changes" ADD CONSTRAINT "custom_field_changes_custom_field_change_user_id_users_user_id_fk" FOREIGN KEY ("custom_field_change_user_id") REFERENCES "public"."users"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "custom_field_changes_entity_at_idx" ON "custom_field_changes" USING btree ("custom_field_change_entity","custom_field_change_at");--> statement-breakpoint
CREATE UNIQUE INDEX "custom_fields_entity_key_idx" ON "custom_fields" USING btree ("custom_field_entity","custom_field_key");--> statement-breakpoint
CREATE INDEX "custom_fields_entity_position_idx" ON "custom_fields" USING btree ("custom_field_entity","custom_field_position");--> statement-breakpoint
CREATE INDEX "contacts_custom_gin" ON "contacts" USING gin ("contact_custom" jsonb_path_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "customers_custom_gin" ON "customers" USING gin ("customer_custom" jsonb_path_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "estimates_custom_gin" ON "estimates" USING gin ("estimate_custom" jsonb_path_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "items_custom_gin" ON "items" USING gin ("item_custom" jsonb_path_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "sites_custom_gin" ON "sites" USING gin ("site_custom" jsonb_path_ops) WITH (fastupdate=false);