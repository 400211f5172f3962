CREATE TABLE "demo_records" (
	"demo_record_entity" varchar(40) NOT NULL,
	"demo_record_id" integer NOT NULL,
	"demo_record_version" integer NOT NULL,
	CONSTRAINT "demo_records_demo_record_entity_demo_record_id_pk" PRIMARY KEY("demo_record_entity","demo_record_id")
);
