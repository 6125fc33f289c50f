import { readFileSync } from "node:fs";
import { test } from "vitest";
import { readXer, writeXer } from "../src/index.js";
test("scratch", () => {
  for (const f of ["MultiprojectWithExternal", "encoding1251", "PredecessorCalendar"]) {
    const m = readXer(readFileSync(`../shared/corpus/xer/${f}.xer`));
    console.log(f, JSON.stringify({ p: m.projects, a: m.activities.slice(0, 2), r: m.relations, e: m.externals, c: m.calendars.map((c) => [c.name, c.week[0], c.exceptions.slice(0, 2)]) }).slice(0, 3000));
    const back = readXer(writeXer(m, { exportDate: "2026-01-01" }));
    console.log(JSON.stringify(back) === JSON.stringify({ ...m, source: back.source }));
  }
});
