ALTER TABLE "wbs_directory_links" DROP CONSTRAINT "wbs_directory_links_item_id_wbs_items_id_fk";
--> statement-breakpoint
ALTER TABLE "wbs_directory_links" DROP CONSTRAINT "wbs_directory_links_directory_id_directories_id_fk";
--> statement-breakpoint
ALTER TABLE "wbs_directory_links" DROP CONSTRAINT "wbs_directory_links_version_id_versions_id_fk";
--> statement-breakpoint
ALTER TABLE "wbs_directory_links" DROP CONSTRAINT "wbs_directory_links_space_id_spaces_id_fk";
--> statement-breakpoint
ALTER TABLE "wbs_directory_origins" DROP CONSTRAINT "wbs_directory_origins_item_id_wbs_items_id_fk";
--> statement-breakpoint
ALTER TABLE "wbs_directory_origins" DROP CONSTRAINT "wbs_directory_origins_version_id_versions_id_fk";
--> statement-breakpoint
ALTER TABLE "wbs_directory_origins" DROP CONSTRAINT "wbs_directory_origins_space_id_spaces_id_fk";
--> statement-breakpoint
ALTER TABLE "wbs_directory_links" ADD CONSTRAINT "wbs_directory_links_item_version_space_fk" FOREIGN KEY ("item_id","version_id","space_id") REFERENCES "public"."wbs_items"("id","version_id","space_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wbs_directory_origins" ADD CONSTRAINT "wbs_directory_origins_item_version_space_fk" FOREIGN KEY ("item_id","version_id","space_id") REFERENCES "public"."wbs_items"("id","version_id","space_id") ON DELETE cascade ON UPDATE no action;