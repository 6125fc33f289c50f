import { BASE_LANGUAGE, type Language } from "@planum/contracts";
import { buildCalendar, type Calendar } from "@planum/engine";
import type { relations, wbsItems } from "../../db/schema/index.js";
import { reserveIds } from "../../platform/bulk-insert.js";
import type { DatesWritten } from "../../platform/dates-written.js";
import type { Db } from "../../platform/db.js";
import { minutesText, textMinutes } from "../../platform/time.js";
import { adoptFileSettings } from "../workspace/calculation/calculate-settings.service.js";
import { calculateVersion } from "../workspace/calculation/calculate-version.js";
import { copyWbsRows } from "../workspace/wbs/wbs-copy.repo.js";
import {
  existingVersion,
  firstSchedule,
  hasDefaultCalendar,
  insertAttribute,
  insertCalendars,
  insertNetwork,
  insertVersion,
  lockVersion,
  markInProcess,
  type PlanRows,
  type ProgressRows,
  readPlan,
  setDataDate,
  writeProgress,
} from "./demo.repo.js";
import {
  CREWS,
  DEMO_PLAN,
  DEMO_TEXTS,
  type DemoNode,
  type DemoWork,
  MEASURES,
  publicHolidays,
  type Texts,
} from "./demo-content.js";

const DAY: [string, string][] = [
  ["08:00", "12:00"],
  ["13:00", "17:00"],
];
const FIVE_DAYS = [DAY, DAY, DAY, DAY, DAY, [], []];
const SIX_DAYS = [DAY, DAY, DAY, DAY, DAY, DAY, []];
const HOURS_PER_DAY = 8;
const MINUTES_PER_WORKING_DAY = HOURS_PER_DAY * 60;
/** Weeks of work done before the data date: the foundations are finished, the frame is going up. */
const WEEKS_DONE = 14;
/** Days of delay some works in progress report (their remaining duration grows), so variances show. */
const DELAY_DAYS = 2;
const DELAY = DELAY_DAYS * 8 * 60;
const DAY_MS = 86_400_000;

export interface DemoScheduleTarget {
  spaceId: string;
  scheduleId: string;
  userId?: string | null;
  /** The language of the user creating the demo: names of works, calendars and versions. */
  language?: Language;
  /** The data date is the Monday of this day's week (tests may pin it). */
  today?: Date;
}

/** Monday of the week of `day`, as a UTC midnight. */
function mondayOf(day: Date): Date {
  const midnight = Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate());
  return new Date(midnight - ((new Date(midnight).getUTCDay() + 6) % 7) * DAY_MS);
}

const isGroup = (node: DemoNode): node is Exclude<DemoNode, DemoWork> => "children" in node;

/**
 * Fills a schedule with a believable building project in the user's language and calculates it the way a planner
 * would: the plan (every work on whole working days of its calendar, public holidays included) is calculated by the
 * server's calculation; a locked target version keeps it as the approved baseline; then the works the plan put
 * before the data date (the Monday of this week) are reported done, those it crosses in progress with their
 * remaining duration in whole days (some behind plan), and the version is calculated again from the data date.
 * Answers the actual version (the existing one when the schedule is filled already).
 */
export async function seedDemoSchedule(
  deps: { db: Db; datesWritten: DatesWritten },
  target: DemoScheduleTarget,
): Promise<string> {
  const { db } = deps;
  const { spaceId, scheduleId } = target;
  const existing = await existingVersion(db, scheduleId);
  if (existing) return existing;
  const language = target.language ?? BASE_LANGUAGE;
  const userId = target.userId ?? null;

  // Dates: the data date is this week's Monday; the project started WEEKS_DONE weeks before.
  const monday = mondayOf(target.today ?? new Date());
  const startDay = new Date(monday.getTime() - WEEKS_DONE * 7 * DAY_MS);
  const years = [
    startDay.getUTCFullYear() - 1,
    startDay.getUTCFullYear(),
    monday.getUTCFullYear() + 1,
    monday.getUTCFullYear() + 2,
  ];
  const holidays = [...new Set(years.flatMap((year) => publicHolidays(language, year)))].map((date) => ({
    date,
    intervals: [] as [string, string][],
  }));
  const anchorDay = Math.floor(startDay.getTime() / DAY_MS) - 7;
  const five = buildCalendar({ id: "five", week: FIVE_DAYS, exceptions: holidays }, anchorDay);
  const six = buildCalendar({ id: "six", week: SIX_DAYS, exceptions: holidays }, anchorDay);
  const midnight = (day: Date) => textMinutes(`${day.toISOString().slice(0, 10)}T00:00`);
  const projectStart = five.nextWorkingStart(midnight(startDay));

  const [standardId, sixDaysId] = await insertCalendars(db, [
    {
      spaceId,
      name: DEMO_TEXTS.standardCalendar[language],
      week: FIVE_DAYS,
      exceptions: holidays,
      isDefault: !(await hasDefaultCalendar(db, spaceId)),
    },
    { spaceId, name: DEMO_TEXTS.sixDayCalendar[language], week: SIX_DAYS, exceptions: holidays },
  ]);
  // The subcontractor of every work: a work attribute of the schedule (a column and a field of the details).
  const crewAttribute = await insertAttribute(db, {
    spaceId,
    scheduleId,
    target: "work",
    name: DEMO_TEXTS.crewAttribute[language],
    type: "list",
    listValues: Object.values(CREWS).map((crew) => crew[language]),
    settings: {},
  });
  const versionId = await insertVersion(db, {
    spaceId,
    scheduleId,
    kind: "actual",
    label: DEMO_TEXTS.actualVersion[language],
    projectStart: minutesText(projectStart),
    createdBy: userId,
  });

  // The network: WBS groups as summaries, works and milestones with P6-style activity ids, relations by key.
  const count = (nodes: DemoNode[]): number =>
    nodes.reduce((sum, node) => sum + 1 + (isGroup(node) ? count(node.children) : 0), 0);
  const ids = await reserveIds(db, "wbs_items", "id", count(DEMO_PLAN));
  const items: (typeof wbsItems.$inferInsert)[] = [];
  const idOf = new Map<string, number>();
  const pending: { successor: number; work: DemoWork }[] = [];
  let next = 0;
  let activityCode = 1000;
  const walk = (nodes: DemoNode[], parentId: number | null, wbsCode: string, crew?: Texts) => {
    for (const [order, node] of nodes.entries()) {
      const id = ids[next++];
      if (isGroup(node)) {
        const code = `${wbsCode}${wbsCode ? "." : ""}${items.filter((i) => i.parentId === parentId && i.type === "sum").length + 1}`;
        items.push({
          id,
          spaceId,
          versionId,
          parentId,
          sortOrder: order,
          type: "sum",
          code,
          name: node.name[language],
        });
        walk(node.children, id, code, node.crew ?? crew);
        continue;
      }
      const type = node.type ?? "work";
      items.push({
        id,
        spaceId,
        versionId,
        parentId,
        sortOrder: order,
        type,
        code: `A${activityCode}`,
        name: node.name[language],
        duration: node.days * MINUTES_PER_WORKING_DAY,
        calendarId: node.sixDays ? sixDaysId : standardId,
        ...(type === "milestone_start"
          ? { startLimitType: "not_earlier" as const, startLimitDate: minutesText(projectStart) }
          : {}),
        ...(node.volume ? { plannedVolume: node.volume[0], measure: MEASURES[node.volume[1]][language] } : {}),
        ...(crew ? { attrs: { [crewAttribute]: crew[language] } } : {}),
      });
      activityCode += 10;
      idOf.set(node.key, id);
      if (node.after) pending.push({ successor: id, work: node });
    }
  };
  walk(DEMO_PLAN, null, "");
  const links: (typeof relations.$inferInsert)[] = pending.flatMap(({ successor, work }) =>
    (work.after ?? []).map(([key, type, lagDays]) => {
      const predecessorId = idOf.get(key);
      if (predecessorId === undefined) throw new Error(`demo plan: ${work.key} follows unknown ${key}`);
      return {
        spaceId,
        versionId,
        predecessorId,
        successorId: successor,
        type,
        lag: (lagDays ?? 0) * MINUTES_PER_WORKING_DAY,
      };
    }),
  );
  await insertNetwork(db, items, links);
  // Two calendars break a critical path measured by total float (a six-day work before a five-day one keeps the
  // Saturday as float); P6 planners then show the longest path, the chain that drives the handover.
  await adoptFileSettings(db, { spaceId, scheduleId, keepVersionId: versionId }, { criticalBy: "longest_path" });
  await markInProcess(db, versionId);
  await calculateVersion(deps, versionId);

  // The approved baseline: a locked target version, the plan as calculated before any progress.
  const targetId = await insertVersion(db, {
    spaceId,
    scheduleId,
    kind: "target",
    label: DEMO_TEXTS.targetVersion[language],
    projectStart: minutesText(projectStart),
    createdBy: userId,
  });
  await db.transaction((tx) =>
    copyWbsRows(tx, {
      spaceId,
      fromVersionId: versionId,
      toVersionId: targetId,
      ids: null,
      rootParentId: null,
      rootOrderStart: 0,
    }),
  );
  await markInProcess(db, targetId);
  await calculateVersion(deps, targetId);
  await lockVersion(db, targetId);

  // Progress up to the data date, from the calculated plan.
  const plan = await readPlan(db, versionId);
  const calendarOf = (calendarId: string | null) => (calendarId === sixDaysId ? six : five);
  const successors = new Map<number, number[]>();
  for (const link of links)
    successors.set(link.predecessorId, [...(successors.get(link.predecessorId) ?? []), link.successorId]);
  const { dataDate, delayed } = statusDate(
    five,
    midnight(monday),
    plan,
    (k) => calendarOf(plan.calendarId[k]),
    successors,
  );
  const progress: ProgressRows = {
    id: [],
    status: [],
    percentComplete: [],
    actualStart: [],
    actualFinish: [],
    remaining: [],
    targetStart: [],
    targetFinish: [],
    targetDuration: [],
  };
  for (let k = 0; k < plan.id.length; k++) {
    const es = plan.earlyStart[k];
    const ef = plan.earlyFinish[k];
    if (es === null || ef === null) continue;
    const duration = plan.duration[k];
    const activity = plan.type[k] !== "sum";
    let status: ProgressRows["status"][number] = "not_started";
    let percent = 0;
    let actualStart: string | null = null;
    let actualFinish: string | null = null;
    let remaining: number | null = null;
    if (activity && ef <= dataDate) {
      status = "completed";
      percent = 100;
      actualStart = minutesText(es);
      actualFinish = minutesText(ef);
      remaining = 0;
    } else if (activity && es < dataDate) {
      status = "in_progress";
      actualStart = minutesText(es);
      remaining = calendarOf(plan.calendarId[k]).workingBetween(dataDate, ef) + (delayed.has(k) ? DELAY : 0);
      // P6's duration % complete: (original − remaining) / original.
      percent = Math.max(1, Math.min(99, Math.round((100 * (duration - remaining)) / duration)));
    }
    progress.id.push(plan.id[k]);
    progress.status.push(status);
    progress.percentComplete.push(percent);
    progress.actualStart.push(actualStart);
    progress.actualFinish.push(actualFinish);
    progress.remaining.push(remaining);
    progress.targetStart.push(minutesText(es));
    progress.targetFinish.push(minutesText(ef));
    progress.targetDuration.push(activity ? duration : calendarOf(plan.calendarId[k]).workingBetween(es, ef));
  }
  await writeProgress(db, versionId, progress);
  await setDataDate(db, versionId, minutesText(dataDate));
  await markInProcess(db, versionId);
  await calculateVersion(deps, versionId);
  return versionId;
}

/**
 * The status date and the works under way that report a delay. The data date is the Monday's first working hour,
 * or a later day's while the plan would show fewer than two works under way or none that may report a delay: a
 * work under way, well on (the delay leaves it at least a fifth done), whose successors have not started (they move
 * with it, so every bar still matches its duration). Every other such work reports DELAY_DAYS more remaining.
 */
function statusDate(
  calendar: Calendar,
  monday: number,
  plan: PlanRows,
  calendarOf: (k: number) => Calendar,
  successors: Map<number, number[]>,
): { dataDate: number; delayed: Set<number> } {
  const row = new Map(plan.id.map((id, k) => [id, k]));
  const choose = (dataDate: number) => {
    const delayed = new Set<number>();
    let crossing = 0;
    let candidates = 0;
    for (let k = 0; k < plan.id.length; k++) {
      const es = plan.earlyStart[k];
      const ef = plan.earlyFinish[k];
      if (plan.type[k] !== "work" || es === null || ef === null || es >= dataDate || ef <= dataDate) continue;
      crossing++;
      const free = (successors.get(plan.id[k]) ?? []).every(
        (s) => (plan.earlyStart[row.get(s)!] ?? dataDate) >= dataDate,
      );
      const remaining = calendarOf(k).workingBetween(dataDate, ef);
      if (free && remaining + DELAY <= plan.duration[k] * 0.8 && candidates++ % 2 === 0) delayed.add(k);
    }
    return { crossing, delayed };
  };
  let dataDate = calendar.nextWorkingStart(monday);
  for (let tries = 0; tries < 10; tries++) {
    const { crossing, delayed } = choose(dataDate);
    if (crossing >= 2 && delayed.size > 0) return { dataDate, delayed };
    dataDate = calendar.nextWorkingStart(calendar.addWorking(dataDate, MINUTES_PER_WORKING_DAY));
  }
  return { dataDate, delayed: choose(dataDate).delayed };
}

/** The demo space's workspace: the schedule the structure demo marked (else the space's first) gets the project. */
export async function seedDemoWorkspace(
  deps: { db: Db; datesWritten: DatesWritten },
  spaceId: string,
  userId: string | null,
  options: { language: Language; scheduleId?: string | null; today?: Date },
) {
  const scheduleId = options.scheduleId ?? (await firstSchedule(deps.db, spaceId));
  if (scheduleId)
    await seedDemoSchedule(deps, { spaceId, scheduleId, userId, language: options.language, today: options.today });
}
