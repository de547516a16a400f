CREATE TABLE "fhir_export_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"job_id" text NOT NULL,
	"resource_type" text NOT NULL,
	"count" integer NOT NULL,
	"ndjson" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fhir_export_jobs" (
	"id" text PRIMARY KEY NOT NULL,
	"level" text NOT NULL,
	"types" text NOT NULL,
	"since" timestamp with time zone,
	"state" text NOT NULL,
	"request_url" text NOT NULL,
	"user_id" integer,
	"client_id" text,
	"created_at" timestamp with time zone NOT NULL,
	"transaction_time" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"error" text
);
--> statement-breakpoint
ALTER TABLE "fhir_export_files" ADD CONSTRAINT "fhir_export_files_job_id_fhir_export_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."fhir_export_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fhir_export_jobs" ADD CONSTRAINT "fhir_export_jobs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fhir_export_files_job_idx" ON "fhir_export_files" USING btree ("job_id");--> statement-breakpoint
CREATE INDEX "fhir_export_jobs_expires_idx" ON "fhir_export_jobs" USING btree ("expires_at");