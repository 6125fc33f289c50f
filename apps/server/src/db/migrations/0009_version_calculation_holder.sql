ALTER TABLE "versions" ADD COLUMN "calc_runner_id" uuid;--> statement-breakpoint
ALTER TABLE "versions" ADD COLUMN "calc_job_id" uuid;