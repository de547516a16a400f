ALTER TABLE "vital_readings" ALTER COLUMN "provenance" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "patients" DROP COLUMN "has_vital_watch";--> statement-breakpoint
ALTER TABLE "patients" DROP COLUMN "vital_watch_type";--> statement-breakpoint
ALTER TABLE "patients" DROP COLUMN "vital_watch_connected";