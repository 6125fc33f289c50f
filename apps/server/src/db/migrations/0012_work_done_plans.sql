CREATE TABLE "wdp_series" (
	"item_id" integer NOT NULL,
	"measure" text NOT NULL,
	"kind" text NOT NULL,
	"space_id" uuid NOT NULL,
	"version_id" uuid NOT NULL,
	"start_day" integer NOT NULL,
	"values" double precision[] NOT NULL,
	"total" double precision NOT NULL,
	CONSTRAINT "wdp_series_item_id_measure_kind_pk" PRIMARY KEY("item_id","measure","kind")
);
--> statement-breakpoint
CREATE TABLE "wdp_works" (
	"item_id" integer PRIMARY KEY NOT NULL,
	"space_id" uuid NOT NULL,
	"version_id" uuid NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"mode" text DEFAULT 'evenly' NOT NULL,
	"options" jsonb,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "wdp_series" ADD CONSTRAINT "wdp_series_item_id_wbs_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."wbs_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wdp_series" ADD CONSTRAINT "wdp_series_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wdp_series" ADD CONSTRAINT "wdp_series_version_id_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wdp_works" ADD CONSTRAINT "wdp_works_item_id_wbs_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."wbs_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wdp_works" ADD CONSTRAINT "wdp_works_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wdp_works" ADD CONSTRAINT "wdp_works_version_id_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "wdp_series_version_idx" ON "wdp_series" USING btree ("version_id");--> statement-breakpoint
CREATE INDEX "wdp_works_version_idx" ON "wdp_works" USING btree ("version_id");