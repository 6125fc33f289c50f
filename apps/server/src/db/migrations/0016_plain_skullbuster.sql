ALTER TABLE "versions" ADD CONSTRAINT "versions_id_space_unique" UNIQUE("id","space_id");--> statement-breakpoint
CREATE UNIQUE INDEX "wbs_items_id_version_space_idx" ON "wbs_items" USING btree ("id","version_id","space_id");--> statement-breakpoint
ALTER TABLE "relations" DROP CONSTRAINT "relations_space_id_spaces_id_fk";
--> statement-breakpoint
ALTER TABLE "relations" DROP CONSTRAINT "relations_version_id_versions_id_fk";
--> statement-breakpoint
ALTER TABLE "relations" DROP CONSTRAINT "relations_successor_id_wbs_items_id_fk";
--> statement-breakpoint
ALTER TABLE "wbs_items" DROP CONSTRAINT "wbs_items_space_id_spaces_id_fk";
--> statement-breakpoint
ALTER TABLE "wbs_items" DROP CONSTRAINT "wbs_items_version_id_versions_id_fk";
--> statement-breakpoint
ALTER TABLE "wbs_items" ADD CONSTRAINT "wbs_items_version_space_fk" FOREIGN KEY ("version_id","space_id") REFERENCES "public"."versions"("id","space_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "relations" ADD CONSTRAINT "relations_successor_version_space_fk" FOREIGN KEY ("successor_id","version_id","space_id") REFERENCES "public"."wbs_items"("id","version_id","space_id") ON DELETE cascade ON UPDATE no action;
