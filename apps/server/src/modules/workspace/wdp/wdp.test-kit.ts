import { type Actor, addItem, setUpWorkspace } from "../workspace.test-kit.js";

export type { Actor };

/** The test server, structurally (this kit is compiled with the server, the test server is not). */
type ServerLike = Parameters<typeof setUpWorkspace>[0] & {
  call(
    method: "GET" | "POST" | "PATCH",
    url: string,
    options: { token: string; body?: unknown; language: string; headers: Record<string, string> },
  ): ReturnType<Actor["call"]>;
};

/** A site's working day: 08–12 and 13–17. */
export const SITE_DAY: [string, string][] = [
  ["08:00", "12:00"],
  ["13:00", "17:00"],
];
export const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
export const TODAY = iso(Date.now());
export const TOMORROW = iso(Date.now() + 86_400_000);

/** The same call in English (the server's base language is Russian). */
export function inEnglish(
  server: ServerLike,
  actor: Actor,
  method: "GET" | "POST" | "PATCH",
  url: string,
  body?: unknown,
) {
  return server.call(method, url, {
    token: actor.token,
    body,
    language: "en",
    headers: { "x-space-id": actor.spaceId },
  });
}

/**
 * A calculated version: a sum S over work A10 (5 working days on a 5×8 calendar whose Wednesday 2025-01-15 is a
 * holiday: Mon 13, Tue 14, Thu 16, Fri 17, Mon 20; 100 m³, 50 man-hours, 1,000 of cost) and work A20 (2 days).
 * `base` is the schedule's WDP path.
 */
export async function seedWdpSchedule(server: ServerLike) {
  const ws = await setUpWorkspace(server);
  const { owner, version, schedule } = ws;
  const v = version.id;
  const calendar = await owner.call("POST", "/calendars", {
    name: "Площадка",
    week: [SITE_DAY, SITE_DAY, SITE_DAY, SITE_DAY, SITE_DAY, [], []],
    exceptions: [{ date: "2025-01-15", intervals: [] }],
  });
  if (calendar.status !== 200) throw new Error(`calendar failed: ${JSON.stringify(calendar.body)}`);
  const cal = calendar.body.data.id as string;
  const s = await addItem(owner, v, { type: "sum", name: "Каркас", code: "S" });
  const a = await addItem(owner, v, {
    type: "work",
    name: "Бетон",
    code: "A10",
    parentId: s.id,
    duration: 2400,
    calendarId: cal,
    measure: "m3",
    plannedVolume: 100,
    plannedLabour: 50,
    plannedCost: 1000,
  });
  const b = await addItem(owner, v, {
    type: "work",
    name: "Арматура",
    code: "A20",
    parentId: s.id,
    duration: 960,
    calendarId: cal,
    plannedVolume: 8,
  });
  const calc = await owner.call("PATCH", `/versions/${v}/timetable/calculate/synchronous`);
  if (calc.status !== 200) throw new Error(`calculation failed: ${JSON.stringify(calc.body)}`);
  const base = `/schedules/${schedule.id}/wdp`;
  return { ...ws, v, s, a, b, cal, base };
}

/** A work's series by "measure/kind", as the version's WDP read answers them. */
export async function seriesOf(actor: Actor, v: string, itemId: number) {
  const list = (await actor.call("GET", `/versions/${v}/wdp?itemIds=${itemId}`)).body.data;
  return Object.fromEntries(
    list.series.map((s: { measure: string; kind: string; start: string; values: number[]; total: number }) => [
      `${s.measure}/${s.kind}`,
      { start: s.start, values: s.values, total: s.total },
    ]),
  );
}
