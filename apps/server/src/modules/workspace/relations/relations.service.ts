import type { LagCalendar, LinkType, RelationRow, ScheduleLink } from "@planum/contracts";
import { and, eq, sql } from "drizzle-orm";
import { relations, wbsItems } from "../../../db/schema/index.js";
import type { Grant, VersionScope } from "../../../platform/access.js";
import type { Db } from "../../../platform/db.js";
import { AppError } from "../../../platform/errors.js";
import { execRows, isUniqueViolation } from "../../../platform/sql.js";
import { wallClockSql, wallClockText } from "../../../platform/time.js";
import type { WorkspaceEvents } from "../../../platform/workspace-events.js";
import { applyChange } from "../wbs/wbs-changes.js";
import { staleRevision } from "../wbs/wbs-dto.js";
import { findLoop } from "./relation-loops.js";

type RelationDbRow = typeof relations.$inferSelect;

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

interface ListedRow {
  id: number;
  version_id: string;
  revision: number;
  predecessor_id: number;
  successor_id: number;
  type: LinkType;
  lag: number;
  lag_calendar: LagCalendar | null;
  direction: "predecessor" | "successor";
  item_id: number;
  item_version: string;
  status: string;
  code: string;
  name: string;
  start: string | null;
  finish: string | null;
  project: string | null;
  schedule: string | null;
  free_float: number | null;
  total_float: number | null;
  progress: number;
}

/** Relations between works (spec §3): FS/SS/FF/SF with lag, inside a version or to a work of another schedule. */
/** A row of the links query; ids of works are integers, of versions and schedules UUIDs. */
interface LinkRow {
  id: number;
  type: LinkType;
  lag: number;
  version_id: string;
  pred_id: number;
  pred_code: string;
  pred_name: string;
  pred_version: string;
  pred_schedule: string;
  pred_schedule_name: string;
  succ_id: number;
  succ_code: string;
  succ_name: string;
  succ_version: string;
  succ_schedule: string;
  succ_schedule_name: string;
}

export class RelationsService {
  constructor(private readonly deps: { db: Db; events: WorkspaceEvents }) {}

  /**
   * The relations tab: with an item, its predecessors and successors described by the other end (status, code,
   * name, type, start, finish, project, schedule, free and total float, progress); without, every relation of the
   * version seen from its successor.
   */
  async list(scope: VersionScope, itemId?: number): Promise<RelationRow[]> {
    const space = scope.grant.space.id;
    const ends = itemId
      ? sql`select r.*, 'predecessor' as direction, r.predecessor_id as item_id from relations r
              where r.space_id = ${space} and r.successor_id = ${itemId}
            union all
            select r.*, 'successor' as direction, r.successor_id as item_id from relations r
              where r.space_id = ${space} and r.predecessor_id = ${itemId}`
      : sql`select r.*, 'predecessor' as direction, r.predecessor_id as item_id from relations r
              where r.space_id = ${space} and r.version_id = ${scope.version.id}`;
    const result = await execRows(
      this.deps.db,
      sql`
      select e.id, e.version_id, e.revision, e.predecessor_id, e.successor_id, e.type, e.lag, e.lag_calendar, e.direction,
             e.item_id, o.version_id as item_version, o.status, o.code, o.name,
             ${wallClockSql("coalesce(o.actual_start, o.early_start)")} as start,
             ${wallClockSql("coalesce(o.actual_finish, o.early_finish)")} as finish,
             p.name as project, s.name as schedule, o.free_float, o.total_float, o.percent_complete as progress
      from (${ends}) e
      join wbs_items o on o.id = e.item_id
      join versions v on v.id = o.version_id
      join schedules s on s.id = v.schedule_id
      left join eps_nodes p on p.id = s.project_id
      where o.space_id = ${space}
      order by e.direction, o.code, e.id`,
    );
    return (result.rows as unknown as ListedRow[]).map((row) => ({
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
    if (body.predecessorId === body.successorId) throw new AppError("InvalidValue", { field: "successorId" });
    const { grant, version } = scope;
    return applyChange(this.deps, scope, "undo_relation", "relation_create", async (tx) => {
      const [successor] = await tx
        .select({ id: wbsItems.id, type: wbsItems.type })
        .from(wbsItems)
        .where(and(eq(wbsItems.versionId, version.id), eq(wbsItems.id, body.successorId)));
      const [predecessor] = await tx
        .select({ id: wbsItems.id, type: wbsItems.type, versionId: wbsItems.versionId })
        .from(wbsItems)
        .where(and(eq(wbsItems.spaceId, grant.space.id), eq(wbsItems.id, body.predecessorId)));
      if (!successor || !predecessor) throw new AppError("NotFound");
      // Sums are scheduled from their children: a relation on a sum would mean nothing to the calculation.
      if (successor.type === "sum" || predecessor.type === "sum") throw new AppError("InvalidValue", { field: "type" });
      if (predecessor.versionId === version.id) {
        const edges = await execRows(
          tx,
          sql`
          select r.predecessor_id as a, r.successor_id as b from relations r
          join wbs_items w on w.id = r.predecessor_id and w.version_id = ${version.id}
          where r.version_id = ${version.id}`,
        );
        const rows = edges.rows as { a: number; b: number }[];
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
        [row] = await tx
          .insert(relations)
          .values({
            spaceId: grant.space.id,
            versionId: version.id,
            predecessorId: body.predecessorId,
            successorId: body.successorId,
            type: body.type,
            lag: body.lag,
            lagCalendar: body.lagCalendar ?? null,
          })
          .returning();
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

  private async loopError(tx: Parameters<Parameters<Db["transaction"]>[0]>[0], loop: number[]) {
    const result = await execRows(
      tx,
      sql`select id, code from wbs_items where id = any(${`{${[...new Set(loop)].join(",")}}`}::int[])`,
    );
    const codes = new Map((result.rows as { id: number; code: string }[]).map((row) => [row.id, row.code]));
    return new AppError(
      "RelationLoop",
      { loop: loop.map((id) => codes.get(id) ?? String(id)).join(" → ") },
      undefined,
      {
        loop,
      },
    );
  }

  private async lock(
    tx: Parameters<Parameters<Db["transaction"]>[0]>[0],
    scope: VersionScope,
    id: number,
    revision: number,
  ) {
    const [row] = await tx
      .select()
      .from(relations)
      .where(and(eq(relations.versionId, scope.version.id), eq(relations.id, id)))
      .for("update");
    if (!row) throw new AppError("NotFound");
    if (row.revision !== revision) throw staleRevision("relation", [toRelationDto(row, false)], id, row.revision);
    return row;
  }

  async update(
    scope: VersionScope,
    id: number,
    body: { revision: number; type?: LinkType; lag?: number; lagCalendar?: LagCalendar | null },
  ) {
    return applyChange(this.deps, scope, "undo_relation", "relation_update", async (tx) => {
      const before = await this.lock(tx, scope, id, body.revision);
      const { revision, ...fields } = body;
      const [row] = await tx
        .update(relations)
        .set({ ...fields, revision: sql`${relations.revision} + 1` })
        .where(eq(relations.id, id))
        .returning();
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
    return applyChange(this.deps, scope, "undo_relation", "relation_delete", async (tx) => {
      const before = await this.lock(tx, scope, id, revision);
      await tx.delete(relations).where(eq(relations.id, id));
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
    const result = await execRows(
      this.deps.db,
      sql`
      select r.id, r.type, r.lag, r.version_id,
             a.id as pred_id, a.code as pred_code, a.name as pred_name, va.id as pred_version, sa.id as pred_schedule,
             sa.name as pred_schedule_name,
             b.id as succ_id, b.code as succ_code, b.name as succ_name, vb.id as succ_version, sb.id as succ_schedule,
             sb.name as succ_schedule_name
      from relations r
      join wbs_items a on a.id = r.predecessor_id join versions va on va.id = a.version_id join schedules sa on sa.id = va.schedule_id
      join wbs_items b on b.id = r.successor_id join versions vb on vb.id = b.version_id join schedules sb on sb.id = vb.schedule_id
      where r.space_id = ${grant.space.id} and sa.id <> sb.id and (sa.id = ${scheduleId} or sb.id = ${scheduleId})
      order by r.id`,
    );
    return (result.rows as LinkRow[]).map(
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
