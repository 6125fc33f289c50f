CREATE TABLE "wbs_directory_origins" (
	"item_id" integer PRIMARY KEY NOT NULL,
	"directory_id" uuid NOT NULL,
	"row_id" uuid NOT NULL,
	"version_id" uuid NOT NULL,
	"space_id" uuid NOT NULL
);
--> statement-breakpoint
ALTER TABLE "wbs_directory_origins" ADD CONSTRAINT "wbs_directory_origins_item_id_wbs_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."wbs_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wbs_directory_origins" ADD CONSTRAINT "wbs_directory_origins_directory_id_directories_id_fk" FOREIGN KEY ("directory_id") REFERENCES "public"."directories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wbs_directory_origins" ADD CONSTRAINT "wbs_directory_origins_version_id_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wbs_directory_origins" ADD CONSTRAINT "wbs_directory_origins_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "wbs_directory_origins_version_idx" ON "wbs_directory_origins" USING btree ("version_id","directory_id");