CREATE TABLE "costr_coefficients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"space_id" uuid NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"value" double precision NOT NULL,
	"parts" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "costr_compliance_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"space_id" uuid NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"severity" text DEFAULT 'error' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "costr_measures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"space_id" uuid NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"base_id" uuid,
	"factor" double precision DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "costr_pdc" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"space_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"stage" text DEFAULT 'design' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "costr_settings" (
	"space_id" uuid PRIMARY KEY NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "estimate_coefficients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"estimate_id" uuid NOT NULL,
	"space_id" uuid NOT NULL,
	"section_id" uuid,
	"position_id" uuid,
	"coefficient_id" uuid NOT NULL,
	"sort_order" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "estimate_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"space_id" uuid NOT NULL,
	"position_id" uuid NOT NULL,
	"version_id" uuid NOT NULL,
	"item_id" integer NOT NULL,
	"share" double precision DEFAULT 1 NOT NULL,
	"source" text DEFAULT 'manual' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "estimate_positions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"estimate_id" uuid NOT NULL,
	"section_id" uuid NOT NULL,
	"space_id" uuid NOT NULL,
	"sort_order" integer NOT NULL,
	"num" text DEFAULT '' NOT NULL,
	"norm_code" text DEFAULT '' NOT NULL,
	"name" text NOT NULL,
	"unit" text DEFAULT '' NOT NULL,
	"measure_id" uuid,
	"quantity" double precision DEFAULT 0 NOT NULL,
	"unit_price" double precision DEFAULT 0 NOT NULL,
	"base" jsonb NOT NULL,
	"priced" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "estimate_sections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"estimate_id" uuid NOT NULL,
	"space_id" uuid NOT NULL,
	"code" text DEFAULT '' NOT NULL,
	"name" text NOT NULL,
	"sort_order" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "estimates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"space_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"pdc_id" uuid,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"format" text NOT NULL,
	"file_name" text DEFAULT '' NOT NULL,
	"totals" jsonb NOT NULL,
	"stated" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"findings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"checked_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "costr_coefficients" ADD CONSTRAINT "costr_coefficients_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "costr_compliance_rules" ADD CONSTRAINT "costr_compliance_rules_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "costr_measures" ADD CONSTRAINT "costr_measures_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "costr_measures" ADD CONSTRAINT "costr_measures_base_id_costr_measures_id_fk" FOREIGN KEY ("base_id") REFERENCES "public"."costr_measures"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "costr_pdc" ADD CONSTRAINT "costr_pdc_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "costr_pdc" ADD CONSTRAINT "costr_pdc_project_id_eps_nodes_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."eps_nodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "costr_settings" ADD CONSTRAINT "costr_settings_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimate_coefficients" ADD CONSTRAINT "estimate_coefficients_estimate_id_estimates_id_fk" FOREIGN KEY ("estimate_id") REFERENCES "public"."estimates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimate_coefficients" ADD CONSTRAINT "estimate_coefficients_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimate_coefficients" ADD CONSTRAINT "estimate_coefficients_section_id_estimate_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."estimate_sections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimate_coefficients" ADD CONSTRAINT "estimate_coefficients_position_id_estimate_positions_id_fk" FOREIGN KEY ("position_id") REFERENCES "public"."estimate_positions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimate_coefficients" ADD CONSTRAINT "estimate_coefficients_coefficient_id_costr_coefficients_id_fk" FOREIGN KEY ("coefficient_id") REFERENCES "public"."costr_coefficients"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimate_links" ADD CONSTRAINT "estimate_links_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimate_links" ADD CONSTRAINT "estimate_links_position_id_estimate_positions_id_fk" FOREIGN KEY ("position_id") REFERENCES "public"."estimate_positions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimate_links" ADD CONSTRAINT "estimate_links_version_id_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimate_links" ADD CONSTRAINT "estimate_links_item_fk" FOREIGN KEY ("item_id","version_id","space_id") REFERENCES "public"."wbs_items"("id","version_id","space_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimate_positions" ADD CONSTRAINT "estimate_positions_estimate_id_estimates_id_fk" FOREIGN KEY ("estimate_id") REFERENCES "public"."estimates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimate_positions" ADD CONSTRAINT "estimate_positions_section_id_estimate_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."estimate_sections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimate_positions" ADD CONSTRAINT "estimate_positions_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimate_positions" ADD CONSTRAINT "estimate_positions_measure_id_costr_measures_id_fk" FOREIGN KEY ("measure_id") REFERENCES "public"."costr_measures"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimate_sections" ADD CONSTRAINT "estimate_sections_estimate_id_estimates_id_fk" FOREIGN KEY ("estimate_id") REFERENCES "public"."estimates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimate_sections" ADD CONSTRAINT "estimate_sections_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimates" ADD CONSTRAINT "estimates_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimates" ADD CONSTRAINT "estimates_project_id_eps_nodes_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."eps_nodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimates" ADD CONSTRAINT "estimates_pdc_id_costr_pdc_id_fk" FOREIGN KEY ("pdc_id") REFERENCES "public"."costr_pdc"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimates" ADD CONSTRAINT "estimates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "costr_coefficients_code_idx" ON "costr_coefficients" USING btree ("space_id","code");--> statement-breakpoint
CREATE INDEX "costr_compliance_rules_space_idx" ON "costr_compliance_rules" USING btree ("space_id");--> statement-breakpoint
CREATE UNIQUE INDEX "costr_measures_code_idx" ON "costr_measures" USING btree ("space_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "costr_pdc_code_idx" ON "costr_pdc" USING btree ("project_id","code");--> statement-breakpoint
CREATE INDEX "estimate_coefficients_estimate_idx" ON "estimate_coefficients" USING btree ("estimate_id","sort_order");--> statement-breakpoint
CREATE INDEX "estimate_coefficients_coefficient_idx" ON "estimate_coefficients" USING btree ("coefficient_id");--> statement-breakpoint
CREATE UNIQUE INDEX "estimate_links_position_item_idx" ON "estimate_links" USING btree ("position_id","version_id","item_id");--> statement-breakpoint
CREATE INDEX "estimate_links_version_idx" ON "estimate_links" USING btree ("version_id","item_id");--> statement-breakpoint
CREATE INDEX "estimate_positions_estimate_idx" ON "estimate_positions" USING btree ("estimate_id","sort_order");--> statement-breakpoint
CREATE INDEX "estimate_positions_section_idx" ON "estimate_positions" USING btree ("section_id");--> statement-breakpoint
CREATE INDEX "estimate_positions_measure_idx" ON "estimate_positions" USING btree ("measure_id");--> statement-breakpoint
CREATE INDEX "estimate_sections_estimate_idx" ON "estimate_sections" USING btree ("estimate_id","sort_order");--> statement-breakpoint
CREATE INDEX "estimates_project_idx" ON "estimates" USING btree ("project_id","created_at");