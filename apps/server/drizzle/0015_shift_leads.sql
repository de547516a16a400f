CREATE TABLE "shift_leads" (
	"shift_key" text PRIMARY KEY NOT NULL,
	"nurse_id" integer NOT NULL,
	"named_by" integer NOT NULL,
	"named_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "shift_leads" ADD CONSTRAINT "shift_leads_nurse_id_users_id_fk" FOREIGN KEY ("nurse_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_leads" ADD CONSTRAINT "shift_leads_named_by_users_id_fk" FOREIGN KEY ("named_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shift_leads_nurse_idx" ON "shift_leads" USING btree ("nurse_id","shift_key");