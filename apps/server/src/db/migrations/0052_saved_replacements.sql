CREATE TABLE "attribute_replacements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"space_id" uuid NOT NULL,
	"schedule_id" uuid NOT NULL,
	"name" text NOT NULL,
	"attribute_id" uuid NOT NULL,
	"mode" text NOT NULL,
	"find" text DEFAULT '' NOT NULL,
	"replace" text DEFAULT '' NOT NULL,
	"pairs" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_run_at" timestamp with time zone,
	"last_run_by" uuid,
	"last_run_values" integer,
	"last_run_versions" integer
);
--> statement-breakpoint
ALTER TABLE "attribute_replacements" ADD CONSTRAINT "attribute_replacements_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attribute_replacements" ADD CONSTRAINT "attribute_replacements_schedule_id_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attribute_replacements" ADD CONSTRAINT "attribute_replacements_attribute_id_attributes_id_fk" FOREIGN KEY ("attribute_id") REFERENCES "public"."attributes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attribute_replacements" ADD CONSTRAINT "attribute_replacements_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attribute_replacements" ADD CONSTRAINT "attribute_replacements_last_run_by_users_id_fk" FOREIGN KEY ("last_run_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "attribute_replacements_name_idx" ON "attribute_replacements" USING btree ("schedule_id","name");--> statement-breakpoint
CREATE INDEX "attribute_replacements_space_idx" ON "attribute_replacements" USING btree ("space_id");