CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "gwbs_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"space_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"parent_id" uuid,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"start" text,
	"finish" text,
	"progress" double precision,
	"works" integer DEFAULT 0 NOT NULL,
	"calculated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "gwbs_items" ADD CONSTRAINT "gwbs_items_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gwbs_items" ADD CONSTRAINT "gwbs_items_project_id_eps_nodes_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."eps_nodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gwbs_items" ADD CONSTRAINT "gwbs_items_parent_id_gwbs_items_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."gwbs_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "gwbs_items_code_idx" ON "gwbs_items" USING btree ("project_id","code");--> statement-breakpoint
CREATE INDEX "gwbs_items_parent_idx" ON "gwbs_items" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "chat_messages_text_trgm_idx" ON "chat_messages" USING gin ("text" gin_trgm_ops);