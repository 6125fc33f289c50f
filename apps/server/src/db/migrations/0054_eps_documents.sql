CREATE TABLE "eps_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"space_id" uuid NOT NULL,
	"node_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"origin" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "eps_documents" ADD CONSTRAINT "eps_documents_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "eps_documents" ADD CONSTRAINT "eps_documents_node_id_eps_nodes_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."eps_nodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "eps_documents" ADD CONSTRAINT "eps_documents_file_id_stored_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "eps_documents" ADD CONSTRAINT "eps_documents_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "eps_documents_node_idx" ON "eps_documents" USING btree ("space_id","node_id","created_at");--> statement-breakpoint
CREATE INDEX "eps_documents_file_idx" ON "eps_documents" USING btree ("file_id");