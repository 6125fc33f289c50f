import {
  customType,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { spaces } from "./spaces.table.js";
import { versions, wbsItems } from "./workspace.table.js";

export const WDP_MEASURE_KINDS = [
  "volume",
  "labour",
  "cost",
  "resources",
  "distributed_price",
  "cost_by_distributed_price",
] as const;
export const WDP_DATA_KINDS = ["plan", "fact", "approved_plan"] as const;

const bytea = customType<{ data: Buffer }>({ dataType: () => "bytea" });

/**
 * Work-done plans (spec §1, §3): one row per work × data kind holding the days of every measure the work has of that
 * kind. Measure k of the row (`measures[k]`, in WDP_MEASURE_KINDS order) starts on day `starts[k]` (days since
 * 1970-01-01) and has `lengths[k]` days, trimmed to its first and last non-zero day, summing to `totals[k]` (kept so
 * totals of summaries, versions and nodes are SQL sums). `days` holds the measures' values one segment after the other
 * (format: modules/workspace/wdp/wdp-codec.ts). One row per work and kind, not per measure: a redistribution of every
 * work after a calculation rewrites 10,000 rows instead of 30,000 (see the wdp bench and docs/domain.md).
 */
export const wdpWorkSeries = pgTable(
  "wdp_work_series",
  {
    /** With `versionId` and `spaceId`: one foreign key to the work's (id, version_id, space_id). */
    itemId: integer("item_id").notNull(),
    kind: text("kind", { enum: WDP_DATA_KINDS }).notNull(),
    spaceId: uuid("space_id").notNull(),
    versionId: uuid("version_id").notNull(),
    measures: text("measures").array().notNull(),
    starts: integer("starts").array().notNull(),
    lengths: integer("lengths").array().notNull(),
    totals: doublePrecision("totals").array().notNull(),
    days: bytea("days").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.itemId, t.kind] }),
    index("wdp_work_series_version_idx").on(t.versionId),
    // One key, not three (work, space, version): each is checked per inserted row, and the three checks were two
    // thirds of inserting 10,000 works' plans (update-costs). The work's row carries its version and space.
    foreignKey({
      name: "wdp_work_series_item_fk",
      columns: [t.itemId, t.versionId, t.spaceId],
      foreignColumns: [wbsItems.id, wbsItems.versionId, wbsItems.spaceId],
    }).onDelete("cascade"),
  ],
);

/**
 * A work's place in the work-done plan: its planning status (spec §4: `active` — planned, redistributed when its
 * dates move, open to entry; `disabled` — left out) and how its plans are distributed (mode and the mode's options).
 * A work without a row is active and distributed evenly.
 */
export const wdpWorks = pgTable(
  "wdp_works",
  {
    itemId: integer("item_id")
      .primaryKey()
      .references(() => wbsItems.id, { onDelete: "cascade" }),
    spaceId: uuid("space_id")
      .notNull()
      .references(() => spaces.id, { onDelete: "cascade" }),
    versionId: uuid("version_id")
      .notNull()
      .references(() => versions.id, { onDelete: "cascade" }),
    status: text("status", { enum: ["active", "disabled"] })
      .notNull()
      .default("active"),
    mode: text("mode", {
      enum: ["start", "end", "evenly", "by_date", "by_fact", "by_lag", "by_period", "by_volume"],
    })
      .notNull()
      .default("evenly"),
    /** The mode's options: `{ from, to }` (day numbers) of by_date, `lagDays` of by_lag, `period` of by_period. */
    options: jsonb("options").$type<{ from?: number; to?: number; lagDays?: number; period?: "week" | "month" }>(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("wdp_works_version_idx").on(t.versionId)],
);
