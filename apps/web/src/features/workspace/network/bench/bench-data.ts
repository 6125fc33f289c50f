import type { NetworkRelations, NetworkTasks, NetworkWorks } from "@planum/contracts";
import { OFFICE } from "../../gantt/test-fixture";

const DAY = 1440;
const START = 29_000_000 + 8 * 60;

/**
 * A network of `activities` works as the three network-diagram answers: summaries of 100 works, each four parallel
 * chains of 25; every fifth summary's first chain continues the chain five summaries before (the critical path).
 */
export function generateNetworkBench(activities: number): {
  tasks: NetworkTasks;
  works: NetworkWorks;
  relations: NetworkRelations;
} {
  const perSummary = 100;
  const summaries = Math.ceil(activities / perSummary);
  const tasks: NetworkTasks = { ids: [], parent: [], code: [], name: [], versionRevision: 1 };
  for (let g = 0; g < summaries; g++) {
    tasks.ids.push(1_000_000 + g);
    tasks.parent.push(-1);
    tasks.code.push(`S${g + 1}`);
    tasks.name.push(`Section ${g + 1}`);
  }
  const n = activities;
  const w: NetworkWorks = {
    ids: [],
    parent: [],
    type: [],
    code: [],
    name: [],
    calendar: [],
    duration: [],
    earlyStart: [],
    earlyFinish: [],
    lateStart: [],
    lateFinish: [],
    actualStart: [],
    actualFinish: [],
    totalFloat: [],
    critical: [],
    progress: [],
    revision: [],
    calendars: [{ id: "standard", week: OFFICE.week }],
    projectStart: START,
    dataDate: -1,
    calcStatus: "calculated",
    versionRevision: 1,
  };
  const r: NetworkRelations = { ids: [], from: [], to: [], type: [], lag: [], versionRevision: 1 };
  for (let i = 0; i < n; i++) {
    const g = Math.floor(i / perSummary);
    const k = i % perSummary;
    const chain = k % 4;
    const step = Math.floor(k / 4);
    const critical = chain === 0 && g % 5 === 0 ? 1 : 0;
    const start = START + (Math.floor(g / 5) * 25 + step) * DAY;
    w.ids.push(i + 1);
    w.parent.push(1_000_000 + g);
    w.type.push(k === perSummary - 1 ? 4 : 2);
    w.code.push(`A${(i + 1) * 10}`);
    w.name.push(`Work ${i + 1} of section ${g + 1}, chain ${chain + 1}`);
    w.calendar.push(0);
    w.duration.push(480 * (1 + ((i * 7) % 5)));
    w.earlyStart.push(start);
    w.earlyFinish.push(start + 540 * (1 + ((i * 7) % 5)));
    w.lateStart.push(start);
    w.lateFinish.push(start + 540);
    w.actualStart.push(-1);
    w.actualFinish.push(-1);
    w.totalFloat.push(critical ? 0 : 480 * ((i * 13) % 9));
    w.critical.push(critical);
    w.progress.push(g < 3 ? (i * 11) % 100 : 0);
    w.revision.push(1);
    if (step > 0) {
      r.ids.push(r.ids.length + 1);
      r.from.push(i + 1 - 4);
      r.to.push(i + 1);
      r.type.push(i % 17 === 0 ? 1 : 0);
      r.lag.push(0);
    } else if (g >= 5 && chain === 0) {
      r.ids.push(r.ids.length + 1);
      r.from.push((g - 5) * perSummary + 96 + 1);
      r.to.push(i + 1);
      r.type.push(0);
      r.lag.push(0);
    }
  }
  return { tasks, works: w, relations: r };
}
