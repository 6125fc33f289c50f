import { z } from "zod";
import { CALC_STATUSES } from "./workspace.schema.js";

/**
 * The network diagram of a version (spec §7: `GET /versions/{id}/network-diagram/tasks`, `/works`, `/relations`),
 * as parallel arrays like the Gantt payload: one array per field, every array of an answer as long as its `ids`.
 *
 * - `tasks` are the WBS summaries (type `sum`) the works are grouped under, in WBS order;
 * - `works` are the diagram's boxes: every item but summaries and drafts, in WBS order (the order rows are packed in);
 * - `relations` are the relations between two works of the version (links from other versions are not boxes).
 *
 * The three answers refer to items by their stable integer ids (they are separate requests, so positions could
 * disagree after a change between them). Times are integer minutes since 1970-01-01T00:00 wall clock, -1 = none;
 * durations, lags and floats are working minutes of the work's calendar, turned into days by the client with the
 * calendars listed in `works` (the grid's rule).
 */
const ints = z.array(z.number());
const interval = z.tuple([z.string(), z.string()]);

export const networkTasksSchema = z.object({
  ids: ints,
  /** Id of the enclosing summary, -1 at the top. */
  parent: ints,
  code: z.array(z.string()),
  name: z.array(z.string()),
  versionRevision: z.number(),
});
export type NetworkTasks = z.infer<typeof networkTasksSchema>;

/** Item type codes of `works.type`, as in the Gantt payload (1 task, 2 work, 3 milestone_start, 4 milestone_finish). */
export const networkWorksSchema = z.object({
  ids: ints,
  /** Id of the summary (a `tasks` id) the work sits under, -1 at the top. */
  parent: ints,
  type: ints,
  code: z.array(z.string()),
  name: z.array(z.string()),
  /** Position in `calendars`. */
  calendar: ints,
  duration: ints,
  earlyStart: ints,
  earlyFinish: ints,
  lateStart: ints,
  lateFinish: ints,
  actualStart: ints,
  actualFinish: ints,
  totalFloat: z.array(z.number().nullable()),
  critical: ints,
  progress: ints,
  revision: ints,
  calendars: z.array(
    z.object({
      id: z.string(),
      week: z.array(z.array(interval)),
      exceptions: z.array(z.object({ date: z.string(), intervals: z.array(interval) })).optional(),
    }),
  ),
  projectStart: z.number(),
  dataDate: z.number(),
  calcStatus: z.enum(CALC_STATUSES),
  versionRevision: z.number(),
});
export type NetworkWorks = z.infer<typeof networkWorksSchema>;

/** Link type codes of `relations.type`: 0 fs, 1 ss, 2 ff, 3 sf (as in the Gantt payload). */
export const networkRelationsSchema = z.object({
  ids: ints,
  from: ints,
  to: ints,
  type: ints,
  lag: ints,
  versionRevision: z.number(),
});
export type NetworkRelations = z.infer<typeof networkRelationsSchema>;
