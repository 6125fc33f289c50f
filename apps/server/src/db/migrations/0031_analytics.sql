CREATE TABLE "analytics_versions" (
	"version_id" uuid PRIMARY KEY NOT NULL,
	"space_id" uuid NOT NULL,
	"generation" integer DEFAULT 0 NOT NULL,
	"computed_generation" integer DEFAULT -1 NOT NULL,
	"status_day" integer DEFAULT 0 NOT NULL,
	"curves" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"counts" jsonb,
	"computed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "analytics_versions" ADD CONSTRAINT "analytics_versions_version_id_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_versions" ADD CONSTRAINT "analytics_versions_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;