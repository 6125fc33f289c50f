ALTER TABLE "wbs_directory_links" DROP CONSTRAINT "wbs_directory_links_row_id_directory_rows_id_fk";
--> statement-breakpoint
ALTER TABLE "wbs_directory_links" DROP CONSTRAINT "wbs_directory_links_item_version_space_fk";
