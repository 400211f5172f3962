CREATE TABLE "sign_in_places" (
	"sign_in_place_user_id" integer NOT NULL,
	"sign_in_place_client" varchar(64) NOT NULL,
	"sign_in_place_last_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sign_in_places_sign_in_place_user_id_sign_in_place_client_pk" PRIMARY KEY("sign_in_place_user_id","sign_in_place_client")
);
--> statement-breakpoint
ALTER TABLE "sign_in_places" ADD CONSTRAINT "sign_in_places_sign_in_place_user_id_users_user_id_fk" FOREIGN KEY ("sign_in_place_user_id") REFERENCES "public"."users"("user_id") ON DELETE cascade ON UPDATE no action;