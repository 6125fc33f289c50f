ALTER TABLE "wbs_items" ADD COLUMN "alap" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "calculate_settings" ADD COLUMN "open_ends_critical" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "calculate_settings" ADD COLUMN "use_expected_finish" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "calculate_settings" ADD COLUMN "ss_lag_from" text DEFAULT 'early_start' NOT NULL;