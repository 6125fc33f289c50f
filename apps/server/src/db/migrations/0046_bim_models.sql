CREATE TABLE "bim_elements" (
	"model_id" uuid NOT NULL,
	"express_id" integer NOT NULL,
	"global_id" text NOT NULL,
	"ifc_type" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"parent_id" integer,
	"has_geometry" boolean DEFAULT false NOT NULL,
	"properties" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	CONSTRAINT "bim_elements_model_id_express_id_pk" PRIMARY KEY("model_id","express_id")
);
--> statement-breakpoint
CREATE TABLE "bim_link_relations" (
	"link_id" uuid NOT NULL,
	"model_id" uuid NOT NULL,
	"express_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"source" text DEFAULT 'hand' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bim_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"space_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"version_id" uuid NOT NULL,
	"name" text NOT NULL,
	"model_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bim_models" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"space_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"name" text NOT NULL,
	"ifc_schema" text NOT NULL,
	"status" text DEFAULT 'uploading' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"source_file_id" uuid,
	"geometry_file_id" uuid,
	"size" bigint NOT NULL,
	"element_count" integer DEFAULT 0 NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"job_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bim_elements" ADD CONSTRAINT "bim_elements_model_id_bim_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."bim_models"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bim_link_relations" ADD CONSTRAINT "bim_link_relations_link_id_bim_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."bim_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bim_link_relations" ADD CONSTRAINT "bim_link_relations_model_id_bim_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."bim_models"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bim_link_relations" ADD CONSTRAINT "bim_link_relations_item_id_wbs_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."wbs_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bim_links" ADD CONSTRAINT "bim_links_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bim_links" ADD CONSTRAINT "bim_links_project_id_eps_nodes_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."eps_nodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bim_links" ADD CONSTRAINT "bim_links_version_id_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bim_links" ADD CONSTRAINT "bim_links_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bim_models" ADD CONSTRAINT "bim_models_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bim_models" ADD CONSTRAINT "bim_models_project_id_eps_nodes_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."eps_nodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bim_models" ADD CONSTRAINT "bim_models_source_file_id_stored_files_id_fk" FOREIGN KEY ("source_file_id") REFERENCES "public"."stored_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bim_models" ADD CONSTRAINT "bim_models_geometry_file_id_stored_files_id_fk" FOREIGN KEY ("geometry_file_id") REFERENCES "public"."stored_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bim_models" ADD CONSTRAINT "bim_models_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bim_elements_parent_idx" ON "bim_elements" USING btree ("model_id","parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bim_link_relations_key" ON "bim_link_relations" USING btree ("link_id","model_id","express_id","item_id");--> statement-breakpoint
CREATE INDEX "bim_link_relations_item_idx" ON "bim_link_relations" USING btree ("link_id","item_id");--> statement-breakpoint
CREATE INDEX "bim_links_project_idx" ON "bim_links" USING btree ("space_id","project_id");--> statement-breakpoint
CREATE INDEX "bim_links_version_idx" ON "bim_links" USING btree ("version_id");--> statement-breakpoint
CREATE INDEX "bim_models_project_idx" ON "bim_models" USING btree ("space_id","project_id");