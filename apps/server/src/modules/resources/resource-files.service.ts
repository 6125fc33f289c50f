import { DATE_SERIES_MIN_YEAR, RESOURCE_HOURS_PER_DAY } from "@planum/contracts";
import type { ResourceType, ScheduleModel } from "@planum/formats";
import { and, eq } from "drizzle-orm";
import { assignments, resources } from "../../db/schema/index.js";
import type { DbOrTx } from "../../platform/db.js";
import {
  type AssignmentValues,
  insertAssignments,
  insertResources,
  listResources,
  type ResourceRow,
} from "./resources.repo.js";

/**
 * Resources and assignments of schedule files (XER, P6 XML, MSPDI) into the space's directory and a version, and
 * back. The directory is the space's: a file's resource whose code the space already has is that resource (a second
 * import of a file, or another project's file naming the same crew, assigns the same resource); the others are
 * created with their hierarchy, calendar, unit, availability (units per hour × 8 a day) and price. Assignments keep
 * the file's units and costs as they are, so an export writes them back unchanged.
 */

/** The day a file's single price and availability start from: the earliest a date series reaches (spec §9). */
const SINCE_ALWAYS = `${DATE_SERIES_MIN_YEAR}-01-01`;

const KIND: Record<ResourceType, ResourceRow["kind"]> = { labor: "labor", nonlabor: "equipment", material: "material" };
const TYPE: Record<ResourceRow["kind"], ResourceType> = { labor: "labor", equipment: "nonlabor", material: "material" };

const round6 = (x: number) => Math.round(x * 1e6) / 1e6;

export interface FileResourcesOutcome {
  /** File resources that became (new or matched) directory resources. */
  resources: number;
  /** Of them, found by code in the directory. */
  matched: number;
  assignments: number;
  createdResourceIds: string[];
}

export async function importFileResources(
  tx: DbOrTx,
  input: {
    spaceId: string;
    versionId: string;
    model: ScheduleModel;
    /** The file's activity id → the work it became (activities of other projects are absent). */
    activityIds: Map<string, number>;
    /** The file's calendar id → the space's calendar. */
    calendarIds: Map<string, string>;
  },
): Promise<FileResourcesOutcome> {
  const { spaceId, versionId, model } = input;
  if (model.resources.length === 0) return { resources: 0, matched: 0, assignments: 0, createdResourceIds: [] };
  const byCode = new Map((await listResources(tx, spaceId)).map((r) => [r.code, r.id]));
  const ids = new Map<string, string>();
  let matched = 0;
  const fresh = model.resources.filter((r) => {
    const code = r.code || r.name || r.id;
    const found = byCode.get(code);
    if (found) {
      ids.set(r.id, found);
      matched++;
      return false;
    }
    return true;
  });
  // Codes repeated inside the file keep their first resource.
  const seen = new Set<string>();
  const toCreate = fresh.filter((r) => {
    const code = r.code || r.name || r.id;
    if (seen.has(code)) return false;
    seen.add(code);
    return true;
  });
  const created = await insertResources(
    tx,
    toCreate.map((r) => ({
      spaceId,
      code: r.code || r.name || r.id,
      name: r.name || r.code || r.id,
      kind: KIND[r.type] ?? "labor",
      unit: r.unit ?? "",
      calendarId: (r.calendarId && input.calendarIds.get(r.calendarId)) || null,
      availability:
        r.maxUnitsPerHour !== undefined
          ? [{ from: SINCE_ALWAYS, maxUnitsPerDay: round6(r.maxUnitsPerHour * RESOURCE_HOURS_PER_DAY) }]
          : [],
      rates: r.costPerUnit !== undefined ? [{ from: SINCE_ALWAYS, pricePerUnit: r.costPerUnit }] : [],
    })),
  );
  toCreate.forEach((r, k) => {
    ids.set(r.id, created[k].id);
    byCode.set(created[k].code, created[k].id);
  });
  for (const r of fresh) if (!ids.has(r.id)) ids.set(r.id, byCode.get(r.code || r.name || r.id) as string);
  // Parents after every row exists (a parent may come later in the file).
  for (const [k, r] of toCreate.entries()) {
    const parent = r.parentId ? ids.get(r.parentId) : undefined;
    if (parent && parent !== created[k].id)
      await tx
        .update(resources)
        .set({ parentId: parent })
        .where(and(eq(resources.spaceId, spaceId), eq(resources.id, created[k].id)));
  }

  const values: AssignmentValues[] = [];
  for (const a of model.assignments) {
    const itemId = input.activityIds.get(a.activityId);
    const resourceId = ids.get(a.resourceId);
    if (itemId === undefined || !resourceId) continue;
    const budgeted = Math.max(0, a.plannedUnits ?? 0);
    const actual = Math.max(0, a.actualUnits ?? 0);
    values.push({
      spaceId,
      versionId,
      itemId,
      resourceId,
      budgetedUnits: budgeted,
      actualUnits: actual,
      remainingUnits: Math.max(0, a.remainingUnits ?? budgeted - actual),
      unitsPerDay: null,
      curve: a.curve ?? "evenly",
      budgetedCost: a.plannedCost ?? null,
      actualCost: a.actualCost ?? null,
      remainingCost: a.remainingCost ?? null,
    });
  }
  await insertAssignments(tx, values);
  return {
    resources: ids.size,
    matched,
    assignments: values.length,
    createdResourceIds: created.map((r) => r.id),
  };
}

/**
 * The version's assignments and the resources they name (with their ancestors, so the file keeps the hierarchy)
 * into the model; `itemIds` = the works that became the model's activities (work id → activity id).
 */
export async function exportFileResources(
  db: DbOrTx,
  input: { spaceId: string; versionId: string; model: ScheduleModel; activityIds: Set<string> },
) {
  const { spaceId, versionId, model } = input;
  const rows = await db
    .select()
    .from(assignments)
    .where(and(eq(assignments.spaceId, spaceId), eq(assignments.versionId, versionId)));
  const kept = rows.filter((a) => input.activityIds.has(String(a.itemId)));
  if (kept.length === 0) return;
  const directory = new Map((await listResources(db, spaceId)).map((r) => [r.id, r]));
  const needed = new Set<string>();
  for (const a of kept)
    for (let at: string | null | undefined = a.resourceId; at && !needed.has(at); at = directory.get(at)?.parentId)
      needed.add(at);
  const calendars = new Set(model.calendars.map((c) => c.id));
  for (const r of directory.values()) {
    if (!needed.has(r.id)) continue;
    const first = <T extends { from: string }>(list: T[]) =>
      [...list].sort((a, b) => (a.from < b.from ? -1 : 1))[0] as T | undefined;
    const availability = first(r.availability);
    const rate = first(r.rates);
    model.resources.push({
      id: r.id,
      ...(r.parentId && needed.has(r.parentId) ? { parentId: r.parentId } : {}),
      code: r.code,
      name: r.name,
      type: TYPE[r.kind],
      ...(r.calendarId && calendars.has(r.calendarId) ? { calendarId: r.calendarId } : {}),
      ...(r.unit ? { unit: r.unit } : {}),
      ...(availability ? { maxUnitsPerHour: round6(availability.maxUnitsPerDay / RESOURCE_HOURS_PER_DAY) } : {}),
      ...(rate ? { costPerUnit: rate.pricePerUnit } : {}),
    });
  }
  for (const a of kept)
    model.assignments.push({
      id: a.id,
      activityId: String(a.itemId),
      resourceId: a.resourceId,
      plannedUnits: a.budgetedUnits,
      actualUnits: a.actualUnits,
      remainingUnits: a.remainingUnits,
      // Files carry the named curves; evenly is no curve, and the work-done plan's start/end modes have no file form.
      ...(a.curve !== "evenly" && a.curve !== "start" && a.curve !== "end" ? { curve: a.curve } : {}),
      ...(a.budgetedCost !== null ? { plannedCost: a.budgetedCost } : {}),
      ...(a.actualCost !== null ? { actualCost: a.actualCost } : {}),
      ...(a.remainingCost !== null ? { remainingCost: a.remainingCost } : {}),
    });
}
