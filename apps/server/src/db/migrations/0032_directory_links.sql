CREATE TABLE "directory_donors" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"space_id" uuid NOT NULL,
	"directory_id" uuid NOT NULL,
	"column_id" uuid NOT NULL,
	"attribute_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "directory_linked_attributes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"space_id" uuid NOT NULL,
	"directory_id" uuid NOT NULL,
	"column_id" uuid NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wbs_directory_links" (
	"item_id" integer NOT NULL,
	"directory_id" uuid NOT NULL,
	"row_id" uuid NOT NULL,
	"version_id" uuid NOT NULL,
	"space_id" uuid NOT NULL,
	CONSTRAINT "wbs_directory_links_item_id_directory_id_pk" PRIMARY KEY("item_id","directory_id")
);
--> statement-breakpoint
ALTER TABLE "directory_donors" ADD CONSTRAINT "directory_donors_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "directory_donors" ADD CONSTRAINT "directory_donors_directory_id_directories_id_fk" FOREIGN KEY ("directory_id") REFERENCES "public"."directories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "directory_donors" ADD CONSTRAINT "directory_donors_column_id_directory_columns_id_fk" FOREIGN KEY ("column_id") REFERENCES "public"."directory_columns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "directory_donors" ADD CONSTRAINT "directory_donors_attribute_id_attributes_id_fk" FOREIGN KEY ("attribute_id") REFERENCES "public"."attributes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "directory_linked_attributes" ADD CONSTRAINT "directory_linked_attributes_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "directory_linked_attributes" ADD CONSTRAINT "directory_linked_attributes_directory_id_directories_id_fk" FOREIGN KEY ("directory_id") REFERENCES "public"."directories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "directory_linked_attributes" ADD CONSTRAINT "directory_linked_attributes_column_id_directory_columns_id_fk" FOREIGN KEY ("column_id") REFERENCES "public"."directory_columns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wbs_directory_links" ADD CONSTRAINT "wbs_directory_links_item_id_wbs_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."wbs_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wbs_directory_links" ADD CONSTRAINT "wbs_directory_links_directory_id_directories_id_fk" FOREIGN KEY ("directory_id") REFERENCES "public"."directories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wbs_directory_links" ADD CONSTRAINT "wbs_directory_links_row_id_directory_rows_id_fk" FOREIGN KEY ("row_id") REFERENCES "public"."directory_rows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wbs_directory_links" ADD CONSTRAINT "wbs_directory_links_version_id_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wbs_directory_links" ADD CONSTRAINT "wbs_directory_links_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "directory_donors_attribute_idx" ON "directory_donors" USING btree ("directory_id","attribute_id");--> statement-breakpoint
CREATE UNIQUE INDEX "directory_linked_attributes_column_idx" ON "directory_linked_attributes" USING btree ("directory_id","column_id");--> statement-breakpoint
CREATE INDEX "wbs_directory_links_version_idx" ON "wbs_directory_links" USING btree ("version_id","directory_id");--> statement-breakpoint
CREATE INDEX "wbs_directory_links_row_idx" ON "wbs_directory_links" USING btree ("row_id");