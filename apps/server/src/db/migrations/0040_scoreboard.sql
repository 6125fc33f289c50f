CREATE TABLE "scoreboard_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"space_id" uuid NOT NULL,
	"node_id" uuid NOT NULL,
	"title" text,
	"sort_order" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "scoreboard_items" ADD CONSTRAINT "scoreboard_items_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scoreboard_items" ADD CONSTRAINT "scoreboard_items_node_id_eps_nodes_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."eps_nodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "scoreboard_items_node_idx" ON "scoreboard_items" USING btree ("space_id","node_id");