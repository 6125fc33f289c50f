import type { RiskInputs } from "@planum/contracts";
import { describe, expect, it } from "vitest";
import { parseCellEdit } from "../gantt/cell-edit";
import { allColumns, defaultColumns } from "../gantt/grid-columns";
import { decodeGanttData } from "../gantt/row-model";
import { fixtureData } from "../gantt/test-fixture";
import { riskColumnId, riskEditOf, withRiskColumns } from "./risk-columns";

const LABELS = { min: "Min", likely: "Likely", max: "Max" };
// Alpha (id 11) has its own estimate of 1.5 … 2 … 4 days; nobody else has one.
const INPUTS = {
  durations: [{ itemId: 11, min: 720, likely: 960, max: 1920, distribution: "triangular" }],
} as unknown as RiskInputs;

describe("three-point columns in the grid", () => {
  const data = withRiskColumns(fixtureData(), INPUTS, LABELS);
  const model = decodeGanttData(data);
  const min = `attr:${riskColumnId("min")}` as const;
  const max = `attr:${riskColumnId("max")}` as const;

  it("shows a work's estimate in days, nothing for the others, in columns chosen rather than shown", () => {
    expect(data.attrs?.[riskColumnId("min")]?.slice(0, 3)).toEqual([null, 1.5, null]);
    expect(data.attrs?.[riskColumnId("max")]?.[1]).toBe(4);
    expect(allColumns(model).map((c) => c.key)).toContain(min);
    expect(defaultColumns(model).map((c) => c.key)).not.toContain(min);
  });

  it("edits works and tasks only", () => {
    expect(parseCellEdit(model, 0, min, "1")).toEqual({ ok: false, error: "readOnly" });
    expect(parseCellEdit(model, 5, min, "1")).toEqual({ ok: false, error: "readOnly" });
    expect(parseCellEdit(model, 1, min, "1,25")).toMatchObject({ ok: true, change: { value: 1.25 } });
  });

  it("sets one point keeping the others, starts a new estimate from the planned duration, clears on empty", () => {
    const edit = (i: number, key: typeof min, text: string) => {
      const parsed = parseCellEdit(model, i, key, text);
      if (!parsed.ok) throw new Error(parsed.error);
      return riskEditOf(parsed.change, data, INPUTS);
    };
    expect(edit(1, max, "5")).toEqual({
      set: [{ itemId: 11, min: 720, likely: 960, max: 2400, distribution: "triangular" }],
      clear: [],
    });
    // Beta (id 12, one day planned) had none: its other points are the planned 480 minutes, PERT.
    expect(edit(2, max, "3")).toEqual({
      set: [{ itemId: 12, min: 480, likely: 480, max: 1440, distribution: "pert" }],
      clear: [],
    });
    expect(edit(1, min, "")).toEqual({ set: [], clear: [11] });
    // Any other edit is not the risk analysis' business.
    expect(riskEditOf({ id: 11, revision: 1, kind: "name", value: "Alpha" }, data, INPUTS)).toBeNull();
  });
});
