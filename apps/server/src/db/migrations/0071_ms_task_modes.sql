ALTER TABLE "wbs_items" ADD COLUMN "manual_start" timestamp;--> statement-breakpoint
ALTER TABLE "wbs_items" ADD COLUMN "manual_finish" timestamp;--> statement-breakpoint
ALTER TABLE "wbs_items" ADD COLUMN "elapsed" boolean DEFAULT false NOT NULL;