CREATE TABLE "device_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"patient_id" integer NOT NULL,
	"device_id" text NOT NULL,
	"device_name" text,
	"connection_type" text NOT NULL,
	"simulated" boolean DEFAULT false NOT NULL,
	"state" text NOT NULL,
	"battery_level" integer,
	"linked_at" timestamp with time zone NOT NULL,
	"linked_by" integer,
	"state_changed_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "device_links" ADD CONSTRAINT "device_links_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_links" ADD CONSTRAINT "device_links_linked_by_users_id_fk" FOREIGN KEY ("linked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "device_links_active_device_uq" ON "device_links" USING btree ("device_id") WHERE "device_links"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "device_links_patient_idx" ON "device_links" USING btree ("patient_id");