import {
  customType,
  doublePrecision,
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
 * Work-done plans (spec §1, §3): one row per work × measure kind × data kind holding the work's days as one series —
 * `start_day` (days since 1970-01-01) and value k of `days` for day `start_day + k`, trimmed to the first and last
 * non-zero day — and its `total` (the sum, kept so totals of summaries, versions and nodes are one SQL sum). A two-year
 * schedule of 10,000 works with plan and fact of three measures is 60,000 rows (see docs/domain.md).
 */
export const wdpSeries = pgTable(
  "wdp_series",
  {
    itemId: integer("item_id")
      .notNull()
      .references(() => wbsItems.id, { onDelete: "cascade" }),
    measure: text("measure", { enum: WDP_MEASURE_KINDS }).notNull(),
    kind: text("kind", { enum: WDP_DATA_KINDS }).notNull(),
    spaceId: uuid("space_id")
      .notNull()
      .references(() => spaces.id, { onDelete: "cascade" }),
    versionId: uuid("version_id")
      .notNull()
      .references(() => versions.id, { onDelete: "cascade" }),
    startDay: integer("start_day").notNull(),
    /** The values, 8 bytes each: IEEE doubles, big-endian (as PostgreSQL's float8send writes them). */
    days: bytea("days").notNull(),
    total: doublePrecision("total").notNull(),
  },
  (t) => [primaryKey({ columns: [t.itemId, t.measure, t.kind] }), index("wdp_series_version_idx").on(t.versionId)],
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
