CREATE TABLE "contacts" (
	"contact_id" serial PRIMARY KEY NOT NULL,
	"contact_version" integer DEFAULT 1 NOT NULL,
	"contact_created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"contact_updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"customer_id" integer NOT NULL,
	"contact_first_name" varchar(150),
	"contact_last_name" varchar(150) NOT NULL,
	"contact_phone" varchar(14),
	"contact_phone_extension" varchar(5),
	"contact_email" varchar(254)
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"customer_id" serial PRIMARY KEY NOT NULL,
	"customer_version" integer DEFAULT 1 NOT NULL,
	"customer_created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"customer_updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"customer_name" varchar(250) NOT NULL,
	"customer_address_1" varchar(150) NOT NULL,
	"customer_address_2" varchar(150),
	"customer_city" varchar(150) NOT NULL,
	"customer_county" varchar(150),
	"customer_state" varchar(2) NOT NULL,
	"customer_zip" varchar(15),
	"customer_type" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_failures" (
	"login_failure_id" serial PRIMARY KEY NOT NULL,
	"login_failure_username" varchar(100) NOT NULL,
	"login_failure_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app_settings" (
	"setting_key" varchar(100) PRIMARY KEY NOT NULL,
	"setting_value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"user_id" serial PRIMARY KEY NOT NULL,
	"user_username" varchar(100) NOT NULL,
	"user_first_name" varchar(150) NOT NULL,
	"user_last_name" varchar(150) NOT NULL,
	"user_password_hash" text NOT NULL,
	"user_tokens_valid_after" timestamp with time zone DEFAULT now() NOT NULL,
	"user_version" integer DEFAULT 1 NOT NULL,
	"user_created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_user_username_unique" UNIQUE("user_username")
);
--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_customer_id_customers_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("customer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contacts_customer_id_idx" ON "contacts" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "contacts_contact_first_name_trgm" ON "contacts" USING gin ("contact_first_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contacts_contact_first_name_idx" ON "contacts" USING btree ("contact_first_name");--> statement-breakpoint
CREATE INDEX "contacts_contact_last_name_trgm" ON "contacts" USING gin ("contact_last_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contacts_contact_last_name_idx" ON "contacts" USING btree ("contact_last_name");--> statement-breakpoint
CREATE INDEX "contacts_contact_phone_trgm" ON "contacts" USING gin ("contact_phone" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contacts_contact_email_trgm" ON "contacts" USING gin ("contact_email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contacts_contact_email_idx" ON "contacts" USING btree ("contact_email");--> statement-breakpoint
CREATE INDEX "customers_customer_name_trgm" ON "customers" USING gin ("customer_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customers_customer_name_idx" ON "customers" USING btree ("customer_name");--> statement-breakpoint
CREATE INDEX "customers_customer_address_1_trgm" ON "customers" USING gin ("customer_address_1" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customers_customer_address_1_idx" ON "customers" USING btree ("customer_address_1");--> statement-breakpoint
CREATE INDEX "customers_customer_address_2_trgm" ON "customers" USING gin ("customer_address_2" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customers_customer_address_2_idx" ON "customers" USING btree ("customer_address_2");--> statement-breakpoint
CREATE INDEX "customers_customer_city_trgm" ON "customers" USING gin ("customer_city" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customers_customer_city_idx" ON "customers" USING btree ("customer_city");--> statement-breakpoint
CREATE INDEX "customers_customer_state_trgm" ON "customers" USING gin ("customer_state" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customers_customer_state_idx" ON "customers" USING btree ("customer_state");--> statement-breakpoint
CREATE INDEX "customers_customer_zip_trgm" ON "customers" USING gin ("customer_zip" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customers_customer_zip_idx" ON "customers" USING btree ("customer_zip");--> statement-breakpoint
CREATE INDEX "login_failures_username_at_idx" ON "login_failures" USING btree ("login_failure_username","login_failure_at");