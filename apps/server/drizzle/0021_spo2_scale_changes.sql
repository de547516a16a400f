-- Issue 39: a change of a patient's NEWS2 SpO2 scale is a row of its own table, typed and checked
-- (scale 1 or 2), owned and written by the patients module in the transaction of the edit; it was a
-- `patient_events` row of type 'spo2-scale-changed' whose JSON data held { from, to }.
CREATE TABLE "spo2_scale_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"patient_id" integer NOT NULL,
	"changed_at" timestamp with time zone NOT NULL,
	"from_scale" smallint NOT NULL,
	"to_scale" smallint NOT NULL,
	"changed_by" integer,
	CONSTRAINT "spo2_scale_changes_from_scale" CHECK ("spo2_scale_changes"."from_scale" in (1, 2)),
	CONSTRAINT "spo2_scale_changes_to_scale" CHECK ("spo2_scale_changes"."to_scale" in (1, 2))
);
--> statement-breakpoint
ALTER TABLE "spo2_scale_changes" ADD CONSTRAINT "spo2_scale_changes_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spo2_scale_changes" ADD CONSTRAINT "spo2_scale_changes_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "spo2_scale_changes_patient_changed_idx" ON "spo2_scale_changes" USING btree ("patient_id","changed_at");--> statement-breakpoint
-- Issue 39: every change recorded so far moves here, at the time and by the person of its event; a
-- scale replaced other than 2 was read as scale 1 (NEWS2's rule, the one the readers applied). The
-- events go: the table is the one record of the fact, which the timeline now reads.
INSERT INTO "spo2_scale_changes" ("patient_id", "changed_at", "from_scale", "to_scale", "changed_by")
SELECT "patient_id", "created_at",
  CASE WHEN "data"->>'from' = '2' THEN 2 ELSE 1 END,
  CASE WHEN "data"->>'to' = '2' THEN 2 ELSE 1 END,
  "created_by"
FROM "patient_events"
WHERE "type" = 'spo2-scale-changed'
ORDER BY "created_at", "id";--> statement-breakpoint
DELETE FROM "patient_events" WHERE "type" = 'spo2-scale-changed';
