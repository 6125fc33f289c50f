CREATE TABLE "bim_primitive_works" (
	"primitive_id" uuid NOT NULL,
	"item_id" integer NOT NULL,
	CONSTRAINT "bim_primitive_works_primitive_id_item_id_pk" PRIMARY KEY("primitive_id","item_id")
);
--> statement-breakpoint
CREATE TABLE "bim_primitives" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"space_id" uuid NOT NULL,
	"eps_id" uuid NOT NULL,
	"name" text NOT NULL,
	"shape" text NOT NULL,
	"size" jsonb NOT NULL,
	"position" jsonb NOT NULL,
	"rotation" jsonb NOT NULL,
	"colour" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bim_primitive_works" ADD CONSTRAINT "bim_primitive_works_primitive_id_bim_primitives_id_fk" FOREIGN KEY ("primitive_id") REFERENCES "public"."bim_primitives"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bim_primitive_works" ADD CONSTRAINT "bim_primitive_works_item_id_wbs_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."wbs_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bim_primitives" ADD CONSTRAINT "bim_primitives_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bim_primitives" ADD CONSTRAINT "bim_primitives_eps_id_eps_nodes_id_fk" FOREIGN KEY ("eps_id") REFERENCES "public"."eps_nodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bim_primitives" ADD CONSTRAINT "bim_primitives_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bim_primitive_works_item_idx" ON "bim_primitive_works" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "bim_primitives_node_idx" ON "bim_primitives" USING btree ("space_id","eps_id");