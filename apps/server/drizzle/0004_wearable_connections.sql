CREATE TABLE "wearable_authorizations" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"session_id" text NOT NULL,
	"patient_id" integer NOT NULL,
	"user_id" integer,
	"code_verifier" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wearable_connections" (
	"id" serial PRIMARY KEY NOT NULL,
	"patient_id" integer NOT NULL,
	"provider" text NOT NULL,
	"provider_user_id" text NOT NULL,
	"state" text NOT NULL,
	"access_token" text,
	"refresh_token" text,
	"access_token_expires_at" timestamp with time zone,
	"scope" text,
	"linked_at" timestamp with time zone NOT NULL,
	"linked_by" integer,
	"state_changed_at" timestamp with time zone NOT NULL,
	"synced_from" timestamp with time zone,
	"last_sync_at" timestamp with time zone,
	"next_poll_at" timestamp with time zone NOT NULL,
	"recovery_score" real,
	"strain" real,
	"skin_temp_celsius" real,
	"hrv_rmssd_milli" real,
	"scores_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"end_note" text
);
--> statement-breakpoint
CREATE TABLE "wearable_webhook_receipts" (
	"signature_hash" text PRIMARY KEY NOT NULL,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "wearable_authorizations" ADD CONSTRAINT "wearable_authorizations_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wearable_authorizations" ADD CONSTRAINT "wearable_authorizations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wearable_connections" ADD CONSTRAINT "wearable_connections_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wearable_connections" ADD CONSTRAINT "wearable_connections_linked_by_users_id_fk" FOREIGN KEY ("linked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "wearable_connections_active_patient_uq" ON "wearable_connections" USING btree ("patient_id") WHERE "wearable_connections"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "wearable_connections_provider_user_idx" ON "wearable_connections" USING btree ("provider","provider_user_id");--> statement-breakpoint
CREATE INDEX "wearable_webhook_receipts_received_idx" ON "wearable_webhook_receipts" USING btree ("received_at");