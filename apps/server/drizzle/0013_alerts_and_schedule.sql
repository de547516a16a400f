CREATE TABLE "alert_settings" (
	"id" smallint PRIMARY KEY NOT NULL,
	"settings" jsonb NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "alerts" (
	"id" serial PRIMARY KEY NOT NULL,
	"patient_id" integer NOT NULL,
	"kind" text NOT NULL,
	"condition" text NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"priority" text NOT NULL,
	"state" text NOT NULL,
	"latched" boolean NOT NULL,
	"message" text NOT NULL,
	"response" text NOT NULL,
	"news2_total" smallint,
	"confirmation" text,
	"raised_at" timestamp with time zone NOT NULL,
	"pending_since" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"deadline_at" timestamp with time zone,
	"escalation_level" smallint DEFAULT 0 NOT NULL,
	"escalated_to" text,
	"escalated_at" timestamp with time zone,
	"acknowledged_at" timestamp with time zone,
	"acknowledged_by" integer,
	"acknowledge_note" text,
	"condition_ended_at" timestamp with time zone,
	"resolved_at" timestamp with time zone,
	"resolution" text
);
--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "next_observation_due" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "monitoring_exception" jsonb;--> statement-breakpoint
ALTER TABLE "alert_settings" ADD CONSTRAINT "alert_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_acknowledged_by_users_id_fk" FOREIGN KEY ("acknowledged_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "alerts_open_clinical_uq" ON "alerts" USING btree ("patient_id") WHERE "alerts"."kind" = 'clinical' and "alerts"."state" <> 'resolved';--> statement-breakpoint
CREATE UNIQUE INDEX "alerts_open_technical_uq" ON "alerts" USING btree ("patient_id","condition","subject") WHERE "alerts"."kind" = 'technical' and "alerts"."state" <> 'resolved';--> statement-breakpoint
CREATE INDEX "alerts_due_idx" ON "alerts" USING btree ("state","deadline_at");--> statement-breakpoint
CREATE INDEX "alerts_patient_raised_idx" ON "alerts" USING btree ("patient_id","raised_at");--> statement-breakpoint
CREATE INDEX "alerts_raised_idx" ON "alerts" USING btree ("raised_at");--> statement-breakpoint
CREATE INDEX "patients_next_observation_due_idx" ON "patients" USING btree ("next_observation_due");