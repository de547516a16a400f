-- Decision 029: per-five-minute summaries beside the per-minute ones, for trends of three days and a week.

CREATE TABLE "vital_five_minutes" (
	"patient_id" integer NOT NULL,
	"period" timestamp with time zone NOT NULL,
	"vital" text NOT NULL,
	"provenance" text NOT NULL,
	"count" integer NOT NULL,
	"min" real NOT NULL,
	"max" real NOT NULL,
	"sum" double precision NOT NULL,
	"last" real NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	CONSTRAINT "vital_five_minutes_patient_id_period_vital_provenance_pk" PRIMARY KEY("patient_id","period","vital","provenance")
);
--> statement-breakpoint
ALTER TABLE "vital_five_minutes" ADD CONSTRAINT "vital_five_minutes_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Decision 029: the five-minute summaries of what is summarised per minute so far; the roll-up keeps
-- both from here on.
INSERT INTO "vital_five_minutes" ("patient_id", "period", "vital", "provenance", "count", "min", "max", "sum", "last", "last_at")
SELECT "patient_id", date_bin(interval '5 minutes', "minute", timestamptz '1970-01-01 00:00:00+00'), "vital", "provenance",
  sum("count"), min("min"), max("max"), sum("sum"), (array_agg("last" ORDER BY "last_at" DESC))[1], max("last_at")
FROM "vital_minutes"
GROUP BY 1, 2, 3, 4;
