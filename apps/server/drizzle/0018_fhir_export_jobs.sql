-- Bulk Data exports run as background jobs (decision 031): queued by a kick-off, claimed by one
-- instance at a time (FOR UPDATE SKIP LOCKED) under a lease it renews, resumed from their last
-- written file after a restart, their progress shown in X-Progress; a Group export names its patients.
ALTER TABLE "fhir_export_jobs" ADD COLUMN "patient_ids" jsonb;--> statement-breakpoint
ALTER TABLE "fhir_export_jobs" ADD COLUMN "group_id" text;--> statement-breakpoint
ALTER TABLE "fhir_export_jobs" ADD COLUMN "claimed_by" text;--> statement-breakpoint
ALTER TABLE "fhir_export_jobs" ADD COLUMN "lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "fhir_export_jobs" ADD COLUMN "progress" jsonb;--> statement-breakpoint
CREATE INDEX "fhir_export_jobs_state_idx" ON "fhir_export_jobs" USING btree ("state","created_at");
