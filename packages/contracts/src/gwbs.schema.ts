import { z } from "zod";
import { requiredText } from "./validation.js";
import { workspaceUuid } from "./workspace.schema.js";

/**
 * The project's general WBS (spec §3 project "gwbs", §7 Projects "gwbs CRUD and calculate-after"): one tree of codes
 * shared by all the project's schedules. A work of a schedule belongs to the item whose code is its own or one of
 * its parents' WBS codes, so the item shows the dates, progress and works of that part across every schedule.
 * "Calculate after": the roll-up is recounted after each calculation of one of the project's schedules when the
 * project asks for it, and on demand. See docs/domain.md "Project pipeline".
 */
export const GWBS_NAME_MAX = 200;

export const gwbsItemBody = z.object({
  parentId: workspaceUuid.nullable().default(null),
  code: requiredText(),
  name: requiredText({ max: GWBS_NAME_MAX, allowAnyCharacter: true }),
});
export type GwbsItemBody = z.input<typeof gwbsItemBody>;

export const gwbsItemParams = z.object({ id: workspaceUuid, itemId: workspaceUuid });

/** PUT /projects/{id}/gwbs/calculate-after: whether each calculation of the project's schedules recounts it. */
export const gwbsCalculateAfterBody = z.object({ enabled: z.boolean({ error: "InvalidValue" }) });

export const gwbsItemSchema = z.object({
  id: z.string(),
  parentId: z.string().nullable(),
  code: z.string(),
  name: z.string(),
  /** From the last count: the earliest start and latest finish (YYYY-MM-DD) of its works, null without works. */
  start: z.string().nullable(),
  finish: z.string().nullable(),
  /** Duration-weighted % complete of its works (0–100), null without works. */
  progress: z.number().nullable(),
  works: z.number().int(),
});
export type GwbsItem = z.infer<typeof gwbsItemSchema>;

/** GET /projects/{id}/gwbs — the tree in order (parents before children), the count's time and the setting. */
export const gwbsSchema = z.object({
  projectId: z.string(),
  items: z.array(gwbsItemSchema),
  calculateAfter: z.boolean(),
  calculatedAt: z.string().nullable(),
  /** Schedules of the project whose works were counted (their actual version, else the newest). */
  schedules: z.number().int(),
  canWrite: z.boolean(),
});
export type Gwbs = z.infer<typeof gwbsSchema>;
