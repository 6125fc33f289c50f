CREATE TABLE "analytics_daily_runs" (
	"day" text PRIMARY KEY NOT NULL,
	"job_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_version_blocks" (
	"version_id" uuid NOT NULL,
	"block" integer NOT NULL,
	"curves" jsonb NOT NULL,
	CONSTRAINT "analytics_version_blocks_version_id_block_pk" PRIMARY KEY("version_id","block")
);
--> statement-breakpoint
ALTER TABLE "analytics_versions" ADD COLUMN "dirty" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "analytics_version_blocks" ADD CONSTRAINT "analytics_version_blocks_version_id_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Versions counted before blocks existed have no block sums to move: their next count counts every block.
UPDATE "analytics_versions" SET "dirty" = '{"all": 0}'::jsonb;
