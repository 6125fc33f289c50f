ALTER TABLE "bim_link_relations" DROP CONSTRAINT "bim_link_relations_link_id_bim_links_id_fk";
--> statement-breakpoint
ALTER TABLE "bim_link_relations" DROP CONSTRAINT "bim_link_relations_model_id_bim_models_id_fk";
--> statement-breakpoint
ALTER TABLE "bim_link_relations" DROP CONSTRAINT "bim_link_relations_item_id_wbs_items_id_fk";
--> statement-breakpoint
DROP INDEX "bim_link_relations_item_idx";--> statement-breakpoint
CREATE INDEX "bim_link_relations_work_idx" ON "bim_link_relations" USING btree ("item_id","link_id");