CREATE TABLE "bed_moves" (
	"id" serial PRIMARY KEY NOT NULL,
	"patient_id" integer NOT NULL,
	"kind" text NOT NULL,
	"from_bed" text,
	"to_bed" text,
	"at" timestamp with time zone NOT NULL,
	"by_user" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "handovers" (
	"id" serial PRIMARY KEY NOT NULL,
	"patient_id" integer NOT NULL,
	"shift_key" text NOT NULL,
	"handover_ends_at" timestamp with time zone NOT NULL,
	"illness_severity" text NOT NULL,
	"patient_summary" text NOT NULL,
	"actions" jsonb NOT NULL,
	"situation" text NOT NULL,
	"given_by" integer NOT NULL,
	"given_at" timestamp with time zone NOT NULL,
	"to_nurse_id" integer,
	"status" text NOT NULL,
	"synthesis" text,
	"accepted_by" integer,
	"accepted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "shift_assignments" (
	"shift_key" text NOT NULL,
	"patient_id" integer NOT NULL,
	"nurse_id" integer NOT NULL,
	"assigned_by" integer NOT NULL,
	"assigned_at" timestamp with time zone NOT NULL,
	CONSTRAINT "shift_assignments_shift_key_patient_id_pk" PRIMARY KEY("shift_key","patient_id")
);
--> statement-breakpoint
CREATE TABLE "ward_bays" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"position" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ward_beds" (
	"id" serial PRIMARY KEY NOT NULL,
	"bay_id" integer NOT NULL,
	"label" text NOT NULL,
	"label_key" text NOT NULL,
	"position" smallint NOT NULL,
	"patient_id" integer
);
--> statement-breakpoint
CREATE TABLE "ward_settings" (
	"id" smallint PRIMARY KEY NOT NULL,
	"settings" jsonb NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "discharged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bed_moves" ADD CONSTRAINT "bed_moves_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bed_moves" ADD CONSTRAINT "bed_moves_by_user_users_id_fk" FOREIGN KEY ("by_user") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handovers" ADD CONSTRAINT "handovers_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handovers" ADD CONSTRAINT "handovers_given_by_users_id_fk" FOREIGN KEY ("given_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handovers" ADD CONSTRAINT "handovers_to_nurse_id_users_id_fk" FOREIGN KEY ("to_nurse_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handovers" ADD CONSTRAINT "handovers_accepted_by_users_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_assignments" ADD CONSTRAINT "shift_assignments_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_assignments" ADD CONSTRAINT "shift_assignments_nurse_id_users_id_fk" FOREIGN KEY ("nurse_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_assignments" ADD CONSTRAINT "shift_assignments_assigned_by_users_id_fk" FOREIGN KEY ("assigned_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ward_beds" ADD CONSTRAINT "ward_beds_bay_id_ward_bays_id_fk" FOREIGN KEY ("bay_id") REFERENCES "public"."ward_bays"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ward_beds" ADD CONSTRAINT "ward_beds_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ward_settings" ADD CONSTRAINT "ward_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bed_moves_patient_at_idx" ON "bed_moves" USING btree ("patient_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "handovers_awaiting_uq" ON "handovers" USING btree ("patient_id","shift_key") WHERE "handovers"."status" = 'given';--> statement-breakpoint
CREATE INDEX "handovers_shift_status_idx" ON "handovers" USING btree ("shift_key","status");--> statement-breakpoint
CREATE INDEX "handovers_patient_given_idx" ON "handovers" USING btree ("patient_id","given_at");--> statement-breakpoint
CREATE INDEX "shift_assignments_nurse_idx" ON "shift_assignments" USING btree ("shift_key","nurse_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ward_beds_label_uq" ON "ward_beds" USING btree ("label_key");--> statement-breakpoint
CREATE UNIQUE INDEX "ward_beds_patient_uq" ON "ward_beds" USING btree ("patient_id");--> statement-breakpoint
CREATE INDEX "ward_beds_bay_idx" ON "ward_beds" USING btree ("bay_id");