-- Decision 035: from one ward to a hospital.
--
-- 1. wards: the hospital's wards. The one ward of an older database becomes ward 1 ("Ward 1",
--    code W1); its settings rows (ward_settings, alert_settings: the row whose id is the ward's)
--    were already id 1, so its shifts, clock and deadlines are ward 1's.
-- 2. ward_members: who works on which ward. Every existing account joins ward 1, so everyone sees
--    what they saw before.
-- 3. The ward is named by each patient, bay, bed and nurse in charge (all of ward 1 here); a bed's
--    label is unique within its ward; a shift's nurse in charge is per ward.
-- 4. live_events.ward_id: the ward whose streams may carry an event.
-- 5. alerts.escalated_to_users: the people an escalation reached; bed_moves.from_ward/to_ward: a
--    transfer's wards.
CREATE TABLE "wards" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "wards_code_uq" ON "wards" USING btree ("code");--> statement-breakpoint
INSERT INTO "wards" ("id", "name", "code") VALUES (1, 'Ward 1', 'W1');--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('wards', 'id'), 1);--> statement-breakpoint
CREATE TABLE "ward_members" (
	"user_id" integer NOT NULL,
	"ward_id" integer NOT NULL,
	CONSTRAINT "ward_members_user_id_ward_id_pk" PRIMARY KEY("user_id","ward_id")
);
--> statement-breakpoint
ALTER TABLE "ward_members" ADD CONSTRAINT "ward_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ward_members" ADD CONSTRAINT "ward_members_ward_id_wards_id_fk" FOREIGN KEY ("ward_id") REFERENCES "public"."wards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ward_members_ward_idx" ON "ward_members" USING btree ("ward_id");--> statement-breakpoint
INSERT INTO "ward_members" ("user_id", "ward_id") SELECT "id", 1 FROM "users";--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "ward_id" integer;--> statement-breakpoint
UPDATE "patients" SET "ward_id" = 1;--> statement-breakpoint
ALTER TABLE "patients" ALTER COLUMN "ward_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_ward_id_wards_id_fk" FOREIGN KEY ("ward_id") REFERENCES "public"."wards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "patients_ward_idx" ON "patients" USING btree ("ward_id");--> statement-breakpoint
ALTER TABLE "ward_bays" ADD COLUMN "ward_id" integer;--> statement-breakpoint
UPDATE "ward_bays" SET "ward_id" = 1;--> statement-breakpoint
ALTER TABLE "ward_bays" ALTER COLUMN "ward_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "ward_bays" ADD CONSTRAINT "ward_bays_ward_id_wards_id_fk" FOREIGN KEY ("ward_id") REFERENCES "public"."wards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ward_bays_ward_idx" ON "ward_bays" USING btree ("ward_id");--> statement-breakpoint
ALTER TABLE "ward_beds" ADD COLUMN "ward_id" integer;--> statement-breakpoint
UPDATE "ward_beds" SET "ward_id" = 1;--> statement-breakpoint
ALTER TABLE "ward_beds" ALTER COLUMN "ward_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "ward_beds" ADD CONSTRAINT "ward_beds_ward_id_wards_id_fk" FOREIGN KEY ("ward_id") REFERENCES "public"."wards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
DROP INDEX "ward_beds_label_uq";--> statement-breakpoint
CREATE UNIQUE INDEX "ward_beds_label_uq" ON "ward_beds" USING btree ("ward_id","label_key");--> statement-breakpoint
ALTER TABLE "shift_leads" ADD COLUMN "ward_id" integer;--> statement-breakpoint
UPDATE "shift_leads" SET "ward_id" = 1;--> statement-breakpoint
ALTER TABLE "shift_leads" ALTER COLUMN "ward_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "shift_leads" ADD CONSTRAINT "shift_leads_ward_id_wards_id_fk" FOREIGN KEY ("ward_id") REFERENCES "public"."wards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_leads" DROP CONSTRAINT "shift_leads_pkey";--> statement-breakpoint
ALTER TABLE "shift_leads" ADD CONSTRAINT "shift_leads_ward_id_shift_key_pk" PRIMARY KEY("ward_id","shift_key");--> statement-breakpoint
ALTER TABLE "live_events" ADD COLUMN "ward_id" integer;--> statement-breakpoint
UPDATE "live_events" e SET "ward_id" = p."ward_id" FROM "patients" p WHERE p."id" = e."patient_id";--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "escalated_to_users" jsonb;--> statement-breakpoint
ALTER TABLE "bed_moves" ADD COLUMN "from_ward" integer;--> statement-breakpoint
ALTER TABLE "bed_moves" ADD COLUMN "to_ward" integer;--> statement-breakpoint
ALTER TABLE "bed_moves" ADD CONSTRAINT "bed_moves_from_ward_wards_id_fk" FOREIGN KEY ("from_ward") REFERENCES "public"."wards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bed_moves" ADD CONSTRAINT "bed_moves_to_ward_wards_id_fk" FOREIGN KEY ("to_ward") REFERENCES "public"."wards"("id") ON DELETE no action ON UPDATE no action;
