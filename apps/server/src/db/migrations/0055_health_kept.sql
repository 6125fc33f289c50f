ALTER TABLE "version_health" ADD COLUMN "health" json;--> statement-breakpoint
ALTER TABLE "version_health" ADD COLUMN "health_key" text;