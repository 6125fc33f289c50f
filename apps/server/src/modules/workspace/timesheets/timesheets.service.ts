import type {
  MyTimesheet,
  SpaceTimesheet,
  TimesheetCreateBody,
  TimesheetDayBody,
  TimesheetDecisionBody,
  TimesheetEstimate,
  TimesheetLine,
  TimesheetNotification,
  TimesheetUpdateBody,
} from "@planum/contracts";
import { EVENTS_PROTOCOL_VERSION } from "@planum/contracts";
import { setDays } from "@planum/engine";
import {
  abilitiesAt,
  assertUnlocked,
  type Grant,
  loadVersion,
  memberGrant,
  membersHolding,
  type ScheduleScope,
  type VersionScope,
} from "../../../platform/access.js";
import type { AppContext } from "../../../platform/context.js";
import type { DbOrTx, Tx } from "../../../platform/db.js";
import { delegatorsOf } from "../../../platform/delegation.js";
import { AppError } from "../../../platform/errors.js";
import { WorkspaceEvents } from "../../../platform/workspace-events.js";
import { findNotice } from "../../notices/notices.repo.js";
import { addNotices, announceNotices, type NewNotice, type NoticeRow } from "../../notices/notify.js";
import { lockVersionForWdp, type SeriesRow } from "../wdp/wdp.repo.js";
import { dateOf, dayOf } from "../wdp/wdp-days.js";
import { readWdpSeries as readSeries } from "../wdp/wdp-reads.js";
import { asSeries } from "../wdp/wdp-series.js";
import { writeSeries } from "../wdp/wdp-store.js";
import { groupLines, toLine } from "./timesheet-lines.js";
import {
  checkDayTotals,
  checkLineHours,
  checkWeek,
  lastWeek,
  mondayOf,
  openDays,
  sum,
  weekDays,
  workLabel,
} from "./timesheet-week.js";
import {
  addActualUnits,
  assignedWorks,
  decideLines,
  deleteLine,
  findLine,
  type LineRow,
  linesWithPeople,
  lockLines,
  refreshUnitsProgress,
  specialtiesOfUsers,
  upsertLines,
  userName,
  userWeekLines,
  versionPeople,
  type WorkRef,
  worksById,
} from "./timesheets.repo.js";

const EMPTY_WEEK = [0, 0, 0, 0, 0, 0, 0];
const EDITABLE = new Set<LineRow["status"]>(["draft", "DECLINED"]);

/**
 * Timesheets (docs/domain.md "Timesheets"). A person's week is one row per work they are assigned to; saving writes
 * the changed rows in one statement inside one transaction, after every check passed (nothing is written otherwise).
 * A decision locks its lines; approving adds their hours to the person's assignment (actual up, remaining down), to
 * the work's labour facts of each day (`wdp_work_series`, what the planning tab's progress reads) and, for works measured
 * by units, to % complete — one transaction, announced as `timesheets_updated`, `assignments_updated`, `wdp_updated`.
 */
export class TimesheetsService {
  private readonly events: WorkspaceEvents;
  constructor(private readonly ctx: Pick<AppContext, "db" | "realtime">) {
    this.events = new WorkspaceEvents(ctx.realtime);
  }

  private announce(spaceId: string, byUserId: string, versionId: string, itemIds: number[], userIds: string[]) {
    this.ctx.realtime.toSpace({
      v: EVENTS_PROTOCOL_VERSION,
      type: "timesheets_updated",
      spaceId,
      byUserId,
      versionId,
      itemIds: [...new Set(itemIds)],
      userIds: [...new Set(userIds)],
    });
  }

  /**
   * Whether the caller may decide on lines of a version: the curator of the work, or wdp:approve on its schedule —
   * in their own right or for a member who handed them their timesheets for today (docs/domain.md "Delegation").
   * `forWhom` tells which: null (their own right), the giver's id, or undefined (may not). Nobody decides their own.
   */
  private async decider(db: DbOrTx, vs: VersionScope) {
    const { grant } = vs;
    const approves = (await abilitiesAt(db, grant, vs.lineage)).includes("wdp:approve");
    const givers: { id: string; approves: boolean }[] = [];
    for (const id of await delegatorsOf(db, grant.space.id, grant.userId, "timesheets")) {
      const giver = await memberGrant(db, grant.space.id, id);
      if (giver) givers.push({ id, approves: (await abilitiesAt(db, giver, vs.lineage)).includes("wdp:approve") });
    }
    const forWhom = (work: WorkRef, userId: string): string | null | undefined => {
      if (userId === grant.userId) return undefined;
      if (work.curatorId === grant.userId || approves) return null;
      return givers.find((g) => g.id !== userId && (work.curatorId === g.id || g.approves))?.id;
    };
    return Object.assign((work: WorkRef, userId: string) => forWhom(work, userId) !== undefined, { forWhom });
  }

  private myName(db: DbOrTx, grant: Grant) {
    return userName(db, grant.userId);
  }

  /** The caller's week: every work open to entry, its stored hours (or none yet), grouped. */
  async myWeek(grant: Grant, query: { week: string; by: "project" | "task" }): Promise<MyTimesheet> {
    const db = this.ctx.db;
    const spaceId = grant.space.id;
    const [works, stored, name] = await Promise.all([
      assignedWorks(db, spaceId, grant.userId),
      userWeekLines(db, spaceId, grant.userId, query.week),
      this.myName(db, grant),
    ]);
    const byItem = new Map(stored.map((l) => [l.itemId, l]));
    const lines = works.map((w) => {
      const line = byItem.get(w.itemId);
      return toLine(
        w,
        {
          id: line?.id ?? null,
          userId: grant.userId,
          userName: name,
          week: query.week,
          hours: line?.hours ?? EMPTY_WEEK,
          status: line?.status ?? "draft",
          decisionComment: line?.decisionComment ?? null,
          decidedBy: null,
          assignment: w.assignment,
          executor: w.executor,
        },
        false,
      );
    });
    const dayTotals = EMPTY_WEEK.map((_, k) => Math.round(lines.reduce((a, l) => a + l.hours[k], 0) * 100) / 100);
    return {
      week: query.week,
      days: weekDays(query.week).map((d) => new Date(d * 86_400_000).toISOString().slice(0, 10)),
      open: openDays(grant, query.week),
      groups: groupLines(lines, query.by),
      dayTotals,
      total: sum(dayTotals),
    };
  }

  /**
   * Saves the caller's hours of works of one version for a week (and sends them when `submit`). Every line is checked
   * first — assigned, not sent or approved, open days, a day's total within 24 hours — then all are written at once.
   */
  async save(scope: ScheduleScope, body: TimesheetUpdateBody, versionOf: VersionOf): Promise<TimesheetLine[]> {
    const vs = await versionOf(scope, body.versionId);
    const { grant } = vs;
    checkWeek(grant, body.week);
    const changes = body.lines.map((l) => ({ itemId: l.wbsId, hours: l.hours }));
    return this.write(vs, body.week, changes, body.submit);
  }

  /** One cell of the caller's week. */
  async saveDay(scope: ScheduleScope, body: TimesheetDayBody, versionOf: VersionOf): Promise<TimesheetLine[]> {
    const vs = await versionOf(scope, body.versionId);
    const day = Math.floor(Date.parse(`${body.date}T00:00:00Z`) / 86_400_000);
    if (Number.isNaN(day)) throw new AppError("InvalidDate", { field: "date" });
    const mondayDay = day - ((day + 3) % 7);
    const week = new Date(mondayDay * 86_400_000).toISOString().slice(0, 10);
    checkWeek(vs.grant, week);
    const stored = (await userWeekLines(this.ctx.db, vs.grant.space.id, vs.grant.userId, week)).find(
      (l) => l.itemId === body.wbsId,
    );
    const hours = [...(stored?.hours ?? EMPTY_WEEK)];
    hours[day - mondayDay] = body.hours;
    return this.write(vs, week, [{ itemId: body.wbsId, hours }], false);
  }

  /** An empty line for a work the caller is assigned to (so it shows even before hours are typed). */
  async create(scope: ScheduleScope, body: TimesheetCreateBody, versionOf: VersionOf): Promise<TimesheetLine[]> {
    const vs = await versionOf(scope, body.versionId);
    checkWeek(vs.grant, body.week);
    const stored = (await userWeekLines(this.ctx.db, vs.grant.space.id, vs.grant.userId, body.week)).find(
      (l) => l.itemId === body.wbsId,
    );
    return this.write(vs, body.week, [{ itemId: body.wbsId, hours: stored?.hours ?? EMPTY_WEEK }], false);
  }

  /** Deletes the caller's own line of the schedule, unless sent or approved. */
  async remove(scope: ScheduleScope, lineId: string) {
    const spaceId = scope.grant.space.id;
    const line = await findLine(this.ctx.db, spaceId, lineId);
    if (!line || line.userId !== scope.grant.userId) throw new AppError("NotFound");
    const vs = await loadVersion(this.ctx.db, scope.grant, line.versionId);
    if (vs.scheduleId !== scope.schedule.id) throw new AppError("NotFound");
    assertUnlocked(vs.version);
    if (!EDITABLE.has(line.status)) {
      const work = (await worksById(this.ctx.db, spaceId, [line.itemId])).get(line.itemId);
      throw new AppError("TimesheetSent", { work: work ? workLabel(work) : "" });
    }
    await deleteLine(this.ctx.db, spaceId, lineId);
    this.announce(spaceId, scope.grant.userId, line.versionId, [line.itemId], [line.userId]);
    return { id: lineId };
  }

  private async write(
    vs: VersionScope,
    week: string,
    changes: { itemId: number; hours: number[] }[],
    submit: boolean,
  ): Promise<TimesheetLine[]> {
    const { grant, version } = vs;
    const spaceId = grant.space.id;
    assertUnlocked(version);
    const itemIds = changes.map((c) => c.itemId);
    const added: NoticeRow[] = [];
    const name = await this.myName(this.ctx.db, grant);
    const done = await this.ctx.db.transaction(async (tx) => {
      // One connection: a transaction's queries run one after another.
      const works = await assignedWorks(tx, spaceId, grant.userId, { versionId: version.id, itemIds });
      const stored = await userWeekLines(tx, spaceId, grant.userId, week);
      const mine = new Map(works.map((w) => [w.itemId, w]));
      const missing = itemIds.filter((id) => !mine.has(id));
      // Works not the caller's are named in the refusal (or are not in the version at all).
      const others = missing.length ? await worksById(tx, spaceId, missing) : new Map<number, WorkRef>();
      const storedByItem = new Map(stored.map((l) => [l.itemId, l]));
      const rows: Parameters<typeof upsertLines>[1] = [];
      const weekHours = new Map(stored.map((l) => [l.itemId, l.hours]));
      for (const change of changes) {
        const work = mine.get(change.itemId);
        if (!work) {
          const other = others.get(change.itemId);
          if (!other || other.versionId !== version.id) throw new AppError("NotFound", { field: "wbsId" });
          throw new AppError("TimesheetNotAssigned", { work: workLabel(other) });
        }
        const before = storedByItem.get(change.itemId);
        const hours = checkLineHours(grant, week, work, change.hours, before?.hours ?? null);
        const same = before?.hours.every((h, k) => h === hours[k]);
        if (before && !EDITABLE.has(before.status)) {
          if (same) continue;
          throw new AppError("TimesheetSent", { work: workLabel(work) });
        }
        // Hours changed after a decline go back to being filled in; sending sends every editable line named.
        const status: LineRow["status"] = submit ? "submitted" : same && before ? before.status : "draft";
        if (same && before && status === before.status) continue;
        weekHours.set(change.itemId, hours);
        rows.push({ spaceId, versionId: version.id, itemId: change.itemId, userId: grant.userId, week, hours, status });
      }
      checkDayTotals(week, weekHours.values());
      const written = await upsertLines(tx, rows);
      const sent = written.filter((l) => l.status === "submitted");
      if (sent.length) added.push(...(await this.tellCurators(tx, vs, sent, mine)));
      for (const line of written) storedByItem.set(line.itemId, line);
      return { written, works, lines: storedByItem };
    });
    announceNotices(this.ctx, added);
    if (done.written.length)
      this.announce(
        spaceId,
        grant.userId,
        version.id,
        done.written.map((l) => l.itemId),
        [grant.userId],
      );
    // The answer: the lines named, as they are now (written or already so).
    return done.works.flatMap((w) => {
      const line = done.lines.get(w.itemId);
      if (!line) return [];
      return [
        toLine(
          w,
          {
            ...line,
            userName: name,
            decidedBy: null,
            decidedFor: null,
            assignment: w.assignment,
            executor: w.executor,
          },
          false,
        ),
      ];
    });
  }

  /** Sent hours wait for the works' curators (else the schedule's approvers): one notice per work. */
  private async tellCurators(tx: Tx, vs: VersionScope, sent: LineRow[], works: Map<number, WorkRef>) {
    const approvers = (await membersHolding(tx, vs.grant.space.id, "wdp:approve", vs.lineage)).filter(
      (id) => id !== vs.grant.userId,
    );
    const list: NewNotice[] = [];
    for (const line of sent) {
      const work = works.get(line.itemId);
      if (!work) continue;
      const to = work.curatorId && work.curatorId !== vs.grant.userId ? [work.curatorId] : approvers;
      for (const userId of to)
        list.push({
          spaceId: vs.grant.space.id,
          userId,
          kind: "task_need_accept_daily_data",
          duty: "timesheets",
          byUserId: vs.grant.userId,
          scheduleId: vs.scheduleId,
          versionId: vs.version.id,
          wbsId: line.itemId,
          params: { work: work.name, code: work.code, date: line.week },
        });
    }
    return addNotices(tx, list);
  }

  /** Lines of a version: waiting ones (default), decided ones or all, of a week or every week. */
  async versionLines(
    vs: VersionScope,
    query: { week?: string; status: "submitted" | "decided" | "all" },
  ): Promise<TimesheetLine[]> {
    const db = this.ctx.db;
    const statuses: LineRow["status"][] | undefined =
      query.status === "submitted" ? ["submitted"] : query.status === "decided" ? ["APPROVED", "DECLINED"] : undefined;
    const rows = await linesWithPeople(db, vs.grant.space.id, { versionId: vs.version.id, week: query.week, statuses });
    const works = await worksById(
      db,
      vs.grant.space.id,
      rows.map((r) => r.itemId),
    );
    const may = await this.decider(db, vs);
    return rows.flatMap((r) => {
      const work = works.get(r.itemId);
      if (!work) return [];
      return [toLine(work, r, r.status === "submitted" && may(work, r.userId))];
    });
  }

  /**
   * Approves or declines sent lines of a version. Every line must be waiting and the caller must be allowed to decide
   * on each, or nothing changes. Approval writes the hours where they count (see the class note).
   */
  async decide(vs: VersionScope, body: TimesheetDecisionBody): Promise<TimesheetLine[]> {
    const { grant, version } = vs;
    const spaceId = grant.space.id;
    const added: NoticeRow[] = [];
    const done = await this.ctx.db.transaction(async (tx) => {
      const state = await lockVersionForWdp(tx, version.id);
      if (!state) throw new AppError("NotFound");
      if (state.locked) throw new AppError("VersionLocked", { label: state.label });
      const ids = [...new Set(body.lineIds)];
      const lines = await lockLines(tx, spaceId, version.id, ids);
      if (lines.length !== ids.length) throw new AppError("NotFound", { field: "lineIds" });
      const works = await worksById(
        tx,
        spaceId,
        lines.map((l) => l.itemId),
      );
      const may = await this.decider(tx, vs);
      // Lines decided for the same person (oneself, or one giver) are written together.
      const byWhom = new Map<string | null, string[]>();
      for (const line of lines) {
        const work = works.get(line.itemId);
        if (!work) throw new AppError("NotFound", { field: "lineIds" });
        const forWhom = may.forWhom(work, line.userId);
        if (forWhom === undefined) throw new AppError("TimesheetCannotDecide", { work: workLabel(work) });
        if (line.status !== "submitted") throw new AppError("TimesheetNotSubmitted", { work: workLabel(work) });
        byWhom.set(forWhom, [...(byWhom.get(forWhom) ?? []), line.id]);
      }
      for (const [decidedFor, lineIds] of byWhom)
        await decideLines(tx, lineIds, {
          status: body.decision,
          decidedBy: grant.userId,
          decidedFor,
          comment: body.comment ? body.comment : null,
        });
      let assignmentIds: string[] = [];
      if (body.decision === "APPROVED") assignmentIds = await this.applyHours(tx, vs, lines);
      added.push(
        ...(await addNotices(
          tx,
          lines.map((line) => {
            const work = works.get(line.itemId) as WorkRef;
            return {
              spaceId,
              userId: line.userId,
              kind: body.decision === "APPROVED" ? ("assignment_accepted" as const) : ("assignment_comment" as const),
              byUserId: grant.userId,
              scheduleId: vs.scheduleId,
              versionId: version.id,
              wbsId: line.itemId,
              params: { work: work.name, code: work.code, date: line.week, comment: body.comment ?? "" },
            };
          }),
        )),
      );
      return { lines, assignmentIds };
    });
    announceNotices(this.ctx, added);
    const itemIds = done.lines.map((l) => l.itemId);
    this.announce(
      spaceId,
      grant.userId,
      version.id,
      itemIds,
      done.lines.map((l) => l.userId),
    );
    if (body.decision === "APPROVED") {
      this.events.wdpUpdated(spaceId, grant.userId, version.id, "timesheet_approved", itemIds);
      if (done.assignmentIds.length)
        this.events.assignments("assignments_updated", spaceId, grant.userId, {
          versionId: version.id,
          itemIds,
          assignmentIds: done.assignmentIds,
        });
    }
    const after = await this.versionLines(vs, { status: "all" });
    const decided = new Set(done.lines.map((l) => l.id));
    return after.filter((l) => l.id !== null && decided.has(l.id));
  }

  /** Approved hours: the assignment's actual units, the work's labour facts by day, % complete of units-measured works. */
  private async applyHours(tx: Tx, vs: VersionScope, lines: LineRow[]): Promise<string[]> {
    const spaceId = vs.grant.space.id;
    const versionId = vs.version.id;
    const people = await linesWithPeople(tx, spaceId, { versionId });
    const assignmentOf = new Map(people.map((p) => [p.id, p.assignment]));
    const assignmentIds: string[] = [];
    for (const line of lines) {
      const assignment = assignmentOf.get(line.id);
      const total = sum(line.hours);
      if (assignment && total > 0) {
        await addActualUnits(tx, assignment.id, total);
        assignmentIds.push(assignment.id);
      }
    }
    const itemIds = [...new Set(lines.map((l) => l.itemId))];
    const facts = await readSeries(tx, spaceId, versionId, { itemIds, measures: ["labour"], kinds: ["fact"] });
    const byItem = new Map(facts.map((s) => [s.itemId, s]));
    const added = new Map<number, Map<number, number>>();
    for (const line of lines) {
      const days = weekDays(line.week);
      const perDay = added.get(line.itemId) ?? new Map<number, number>();
      line.hours.forEach((h, k) => {
        if (h > 0) perDay.set(days[k], (perDay.get(days[k]) ?? 0) + h);
      });
      added.set(line.itemId, perDay);
    }
    const writes: SeriesRow[] = [];
    for (const [itemId, perDay] of added) {
      if (perDay.size === 0) continue;
      const current = asSeries(byItem.get(itemId));
      const next = setDays(
        current,
        [...perDay].map(([day, h]) => {
          const k = day - current.start;
          const was = k >= 0 && k < current.values.length ? current.values[k] : 0;
          return [day, Math.round((was + h) * 1000) / 1000] as const;
        }),
      );
      writes.push({
        itemId,
        measure: "labour",
        kind: "fact",
        startDay: next.start,
        values: next.values,
        total: sum(next.values),
      });
    }
    await writeSeries(tx, spaceId, versionId, writes);
    await refreshUnitsProgress(tx, versionId, itemIds);
    return assignmentIds;
  }

  /** Who may enter hours in a version, with their hours of the week. */
  async versionUsers(vs: VersionScope, week?: string) {
    const db = this.ctx.db;
    const spaceId = vs.grant.space.id;
    const people = await versionPeople(db, spaceId, vs.version.id);
    const specialties = await specialtiesOfUsers(
      db,
      spaceId,
      people.map((p) => p.id),
    );
    const lines = week ? await linesWithPeople(db, spaceId, { versionId: vs.version.id, week }) : [];
    return people.map((p) => ({
      ...p,
      specialtyIds: specialties.filter((s) => s.userId === p.id).map((s) => s.specialtyId),
      total: sum(lines.filter((l) => l.userId === p.id).map((l) => sum(l.hours))),
    }));
  }

  async versionUsersBySpecialty(vs: VersionScope, week?: string) {
    const users = await this.versionUsers(vs, week);
    const names = await specialtiesOfUsers(
      this.ctx.db,
      vs.grant.space.id,
      users.map((u) => u.id),
    );
    const nameOf = new Map(names.map((n) => [n.specialtyId, n.name]));
    const groups = new Map<string | null, typeof users>();
    for (const user of users) {
      const keys = user.specialtyIds.length ? user.specialtyIds : [null];
      for (const key of keys) groups.set(key, [...(groups.get(key) ?? []), user]);
    }
    return [...groups].map(([specialtyId, list]) => ({
      specialtyId,
      name: specialtyId ? (nameOf.get(specialtyId) ?? null) : null,
      users: list,
    }));
  }

  /** Everyone's lines of the space's week, grouped by project or by task; each marked whether the caller may decide. */
  async spaceWeek(grant: Grant, week: string, by: "project" | "task"): Promise<SpaceTimesheet> {
    const db = this.ctx.db;
    const rows = await linesWithPeople(db, grant.space.id, { week });
    const works = await worksById(
      db,
      grant.space.id,
      rows.map((r) => r.itemId),
    );
    const deciders = new Map<string, Awaited<ReturnType<TimesheetsService["decider"]>>>();
    const lines: TimesheetLine[] = [];
    for (const r of rows) {
      const work = works.get(r.itemId);
      if (!work) continue;
      let may = deciders.get(work.versionId);
      if (!may) {
        may = await this.decider(db, await loadVersion(db, grant, work.versionId));
        deciders.set(work.versionId, may);
      }
      lines.push(toLine(work, r, r.status === "submitted" && may(work, r.userId)));
    }
    return { week, groups: groupLines(lines, by) };
  }

  /** The caller's works: what their assignments planned, what is approved, what the week holds. */
  async estimate(grant: Grant, week: string): Promise<TimesheetEstimate> {
    const db = this.ctx.db;
    const [works, stored] = await Promise.all([
      assignedWorks(db, grant.space.id, grant.userId),
      userWeekLines(db, grant.space.id, grant.userId, week),
    ]);
    const entered = new Map(stored.map((l) => [l.itemId, sum(l.hours)]));
    return works.map((w) => ({
      versionId: w.versionId,
      itemId: w.itemId,
      code: w.code,
      name: w.name,
      budgetedUnits: w.assignment?.budgetedUnits ?? 0,
      actualUnits: w.assignment?.actualUnits ?? 0,
      remainingUnits: w.assignment?.remainingUnits ?? 0,
      enteredThisWeek: entered.get(w.itemId) ?? 0,
    }));
  }

  /**
   * The timesheet a notice of the caller's personal area is about: its week (a reminder names the week it is for; a
   * notice about a day, that day's week) and the caller's works still without hours in it. Another's notice is
   * not found.
   */
  async noticeNotification(grant: Grant, noticeId: string): Promise<TimesheetNotification> {
    const notice = await findNotice(this.ctx.db, grant.space.id, grant.userId, noticeId);
    if (!notice) throw new AppError("NotFound");
    const date = (notice.notice.params as Record<string, unknown>).date;
    const week = typeof date === "string" && ISO_DAY.test(date) ? dateOf(mondayOf(dayOf(date))) : lastWeek();
    return this.notification(grant, week);
  }

  /** The caller's works without hours in a week, by default the last finished one (what the reminder names). */
  async notification(grant: Grant, week = lastWeek()): Promise<TimesheetNotification> {
    const db = this.ctx.db;
    const [works, stored] = await Promise.all([
      assignedWorks(db, grant.space.id, grant.userId),
      userWeekLines(db, grant.space.id, grant.userId, week),
    ]);
    const filled = new Set(stored.filter((l) => l.status !== "draft" || sum(l.hours) > 0).map((l) => l.itemId));
    return {
      week,
      missing: works
        .filter((w) => !filled.has(w.itemId))
        .map((w) => ({ versionId: w.versionId, itemId: w.itemId, code: w.code, name: w.name })),
    };
  }
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

export type VersionOf = (scope: ScheduleScope, versionId: string | undefined) => Promise<VersionScope>;
