ALTER TABLE "wdp_work_series" DROP CONSTRAINT "wdp_work_series_item_id_wbs_items_id_fk";
--> statement-breakpoint
ALTER TABLE "wdp_work_series" DROP CONSTRAINT "wdp_work_series_space_id_spaces_id_fk";
--> statement-breakpoint
ALTER TABLE "wdp_work_series" DROP CONSTRAINT "wdp_work_series_version_id_versions_id_fk";
--> statement-breakpoint
ALTER TABLE "wdp_work_series" ADD CONSTRAINT "wdp_work_series_item_fk" FOREIGN KEY ("item_id","version_id","space_id") REFERENCES "public"."wbs_items"("id","version_id","space_id") ON DELETE cascade ON UPDATE no action;