import { readFileSync } from "node:fs";
import { test } from "vitest";
import { compareSchedules, readMspdi, readPmxml, readXer, recalculate } from "../src/index.js";
test("scratch", () => {
  const files: [string, (b: Uint8Array) => ReturnType<typeof readXer>][] = [
    ["xer/MultiprojectWithExternal.xer", readXer], ["xer/encoding1251.xer", readXer], ["xer/PredecessorCalendar.xer", readXer],
    ["pmxml/PredecessorCalendar.xml", readPmxml], ["pmxml/primavera.xml", readPmxml], ["pmxml/BaselineProjects.xml", readPmxml], ["pmxml/MultiprojectWithExternal.xml", readPmxml],
    ["mspdi/task-links-project2019-mspdi.xml", readMspdi], ["mspdi/sample.xml", readMspdi], ["mspdi/mspdirelations.xml", readMspdi],
  ];
  for (const [f, read] of files) {
    try {
      const m = read(readFileSync(`../shared/corpus/${f}`));
      const r = recalculate(m);
      const c = compareSchedules(m, r.model);
      console.log(f, m.activities.length, m.relations.length, c.compared, c.equal, c.equalPercent, JSON.stringify(c.differences.slice(0, 8)));
    } catch (e) { console.log(f, "ERR", (e as Error).stack?.slice(0, 600)); }
  }
});
