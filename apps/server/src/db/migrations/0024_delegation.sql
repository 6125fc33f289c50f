CREATE TABLE "delegations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"space_id" uuid NOT NULL,
	"from_user_id" uuid NOT NULL,
	"to_user_id" uuid NOT NULL,
	"duties" jsonb NOT NULL,
	"starts_on" text NOT NULL,
	"ends_on" text NOT NULL,
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delegations_not_to_self" CHECK ("delegations"."from_user_id" <> "delegations"."to_user_id"),
	CONSTRAINT "delegations_period" CHECK ("delegations"."ends_on" >= "delegations"."starts_on")
);
--> statement-breakpoint
ALTER TABLE "notices" ADD COLUMN "for_user_id" uuid;--> statement-breakpoint
ALTER TABLE "timesheet_lines" ADD COLUMN "decided_for" uuid;--> statement-breakpoint
ALTER TABLE "wdp_reports" ADD COLUMN "decided_for" uuid;--> statement-breakpoint
ALTER TABLE "delegations" ADD CONSTRAINT "delegations_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delegations" ADD CONSTRAINT "delegations_from_user_id_users_id_fk" FOREIGN KEY ("from_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delegations" ADD CONSTRAINT "delegations_to_user_id_users_id_fk" FOREIGN KEY ("to_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "delegations_from_idx" ON "delegations" USING btree ("space_id","from_user_id","starts_on");--> statement-breakpoint
CREATE INDEX "delegations_to_idx" ON "delegations" USING btree ("space_id","to_user_id","starts_on");--> statement-breakpoint
ALTER TABLE "notices" ADD CONSTRAINT "notices_for_user_id_users_id_fk" FOREIGN KEY ("for_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timesheet_lines" ADD CONSTRAINT "timesheet_lines_decided_for_users_id_fk" FOREIGN KEY ("decided_for") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wdp_reports" ADD CONSTRAINT "wdp_reports_decided_for_users_id_fk" FOREIGN KEY ("decided_for") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;