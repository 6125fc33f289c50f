import { decodeGantt, type GanttColumns } from "@planum/contracts";
import { buildCalendar, type Calendar } from "@planum/engine";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "../../test/test-server.js";
import { buildTree, setUpSpace } from "../structure/structure.test-kit.js";
import { seedDemoSchedule } from "./demo-schedule.js";

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

const CYRILLIC = /[А-яЁё]/;
type Version = { id: string; kind: string; label: string };
const WORK = 2;
const MILESTONE_START = 3;
const MILESTONE_FINISH = 4;

/** A new user asks for a demo space in `language` and opens what they would see: tree, calendars, the schedule. */
async function openDemo(language: "ru" | "en" | "fr") {
  const user = await server.signUp();
  const space = await server.createSpace(user.token, "Demo");
  const call = async (method: "GET" | "POST", url: string) => {
    const answer = await server.call(method, url, { token: user.token, language, headers: { "x-space-id": space.id } });
    expect(answer.status, url).toBe(200);
    return answer.body.data;
  };
  await call("POST", `/space/${space.id}/demo`);
  await server.ctx.jobs.idle();
  const nodes = (await call("GET", "/eps")).nodes as { id: string; kind: string; name: string; key: string }[];
  const projects = nodes.filter((n) => n.kind === "project");
  const schedules = (await Promise.all(projects.map((p) => call("GET", `/projects/${p.id}/schedules`)))).flat() as {
    id: string;
    name: string;
  }[];
  const filled: { schedule: { id: string; name: string }; versions: { id: string; kind: string; label: string }[] }[] =
    [];
  for (const schedule of schedules) {
    const versions = await call("GET", `/schedules/${schedule.id}/versions`);
    if (versions.length) filled.push({ schedule, versions });
  }
  expect(filled).toHaveLength(1);
  const { versions } = filled[0];
  const actual = versions.find((v) => v.kind === "actual")!;
  const target = versions.find((v) => v.kind === "target")!;
  const gantt = decodeGantt(await call("GET", `/versions/${actual.id}/gantt`));
  const baseline = decodeGantt(await call("GET", `/versions/${target.id}/gantt`));
  const calendars = (await call("GET", "/calendars")) as { name: string }[];
  const project = nodes.find((n) => n.key === "SEV-K1-MON")!;
  const attributes = (await call("GET", `/eps/${project.id}/attributes-with-values`)) as { name: string }[];
  const workAttributes = (await call("GET", `/schedules/${filled[0].schedule.id}/attributes/all`)) as {
    name: string;
  }[];
  const workValues = Object.values(gantt.attrs ?? {}).flatMap((values) => values.filter((v) => typeof v === "string"));
  expect(workValues.length).toBeGreaterThanOrEqual(50);
  const names = [
    ...workAttributes.map((a) => a.name),
    ...(workValues as string[]),
    ...nodes.map((n) => n.name),
    ...schedules.map((s) => s.name),
    ...versions.map((v) => v.label),
    ...calendars.map((c) => c.name),
    ...attributes.map((a) => a.name),
    ...gantt.name,
  ];
  return { names, gantt, baseline, versions };
}

/** The engine's working time of each row's calendar, as the Gantt payload carries it. */
function calendarsOf(gantt: GanttColumns): Calendar[] {
  const anchor = Math.floor(gantt.projectStart / 1440) - 30;
  return gantt.calendars.map((c) => buildCalendar(c, anchor));
}

/** Rows reached backwards from the finish milestone through critical predecessors. */
function criticalChain(gantt: GanttColumns): Set<number> {
  const finish = gantt.type.indexOf(MILESTONE_FINISH);
  const reached = new Set<number>([finish]);
  const queue = [finish];
  while (queue.length) {
    const row = queue.pop()!;
    for (let k = 0; k < gantt.relations.to.length; k++) {
      const from = gantt.relations.from[k];
      if (gantt.relations.to[k] === row && gantt.critical[from] === 1 && !reached.has(from)) {
        reached.add(from);
        queue.push(from);
      }
    }
  }
  return reached;
}

/**
 * What a P6 planner checks first: whole-hour dates inside working time, bars as long as their durations, works done,
 * under way and not started around the data date, a baseline with variances, and a critical path to the handover.
 */
function expectBelievable(gantt: GanttColumns, baseline: GanttColumns) {
  const calendars = calendarsOf(gantt);
  const dataDate = gantt.dataDate;
  expect(dataDate).toBeGreaterThan(gantt.projectStart);
  expect(dataDate % 60).toBe(0);
  const works = gantt.ids.map((_, k) => k).filter((k) => gantt.type[k] === WORK);
  expect(works.length).toBeGreaterThanOrEqual(50);
  const status = { done: 0, underWay: 0, notStarted: 0 };
  for (const k of works) {
    const calendarOf = calendars[gantt.calendar[k]];
    const start = gantt.actualStart[k] >= 0 ? gantt.actualStart[k] : gantt.earlyStart[k];
    const finish = gantt.earlyFinish[k];
    const label = `${gantt.code[k]} ${gantt.name[k]}`;
    // Whole hours inside the calendar's working time: a bar starts as work begins and ends as it stops.
    expect(start % 60, label).toBe(0);
    expect(finish % 60, label).toBe(0);
    expect(calendarOf.workingBetween(start, start + 60), label).toBe(60);
    expect(calendarOf.workingBetween(finish - 60, finish), label).toBe(60);
    expect(gantt.duration[k] % 480, label).toBe(0);
    if (gantt.actualFinish[k] >= 0) {
      status.done++;
      expect(gantt.progress[k], label).toBe(100);
      expect(gantt.actualFinish[k], label).toBeLessThanOrEqual(dataDate);
      expect(calendarOf.workingBetween(gantt.actualStart[k], gantt.actualFinish[k]), label).toBe(gantt.duration[k]);
    } else if (gantt.actualStart[k] >= 0) {
      status.underWay++;
      // In progress: started before the data date, the remaining whole days run from the data date on.
      expect(gantt.actualStart[k], label).toBeLessThan(dataDate);
      const remaining = gantt.remaining![k];
      expect(remaining % 480, label).toBe(0);
      expect(remaining, label).toBeGreaterThan(0);
      expect(calendarOf.workingBetween(dataDate, finish), label).toBe(remaining);
      expect(gantt.progress[k], label).toBeGreaterThan(0);
      expect(gantt.progress[k], label).toBeLessThan(100);
    } else {
      status.notStarted++;
      expect(gantt.earlyStart[k], label).toBeGreaterThanOrEqual(dataDate);
      expect(calendarOf.workingBetween(start, finish), label).toBe(gantt.duration[k]);
    }
    // The approved baseline: every work has its target bar, as long as its duration.
    expect(gantt.baselineStart[k], label).toBeGreaterThan(0);
    expect(calendarOf.workingBetween(gantt.baselineStart[k], gantt.baselineFinish[k]), label).toBe(gantt.duration[k]);
  }
  expect(status.done).toBeGreaterThanOrEqual(10);
  expect(status.underWay).toBeGreaterThanOrEqual(2);
  expect(status.notStarted).toBeGreaterThanOrEqual(20);
  // Works behind plan: some finish later than their baseline; the project does not finish earlier than planned.
  expect(works.filter((k) => gantt.earlyFinish[k] > gantt.baselineFinish[k]).length).toBeGreaterThan(0);
  const handover = gantt.type.indexOf(MILESTONE_FINISH);
  expect(gantt.earlyFinish[handover]).toBeGreaterThanOrEqual(gantt.baselineFinish[handover]);

  // The critical path: from the progress front (a work under way, or one that follows a started work) to the
  // handover, every link critical.
  const chain = criticalChain(gantt);
  const started = (k: number) => gantt.actualStart[k] >= 0;
  const front = gantt.relations.to.some((to, r) => chain.has(to) && started(gantt.relations.from[r]));
  expect(front || [...chain].some((k) => gantt.type[k] === WORK && started(k))).toBe(true);
  expect(chain.size).toBeGreaterThan(5);
  // In the baseline it runs from the construction start to the handover.
  expect(criticalChain(baseline).has(baseline.type.indexOf(MILESTONE_START))).toBe(true);
  // Finish-to-start, start-to-start and finish-to-finish links, some with lags.
  expect(new Set(gantt.relations.type)).toEqual(new Set([0, 1, 2]));
  expect(gantt.relations.lag.some((lag) => lag > 0)).toBe(true);
}

describe("demo schedule", () => {
  it.each([
    ["ru", "Разработка котлована", "Пятидневка 8 ч", "Субподрядчик"],
    ["en", "Bulk excavation", "Standard 5-day week, 8 h", "Subcontractor"],
    ["fr", "Terrassement en pleine masse", "Semaine de 5 jours, 8 h", "Sous-traitant"],
  ] as const)(
    "a user working in %s gets a building project a planner would trust",
    async (language, work, calendar, attribute) => {
      const { names, gantt, baseline, versions } = await openDemo(language);
      // Every name the user reads is in their language.
      expect(names).toContain(work);
      expect(names).toContain(calendar);
      expect(names).toContain(attribute);
      if (language === "ru") expect(names.filter((name) => !CYRILLIC.test(name))).toEqual([]);
      else expect(names.filter((name) => CYRILLIC.test(name))).toEqual([]);
      expect(versions.map((v) => v.kind).sort()).toEqual(["actual", "target"]);
      expectBelievable(gantt, baseline);
    },
  );

  it.each([
    ["ru", "2027-01-06"],
    ["en", "2026-04-08"],
    ["fr", "2026-05-20"],
    ["ru", "2026-07-01"],
  ] as const)(
    "in %s, a demo made in the week of %s is as believable (other holidays, other works under way)",
    async (language, day) => {
      const { owner, space } = await setUpSpace(server);
      const { schedule } = await buildTree(owner);
      const today = new Date(`${day}T12:00:00Z`);
      await seedDemoSchedule(server.ctx, { spaceId: space.id, scheduleId: schedule.id, language, today });
      const versions = (await owner.call("GET", `/schedules/${schedule.id}/versions`)).body.data as Version[];
      const gantt = async (kind: string) =>
        decodeGantt(
          (await owner.call("GET", `/versions/${versions.find((v) => v.kind === kind)!.id}/gantt`)).body.data,
        );
      const actual = await gantt("actual");
      expectBelievable(actual, await gantt("target"));
      // The status date is that week's Monday at 08:00, or the first day after it with works under way.
      const midnight = Date.parse(`${day}T00:00:00Z`) / 60_000;
      const monday = midnight - ((today.getUTCDay() + 6) % 7) * 1440;
      expect(actual.dataDate).toBeGreaterThanOrEqual(monday + 8 * 60);
      expect(actual.dataDate).toBeLessThan(monday + 21 * 1440);
    },
  );

  it("a call without X-Language fills the demo in the language of the user's profile", async () => {
    const user = await server.signUp();
    const space = await server.createSpace(user.token, "Demo");
    expect((await server.call("GET", "/localization/set/fr", { token: user.token })).status).toBe(200);
    expect((await server.call("POST", `/space/${space.id}/demo`, { token: user.token })).status).toBe(200);
    await server.ctx.jobs.idle();
    const calendars = await server.call("GET", "/calendars", {
      token: user.token,
      headers: { "x-space-id": space.id },
    });
    expect(calendars.body.data.map((c: { name: string }) => c.name)).toContain("Semaine de 5 jours, 8 h");
  });

  it("seeding a filled schedule again changes nothing", async () => {
    const { owner, space } = await setUpSpace(server);
    const { schedule } = await buildTree(owner);
    const versionId = await seedDemoSchedule(server.ctx, { spaceId: space.id, scheduleId: schedule.id });
    const before = decodeGantt((await owner.call("GET", `/versions/${versionId}/gantt`)).body.data).ids;
    expect(await seedDemoSchedule(server.ctx, { spaceId: space.id, scheduleId: schedule.id })).toBe(versionId);
    expect(decodeGantt((await owner.call("GET", `/versions/${versionId}/gantt`)).body.data).ids).toEqual(before);
    expect((await owner.call("GET", `/schedules/${schedule.id}/versions`)).body.data).toHaveLength(2);
  });
});
