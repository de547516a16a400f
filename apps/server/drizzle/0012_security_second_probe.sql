CREATE TABLE "sign_in_refusals" (
	"address" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"attempts" integer NOT NULL,
	"reasons" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"user_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "sign_in_refusals_address_window_start_pk" PRIMARY KEY("address","window_start")
);
--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "hash_alg" text DEFAULT 'sha256' NOT NULL;--> statement-breakpoint
ALTER TABLE "device_tokens" ADD COLUMN "family_id" integer;--> statement-breakpoint
ALTER TABLE "device_tokens" ADD COLUMN "replaced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "username_skeleton" text;--> statement-breakpoint
CREATE INDEX "device_tokens_family_idx" ON "device_tokens" USING btree ("family_id");--> statement-breakpoint
CREATE INDEX "users_username_skeleton_idx" ON "users" USING btree ("username_skeleton");