import { z } from "zod";
import { EPS_KINDS } from "./structure.schema.js";

/**
 * The analytics navigator of a structure node (spec §7 EPS analytics navigate / set-checked): the node's children
 * with their roll-up figures, each ticked or not by the caller — a node whose children are ticked rolls up only
 * theirs in the caller's dashboard. (`/eps/without-analytic` is the structure's light tree, without these figures.)
 */

const nullableNumber = z.number().nullable();

export const analyticsNavigatorSchema = z.object({
  node: z.object({ id: z.string(), name: z.string(), kind: z.enum(EPS_KINDS) }),
  /** Some child is ticked: the node's dashboard rolls up only the ticked children's schedules. */
  filtered: z.boolean(),
  children: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      kind: z.enum(EPS_KINDS),
      checked: z.boolean(),
      /** Schedules below the child (its roll-up's). */
      schedules: z.number().int(),
      percentComplete: nullableNumber,
      spi: nullableNumber,
      cpi: nullableNumber,
      delayed: z.number().int(),
      fresh: z.boolean(),
    }),
  ),
});
export type AnalyticsNavigator = z.infer<typeof analyticsNavigatorSchema>;

export const analyticsSetCheckedBody = z.object({ checked: z.boolean({ error: "InvalidValue" }) });
export const analyticsCheckedSchema = z.object({ id: z.string(), checked: z.boolean() });
