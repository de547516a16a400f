CREATE TABLE "smart_access_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"scopes" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "smart_assertion_jtis" (
	"client_id" text NOT NULL,
	"jti" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "smart_assertion_jtis_client_id_jti_pk" PRIMARY KEY("client_id","jti")
);
--> statement-breakpoint
CREATE TABLE "smart_clients" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"name" text NOT NULL,
	"jwks" jsonb,
	"jwks_url" text,
	"scopes" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"created_by" integer,
	"disabled_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "smart_clients" ADD CONSTRAINT "smart_clients_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "smart_access_tokens_expires_idx" ON "smart_access_tokens" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "smart_assertion_jtis_expires_idx" ON "smart_assertion_jtis" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "smart_clients_client_id_uq" ON "smart_clients" USING btree ("client_id");