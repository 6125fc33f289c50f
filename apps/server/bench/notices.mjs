// Notices of a calculation (issue 17) on the built server and the embedded database (PGlite in a temporary folder):
// a 10,000-work actual version whose every work has an executor; a calculation moves them all.
//   notices_moved_works — the notices of 10,000 moved works (`assignment_date_change_plan`, one per executor):
//                         people, names and finishes read and the notices written, in one transaction
//                         (resources/work-dates-notices.ts), median of 5 runs, target ≤ 1 s
//   calc_moving_works   — the whole calculation that moves the 10,000 works, notices included (for context:
//                         the write phase carries the notices); calc_moving_works_without_notices — the same with
//                         nobody to tell
//   node apps/server/bench/notices.mjs [works=10000]
import { sql } from "drizzle-orm";
import { benchApi, benchSchedule, jsonLine, stats, timed } from "./bench-kit.mjs";
import { startBenchServer } from "./bench-server.mjs";
import { fiveByEight, seedWorks } from "./seed-works.mjs";

const WORKS = Number(process.argv[2] ?? 10_000);
const RUNS = 5;

const { app, ctx, database, stop } = await startBenchServer("planum-bench-notices-");
const { db } = database;
const { noticesOfMovedWorks } = await import("../dist/modules/resources/work-dates-notices.js");
const { calculateVersion } = await import("../dist/modules/workspace/calculation/calculate-version.js");
const api = benchApi(app);
const line = (name, extra) => jsonLine({ case: name, works: WORKS, ...extra });

const session = await api.signUp();
const { spaceId } = api;
const { version } = await benchSchedule(api);
const calendar = await api.call("POST", "/calendars", fiveByEight);
const ids = await seedWorks(db, { spaceId, versionId: version.id, calendarId: calendar.id, works: WORKS });
await db.execute(sql`insert into work_people (item_id, version_id, space_id, executor_id)
  select id, version_id, space_id, ${session.user.id}::uuid from wbs_items where version_id = ${version.id}
     and type = 'work'`);
const countNotices = async () =>
  Number((await db.execute(sql`select count(*) as n from notices where space_id = ${spaceId}`)).rows[0].n);

const runs = [];
const cpu = [];
let written = 0;
for (let i = 0; i < RUNS; i++) {
  const before = await countNotices();
  // Announcing (the bells after the commit) is not generating: the answer's callback is not run here.
  const { ms, cpuMs } = await timed(() =>
    db.transaction((tx) => noticesOfMovedWorks({ db, realtime: null }, tx, version.id, ids)),
  );
  runs.push(ms);
  cpu.push(cpuMs);
  written = (await countNotices()) - before;
}
line("notices_moved_works", { ...stats(runs, cpu), targetMs: 1000, notices: written });

// Every work starts a day later: the calculation moves all of them, and tells their executor; then the same
// without executors (nobody to tell), so the notices' share of the calculation shows.
const moveAll = () =>
  db.execute(sql`update wbs_items set start_limit_date = start_limit_date + interval '1 day'
    where version_id = ${version.id} and type = 'work'`);
for (const withNotices of [true, false]) {
  if (!withNotices) await db.execute(sql`delete from work_people where version_id = ${version.id}`);
  await moveAll();
  const before = await countNotices();
  const calc = await timed(() => calculateVersion(ctx, version.id));
  line(withNotices ? "calc_moving_works" : "calc_moving_works_without_notices", {
    ms: Math.round(calc.ms),
    cpuMs: Math.round(calc.cpuMs),
    moved: calc.result.written,
    timings: calc.result.timings,
    notices: (await countNotices()) - before,
  });
}

await stop();
