CREATE TABLE "schedule_directory_donors" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"space_id" uuid NOT NULL,
	"schedule_id" uuid NOT NULL,
	"directory_id" uuid NOT NULL,
	"column_id" uuid NOT NULL,
	"attribute_id" uuid NOT NULL
);
--> statement-breakpoint
ALTER TABLE "schedule_directory_donors" ADD CONSTRAINT "schedule_directory_donors_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_directory_donors" ADD CONSTRAINT "schedule_directory_donors_schedule_id_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_directory_donors" ADD CONSTRAINT "schedule_directory_donors_directory_id_directories_id_fk" FOREIGN KEY ("directory_id") REFERENCES "public"."directories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_directory_donors" ADD CONSTRAINT "schedule_directory_donors_column_id_directory_columns_id_fk" FOREIGN KEY ("column_id") REFERENCES "public"."directory_columns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_directory_donors" ADD CONSTRAINT "schedule_directory_donors_attribute_id_attributes_id_fk" FOREIGN KEY ("attribute_id") REFERENCES "public"."attributes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "schedule_directory_donors_attribute_idx" ON "schedule_directory_donors" USING btree ("schedule_id","attribute_id");--> statement-breakpoint
CREATE INDEX "schedule_directory_donors_directory_idx" ON "schedule_directory_donors" USING btree ("directory_id");