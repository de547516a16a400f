CREATE TABLE "event_streams" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"heartbeat_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_known_addresses" (
	"username_key" text NOT NULL,
	"address" text NOT NULL,
	"last_success_at" timestamp with time zone NOT NULL,
	CONSTRAINT "login_known_addresses_username_key_address_pk" PRIMARY KEY("username_key","address")
);
--> statement-breakpoint
CREATE TABLE "login_throttle" (
	"key" text PRIMARY KEY NOT NULL,
	"attempts" integer NOT NULL,
	"max_attempts" integer NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL,
	"blocked_until" timestamp with time zone
);
--> statement-breakpoint
DROP INDEX "users_username_lower_idx";--> statement-breakpoint
ALTER TABLE "idempotent_requests" ADD COLUMN "request_hash" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "username_key" text;--> statement-breakpoint
-- Accounts made before the key existed: the closest SQL gives to the server's usernameKey (NFKC,
-- lower-cased). Names that fold differently in JavaScript could not sign in before either.
UPDATE "users" SET "username_key" = lower(normalize("username", NFKC));--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "username_key" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "event_streams" ADD CONSTRAINT "event_streams_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_streams_user_idx" ON "event_streams" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_key_uq" ON "users" USING btree ("username_key");