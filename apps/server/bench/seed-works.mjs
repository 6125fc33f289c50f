// The benches' common schedule: works spread over two years on a 5×8 calendar with holidays, written straight into
// the database (the API would take minutes for 10,000 works) and calculated.
import { buildCalendar, parseDateTime } from "@planum/engine";
import { sql } from "drizzle-orm";

const DAY = [
  ["08:00", "12:00"],
  ["13:00", "17:00"],
];
const holidays = [];
for (const y of [2025, 2026, 2027])
  for (const md of ["01-01", "01-02", "01-07", "02-23", "03-08", "05-01", "05-09", "06-12", "11-04"])
    holidays.push({ date: `${y}-${md}`, intervals: [] });
const week = [DAY, DAY, DAY, DAY, DAY, [], []];

/** The calendar to create through the API (`POST /calendars`) before seeding. */
export const fiveByEight = { name: "5×8", week, exceptions: holidays };

/**
 * `works` works, 100 per summary, each starting somewhere in two years from 13.01.2025 and 5 to 60 working days long
 * (the same ones every run), with planned volume, labour and cost; the version is calculated. Answers the works' ids.
 */
export async function seedWorks(db, { spaceId, versionId, calendarId, works }) {
  const cal = buildCalendar({ id: "c", week, exceptions: holidays });
  const seedStart = performance.now();
  let seed = 42;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
  const projectStart = parseDateTime("2025-01-13T08:00");
  const sums = Math.ceil(works / 100);
  const base = Number((await db.execute(sql`select coalesce(max(id), 0) + 1 as b from wbs_items`)).rows[0].b);
  const ids = [];
  const cols = { id: [], parent: [], order: [], code: [], start: [], dur: [], pv: [], pl: [], pc: [] };
  for (let k = 0; k < works; k++) {
    const id = base + sums + k;
    ids.push(id);
    const startDay = Math.floor(random() * 650);
    const start = cal.nextWorkingStart(projectStart + startDay * 1440);
    cols.id.push(id);
    cols.parent.push(base + Math.floor(k / 100));
    cols.order.push(k);
    cols.code.push(`W${k + 1}`);
    cols.start.push(new Date(start * 60_000).toISOString().slice(0, 16).replace("T", " "));
    cols.dur.push((5 + Math.floor(random() * 56)) * 480);
    cols.pv.push(Math.round(10 + random() * 990));
    cols.pl.push(Math.round(8 + random() * 800));
    cols.pc.push(Math.round(1000 + random() * 1_000_000));
  }
  const arr = (xs) => `{${xs.map((x) => (typeof x === "string" ? `"${x}"` : x)).join(",")}}`;
  await db.execute(sql`insert into wbs_items (id, space_id, version_id, parent_id, sort_order, type, code, name)
    select ${base}::int + g, ${spaceId}::uuid, ${versionId}::uuid, null, g, 'sum', 'S' || g, 'Summary ' || g
    from generate_series(0, ${sums - 1}) g`);
  await db.execute(sql`insert into wbs_items (id, space_id, version_id, parent_id, sort_order, type, code, name,
      calendar_id, duration, start_limit_type, start_limit_date, planned_volume, planned_labour, planned_cost, measure)
    select x.id, ${spaceId}::uuid, ${versionId}::uuid, x.parent, x.ord, 'work', x.code, 'Work ' || x.code,
      ${calendarId}::uuid, x.dur, 'not_earlier', x.st::timestamp, x.pv, x.pl, x.pc, 'm3'
    from unnest(${arr(cols.id)}::int[], ${arr(cols.parent)}::int[], ${arr(cols.order)}::int[], ${arr(cols.code)}::text[],
      ${arr(cols.dur)}::int[], ${arr(cols.start)}::text[], ${arr(cols.pv)}::float8[], ${arr(cols.pl)}::float8[],
      ${arr(cols.pc)}::float8[]) as x(id, parent, ord, code, dur, st, pv, pl, pc)`);
  await db.execute(sql`select setval(pg_get_serial_sequence('wbs_items', 'id'), (select max(id) from wbs_items))`);
  // A seeding server of its own: no hooks run when dates are written.
  // read from the build when called, not when imported: the benches import this file before they build the server
  const { calculateVersion } = await import("../dist/modules/workspace/calculation/calculate-version.js");
  const { DatesWritten } = await import("../dist/platform/dates-written.js");
  await calculateVersion({ db, datesWritten: new DatesWritten() }, versionId);
  const span = (
    await db.execute(
      sql`select min(early_start)::text as a, max(early_finish)::text as b from wbs_items where version_id = ${versionId}`,
    )
  ).rows[0];
  process.stderr.write(
    `seeded ${works} works (${span.a} … ${span.b}) in ${Math.round(performance.now() - seedStart)} ms\n`,
  );
  return ids;
}
