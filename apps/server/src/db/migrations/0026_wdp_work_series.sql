CREATE TABLE "wdp_work_series" (
	"item_id" integer NOT NULL,
	"kind" text NOT NULL,
	"space_id" uuid NOT NULL,
	"version_id" uuid NOT NULL,
	"measures" text[] NOT NULL,
	"starts" integer[] NOT NULL,
	"lengths" integer[] NOT NULL,
	"totals" double precision[] NOT NULL,
	"days" "bytea" NOT NULL,
	CONSTRAINT "wdp_work_series_item_id_kind_pk" PRIMARY KEY("item_id","kind")
);
--> statement-breakpoint
ALTER TABLE "wdp_work_series" ADD CONSTRAINT "wdp_work_series_item_id_wbs_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."wbs_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wdp_work_series" ADD CONSTRAINT "wdp_work_series_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wdp_work_series" ADD CONSTRAINT "wdp_work_series_version_id_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "wdp_work_series_version_idx" ON "wdp_work_series" USING btree ("version_id");--> statement-breakpoint
-- Plans stored one row per work, measure and kind move to one row per work and kind: the measures in the order of
-- WDP_MEASURE_KINDS, each segment the old raw doubles behind a format byte 0 (wdp-codec.ts reads both formats).
INSERT INTO "wdp_work_series" ("item_id", "kind", "space_id", "version_id", "measures", "starts", "lengths", "totals", "days")
SELECT s."item_id", s."kind", min(s."space_id"::text)::uuid, min(s."version_id"::text)::uuid,
  array_agg(s."measure" ORDER BY o.n), array_agg(s."start_day" ORDER BY o.n),
  array_agg(octet_length(s."days") / 8 ORDER BY o.n), array_agg(s."total" ORDER BY o.n),
  string_agg('\x00'::bytea || s."days", ''::bytea ORDER BY o.n)
FROM "wdp_series" s
JOIN unnest(ARRAY['volume', 'labour', 'cost', 'resources', 'distributed_price', 'cost_by_distributed_price'])
  WITH ORDINALITY AS o(m, n) ON o.m = s."measure"
WHERE octet_length(s."days") > 0
GROUP BY s."item_id", s."kind";
