import { DATE_SERIES_MIN_YEAR, RESOURCE_HOURS_PER_DAY } from "@planum/contracts";
import { periodValue } from "@planum/engine";
import type { Resource, ResourcePeriod, ResourceType, ScheduleModel } from "@planum/formats";
import { and, eq } from "drizzle-orm";
import { assignments, resources } from "../../db/schema/index.js";
import type { DbOrTx } from "../../platform/db.js";
import {
  type AssignmentColumns,
  insertResources,
  insertSpecialty,
  listResources,
  listSpecialties,
  type ResourceRow,
} from "./resources.repo.js";

/**
 * Resources and assignments of schedule files (XER, P6 XML, MSPDI) into the space's directory and a version, and
 * back. The directory is the space's: a file's resource whose code the space already has is that resource (a second
 * import of a file, or another project's file naming the same crew, assigns the same resource); the others are
 * created with their hierarchy, calendar, unit, availability (units per hour × 8 a day) and prices by period, and
 * their role as the specialty of that name (created when the space has none). Assignments keep
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
  /** The file's assignments of the version's works, as columns to insert (`insertAssignmentColumns`): the caller
   * writes them in the import's transaction or leaves them to the job that follows an upload. */
  assignmentColumns: AssignmentColumns;
}

export const noAssignments = (): AssignmentColumns => ({
  itemId: [],
  resourceId: [],
  budgetedUnits: [],
  actualUnits: [],
  remainingUnits: [],
  unitsPerDay: [],
  curve: [],
  budgetedCost: [],
  actualCost: [],
  remainingCost: [],
});

export async function importFileResources(
  tx: DbOrTx,
  input: {
    spaceId: string;
    model: ScheduleModel;
    /** The file's activity id → the work it became (activities of other projects are absent). */
    activityIds: Map<string, number>;
    /** The file's calendar id → the space's calendar. */
    calendarIds: Map<string, string>;
  },
): Promise<FileResourcesOutcome> {
  const { spaceId, model } = input;
  if (model.resources.length === 0)
    return { resources: 0, matched: 0, assignments: 0, createdResourceIds: [], assignmentColumns: noAssignments() };
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
  const specialtyOf = await specialtiesForRoles(tx, spaceId, model, toCreate);
  const created = await insertResources(
    tx,
    toCreate.map((r) => ({
      spaceId,
      code: r.code || r.name || r.id,
      name: r.name || r.code || r.id,
      kind: KIND[r.type] ?? "labor",
      unit: r.unit ?? "",
      calendarId: (r.calendarId && input.calendarIds.get(r.calendarId)) || null,
      specialtyId: (r.roleId && specialtyOf.get(r.roleId)) || null,
      ...periodLists(r),
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

  const columns = noAssignments();
  for (const a of model.assignments) {
    const itemId = input.activityIds.get(a.activityId);
    const resourceId = ids.get(a.resourceId);
    if (itemId === undefined || !resourceId) continue;
    const budgeted = Math.max(0, a.plannedUnits ?? 0);
    const actual = Math.max(0, a.actualUnits ?? 0);
    columns.itemId.push(itemId);
    columns.resourceId.push(resourceId);
    columns.budgetedUnits.push(budgeted);
    columns.actualUnits.push(actual);
    columns.remainingUnits.push(Math.max(0, a.remainingUnits ?? budgeted - actual));
    // The file's rate (P6 remain_qty_per_hr, MS Project's units) sets how long a resource-dependent work's
    // assignment lasts on its resource's calendar.
    const perHour = a.unitsPerHour ?? 0;
    columns.unitsPerDay.push(perHour > 0 ? round6(perHour * RESOURCE_HOURS_PER_DAY) : null);
    columns.curve.push(a.curve ?? "evenly");
    columns.budgetedCost.push(a.plannedCost ?? null);
    columns.actualCost.push(a.actualCost ?? null);
    columns.remainingCost.push(a.remainingCost ?? null);
  }
  return {
    resources: ids.size,
    matched,
    assignments: columns.itemId.length,
    createdResourceIds: created.map((r) => r.id),
    assignmentColumns: columns,
  };
}

/**
 * A file resource's availability and prices by period when the file holds several (P6 RSRCRATE, ResourceRate rows),
 * else its one price and its units per time since always, as one-rate files have always been read (P6's default
 * units per time stands for the availability then); units per hour × 8 make a day's availability.
 */
function periodLists(r: Resource): Pick<ResourceRow, "availability" | "rates"> {
  const periods =
    r.periods && r.periods.length > 1
      ? r.periods
      : [{ costPerUnit: r.costPerUnit, maxUnitsPerHour: r.maxUnitsPerHour }];
  const from = (p: ResourcePeriod) => p.from?.slice(0, 10) ?? SINCE_ALWAYS;
  return {
    availability: periods.flatMap((p) =>
      p.maxUnitsPerHour === undefined
        ? []
        : [{ from: from(p), maxUnitsPerDay: round6(p.maxUnitsPerHour * RESOURCE_HOURS_PER_DAY) }],
    ),
    rates: periods.flatMap((p) =>
      p.costPerUnit === undefined ? [] : [{ from: from(p), pricePerUnit: p.costPerUnit }],
    ),
  };
}

/**
 * The space's specialty for each file role a created resource fills (P6 roles are Planum's specialties): found by
 * name, else created.
 */
async function specialtiesForRoles(
  tx: DbOrTx,
  spaceId: string,
  model: ScheduleModel,
  created: readonly Resource[],
): Promise<Map<string, string>> {
  const used = new Set(created.map((r) => r.roleId).filter((id): id is string => !!id));
  const out = new Map<string, string>();
  if (used.size === 0) return out;
  const byName = new Map((await listSpecialties(tx, spaceId)).map((s) => [s.name, s.id]));
  for (const role of model.roles ?? []) {
    if (!used.has(role.id)) continue;
    const name = (role.name || role.code).trim();
    let id = byName.get(name);
    if (!id) {
      id = (await insertSpecialty(tx, spaceId, name)).id;
      byName.set(name, id);
    }
    out.set(role.id, id);
  }
  return out;
}

/**
 * A directory resource's prices and availability as the file's periods: one per day either list changes, each
 * holding the price and units per hour in force that day; the first (since always) has no date.
 */
function filePeriods(r: ResourceRow): ResourcePeriod[] {
  const days = [...new Set([...r.availability, ...r.rates].map((p) => p.from))].sort();
  return days.map((day) => {
    const rate = periodValue(r.rates, day);
    const availability = periodValue(r.availability, day);
    return {
      ...(day === SINCE_ALWAYS ? {} : { from: `${day}T00:00` }),
      ...(rate ? { costPerUnit: rate.pricePerUnit } : {}),
      ...(availability ? { maxUnitsPerHour: round6(availability.maxUnitsPerDay / RESOURCE_HOURS_PER_DAY) } : {}),
    };
  });
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
  const specialties = new Map((await listSpecialties(db, spaceId)).map((s) => [s.id, s.name]));
  const roles = new Set<string>();
  for (const r of directory.values()) {
    if (!needed.has(r.id)) continue;
    const first = <T extends { from: string }>(list: T[]) =>
      [...list].sort((a, b) => (a.from < b.from ? -1 : 1))[0] as T | undefined;
    const availability = first(r.availability);
    const rate = first(r.rates);
    const periods = filePeriods(r);
    const role = r.specialtyId && specialties.has(r.specialtyId) ? r.specialtyId : undefined;
    if (role) roles.add(role);
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
      ...(periods.length > 1 ? { periods } : {}),
      ...(role ? { roleId: role } : {}),
    });
  }
  if (roles.size > 0)
    model.roles = [...roles].map((id) => {
      const name = specialties.get(id) as string;
      // P6 keeps a role's short name within 40 characters
      return { id, code: name.slice(0, 40), name };
    });
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
