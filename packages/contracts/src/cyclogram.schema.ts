import { z } from "zod";
import { workspaceUuid } from "./workspace.schema.js";

/**
 * The cyclogram (line of balance, spec §2 `schedule/{id}/cyclogram`, §7 `cyclogram/{attrId}`, `cyclogram/color`):
 * time across, the locations down — the values of a work attribute naming where a work is done (section, floor,
 * grip) — and one line per work type (the works' name) through the locations it visits, in time order.
 */
/** Attribute types whose values can name a location: a list (its order is the locations' order), text, a number. */
export const CYCLOGRAM_LOCATION_TYPES = ["list", "string", "number"] as const;
/**
 * A pause of a crew between two locations longer than this (minutes), holding at least one whole weekday (a weekend
 * is no wait), is marked as idle.
 */
export const CYCLOGRAM_IDLE_MIN_MINUTES = 1440;

export const cyclogramParams = z.object({ id: workspaceUuid, attrId: workspaceUuid });

const segment = z.object({
  wbsId: z.number(),
  code: z.string(),
  /** The work's revision, echoed back when it is moved from the chart (a stale move is refused). */
  revision: z.number(),
  /** Index into `locations`. */
  location: z.number(),
  /** Minutes (the engine's scale), as the Gantt's. */
  start: z.number(),
  finish: z.number(),
  critical: z.boolean(),
});
export type CyclogramSegment = z.infer<typeof segment>;

export const cyclogramSchema = z.object({
  attribute: z.object({ id: z.string(), name: z.string() }),
  /** Top to bottom. */
  locations: z.array(z.string()),
  lines: z.array(
    z.object({
      /** The work type: the works' name. */
      workType: z.string(),
      /** `#rrggbb`: the colour chosen for the schedule, else one of the palette by the line's place. */
      color: z.string(),
      /** The line's works in time order. */
      segments: z.array(segment),
    }),
  ),
  /** A crew waiting between two locations: line, the segments before and after (indexes in the line), the wait. */
  idle: z.array(z.object({ line: z.number(), after: z.number(), start: z.number(), finish: z.number() })),
  /** Two crews in one location at once (the lines cross there): both lines and segments, the overlap. */
  crossings: z.array(
    z.object({
      location: z.number(),
      a: z.object({ line: z.number(), segment: z.number() }),
      b: z.object({ line: z.number(), segment: z.number() }),
      start: z.number(),
      finish: z.number(),
    }),
  ),
  /** Works left out: no value of the attribute, or no dates (never calculated). */
  unplaced: z.number(),
  /** The time axis: the first start and last finish drawn (the project's start when nothing is drawn). */
  from: z.number(),
  to: z.number(),
});
export type Cyclogram = z.infer<typeof cyclogramSchema>;

export const cyclogramColorBody = z.object({
  /** A work's name (longer than a catalogue's name may be). */
  workType: z.string({ error: "Required" }).trim().min(1, { error: "Required" }).max(1000),
  color: z.string().regex(/^#[0-9a-fA-F]{6}$/, { error: "InvalidValue" }),
});
export type CyclogramColorBody = z.input<typeof cyclogramColorBody>;
export const cyclogramColorSchema = z.object({ workType: z.string(), color: z.string() });

/** Colours given to lines without a chosen one, in turn (distinct on light and dark backgrounds). */
export const CYCLOGRAM_PALETTE = [
  "#2563eb",
  "#16a34a",
  "#ea580c",
  "#9333ea",
  "#0891b2",
  "#ca8a04",
  "#db2777",
  "#4b5563",
  "#65a30d",
  "#7c3aed",
] as const;
