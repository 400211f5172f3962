CREATE TABLE "work_slots" (
	"work_slot_owner" varchar(100) NOT NULL,
	"work_slot" integer NOT NULL,
	"work_slot_holder" varchar(120) NOT NULL,
	"work_slot_expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "work_slots_work_slot_owner_work_slot_pk" PRIMARY KEY("work_slot_owner","work_slot")
);
