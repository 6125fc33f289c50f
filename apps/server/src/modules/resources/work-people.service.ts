import { EVENTS_PROTOCOL_VERSION, type WorkPeopleAnswer } from "@planum/contracts";
import { findMembership, type Grant, loadVersion, requireAt } from "../../platform/access.js";
import type { AppContext } from "../../platform/context.js";
import { AppError } from "../../platform/errors.js";
import { addNotices, announceNotices } from "../notices/notify.js";
import { registerDailyNotices, registerWorkRecipients, type UpcomingWork } from "../notices/upcoming-works.js";
import { dailyAssignmentNotices } from "./assignment-notices.js";
import { findWork, readPeopleOfWorks, readWorkPeople, setWorkPerson } from "./resources.repo.js";
import { noticesOfMovedWorks } from "./work-dates-notices.js";

/**
 * Executors and curators of works (spec §3 executor; `PATCH /users/{id}/set-executor`). The executor enters hours on
 * the work in their timesheet; the curator decides on them. Naming someone tells them in their bell
 * (`executor_assigned_to_task` / `curator_assigned_to_task`), in the transaction of the change.
 */
export class WorkPeopleService {
  constructor(private readonly ctx: Pick<AppContext, "db" | "realtime" | "datesWritten">) {
    // The persons of assignments hear daily of their works about to finish, late, or waiting for facts.
    registerDailyNotices(dailyAssignmentNotices);
    // A calculation moving works of an actual version tells their people the new planned finish.
    ctx.datesWritten.on((tx, versionId, movedIds) => noticesOfMovedWorks(ctx, tx, versionId, movedIds));
    // Executors and curators also hear of their works about to start or finish (the daily notices job).
    registerWorkRecipients(async (db, works) => {
      const answer = new Map<UpcomingWork, string[]>();
      if (works.length === 0) return answer;
      const rows = await readPeopleOfWorks(
        db,
        works.map((w) => w.itemId),
      );
      const byItem = new Map(rows.map((r) => [r.itemId, r]));
      for (const work of works) {
        const row = byItem.get(work.itemId);
        const ids = [row?.executorId, row?.curatorId].filter((id): id is string => !!id);
        if (ids.length) answer.set(work, [...new Set(ids)]);
      }
      return answer;
    });
  }

  async ofWork(grant: Grant, versionId: string, itemId: number) {
    const vs = await loadVersion(this.ctx.db, grant, versionId);
    if (!(await findWork(this.ctx.db, grant.space.id, vs.version.id, itemId))) throw new AppError("NotFound");
    return readWorkPeople(this.ctx.db, grant.space.id, itemId);
  }

  /**
   * Makes `userId` (a member of the space) the executor or curator of a work, or removes them (`assigned: false`).
   * Needs write access to the work's schedule and an unlocked version.
   */
  async set(
    grant: Grant,
    userId: string,
    body: { versionId: string; wbsId: number; role: "executor" | "curator"; assigned: boolean },
  ): Promise<WorkPeopleAnswer> {
    const db = this.ctx.db;
    const spaceId = grant.space.id;
    const vs = await loadVersion(db, grant, body.versionId);
    await requireAt(db, grant, "schedule:write", vs.lineage);
    if (vs.version.locked) throw new AppError("VersionLocked", { label: vs.version.label });
    const work = await findWork(db, spaceId, vs.version.id, body.wbsId);
    if (!work || work.type === "sum" || work.type === "draft") throw new AppError("NotFound", { field: "wbsId" });
    if (!(await findMembership(db, spaceId, userId))) throw new AppError("UserNotFound");
    const current = await readWorkPeople(db, spaceId, work.id);
    const holder = current[body.role]?.id ?? null;
    const next = body.assigned ? userId : holder === userId ? null : holder;
    const rows = await db.transaction(async (tx) => {
      await setWorkPerson(tx, { spaceId, versionId: vs.version.id, itemId: work.id }, body.role, next);
      if (!next || next === holder) return [];
      return addNotices(tx, [
        {
          spaceId,
          userId: next,
          kind: body.role === "executor" ? "executor_assigned_to_task" : "curator_assigned_to_task",
          byUserId: grant.userId,
          scheduleId: vs.scheduleId,
          versionId: vs.version.id,
          wbsId: work.id,
          params: { work: work.name, code: work.code },
        },
      ]);
    });
    announceNotices(this.ctx, rows);
    this.ctx.realtime.toSpace({
      v: EVENTS_PROTOCOL_VERSION,
      type: "timesheets_updated",
      spaceId,
      byUserId: grant.userId,
      versionId: vs.version.id,
      itemIds: [work.id],
      userIds: [userId],
    });
    return readWorkPeople(db, spaceId, work.id);
  }
}
