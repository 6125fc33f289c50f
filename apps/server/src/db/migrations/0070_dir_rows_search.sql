DROP INDEX "directory_rows_search_idx";--> statement-breakpoint
ALTER TABLE "directory_rows" drop column "search_text";--> statement-breakpoint
ALTER TABLE "directory_rows" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(code || chr(1) || name || chr(1) || jsonb_path_query_array("values", 'strict $.*')::text)) STORED;