import type { CreateVersionBody, Version, VersionKind } from "@planum/contracts";
import { assertDetailsIn, type Grant, type VersionRow, type VersionScope } from "../../../platform/access.js";
import type { Db, DbOrTx } from "../../../platform/db.js";
import { AppError } from "../../../platform/errors.js";
import { todayAt } from "../../../platform/time.js";
import type { WorkspaceEvents } from "../../../platform/workspace-events.js";
import { ensureDefaultCalendar } from "../../calendars/calendars.service.js";
import { copyWbsRows } from "../wbs/wbs-copy.repo.js";
import { toVersionDto } from "./version-dto.js";
import {
  bumpVersion,
  claimKind,
  copyTargetDates,
  deleteVersions,
  emptyWorks,
  findVersion,
  insertVersion,
  makeActual,
  targetVersion,
  updateVersion,
  updateVersionDates,
  versionsOfSchedule,
} from "./versions.repo.js";

/** Today at 08:00 (wall clock of the server's UTC date): where a new schedule starts unless told otherwise. */
function defaultProjectStart(): string {
  return todayAt("08:00");
}

export class VersionsService {
  constructor(private readonly deps: { db: Db; events: WorkspaceEvents }) {}

  async list(grant: Grant, scheduleId: string): Promise<Version[]> {
    const rows = await versionsOfSchedule(this.deps.db, grant.space.id, scheduleId);
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
      const kind = await claimKind(tx, scheduleId, body.kind);
      const created = await insertVersion(tx, {
        spaceId: grant.space.id,
        scheduleId,
        kind,
        label: body.label,
        dataDate: body.dataDate ?? source?.dataDate ?? null,
        projectStart: body.projectStart ?? source?.projectStart ?? defaultProjectStart(),
        calcStatus: source?.calcStatus === "calculated" ? "calculated" : "not_calculated",
        finish: source?.finish ?? null,
        createdBy: grant.userId,
      });
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
    const row = await findVersion(tx, grant.space.id, id);
    if (!row || row.scheduleId !== scheduleId) throw new AppError("NotFound");
    return row;
  }

  /** Copies the whole version into another schedule of the space as a new version there. */
  async copyTo(scope: VersionScope, targetScheduleId: string, body: { label?: string; kind?: VersionKind }) {
    assertDetailsIn(scope.version);
    const { grant, version } = scope;
    const row = await this.deps.db.transaction(async (tx) => {
      const kind = await claimKind(tx, targetScheduleId, body.kind ?? "version");
      const created = await insertVersion(tx, {
        spaceId: grant.space.id,
        scheduleId: targetScheduleId,
        kind,
        label: body.label ?? version.label,
        dataDate: version.dataDate,
        projectStart: version.projectStart,
        calcStatus: version.calcStatus === "calculated" ? "calculated" : "not_calculated",
        finish: version.finish,
        createdBy: grant.userId,
      });
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
    const row = await updateVersionDates(this.deps.db, scope.version.id, body);
    this.changed(scope, "updated");
    return toVersionDto(row);
  }

  async setActual(scope: VersionScope) {
    const row = await this.deps.db.transaction((tx) => makeActual(tx, scope.scheduleId, scope.version.id));
    this.changed(scope, "actual");
    return toVersionDto(row);
  }

  async setLocked(scope: VersionScope, locked: boolean) {
    const row = await updateVersion(this.deps.db, scope.version.id, { locked });
    this.changed(scope, "locked");
    return toVersionDto(row);
  }

  async changeLabel(scope: VersionScope, label: string) {
    const row = await updateVersion(this.deps.db, scope.version.id, { label });
    this.changed(scope, "label");
    return toVersionDto(row);
  }

  /** Deletes versions of the caller's space; a locked one is refused, so nothing is deleted. */
  async delete(grant: Grant, rows: VersionRow[]) {
    const locked = rows.find((row) => row.locked);
    if (locked) throw new AppError("VersionLocked", { label: locked.label });
    await deleteVersions(
      this.deps.db,
      grant.space.id,
      rows.map((row) => row.id),
    );
    const bySchedule = new Map<string, string[]>();
    for (const row of rows) bySchedule.set(row.scheduleId, [...(bySchedule.get(row.scheduleId) ?? []), row.id]);
    for (const [scheduleId, ids] of bySchedule)
      this.deps.events.versionsDeleted(grant.space.id, grant.userId, scheduleId, ids);
    return { deleted: rows.map((row) => row.id) };
  }

  /** Works and tasks that have no duration yet (not milestones): the screen asks before calculating them. */
  emptyWorks(scope: VersionScope) {
    return emptyWorks(this.deps.db, scope.version.id);
  }

  /**
   * Baseline from a target version (spec: "target duration from a target version"): every item takes the duration
   * and the calculated dates of the target version's item with the same code.
   */
  async updateTargetDates(scope: VersionScope, targetVersionId: string | undefined) {
    const { grant, version } = scope;
    const target = await targetVersion(this.deps.db, grant.space.id, scope.scheduleId, targetVersionId);
    if (!target || target.id === version.id) throw new AppError("NotFound");
    const result = await this.deps.db.transaction(async (tx) => {
      const revision = await bumpVersion(tx, version.id);
      return { revision, rows: await copyTargetDates(tx, target.id, version.id) };
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
