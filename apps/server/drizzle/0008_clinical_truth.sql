ALTER TABLE "device_links" ADD COLUMN "lost_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "device_links" ADD COLUMN "lost_reason" text;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "is_demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "sources" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "news2" jsonb;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "news2_total" smallint;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "devices" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "vital_readings" ADD COLUMN "provenance" text DEFAULT 'observation' NOT NULL;--> statement-breakpoint
ALTER TABLE "vital_readings" ADD COLUMN "window_start" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "vital_readings" ADD COLUMN "window_end" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "patients_news2_total_idx" ON "patients" USING btree ("news2_total");--> statement-breakpoint
-- Demo patients: the demo seed admitted its patients without a person ("admitted" events with no
-- author); every admission through the API records who admitted (decision 014).
UPDATE "patients" p SET "is_demo" = true WHERE EXISTS (
  SELECT 1 FROM "patient_events" e WHERE e."patient_id" = p."id" AND e."type" = 'admitted' AND e."created_by" IS NULL
);--> statement-breakpoint
-- Readings stored before provenance, classed by what their row can tell (decision 014): a simulated
-- connection or a device named as a demo (the rule of the time) is simulation; the WHOOP API is a
-- wearable summary; the demo seed's rows (a demo patient's, with no device and no recorder) are demo;
-- a device id or a device connection is a device; the rest was typed by a person.
UPDATE "vital_readings" r SET "provenance" = CASE
  WHEN lower(coalesce(r."connection_type", '')) = 'simulation' OR coalesce(r."device_name", '') ~* '(demo|simulat)' THEN 'simulation'
  WHEN lower(coalesce(r."connection_type", '')) = 'whoop api' THEN 'wearable-summary'
  WHEN r."device_id" IS NULL AND r."recorded_by" IS NULL
    AND EXISTS (SELECT 1 FROM "patients" p WHERE p."id" = r."patient_id" AND p."is_demo") THEN 'demo'
  WHEN r."device_id" IS NOT NULL OR lower(coalesce(r."connection_type", '')) IN ('bluetooth', 'bridge') THEN 'device'
  ELSE 'observation'
END;
