ALTER TABLE "versions" ADD COLUMN "details_status" text;--> statement-breakpoint
ALTER TABLE "versions" ADD COLUMN "details_job_id" uuid;--> statement-breakpoint
ALTER TABLE "versions" ADD COLUMN "details_error" text;