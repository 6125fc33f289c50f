import {
  calendarMinutesPerDay,
  DEFAULT_CALCULATE_SETTINGS,
  displayDays,
  type LagCalendar,
  type LinkType,
  lagMinutesPerDay,
  type RelationRow,
  type ScheduleLink,
} from "@planum/contracts";
import { assertDetailsIn, type Grant, type VersionScope } from "../../../platform/access.js";
import type { Db, Tx } from "../../../platform/db.js";
import { AppError } from "../../../platform/errors.js";
import { isUniqueViolation } from "../../../platform/sql.js";
import { wallClockText } from "../../../platform/time.js";
import type { WorkspaceEvents } from "../../../platform/workspace-events.js";
import { applyChange } from "../wbs/wbs-changes.js";
import { staleRevision } from "../wbs/wbs-dto.js";
import { findLoop } from "./relation-loops.js";
import {
  deleteRelation,
  findPredecessor,
  findSuccessor,
  insertRelation,
  itemCodes,
  type ListedRow,
  listRelations,
  lockRelation,
  type RelationDbRow,
  scheduleLinks,
  updateRelation,
  versionEdges,
} from "./relations.repo.js";

function toRelationDto(row: RelationDbRow, external: boolean): RelationRow {
  return {
    id: row.id,
    versionId: row.versionId,
    revision: row.revision,
    predecessorId: row.predecessorId,
    successorId: row.successorId,
    type: row.type,
    lag: row.lag,
    lagCalendar: row.lagCalendar,
    external,
  };
}

/** The relation's figures in days by the one rule (contracts' workspace-units): the display fields of the tab. */
function relationDays(row: ListedRow) {
  const minutesPerDay = calendarMinutesPerDay(row.other_week);
  const lagPerDay = lagMinutesPerDay(
    row.lag_calendar ?? row.setting_lag_calendar ?? DEFAULT_CALCULATE_SETTINGS.lagCalendar,
    {
      predecessor: calendarMinutesPerDay(row.pred_week),
      successor: calendarMinutesPerDay(row.succ_week),
      project: calendarMinutesPerDay(row.default_week),
    },
  );
  return {
    minutesPerDay,
    lagMinutesPerDay: lagPerDay,
    lagDays: displayDays(row.lag, lagPerDay) ?? 0,
    freeFloatDays: displayDays(row.free_float, minutesPerDay),
    totalFloatDays: displayDays(row.total_float, minutesPerDay),
  };
}

/** Relations between works (spec §3): FS/SS/FF/SF with lag, inside a version or to a work of another schedule. */
export class RelationsService {
  constructor(private readonly deps: { db: Db; events: WorkspaceEvents }) {}

  /**
   * The relations tab: with an item, its predecessors and successors described by the other end (status, code,
   * name, type, start, finish, project, schedule, free and total float, progress); without, every relation of the
   * version seen from its successor.
   */
  async list(scope: VersionScope, itemId?: number): Promise<RelationRow[]> {
    const rows = await listRelations(this.deps.db, scope.grant.space.id, scope.version.id, itemId);
    return rows.map((row) => ({
      id: row.id,
      versionId: row.version_id,
      revision: row.revision,
      predecessorId: row.predecessor_id,
      successorId: row.successor_id,
      type: row.type,
      lag: row.lag,
      lagCalendar: row.lag_calendar,
      external: row.item_version !== scope.version.id,
      direction: row.direction,
      itemId: row.item_id,
      status: row.status,
      code: row.code,
      name: row.name,
      start: wallClockText(row.start),
      finish: wallClockText(row.finish),
      project: row.project,
      schedule: row.schedule,
      freeFloat: row.free_float,
      totalFloat: row.total_float,
      progress: row.progress,
      ...relationDays(row),
    }));
  }

  /**
   * Creates a relation in this version: the successor is one of its works, the predecessor a work of this version or
   * of another version of the space. A relation that would close a loop is refused, naming the loop by codes.
   */
  async create(
    scope: VersionScope,
    body: { predecessorId: number; successorId: number; type: LinkType; lag: number; lagCalendar?: LagCalendar | null },
  ) {
    assertDetailsIn(scope.version);
    if (body.predecessorId === body.successorId) throw new AppError("InvalidValue", { field: "successorId" });
    const { grant, version } = scope;
    return applyChange(this.deps, scope, "undo_relation", "relation_create", async (tx) => {
      const successor = await findSuccessor(tx, version.id, body.successorId);
      const predecessor = await findPredecessor(tx, grant.space.id, body.predecessorId);
      if (!successor || !predecessor) throw new AppError("NotFound");
      // Sums are scheduled from their children: a relation on a sum would mean nothing to the calculation.
      if (successor.type === "sum" || predecessor.type === "sum") throw new AppError("InvalidValue", { field: "type" });
      if (predecessor.versionId === version.id) {
        const rows = await versionEdges(tx, version.id);
        const loop = findLoop(
          rows.map((r) => r.a),
          rows.map((r) => r.b),
          body.predecessorId,
          body.successorId,
        );
        if (loop) throw await this.loopError(tx, loop);
      }
      let row: RelationDbRow;
      try {
        row = await insertRelation(tx, {
          spaceId: grant.space.id,
          versionId: version.id,
          predecessorId: body.predecessorId,
          successorId: body.successorId,
          type: body.type,
          lag: body.lag,
          lagCalendar: body.lagCalendar ?? null,
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError("RelationExists");
        throw error;
      }
      return {
        result: { relation: toRelationDto(row, predecessor.versionId !== version.id) },
        changed: [],
        relationsChanged: [row.id],
        inverse: { relations: { restore: [], remove: [row.id] } },
        itemCount: 1,
      };
    });
  }

  private async loopError(tx: Tx, loop: number[]) {
    const codes = new Map((await itemCodes(tx, loop)).map((row) => [row.id, row.code]));
    return new AppError(
      "RelationLoop",
      { loop: loop.map((id) => codes.get(id) ?? String(id)).join(" → ") },
      undefined,
      {
        loop,
      },
    );
  }

  private async lock(tx: Tx, scope: VersionScope, id: number, revision: number) {
    const row = await lockRelation(tx, scope.version.id, id);
    if (!row) throw new AppError("NotFound");
    if (row.revision !== revision) throw staleRevision("relation", [toRelationDto(row, false)], id, row.revision);
    return row;
  }

  async update(
    scope: VersionScope,
    id: number,
    body: { revision: number; type?: LinkType; lag?: number; lagCalendar?: LagCalendar | null },
  ) {
    assertDetailsIn(scope.version);
    return applyChange(this.deps, scope, "undo_relation", "relation_update", async (tx) => {
      const before = await this.lock(tx, scope, id, body.revision);
      const { revision, ...fields } = body;
      const row = await updateRelation(tx, id, fields);
      return {
        result: { relation: toRelationDto(row, false) },
        changed: [],
        relationsChanged: [id],
        inverse: { relations: { restore: [before], remove: [] } },
        itemCount: 1,
      };
    });
  }

  async delete(scope: VersionScope, id: number, revision: number) {
    assertDetailsIn(scope.version);
    return applyChange(this.deps, scope, "undo_relation", "relation_delete", async (tx) => {
      const before = await this.lock(tx, scope, id, revision);
      await deleteRelation(tx, id);
      return {
        result: { deleted: [id] },
        changed: [],
        relationsDeleted: [id],
        inverse: { relations: { restore: [before], remove: [] } },
        itemCount: 1,
      };
    });
  }

  /** Links of a schedule with other schedules: relations whose two ends sit in different schedules. */
  async links(grant: Grant, scheduleId: string) {
    const rows = await scheduleLinks(this.deps.db, grant.space.id, scheduleId);
    return rows.map(
      (row): ScheduleLink => ({
        id: row.id,
        type: row.type,
        lag: row.lag,
        versionId: row.version_id,
        predecessor: {
          id: row.pred_id,
          code: row.pred_code,
          name: row.pred_name,
          versionId: row.pred_version,
          scheduleId: row.pred_schedule,
          scheduleName: row.pred_schedule_name,
        },
        successor: {
          id: row.succ_id,
          code: row.succ_code,
          name: row.succ_name,
          versionId: row.succ_version,
          scheduleId: row.succ_schedule,
          scheduleName: row.succ_schedule_name,
        },
      }),
    );
  }
}
