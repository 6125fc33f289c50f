ALTER TABLE "directory_rows" DROP CONSTRAINT "directory_rows_directory_id_directories_id_fk";
--> statement-breakpoint
ALTER TABLE "directory_rows" DROP CONSTRAINT "directory_rows_parent_id_directory_rows_id_fk";
