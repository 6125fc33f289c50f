import { describe, expect, it } from "vitest";
import { relationChoices } from "./relation-choices";

// [0] S1 sum, then works A10…A60 (ids 2…7).
const data = {
  ids: [1, 2, 3, 4, 5, 6, 7],
  code: ["S1", "A10", "A20", "A30", "A40", "A50", "A60"],
  name: ["Каркас", "Колонны", "Балки", "Плиты", "Стены", "Кровля", "Окна"],
  type: [0, 2, 2, 2, 2, 2, 2],
};

describe("the works a new relation may go to", () => {
  it("leaves out summaries, the work itself and the works already linked, and lists the first ones only", () => {
    const { options, more } = relationChoices(data, 2, new Set([3]), "", null, 2);
    expect(options.map((o) => o.label)).toEqual(["A30 — Плиты", "A40 — Стены"]);
    expect(more).toBe(2);
  });

  it("narrows by code or name, case ignored, and keeps the chosen work listed", () => {
    expect(relationChoices(data, 2, new Set(), "кро", null).options).toEqual([{ value: "6", label: "A50 — Кровля" }]);
    expect(relationChoices(data, 2, new Set(), "a6", null).options.map((o) => o.value)).toEqual(["7"]);
    const chosen = relationChoices(data, 2, new Set(), "", "7", 1);
    expect(chosen.options.map((o) => o.value)).toEqual(["3", "7"]);
  });
});
