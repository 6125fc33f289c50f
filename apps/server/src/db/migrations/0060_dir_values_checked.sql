ALTER TABLE "directory_rows" DROP CONSTRAINT "directory_rows_space_id_spaces_id_fk";
--> statement-breakpoint
ALTER TABLE "directory_columns" ADD COLUMN "values_checked" boolean DEFAULT false NOT NULL;