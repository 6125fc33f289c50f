CREATE TABLE "pipe_relations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"space_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"from_stage_id" uuid NOT NULL,
	"to_stage_id" uuid NOT NULL,
	"type" text DEFAULT 'FS' NOT NULL,
	"lag" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "pipe_relations_not_self" CHECK ("pipe_relations"."from_stage_id" <> "pipe_relations"."to_stage_id")
);
--> statement-breakpoint
CREATE TABLE "pipe_settings" (
	"project_id" uuid PRIMARY KEY NOT NULL,
	"space_id" uuid NOT NULL,
	"settings" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pipe_stages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"space_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'planned' NOT NULL,
	"start" text NOT NULL,
	"finish" text NOT NULL,
	"owner_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pipe_stages_period" CHECK ("pipe_stages"."finish" >= "pipe_stages"."start")
);
--> statement-breakpoint
ALTER TABLE "pipe_relations" ADD CONSTRAINT "pipe_relations_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pipe_relations" ADD CONSTRAINT "pipe_relations_project_id_eps_nodes_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."eps_nodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pipe_relations" ADD CONSTRAINT "pipe_relations_from_stage_id_pipe_stages_id_fk" FOREIGN KEY ("from_stage_id") REFERENCES "public"."pipe_stages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pipe_relations" ADD CONSTRAINT "pipe_relations_to_stage_id_pipe_stages_id_fk" FOREIGN KEY ("to_stage_id") REFERENCES "public"."pipe_stages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pipe_settings" ADD CONSTRAINT "pipe_settings_project_id_eps_nodes_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."eps_nodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pipe_settings" ADD CONSTRAINT "pipe_settings_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pipe_stages" ADD CONSTRAINT "pipe_stages_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pipe_stages" ADD CONSTRAINT "pipe_stages_project_id_eps_nodes_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."eps_nodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pipe_stages" ADD CONSTRAINT "pipe_stages_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pipe_relations_pair_idx" ON "pipe_relations" USING btree ("from_stage_id","to_stage_id");--> statement-breakpoint
CREATE INDEX "pipe_relations_project_idx" ON "pipe_relations" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "pipe_stages_project_idx" ON "pipe_stages" USING btree ("project_id","start");