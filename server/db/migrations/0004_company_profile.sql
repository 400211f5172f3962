CREATE TABLE "company_logo" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"company_logo_content_type" varchar(20) NOT NULL,
	"company_logo_data" "bytea" NOT NULL,
	"company_logo_updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_profile" (
	"company_id" serial PRIMARY KEY NOT NULL,
	"company_version" integer DEFAULT 1 NOT NULL,
	"company_created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"company_updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"company_name" varchar(250) NOT NULL,
	"company_address_1" varchar(150) NOT NULL,
	"company_address_2" varchar(150),
	"company_city" varchar(150) NOT NULL,
	"company_state" varchar(2) NOT NULL,
	"company_zip" varchar(15),
	"company_phone" varchar(14),
	"company_email" varchar(254),
	"company_website" varchar(254)
);
--> statement-breakpoint
ALTER TABLE "company_logo" ADD CONSTRAINT "company_logo_company_id_company_profile_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company_profile"("company_id") ON DELETE cascade ON UPDATE no action;