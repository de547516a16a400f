-- Decision 029: every observation in the record, at any rate.
--
-- 1. vital_readings becomes a partitioned table: by "kept" (a person's observations, and device
--    readings retention pins, kept for the record's life), and the stream partition (raw device,
--    wearable, simulation and demo data) again by range of "reading_time", one partition per day,
--    made ahead of time by the server (modules/readings/retention.ts); a default partition takes any
--    reading outside the days made. Removing old raw data is dropping a day's partition. Its key is
--    (id, kept, reading_time), as a partitioned table's keys must hold the partition columns; the ids
--    keep their sequence. A reading's identity is now its patient, device and time (issue 38: a
--    sender can no longer collide with another patient's device).
-- 2. vital_minutes: per-minute summaries of the raw readings (reading_rollup says how far they reach).
-- 3. Readings for the values a patient's sources record but no reading holds: admission sets and
--    vitals edits were stored on the patient only until now. Each patient gets one reading per
--    recorded (time, class) of its sources, holding the vitals of that source that no reading of the
--    patient at that time holds, with the person who admitted or edited the patient at that time
--    (the patient event within a second of it) as its recorder.
CREATE TABLE "reading_rollup" (
	"id" smallint PRIMARY KEY NOT NULL,
	"through_id" integer DEFAULT 0 NOT NULL,
	"seen_id" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
INSERT INTO "reading_rollup" ("id") VALUES (1);
--> statement-breakpoint
CREATE TABLE "vital_minutes" (
	"patient_id" integer NOT NULL,
	"minute" timestamp with time zone NOT NULL,
	"vital" text NOT NULL,
	"provenance" text NOT NULL,
	"count" integer NOT NULL,
	"min" real NOT NULL,
	"max" real NOT NULL,
	"sum" double precision NOT NULL,
	"last" real NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	CONSTRAINT "vital_minutes_patient_id_minute_vital_provenance_pk" PRIMARY KEY("patient_id","minute","vital","provenance")
);
--> statement-breakpoint
ALTER TABLE "vital_minutes" ADD CONSTRAINT "vital_minutes_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "raised_by_reading" integer;--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "resolved_by_reading" integer;--> statement-breakpoint
ALTER TABLE "vital_readings" RENAME TO "vital_readings_before_0017";--> statement-breakpoint
ALTER TABLE "vital_readings_before_0017" RENAME CONSTRAINT "vital_readings_pkey" TO "vital_readings_before_0017_pkey";--> statement-breakpoint
ALTER INDEX "vital_readings_patient_time_idx" RENAME TO "vital_readings_before_0017_patient_time_idx";--> statement-breakpoint
ALTER INDEX "vital_readings_device_time_uq" RENAME TO "vital_readings_before_0017_device_time_uq";--> statement-breakpoint
ALTER SEQUENCE "vital_readings_id_seq" OWNED BY NONE;--> statement-breakpoint
CREATE TABLE "vital_readings" (
	"id" integer DEFAULT nextval('vital_readings_id_seq'::regclass) NOT NULL,
	"patient_id" integer NOT NULL,
	"device_id" text,
	"device_name" text,
	"connection_type" text,
	"reading_time" timestamp with time zone NOT NULL,
	"heart_rate" integer,
	"oxygen_level" integer,
	"systolic_bp" integer,
	"diastolic_bp" integer,
	"temperature" integer,
	"skin_temperature" integer,
	"respiratory_rate" integer,
	"consciousness" text,
	"on_supplemental_oxygen" boolean,
	"battery_level" integer,
	"steps" integer,
	"sleep_hours" real,
	"recorded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"provenance" text NOT NULL,
	"window_start" timestamp with time zone,
	"window_end" timestamp with time zone,
	"kept" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'valid' NOT NULL,
	"corrects" integer,
	"corrected_by" integer,
	"corrected_at" timestamp with time zone,
	"correction_reason" text,
	CONSTRAINT "vital_readings_pkey" PRIMARY KEY("id","kept","reading_time"),
	CONSTRAINT "vital_readings_observation_kept" CHECK ("kept" or "provenance" <> 'observation')
) PARTITION BY LIST ("kept");
--> statement-breakpoint
ALTER SEQUENCE "vital_readings_id_seq" OWNED BY "vital_readings"."id";--> statement-breakpoint
CREATE TABLE "vital_readings_kept" PARTITION OF "vital_readings" FOR VALUES IN (true);--> statement-breakpoint
CREATE TABLE "vital_readings_stream" PARTITION OF "vital_readings" FOR VALUES IN (false) PARTITION BY RANGE ("reading_time");--> statement-breakpoint
CREATE TABLE "vital_readings_stream_default" PARTITION OF "vital_readings_stream" DEFAULT;--> statement-breakpoint
INSERT INTO "vital_readings" ("id", "patient_id", "device_id", "device_name", "connection_type", "reading_time", "heart_rate", "oxygen_level", "systolic_bp", "diastolic_bp", "temperature", "skin_temperature", "respiratory_rate", "consciousness", "on_supplemental_oxygen", "battery_level", "steps", "sleep_hours", "recorded_by", "created_at", "provenance", "window_start", "window_end", "kept")
SELECT "id", "patient_id", "device_id", "device_name", "connection_type", "reading_time", "heart_rate", "oxygen_level", "systolic_bp", "diastolic_bp", "temperature", "skin_temperature", "respiratory_rate", "consciousness", "on_supplemental_oxygen", "battery_level", "steps", "sleep_hours", "recorded_by", "created_at", "provenance", "window_start", "window_end", "provenance" = 'observation' FROM "vital_readings_before_0017";--> statement-breakpoint
DROP TABLE "vital_readings_before_0017";--> statement-breakpoint
ALTER TABLE "vital_readings" ADD CONSTRAINT "vital_readings_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vital_readings" ADD CONSTRAINT "vital_readings_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vital_readings" ADD CONSTRAINT "vital_readings_corrected_by_users_id_fk" FOREIGN KEY ("corrected_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vital_readings_patient_time_idx" ON "vital_readings" USING btree ("patient_id","reading_time" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "vital_readings_patient_device_time_uq" ON "vital_readings" USING btree ("patient_id","device_id","reading_time","kept");--> statement-breakpoint
INSERT INTO "vital_readings" ("patient_id", "reading_time", "provenance", "kept", "device_name", "recorded_by", "respiratory_rate", "oxygen_level", "on_supplemental_oxygen", "systolic_bp", "diastolic_bp", "heart_rate", "consciousness", "temperature")
SELECT * FROM (
  SELECT p."id", g."at", g."provenance", g."provenance" = 'observation', g."source",
    (SELECT e."created_by" FROM "patient_events" e
      WHERE e."patient_id" = p."id" AND e."type" IN ('admitted', 'vitals-updated')
        AND e."created_at" BETWEEN g."at" - interval '1 second' AND g."at" + interval '1 second'
      ORDER BY abs(extract(epoch FROM e."created_at" - g."at")), e."id" LIMIT 1),
    CASE WHEN g."keys" ? 'respiratoryRate' AND NOT EXISTS (SELECT 1 FROM "vital_readings" r WHERE r."patient_id" = p."id" AND r."reading_time" = g."at" AND r."respiratory_rate" IS NOT NULL) THEN p."respiratory_rate" END AS "respiratory_rate",
    CASE WHEN g."keys" ? 'oxygenLevel' AND NOT EXISTS (SELECT 1 FROM "vital_readings" r WHERE r."patient_id" = p."id" AND r."reading_time" = g."at" AND r."oxygen_level" IS NOT NULL) THEN p."oxygen_level" END AS "oxygen_level",
    CASE WHEN g."keys" ? 'onSupplementalOxygen' AND NOT EXISTS (SELECT 1 FROM "vital_readings" r WHERE r."patient_id" = p."id" AND r."reading_time" = g."at" AND r."on_supplemental_oxygen" IS NOT NULL) THEN p."on_supplemental_oxygen" END AS "on_supplemental_oxygen",
    CASE WHEN g."keys" ? 'systolicBP' AND NOT EXISTS (SELECT 1 FROM "vital_readings" r WHERE r."patient_id" = p."id" AND r."reading_time" = g."at" AND r."systolic_bp" IS NOT NULL) THEN p."systolic_bp" END AS "systolic_bp",
    CASE WHEN g."keys" ? 'diastolicBP' AND NOT EXISTS (SELECT 1 FROM "vital_readings" r WHERE r."patient_id" = p."id" AND r."reading_time" = g."at" AND r."diastolic_bp" IS NOT NULL) THEN p."diastolic_bp" END AS "diastolic_bp",
    CASE WHEN g."keys" ? 'heartRate' AND NOT EXISTS (SELECT 1 FROM "vital_readings" r WHERE r."patient_id" = p."id" AND r."reading_time" = g."at" AND r."heart_rate" IS NOT NULL) THEN p."pulse" END AS "heart_rate",
    CASE WHEN g."keys" ? 'consciousness' AND NOT EXISTS (SELECT 1 FROM "vital_readings" r WHERE r."patient_id" = p."id" AND r."reading_time" = g."at" AND r."consciousness" IS NOT NULL) THEN p."consciousness" END AS "consciousness",
    CASE WHEN g."keys" ? 'temperature' AND NOT EXISTS (SELECT 1 FROM "vital_readings" r WHERE r."patient_id" = p."id" AND r."reading_time" = g."at" AND r."temperature" IS NOT NULL) THEN p."temperature" END AS "temperature"
  FROM "patients" p
  CROSS JOIN LATERAL (
    SELECT (s.value->>'at')::timestamptz AS "at", s.value->>'provenance' AS "provenance",
      max(s.value->>'source') AS "source", jsonb_object_agg(s.key, true) AS "keys"
    FROM jsonb_each(p."sources") s
    WHERE s.value ? 'at' AND s.value ? 'provenance'
    GROUP BY 1, 2
  ) g
) x
WHERE num_nonnulls("respiratory_rate", "oxygen_level", "on_supplemental_oxygen", "systolic_bp", "diastolic_bp", "heart_rate", "consciousness", "temperature") > 0;
