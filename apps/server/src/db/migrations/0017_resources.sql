CREATE TABLE "assignments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"space_id" uuid NOT NULL,
	"version_id" uuid NOT NULL,
	"item_id" integer NOT NULL,
	"resource_id" uuid NOT NULL,
	"budgeted_units" double precision DEFAULT 0 NOT NULL,
	"actual_units" double precision DEFAULT 0 NOT NULL,
	"remaining_units" double precision DEFAULT 0 NOT NULL,
	"units_per_day" double precision,
	"curve" text DEFAULT 'evenly' NOT NULL,
	"budgeted_cost" double precision,
	"actual_cost" double precision,
	"remaining_cost" double precision,
	"revision" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "resources" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"space_id" uuid NOT NULL,
	"parent_id" uuid,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"kind" text DEFAULT 'labor' NOT NULL,
	"unit" text DEFAULT '' NOT NULL,
	"calendar_id" uuid,
	"user_id" uuid,
	"specialty_id" uuid,
	"availability" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"rates" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "specialties" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"space_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_specialties" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"space_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"specialty_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "work_people" (
	"item_id" integer NOT NULL,
	"version_id" uuid NOT NULL,
	"space_id" uuid NOT NULL,
	"executor_id" uuid,
	"curator_id" uuid,
	CONSTRAINT "work_people_item_id_pk" PRIMARY KEY("item_id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "resources_id_space_idx" ON "resources" USING btree ("id","space_id");--> statement-breakpoint
ALTER TABLE "assignments" ADD CONSTRAINT "assignments_item_version_space_fk" FOREIGN KEY ("item_id","version_id","space_id") REFERENCES "public"."wbs_items"("id","version_id","space_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignments" ADD CONSTRAINT "assignments_resource_space_fk" FOREIGN KEY ("resource_id","space_id") REFERENCES "public"."resources"("id","space_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resources" ADD CONSTRAINT "resources_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resources" ADD CONSTRAINT "resources_parent_id_resources_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."resources"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resources" ADD CONSTRAINT "resources_calendar_id_calendars_id_fk" FOREIGN KEY ("calendar_id") REFERENCES "public"."calendars"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resources" ADD CONSTRAINT "resources_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resources" ADD CONSTRAINT "resources_specialty_id_specialties_id_fk" FOREIGN KEY ("specialty_id") REFERENCES "public"."specialties"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "specialties" ADD CONSTRAINT "specialties_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_specialties" ADD CONSTRAINT "user_specialties_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_specialties" ADD CONSTRAINT "user_specialties_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_specialties" ADD CONSTRAINT "user_specialties_specialty_id_specialties_id_fk" FOREIGN KEY ("specialty_id") REFERENCES "public"."specialties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_people" ADD CONSTRAINT "work_people_version_id_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_people" ADD CONSTRAINT "work_people_executor_id_users_id_fk" FOREIGN KEY ("executor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_people" ADD CONSTRAINT "work_people_curator_id_users_id_fk" FOREIGN KEY ("curator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_people" ADD CONSTRAINT "work_people_item_version_space_fk" FOREIGN KEY ("item_id","version_id","space_id") REFERENCES "public"."wbs_items"("id","version_id","space_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "assignments_item_idx" ON "assignments" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "assignments_version_idx" ON "assignments" USING btree ("version_id");--> statement-breakpoint
CREATE INDEX "assignments_resource_idx" ON "assignments" USING btree ("resource_id");--> statement-breakpoint
CREATE UNIQUE INDEX "resources_space_code_idx" ON "resources" USING btree ("space_id","code");--> statement-breakpoint
CREATE INDEX "resources_parent_idx" ON "resources" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "specialties_space_idx" ON "specialties" USING btree ("space_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_specialties_pair_idx" ON "user_specialties" USING btree ("specialty_id","user_id");--> statement-breakpoint
CREATE INDEX "user_specialties_space_idx" ON "user_specialties" USING btree ("space_id");
