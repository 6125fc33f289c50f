CREATE TABLE "directories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"space_id" uuid NOT NULL,
	"node_id" uuid NOT NULL,
	"name" text NOT NULL,
	"kind" text DEFAULT 'plain' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "directory_access" (
	"role_id" uuid NOT NULL,
	"directory_id" uuid NOT NULL,
	"space_id" uuid NOT NULL,
	"access" text NOT NULL,
	CONSTRAINT "directory_access_role_id_directory_id_pk" PRIMARY KEY("role_id","directory_id")
);
--> statement-breakpoint
CREATE TABLE "directory_columns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"directory_id" uuid NOT NULL,
	"space_id" uuid NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"list_values" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "directory_rows" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"directory_id" uuid NOT NULL,
	"space_id" uuid NOT NULL,
	"parent_id" uuid,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"sort_key" text NOT NULL,
	"depth" integer DEFAULT 0 NOT NULL,
	"values" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "directories" ADD CONSTRAINT "directories_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "directories" ADD CONSTRAINT "directories_node_id_eps_nodes_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."eps_nodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "directory_access" ADD CONSTRAINT "directory_access_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "directory_access" ADD CONSTRAINT "directory_access_directory_id_directories_id_fk" FOREIGN KEY ("directory_id") REFERENCES "public"."directories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "directory_access" ADD CONSTRAINT "directory_access_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "directory_columns" ADD CONSTRAINT "directory_columns_directory_id_directories_id_fk" FOREIGN KEY ("directory_id") REFERENCES "public"."directories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "directory_columns" ADD CONSTRAINT "directory_columns_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "directory_rows" ADD CONSTRAINT "directory_rows_directory_id_directories_id_fk" FOREIGN KEY ("directory_id") REFERENCES "public"."directories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "directory_rows" ADD CONSTRAINT "directory_rows_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "directory_rows" ADD CONSTRAINT "directory_rows_parent_id_directory_rows_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."directory_rows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "directories_space_node_idx" ON "directories" USING btree ("space_id","node_id");--> statement-breakpoint
CREATE INDEX "directory_columns_directory_idx" ON "directory_columns" USING btree ("directory_id","sort_order");--> statement-breakpoint
CREATE UNIQUE INDEX "directory_rows_code_idx" ON "directory_rows" USING btree ("directory_id","code");--> statement-breakpoint
CREATE INDEX "directory_rows_order_idx" ON "directory_rows" USING btree ("directory_id","sort_key" collate "C");--> statement-breakpoint
CREATE INDEX "directory_rows_parent_idx" ON "directory_rows" USING btree ("parent_id");