import { z } from "zod";
import { indicatorValueSchema } from "./indicators.schema.js";
import { EPS_KINDS } from "./structure.schema.js";
import { nameField } from "./validation.js";
import { workspaceUuid } from "./workspace.schema.js";

/**
 * The scoreboard (issue 15; spec §2 `scoreboard`, §3 "scoreboard items with sort order", §7 Scoreboard save,
 * update, get, delete, up, down): projects or structure nodes of a space side by side, ranked by a chosen figure or
 * indicator, or in the order kept on the server with up and down.
 */

/** The figures every row shows (earned value and works counted, rolled up over the node's current versions). */
export const SCOREBOARD_FIGURES = [
  "percent_complete",
  "spi",
  "cpi",
  "spi_t",
  "critical",
  "delayed",
  "max_delay_days",
] as const;
export type ScoreboardFigure = (typeof SCOREBOARD_FIGURES)[number];

export const scoreboardQuery = z.object({
  /** A figure or an indicator key to rank by; absent: the order kept with up and down. */
  sort: z
    .string()
    .regex(/^[a-z][a-z0-9_]{0,31}$/, { error: "InvalidValue" })
    .optional(),
  order: z.enum(["asc", "desc"], { error: "InvalidValue" }).default("desc"),
});
export type ScoreboardQuery = z.infer<typeof scoreboardQuery>;

export const scoreboardSaveBody = z.object({
  nodeId: workspaceUuid,
  /** Shown instead of the node's name; null or absent: the node's name. */
  title: nameField.nullable().optional(),
});
export type ScoreboardSaveBody = z.infer<typeof scoreboardSaveBody>;
export const scoreboardUpdateBody = z.object({ title: nameField.nullable() });
export type ScoreboardUpdateBody = z.infer<typeof scoreboardUpdateBody>;
export const scoreboardItemParams = z.object({ id: workspaceUuid });

const nullableNumber = z.number().nullable();
export const scoreboardItemSchema = z.object({
  id: z.string(),
  node: z.object({ id: z.string(), name: z.string(), kind: z.enum(EPS_KINDS) }),
  title: z.string().nullable(),
  /** Place in the kept order, from 1. */
  position: z.number().int(),
  figures: z.object({
    percent_complete: nullableNumber,
    spi: nullableNumber,
    cpi: nullableNumber,
    spi_t: nullableNumber,
    critical: z.number().int(),
    delayed: z.number().int(),
    max_delay_days: z.number(),
  }),
  indicators: z.array(indicatorValueSchema),
  /** The schedules rolled up (their current versions). */
  schedules: z.number().int(),
  /** False while a change below the node is not counted yet. */
  fresh: z.boolean(),
});
export type ScoreboardItem = z.infer<typeof scoreboardItemSchema>;

export const scoreboardSchema = z.object({
  items: z.array(scoreboardItemSchema),
  /** The indicator columns: every key defined under any row, in name order. */
  indicators: z.array(z.object({ key: z.string(), name: z.string() })),
});
export type Scoreboard = z.infer<typeof scoreboardSchema>;
export const scoreboardItemAnswer = z.object({ id: z.string(), position: z.number().int() });
