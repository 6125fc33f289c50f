ALTER TABLE "calculate_settings" ADD COLUMN "start_links_bound_late" boolean DEFAULT true NOT NULL;
