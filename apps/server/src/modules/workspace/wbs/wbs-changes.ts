import { activityDateIssues, type UpdateWbsBody } from "@planum/contracts";
import type { UndoInverse, wbsItems } from "../../../db/schema/index.js";
import type { VersionScope } from "../../../platform/access.js";
import type { Db, Tx } from "../../../platform/db.js";
import { AppError } from "../../../platform/errors.js";
import { wallClockText } from "../../../platform/time.js";
import type { WorkspaceEvents } from "../../../platform/workspace-events.js";
import { recordUndo, type UndoKind } from "../undo/undo.repo.js";
import { bumpVersion } from "../versions/versions.repo.js";
import { revisionsOf } from "./wbs.repo.js";
import type { WbsRow } from "./wbs-dto.js";

export interface ChangeOutcome<T> {
  result: T;
  /** WBS rows whose values changed (their new revisions go out in the event). */
  changed: number[];
  /** The changed rows' new revisions, when the change has read them back already (from its update): none read here. */
  revisions?: { id: number; revision: number }[];
  deleted?: number[];
  /** Relations created, changed or removed along (e.g. by a deletion), for the relations event. */
  relationsChanged?: number[];
  relationsDeleted?: number[];
  inverse: UndoInverse;
  itemCount: number;
}

/**
 * One change of a version's content, the same way every time: in one transaction the version's revision is bumped
 * (which also re-checks the lock), the change runs, its inverse is recorded for undo; after the commit the space room
 * learns which rows changed and their new revisions.
 */
export async function applyChange<T>(
  deps: { db: Db; events: WorkspaceEvents },
  scope: VersionScope,
  kind: UndoKind,
  action: string,
  run: (tx: Tx) => Promise<ChangeOutcome<T>>,
  options: { datesMayMove?: boolean } = {},
): Promise<T & { versionRevision: number }> {
  const { grant, version } = scope;
  const done = await deps.db.transaction(async (tx) => {
    const revision = await bumpVersion(tx, version.id, options.datesMayMove ?? true);
    const outcome = await run(tx);
    await recordUndo(tx, {
      spaceId: grant.space.id,
      versionId: version.id,
      kind,
      action,
      userId: grant.userId,
      itemCount: outcome.itemCount,
      inverse: outcome.inverse,
    });
    const changed = outcome.revisions ?? (outcome.changed.length ? await revisionsOf(tx, outcome.changed) : []);
    return { revision, outcome, changed };
  });
  const { outcome } = done;
  if (done.changed.length || outcome.deleted?.length) {
    deps.events.wbsUpdated(
      grant.space.id,
      grant.userId,
      version.id,
      done.revision,
      action,
      done.changed,
      outcome.deleted,
    );
  }
  if (outcome.relationsChanged?.length || outcome.relationsDeleted?.length) {
    deps.events.relationsUpdated(
      grant.space.id,
      grant.userId,
      version.id,
      done.revision,
      outcome.relationsChanged ?? [],
      outcome.relationsDeleted ?? [],
    );
  }
  return { ...outcome.result, versionRevision: done.revision };
}

type EditableSet = Partial<typeof wbsItems.$inferInsert>;

/**
 * Fields of a work that no calculation reads: editing only these leaves the version calculated (a planner renaming
 * a work or writing a note does not make the schedule's dates doubtful).
 */
const DESCRIPTIVE_FIELDS = new Set(["revision", "code", "name", "notes", "attrs"]);

/** Whether an edit of these fields may move a date (anything but names, notes and attribute values). */
export const editMayMoveDates = (body: object) => Object.keys(body).some((key) => !DESCRIPTIVE_FIELDS.has(key));

/**
 * The column values of an edit, with the status rules of P6: starting a work records its actual start, completing it
 * records the finish and 100 %, resetting it to not started clears the actuals. Milestones and sums carry no duration.
 */
export function editValues(
  row: WbsRow,
  body: Omit<UpdateWbsBody, "revision">,
  fallbackDate: string | null,
): EditableSet {
  const { attrs, ...fields } = body;
  const set: EditableSet = { ...fields };
  if (attrs) {
    const merged = { ...row.attrs };
    for (const [key, value] of Object.entries(attrs)) {
      if (value === null) delete merged[key];
      else merged[key] = value;
    }
    set.attrs = merged;
  }
  const status = body.status ?? row.status;
  const actualStart = body.actualStart !== undefined ? body.actualStart : row.actualStart;
  if (body.status === "not_started") {
    set.actualStart = null;
    set.actualFinish = null;
    set.percentComplete = 0;
    set.remaining = null;
  } else if (status === "in_progress" || status === "completed") {
    if (!actualStart) set.actualStart = row.earlyStart ?? fallbackDate;
    if (status === "completed") {
      if (body.actualFinish === undefined && !row.actualFinish) set.actualFinish = row.earlyFinish ?? fallbackDate;
      set.percentComplete = 100;
      set.remaining = 0;
    }
  } else if (body.actualStart) {
    set.status = body.actualFinish ? "completed" : "in_progress";
  }
  checkDates(row, set);
  const type = row.type;
  if (type === "sum" || type === "milestone_start" || type === "milestone_finish") set.duration = 0;
  if (set.duration === undefined) delete set.duration;
  return set;
}

/** Which edited fields each cross-field check looks at: a check runs only when the edit touches one of them. */
const CHECKED_BY: Record<string, string[]> = {
  actualFinish: ["actualStart", "actualFinish", "status"],
  resumeDate: ["suspendDate", "resumeDate"],
  startLimitDate: ["startLimitType", "startLimitDate"],
  finishLimitDate: ["finishLimitType", "finishLimitDate"],
  manualFinish: ["manualStart", "manualFinish"],
};

/** The work as it will be after the edit must keep its dates in order (`activityDateIssues` of the contracts). */
function checkDates(row: WbsRow, set: EditableSet) {
  const after = (
    key:
      | "actualStart"
      | "actualFinish"
      | "suspendDate"
      | "resumeDate"
      | "startLimitDate"
      | "finishLimitDate"
      | "manualStart"
      | "manualFinish",
  ) => wallClockText((set[key] !== undefined ? set[key] : row[key]) as string | null);
  const issues = activityDateIssues({
    actualStart: after("actualStart"),
    actualFinish: after("actualFinish"),
    suspendDate: after("suspendDate"),
    resumeDate: after("resumeDate"),
    startLimitType: set.startLimitType !== undefined ? set.startLimitType : row.startLimitType,
    startLimitDate: after("startLimitDate"),
    finishLimitType: set.finishLimitType !== undefined ? set.finishLimitType : row.finishLimitType,
    finishLimitDate: after("finishLimitDate"),
    manualStart: after("manualStart"),
    manualFinish: after("manualFinish"),
  }).filter((issue) => CHECKED_BY[issue.field].some((key) => key in set));
  if (issues.length) throw new AppError(issues[0].code, { field: issues[0].field });
}
