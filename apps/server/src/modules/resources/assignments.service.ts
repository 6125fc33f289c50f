import type { Assignment, SaveAssignmentBody, UpdateAssignmentBody } from "@planum/contracts";
import { applyDurationType, type Calendar, costByPeriod, type DurationType, spreadUnits } from "@planum/engine";
import {
  assertDetailsIn,
  assertUnlocked,
  type Grant,
  type ScheduleScope,
  type VersionScope,
} from "../../platform/access.js";
import type { Db, DbOrTx } from "../../platform/db.js";
import { AppError } from "../../platform/errors.js";
import type { Realtime } from "../../platform/realtime.js";
import { textMinutes } from "../../platform/time.js";
import type { WorkspaceEvents } from "../../platform/workspace-events.js";
import { loadSpaceCalendars } from "../calendars/space-calendars.js";
import { addNotices, announceNotices } from "../notices/notify.js";
import { changedAssignmentNotices } from "./assignment-notices.js";
import {
  type AssignmentJoined,
  assignmentsOfItem,
  assignmentsWhere,
  deleteAssignment,
  findAssignment,
  findResource,
  findWork,
  insertAssignment,
  updateAssignment,
} from "./resources.repo.js";

const HOURS_PER_DAY = 8;
const HOURS_PER_DAY_MINUTES = HOURS_PER_DAY * 60;

/**
 * Costs of an assignment. Budgeted units spread over the work's span (actual start or early start to actual or
 * early finish) on its calendar by the assignment's curve, each day at the resource's rate in force that day; actual
 * and remaining units cost the same average price per unit. A work without dates yet costs at its earliest rate.
 * Costs a file stated are kept as they are (P6 keeps overridden costs).
 */
export function assignmentCost(row: AssignmentJoined, calendarOf: (id: string | null) => Calendar) {
  const { a, work, resource } = row;
  let pricePerUnit = 0;
  if (a.budgetedUnits > 0 && work.start && work.finish) {
    const days = spreadUnits(
      a.budgetedUnits,
      calendarOf(work.calendarId),
      textMinutes(work.start),
      textMinutes(work.finish),
      a.curve,
    );
    if (days.length > 0) pricePerUnit = costByPeriod(days, resource.rates) / a.budgetedUnits;
  }
  if (pricePerUnit === 0 && resource.rates.length > 0)
    pricePerUnit = [...resource.rates].sort((x, y) => (x.from < y.from ? -1 : 1))[0].pricePerUnit;
  const money = (units: number) => Math.round(units * pricePerUnit * 100) / 100;
  return {
    budgeted: a.budgetedCost ?? money(a.budgetedUnits),
    actual: a.actualCost ?? money(a.actualUnits),
    remaining: a.remainingCost ?? money(a.remainingUnits),
  };
}

export function toAssignmentDto(row: AssignmentJoined, calendarOf: (id: string | null) => Calendar): Assignment {
  const { a, resource, work } = row;
  return {
    id: a.id,
    versionId: a.versionId,
    itemId: a.itemId,
    resourceId: a.resourceId,
    budgetedUnits: a.budgetedUnits,
    actualUnits: a.actualUnits,
    remainingUnits: a.remainingUnits,
    unitsPerDay: a.unitsPerDay,
    curve: a.curve,
    cost: assignmentCost(row, calendarOf),
    costStored: a.budgetedCost !== null || a.actualCost !== null || a.remainingCost !== null,
    revision: a.revision,
    resource: { code: resource.code, name: resource.name, kind: resource.kind, unit: resource.unit },
    work: { code: work.code, name: work.name },
  };
}

/** Working days of a duration in minutes (8-hour days, as P6 shows units per time). */
const daysOf = (duration: number) => duration / HOURS_PER_DAY_MINUTES;

/**
 * Fills what a body leaves out by the work's P6 duration type (the engine's `applyDurationType`): units per day
 * changed alone → budgeted units = units per day × the work's days (fixed units/time and both fixed-duration types);
 * budgeted units changed alone on a fixed-duration type → units per day follow (budgeted ÷ days). Remaining =
 * budgeted − actual (never below zero). A change that would move the work's duration (fixed units, or units under
 * fixed units/time) leaves the other value as it is: the work's duration is edited on the work.
 */
function completeUnits(
  body: { budgetedUnits?: number; actualUnits?: number; remainingUnits?: number; unitsPerDay?: number | null },
  current: { budgetedUnits: number; actualUnits: number; unitsPerDay: number | null },
  duration: number,
  durationType: DurationType,
) {
  const days = daysOf(duration);
  let unitsPerDay = body.unitsPerDay !== undefined ? body.unitsPerDay : current.unitsPerDay;
  let budgeted = body.budgetedUnits ?? current.budgetedUnits;
  const now = { duration, units: current.budgetedUnits, unitsPerHour: (current.unitsPerDay ?? 0) / HOURS_PER_DAY };
  const fixedDuration = durationType === "fixed_duration_units_time" || durationType === "fixed_duration_units";
  if (days > 0 && body.budgetedUnits === undefined && body.unitsPerDay != null && durationType !== "fixed_units") {
    budgeted = applyDurationType(durationType, now, {
      field: "unitsPerHour",
      value: body.unitsPerDay / HOURS_PER_DAY,
    }).units;
  } else if (days > 0 && body.budgetedUnits !== undefined && body.unitsPerDay === undefined && fixedDuration) {
    unitsPerDay =
      applyDurationType(durationType, now, { field: "units", value: body.budgetedUnits }).unitsPerHour * HOURS_PER_DAY;
  }
  const actual = body.actualUnits ?? current.actualUnits;
  const remaining = body.remainingUnits ?? Math.max(0, budgeted - actual);
  const round = (x: number) => Math.round(x * 1e6) / 1e6;
  return {
    budgetedUnits: round(budgeted),
    actualUnits: round(actual),
    remainingUnits: round(remaining),
    unitsPerDay: unitsPerDay === null ? null : round(unitsPerDay),
  };
}

/** Resources assigned to works (spec §7 Assignments; Versions assignment/wbs; Schedules assignment update/delete). */
export class AssignmentsService {
  constructor(private readonly deps: { db: Db; events: WorkspaceEvents; realtime: Realtime }) {}

  /** Tells the person of each assignment's resource (assignment-notices.ts); the change itself is committed. */
  private async tell(kind: "assignment_created" | "assignment_changed", scope: { grant: Grant }, ids: string[]) {
    const { db } = this.deps;
    const list = await changedAssignmentNotices(db, kind, scope.grant.space.id, scope.grant.userId, ids);
    if (list.length) announceNotices(this.deps, await addNotices(db, list));
  }

  private async dtos(db: DbOrTx, spaceId: string, rows: AssignmentJoined[]) {
    const calendarOf = await loadSpaceCalendars(db, spaceId);
    return rows.map((row) => toAssignmentDto(row, calendarOf));
  }

  async ofWork(scope: VersionScope, itemId: number): Promise<Assignment[]> {
    const spaceId = scope.grant.space.id;
    if (!(await findWork(this.deps.db, spaceId, scope.version.id, itemId))) throw new AppError("NotFound");
    return this.dtos(this.deps.db, spaceId, await assignmentsOfItem(this.deps.db, spaceId, scope.version.id, itemId));
  }

  /** `GET /assignment`: the space's assignments of a version and/or a resource (at least one of them). */
  async list(grant: Grant, query: { versionId?: string; resourceId?: string }): Promise<Assignment[]> {
    if (!query.versionId && !query.resourceId) throw new AppError("Required", { field: "versionId" });
    return this.dtos(this.deps.db, grant.space.id, await assignmentsWhere(this.deps.db, grant.space.id, query));
  }

  async ofResource(grant: Grant, resourceId: string): Promise<Assignment[]> {
    if (!(await findResource(this.deps.db, grant.space.id, resourceId))) throw new AppError("ResourceNotFound");
    return this.list(grant, { resourceId });
  }

  /** Assigns a resource of the space to a work of the version (a sum cannot carry units: P6 assigns activities). */
  async create(scope: VersionScope, body: SaveAssignmentBody): Promise<Assignment> {
    assertDetailsIn(scope.version);
    const spaceId = scope.grant.space.id;
    const versionId = scope.version.id;
    const work = await findWork(this.deps.db, spaceId, versionId, body.wbsId);
    if (!work || work.type === "sum" || work.type === "draft") throw new AppError("NotFound", { field: "wbsId" });
    const resource = await findResource(this.deps.db, spaceId, body.resourceId);
    if (!resource) throw new AppError("ResourceNotFound", { field: "resourceId" });
    const units = completeUnits(
      body,
      { budgetedUnits: 0, actualUnits: 0, unitsPerDay: null },
      work.duration,
      work.durationType,
    );
    const row = await insertAssignment(this.deps.db, {
      spaceId,
      versionId,
      itemId: work.id,
      resourceId: resource.id,
      ...units,
      curve: body.curve ?? "evenly",
    });
    this.deps.events.assignments("assignment_created", spaceId, scope.grant.userId, {
      versionId,
      itemIds: [work.id],
      assignmentIds: [row.id],
    });
    await this.tell("assignment_created", scope, [row.id]);
    return (
      await this.dtos(this.deps.db, spaceId, await assignmentsWhere(this.deps.db, spaceId, { ids: [row.id] }))
    )[0];
  }

  /** The assignment, in an unlocked version of the schedule of the call (whose write access the route checked). */
  private async writable(scope: ScheduleScope, id: string) {
    const found = await findAssignment(this.deps.db, scope.grant.space.id, id);
    if (!found || found.version.scheduleId !== scope.schedule.id) throw new AppError("NotFound");
    assertUnlocked(found.version);
    assertDetailsIn(found.version);
    return found;
  }

  async update(scope: ScheduleScope, id: string, body: UpdateAssignmentBody): Promise<Assignment> {
    const spaceId = scope.grant.space.id;
    const { a } = await this.writable(scope, id);
    const work = await findWork(this.deps.db, spaceId, a.versionId, a.itemId);
    const units = completeUnits(body, a, work?.duration ?? 0, work?.durationType ?? "fixed_duration_units_time");
    // Units typed by hand are costed again from the rates: a file's stated costs no longer describe them.
    const unitsChanged =
      body.budgetedUnits !== undefined || body.actualUnits !== undefined || body.remainingUnits !== undefined;
    const row = await updateAssignment(this.deps.db, spaceId, id, body.revision, {
      ...units,
      ...(body.curve ? { curve: body.curve } : {}),
      ...(unitsChanged ? { budgetedCost: null, actualCost: null, remainingCost: null } : {}),
    });
    if (!row) throw new AppError("Conflict", { entity: "assignment", id });
    this.deps.events.assignments("assignments_updated", spaceId, scope.grant.userId, {
      versionId: a.versionId,
      itemIds: [a.itemId],
      assignmentIds: [id],
    });
    await this.tell("assignment_changed", scope, [id]);
    return (await this.dtos(this.deps.db, spaceId, await assignmentsWhere(this.deps.db, spaceId, { ids: [id] })))[0];
  }

  async delete(scope: ScheduleScope, id: string) {
    const spaceId = scope.grant.space.id;
    const { a } = await this.writable(scope, id);
    await deleteAssignment(this.deps.db, spaceId, id);
    this.deps.events.assignments("assignments_updated", spaceId, scope.grant.userId, {
      versionId: a.versionId,
      itemIds: [a.itemId],
      assignmentIds: [id],
    });
    return { id };
  }
}
