CREATE TABLE "directory_relation_rows" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"relation_id" uuid NOT NULL,
	"source_row_id" uuid NOT NULL,
	"target_row_id" uuid NOT NULL,
	"coefficient" double precision NOT NULL
);
--> statement-breakpoint
CREATE TABLE "directory_relations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"space_id" uuid NOT NULL,
	"source_id" uuid NOT NULL,
	"target_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "directory_relation_rows" ADD CONSTRAINT "directory_relation_rows_relation_id_directory_relations_id_fk" FOREIGN KEY ("relation_id") REFERENCES "public"."directory_relations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "directory_relation_rows" ADD CONSTRAINT "directory_relation_rows_source_row_id_directory_rows_id_fk" FOREIGN KEY ("source_row_id") REFERENCES "public"."directory_rows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "directory_relation_rows" ADD CONSTRAINT "directory_relation_rows_target_row_id_directory_rows_id_fk" FOREIGN KEY ("target_row_id") REFERENCES "public"."directory_rows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "directory_relations" ADD CONSTRAINT "directory_relations_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "directory_relations" ADD CONSTRAINT "directory_relations_source_id_directories_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."directories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "directory_relations" ADD CONSTRAINT "directory_relations_target_id_directories_id_fk" FOREIGN KEY ("target_id") REFERENCES "public"."directories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "directory_relation_rows_pair_idx" ON "directory_relation_rows" USING btree ("relation_id","source_row_id","target_row_id");--> statement-breakpoint
CREATE INDEX "directory_relation_rows_source_idx" ON "directory_relation_rows" USING btree ("source_row_id");--> statement-breakpoint
CREATE INDEX "directory_relation_rows_target_idx" ON "directory_relation_rows" USING btree ("target_row_id");--> statement-breakpoint
CREATE UNIQUE INDEX "directory_relations_pair_idx" ON "directory_relations" USING btree ("source_id","target_id");--> statement-breakpoint
CREATE INDEX "directory_relations_space_idx" ON "directory_relations" USING btree ("space_id");