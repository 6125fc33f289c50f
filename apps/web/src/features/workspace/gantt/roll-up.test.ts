import { describe, expect, it } from "vitest";
import { allColumns, cellValue, createCellFormatter } from "./grid-columns";
import { decodeGanttData } from "./row-model";
import { fixtureData as fixture } from "./test-fixture";

describe("summaries rolled up and every P6 column", () => {
  it("gives a summary its works' span, duration, weighted % complete, least float and count", () => {
    const data = fixture();
    const model = decodeGanttData(data);
    const sum = data.type.indexOf(0);
    const kids = data.parent.map((p, i) => (p === sum ? i : -1)).filter((i) => i >= 0);
    expect(kids.length).toBeGreaterThan(0);
    const es = Math.min(...kids.map((i) => model.es[i]));
    const ef = Math.max(...kids.map((i) => model.ef[i]));
    expect(model.es[sum]).toBe(es);
    expect(model.ef[sum]).toBe(ef);
    expect(model.duration[sum]).toBe(model.cal[model.calendar[sum]].workingBetween(es, ef));
    expect(model.duration[sum]).toBeGreaterThan(0);
    const floats = kids.map((i) => model.totalFloat[i]).filter((f) => !Number.isNaN(f));
    if (floats.length) expect(model.totalFloat[sum]).toBe(Math.min(...floats));
    // Two works directly, two more under the inner summary.
    expect(cellValue(model, sum, "count")).toBe(4);
  });

  it("reads 100 % on a summary whose works are all complete", () => {
    const data = fixture();
    const sum = data.type.indexOf(0);
    const under = (i: number): boolean => data.parent[i] === sum || (data.parent[i] >= 0 && under(data.parent[i]));
    data.parent.forEach((_p, i) => {
      if (under(i) && data.type[i] !== 0) {
        data.progress[i] = 100;
        data.actualStart[i] = data.earlyStart[i];
        data.actualFinish[i] = data.earlyFinish[i];
      }
    });
    const model = decodeGanttData(data);
    expect(model.progress[sum]).toBe(100);
    expect(cellValue(model, sum, "status")).toBe("completed");
  });

  it("has a value or an empty cell for every column, and lists relations as P6 does", () => {
    const model = decodeGanttData(fixture());
    const format = createCellFormatter(
      "en",
      (type) => type,
      (_c, v) => v,
      "d",
    );
    for (const column of allColumns(model)) {
      for (let i = 0; i < model.n; i++) expect(typeof format(model, i, column.key, "text")).toBe("string");
    }
    const r = 0;
    const to = model.rel.to[r];
    const text = String(cellValue(model, to, "predecessors", { dayUnit: "d", locale: "en" }));
    expect(text).toContain(model.code[model.rel.from[r]]);
    expect(text).toMatch(/^[^,]+ (FS|SS|FF|SF)([+-][\d.]+d)?(, |$)/);
  });

  it("shows money with two decimals and labour and volume as kept, in the page's language; none is an empty cell", () => {
    const data = fixture();
    const n = data.ids.length;
    data.plannedCost = new Array(n).fill(null);
    data.plannedCost[0] = 1234567.5;
    data.plannedVolume = new Array(n).fill(null);
    data.plannedVolume[0] = 45.125;
    const model = decodeGanttData(data);
    const cell = (locale: string, key: "plannedCost" | "plannedVolume" | "actualCost", i = 0) =>
      createCellFormatter(locale, (type) => type)(model, i, key, "number").replace(/\s/g, " ");
    expect(cell("en", "plannedCost")).toBe("1,234,567.50");
    expect(cell("ru", "plannedCost")).toBe("1 234 567,50");
    expect(cell("fr", "plannedVolume")).toBe("45,125");
    expect(cell("en", "plannedCost", 1)).toBe("");
    expect(cell("en", "actualCost")).toBe("");
    expect(cellValue(model, 0, "plannedCost")).toBe(1234567.5);
  });
});
