CREATE TABLE "timesheet_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"space_id" uuid NOT NULL,
	"version_id" uuid NOT NULL,
	"item_id" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"week" text NOT NULL,
	"hours" jsonb NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"submitted_at" timestamp with time zone,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"decision_comment" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "timesheet_lines" ADD CONSTRAINT "timesheet_lines_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timesheet_lines" ADD CONSTRAINT "timesheet_lines_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timesheet_lines" ADD CONSTRAINT "timesheet_lines_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timesheet_lines" ADD CONSTRAINT "timesheet_lines_item_version_space_fk" FOREIGN KEY ("item_id","version_id","space_id") REFERENCES "public"."wbs_items"("id","version_id","space_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "timesheet_lines_user_item_week_idx" ON "timesheet_lines" USING btree ("user_id","item_id","week");--> statement-breakpoint
CREATE INDEX "timesheet_lines_space_week_idx" ON "timesheet_lines" USING btree ("space_id","week");--> statement-breakpoint
CREATE INDEX "timesheet_lines_version_idx" ON "timesheet_lines" USING btree ("version_id","status");