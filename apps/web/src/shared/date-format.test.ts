import { describe, expect, it } from "vitest";
import { monthYearTitle } from "./date-format";

const november = new Date(Date.UTC(2026, 10, 1));

describe("monthYearTitle", () => {
  it("names the month and year without the Russian 'г.' and with one capital letter", () => {
    expect(monthYearTitle("ru", november)).toBe("Ноябрь 2026");
    expect(monthYearTitle("en", november)).toBe("November 2026");
    expect(monthYearTitle("fr", november)).toBe("Novembre 2026");
  });

  it("names the month alone in the nominative", () => {
    expect(monthYearTitle("ru", new Date(Date.UTC(2026, 4, 1)), false)).toBe("Май");
    expect(monthYearTitle("fr", new Date(Date.UTC(2026, 7, 1)), false)).toBe("Août");
  });
});
