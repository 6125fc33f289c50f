CREATE TABLE "gantt_snapshots" (
	"version_id" uuid PRIMARY KEY NOT NULL,
	"space_id" uuid NOT NULL,
	"key" text NOT NULL,
	"head" "bytea" NOT NULL,
	"ids" "bytea" NOT NULL,
	"built_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "gantt_snapshots" ADD CONSTRAINT "gantt_snapshots_version_id_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gantt_snapshots" ADD CONSTRAINT "gantt_snapshots_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;