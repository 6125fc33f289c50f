ALTER TABLE "wbs_items" ADD COLUMN "duration_type" text DEFAULT 'fixed_duration_units_time' NOT NULL;--> statement-breakpoint
ALTER TABLE "wbs_items" ADD COLUMN "percent_complete_type" text DEFAULT 'duration' NOT NULL;--> statement-breakpoint
ALTER TABLE "wbs_items" ADD COLUMN "expected_finish" timestamp;--> statement-breakpoint
ALTER TABLE "wbs_items" ADD COLUMN "suspend_date" timestamp;--> statement-breakpoint
ALTER TABLE "wbs_items" ADD COLUMN "resume_date" timestamp;--> statement-breakpoint
ALTER TABLE "wbs_items" ADD COLUMN "notes" text DEFAULT '' NOT NULL;