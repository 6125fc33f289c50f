import { describe, expect, it } from "vitest";
import { DEFAULT_DRAFT, draftOf, settingsOf } from "./layout-settings";

describe("layout settings", () => {
  it("keeps columns in the grid's order, drops widths and grouping of hidden columns, keeps filters", () => {
    const base = {
      columns: ["name", "code", "start"],
      widths: { name: 300, start: 90 },
      grouping: ["start"],
      filters: [{ key: "name", text: "Фундамент" }],
      ganttScale: "month" as const,
      extra: { split: 500 },
    };
    const settings = settingsOf(
      { name: "План", columns: ["name", "code"], grouping: "start", ganttScale: "day" },
      base,
    );
    expect(settings).toEqual({
      columns: ["code", "name"],
      widths: { name: 300 },
      grouping: [],
      filters: base.filters,
      ganttScale: "day",
      extra: { split: 500 },
    });
  });

  it("reads a template back into the form", () => {
    const draft = draftOf({
      id: "x",
      name: "Т",
      active: false,
      updatedAt: "",
      settings: { columns: [], widths: {}, grouping: ["type"], filters: [], ganttScale: "quarter", extra: {} },
    });
    expect(draft).toEqual({ name: "Т", columns: DEFAULT_DRAFT.columns, grouping: "type", ganttScale: "quarter" });
  });
});
