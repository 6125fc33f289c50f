import type { LayoutSettings } from "@planum/contracts";
import { describe, expect, it } from "vitest";
import { fixtureData } from "./gantt/test-fixture";
import { findLayout, flagParam, initialLayout, layoutOfView, viewOfLayout, withTargetBaseline } from "./layout-view";

const settings: LayoutSettings = {
  columns: ["code", "name", "attr:zone", "bogus"],
  widths: { name: 310, code: 70 },
  grouping: ["type"],
  filters: [
    { key: "name", text: "Фундамент" },
    { key: "start", text: "" },
    { key: "nope", text: "x" },
  ],
  ganttScale: "month",
  extra: { sort: { key: "start", direction: -1 }, pxPerDay: 2.5, split: 480 },
};

const layout = (id: string, name: string, active = false) => ({ id, name, settings, active, updatedAt: "" });

describe("layouts on the Gantt", () => {
  it("reads a layout's columns, widths, filters, grouping, sorting and scale as the Gantt's view", () => {
    expect(viewOfLayout(settings)).toEqual({
      columns: [
        { key: "code", width: 70 },
        { key: "name", width: 310 },
        { key: "attr:zone", width: 0 },
      ],
      filters: { name: "Фундамент" },
      groupBy: "type",
      sort: { key: "start", direction: -1 },
      scale: "month",
      pxPerDay: 2.5,
    });
  });

  it("writes the view back, keeping the layout's other extras", () => {
    const view = viewOfLayout(settings);
    const back = layoutOfView({ ...view, filters: { code: "A1*" }, sort: null, groupBy: null }, settings);
    expect(back).toEqual({
      columns: ["code", "name", "attr:zone"],
      widths: { code: 70, name: 310, "attr:zone": 0 },
      grouping: [],
      filters: [{ key: "code", text: "A1*" }],
      ganttScale: "month",
      extra: { sort: null, pxPerDay: 2.5, split: 480 },
    });
    expect(viewOfLayout(back).filters).toEqual({ code: "A1*" });
  });

  it("finds the filter parameter's layout by id or name, the user's own before templates", () => {
    const mine = [layout("l1", "Фундамент"), layout("l2", "Кровля", true)];
    const templates = [layout("t1", "Кровля"), layout("t2", "Все работы")];
    expect(findLayout("l1", mine, templates)).toEqual({ kind: "layout", layout: mine[0] });
    expect(findLayout("кровля", mine, templates)).toEqual({ kind: "layout", layout: mine[1] });
    expect(findLayout("все работы", mine, templates)).toEqual({ kind: "template", layout: templates[1] });
    expect(findLayout("нет такого", mine, templates)).toBeNull();
    expect(initialLayout(null, mine, templates)).toEqual({ kind: "layout", layout: mine[1] });
    expect(initialLayout("t2", mine, templates)?.layout.id).toBe("t2");
    expect(initialLayout(null, [layout("l1", "x")], [])).toBeNull();
  });

  it("reads the filter_indicator flag", () => {
    expect(flagParam(null)).toBe(false);
    expect(flagParam("")).toBe(true);
    expect(flagParam("1")).toBe(true);
    expect(flagParam("true")).toBe(true);
    expect(flagParam("false")).toBe(false);
    expect(flagParam("0")).toBe(false);
  });

  it("takes baseline bars from the target version's rows with the same code", () => {
    const data = fixtureData();
    const target = {
      code: ["B", "A", "Z"],
      earlyStart: [100, 200, 300],
      earlyFinish: [150, 250, 350],
    };
    const out = withTargetBaseline(data, target);
    expect(out.baselineStart).toEqual([-1, 200, 100, -1, -1, -1, -1]);
    expect(out.baselineFinish).toEqual([-1, 250, 150, -1, -1, -1, -1]);
    expect(out.earlyStart).toBe(data.earlyStart);
  });
});
