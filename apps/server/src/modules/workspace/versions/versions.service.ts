import type { CreateVersionBody, Version, VersionKind } from "@planum/contracts";
import { and, asc, eq, inArray, ne, sql } from "drizzle-orm";
import { versions, wbsItems } from "../../../db/schema/index.js";
import type { Grant, VersionRow, VersionScope } from "../../../platform/access.js";
import type { Db, DbOrTx } from "../../../platform/db.js";
import { AppError } from "../../../platform/errors.js";
import { execRows } from "../../../platform/sql.js";
import type { WorkspaceEvents } from "../../../platform/workspace-events.js";
import { ensureDefaultCalendar } from "../../calendars/calendars.service.js";
import { copyWbsRows } from "../wbs/wbs-copy.js";
import { toVersionDto } from "./version-dto.js";
import { bumpVersion } from "./versions.repo.js";

/** Today at 08:00 (wall clock of the server's UTC date): where a new schedule starts unless told otherwise. */
function defaultProjectStart(): string {
  return `${new Date().toISOString().slice(0, 10)}T08:00`;
}

export class VersionsService {
  constructor(private readonly deps: { db: Db; events: WorkspaceEvents }) {}

  async list(grant: Grant, scheduleId: string): Promise<Version[]> {
    const rows = await this.deps.db
      .select()
      .from(versions)
      .where(and(eq(versions.spaceId, grant.space.id), eq(versions.scheduleId, scheduleId)))
      .orderBy(asc(versions.createdAt), asc(versions.id));
    return rows.map(toVersionDto);
  }

  /**
   * A new version; the first one of a schedule becomes its actual version (a schedule always has exactly one once it
   * has versions), and a new actual version takes that status from the previous one.
   */
  async create(grant: Grant, scheduleId: string, body: CreateVersionBody): Promise<Version> {
    const row = await this.deps.db.transaction(async (tx) => {
      await ensureDefaultCalendar(tx, grant.space.id);
      const source = body.copyFromId ? await this.sourceVersion(tx, grant, scheduleId, body.copyFromId) : null;
      const [existingActual] = await tx
        .select({ id: versions.id })
        .from(versions)
        .where(and(eq(versions.scheduleId, scheduleId), eq(versions.kind, "actual")));
      let kind: VersionKind = body.kind;
      if (!existingActual && kind === "version") kind = "actual";
      if (kind === "actual" && existingActual) {
        await tx.update(versions).set({ kind: "version" }).where(eq(versions.id, existingActual.id));
      }
      const [created] = await tx
        .insert(versions)
        .values({
          spaceId: grant.space.id,
          scheduleId,
          kind,
          label: body.label,
          dataDate: body.dataDate ?? source?.dataDate ?? null,
          projectStart: body.projectStart ?? source?.projectStart ?? defaultProjectStart(),
          calcStatus: source?.calcStatus === "calculated" ? "calculated" : "not_calculated",
          finish: source?.finish ?? null,
          createdBy: grant.userId,
        })
        .returning();
      if (source) {
        await copyWbsRows(tx, {
          spaceId: grant.space.id,
          fromVersionId: source.id,
          toVersionId: created.id,
          ids: null,
          rootParentId: null,
          rootOrderStart: 0,
        });
      }
      return created;
    });
    this.deps.events.versionsChanged(grant.space.id, grant.userId, scheduleId, [row.id], "created");
    return toVersionDto(row);
  }

  private async sourceVersion(tx: DbOrTx, grant: Grant, scheduleId: string, id: string): Promise<VersionRow> {
    const [row] = await tx
      .select()
      .from(versions)
      .where(and(eq(versions.spaceId, grant.space.id), eq(versions.id, id)));
    if (!row || row.scheduleId !== scheduleId) throw new AppError("NotFound");
    return row;
  }

  /** Copies the whole version into another schedule of the space as a new version there. */
  async copyTo(scope: VersionScope, targetScheduleId: string, body: { label?: string; kind?: VersionKind }) {
    const { grant, version } = scope;
    const row = await this.deps.db.transaction(async (tx) => {
      const [hasActual] = await tx
        .select({ id: versions.id })
        .from(versions)
        .where(and(eq(versions.scheduleId, targetScheduleId), eq(versions.kind, "actual")));
      let kind = body.kind ?? "version";
      if (!hasActual && kind === "version") kind = "actual";
      if (kind === "actual" && hasActual) {
        await tx.update(versions).set({ kind: "version" }).where(eq(versions.id, hasActual.id));
      }
      const [created] = await tx
        .insert(versions)
        .values({
          spaceId: grant.space.id,
          scheduleId: targetScheduleId,
          kind,
          label: body.label ?? version.label,
          dataDate: version.dataDate,
          projectStart: version.projectStart,
          calcStatus: version.calcStatus === "calculated" ? "calculated" : "not_calculated",
          finish: version.finish,
          createdBy: grant.userId,
        })
        .returning();
      await copyWbsRows(tx, {
        spaceId: grant.space.id,
        fromVersionId: version.id,
        toVersionId: created.id,
        ids: null,
        rootParentId: null,
        rootOrderStart: 0,
      });
      return created;
    });
    this.deps.events.versionsChanged(grant.space.id, grant.userId, targetScheduleId, [row.id], "copied");
    return toVersionDto(row);
  }

  async update(scope: VersionScope, body: { projectStart?: string; dataDate?: string | null }) {
    const [row] = await this.deps.db
      .update(versions)
      .set({
        ...(body.projectStart !== undefined ? { projectStart: body.projectStart } : {}),
        ...(body.dataDate !== undefined ? { dataDate: body.dataDate } : {}),
        revision: sql`${versions.revision} + 1`,
        calcStatus: "not_calculated",
      })
      .where(eq(versions.id, scope.version.id))
      .returning();
    this.changed(scope, "updated");
    return toVersionDto(row);
  }

  async setActual(scope: VersionScope) {
    const row = await this.deps.db.transaction(async (tx) => {
      await tx
        .update(versions)
        .set({ kind: "version" })
        .where(
          and(
            eq(versions.scheduleId, scope.scheduleId),
            eq(versions.kind, "actual"),
            ne(versions.id, scope.version.id),
          ),
        );
      const [updated] = await tx
        .update(versions)
        .set({ kind: "actual" })
        .where(eq(versions.id, scope.version.id))
        .returning();
      return updated;
    });
    this.changed(scope, "actual");
    return toVersionDto(row);
  }

  async setLocked(scope: VersionScope, locked: boolean) {
    const [row] = await this.deps.db
      .update(versions)
      .set({ locked })
      .where(eq(versions.id, scope.version.id))
      .returning();
    this.changed(scope, "locked");
    return toVersionDto(row);
  }

  async changeLabel(scope: VersionScope, label: string) {
    const [row] = await this.deps.db
      .update(versions)
      .set({ label })
      .where(eq(versions.id, scope.version.id))
      .returning();
    this.changed(scope, "label");
    return toVersionDto(row);
  }

  /** Deletes versions of the caller's space; a locked one is refused, so nothing is deleted. */
  async delete(grant: Grant, rows: VersionRow[]) {
    const locked = rows.find((row) => row.locked);
    if (locked) throw new AppError("VersionLocked", { label: locked.label });
    await this.deps.db.delete(versions).where(
      and(
        eq(versions.spaceId, grant.space.id),
        inArray(
          versions.id,
          rows.map((row) => row.id),
        ),
      ),
    );
    const bySchedule = new Map<string, string[]>();
    for (const row of rows) bySchedule.set(row.scheduleId, [...(bySchedule.get(row.scheduleId) ?? []), row.id]);
    for (const [scheduleId, ids] of bySchedule)
      this.deps.events.versionsDeleted(grant.space.id, grant.userId, scheduleId, ids);
    return { deleted: rows.map((row) => row.id) };
  }

  /** Works and tasks that have no duration yet (not milestones): the screen asks before calculating them. */
  async emptyWorks(scope: VersionScope) {
    const rows = await this.deps.db
      .select({ id: wbsItems.id, code: wbsItems.code, name: wbsItems.name })
      .from(wbsItems)
      .where(
        and(
          eq(wbsItems.versionId, scope.version.id),
          inArray(wbsItems.type, ["task", "work"]),
          eq(wbsItems.duration, 0),
        ),
      )
      .orderBy(asc(wbsItems.code), asc(wbsItems.id))
      .limit(1000);
    const [count] = await this.deps.db
      .select({ n: sql<number>`count(*)::int` })
      .from(wbsItems)
      .where(
        and(
          eq(wbsItems.versionId, scope.version.id),
          inArray(wbsItems.type, ["task", "work"]),
          eq(wbsItems.duration, 0),
        ),
      );
    return { count: count.n, items: rows };
  }

  /**
   * Baseline from a target version (spec: "target duration from a target version"): every item takes the duration
   * and the calculated dates of the target version's item with the same code.
   */
  async updateTargetDates(scope: VersionScope, targetVersionId: string | undefined) {
    const { grant, version } = scope;
    const [target] = await this.deps.db
      .select()
      .from(versions)
      .where(
        and(
          eq(versions.spaceId, grant.space.id),
          eq(versions.scheduleId, scope.scheduleId),
          targetVersionId ? eq(versions.id, targetVersionId) : eq(versions.kind, "target"),
        ),
      )
      .orderBy(sql`${versions.createdAt} desc`)
      .limit(1);
    if (!target || target.id === version.id) throw new AppError("NotFound");
    const result = await this.deps.db.transaction(async (tx) => {
      const revision = await bumpVersion(tx, version.id);
      const updated = await execRows(
        tx,
        sql`
        update wbs_items w set target_duration = t.duration, target_start = t.early_start, target_finish = t.early_finish,
               revision = w.revision + 1
        from (select distinct on (code) code, duration, early_start, early_finish from wbs_items
              where version_id = ${target.id} and code <> '' order by code, id) t
        where w.version_id = ${version.id} and w.code = t.code
        returning w.id, w.revision`,
      );
      return { revision, rows: updated.rows as { id: number; revision: number }[] };
    });
    this.deps.events.wbsUpdated(grant.space.id, grant.userId, version.id, result.revision, "target_dates", result.rows);
    return { targetVersionId: target.id, updated: result.rows.length };
  }

  private changed(scope: VersionScope, action: "updated" | "locked" | "label" | "actual") {
    this.deps.events.versionsChanged(
      scope.grant.space.id,
      scope.grant.userId,
      scope.scheduleId,
      [scope.version.id],
      action,
    );
  }
}
