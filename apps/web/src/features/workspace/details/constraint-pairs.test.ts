import { describe, expect, it } from "vitest";
import { constraintsOf, limitsOf } from "./constraint-pairs";

const none = { startLimitType: null, startLimitDate: null, finishLimitType: null, finishLimitDate: null };

describe("primary and secondary constraints", () => {
  it("reads the start limit as primary and the finish limit as secondary", () => {
    expect(constraintsOf(none)).toEqual({ primary: { kind: null, date: null }, secondary: { kind: null, date: null } });
    const both = constraintsOf({
      startLimitType: "not_earlier",
      startLimitDate: "2025-01-20T08:00",
      finishLimitType: "in_date",
      finishLimitDate: "2025-01-31T17:00",
    });
    expect(both.primary).toEqual({ kind: "start_on_or_after", date: "2025-01-20T08:00" });
    expect(both.secondary).toEqual({ kind: "finish_on", date: "2025-01-31T17:00" });
    const finishOnly = constraintsOf({ ...none, finishLimitType: "not_later", finishLimitDate: "2025-02-01T17:00" });
    expect(finishOnly.primary.kind).toBe("finish_on_or_before");
    expect(finishOnly.secondary.kind).toBeNull();
  });

  it("stores a pair as one start and one finish limit, and refuses two of the same end", () => {
    expect(
      limitsOf(
        { kind: "finish_on_or_before", date: "2025-02-01T17:00" },
        { kind: "start_on", date: "2025-01-20T08:00" },
      ),
    ).toEqual({
      startLimitType: "in_date",
      startLimitDate: "2025-01-20T08:00",
      finishLimitType: "not_later",
      finishLimitDate: "2025-02-01T17:00",
      alap: false,
    });
    expect(limitsOf({ kind: "start_on", date: null }, { kind: "start_on_or_after", date: null })).toBe("two");
    expect(limitsOf({ kind: null, date: null }, { kind: null, date: null })).toEqual({ ...none, alap: false });
  });

  it("mandatory start and finish are limits of their end; as late as possible is a flag without a date, shown first", () => {
    const mandatory = limitsOf(
      { kind: "mandatory_finish", date: "2025-02-01T17:00" },
      { kind: "start_on_or_after", date: "2025-01-20T08:00" },
    );
    expect(mandatory).toEqual({
      startLimitType: "not_earlier",
      startLimitDate: "2025-01-20T08:00",
      finishLimitType: "mandatory",
      finishLimitDate: "2025-02-01T17:00",
      alap: false,
    });
    expect(constraintsOf({ ...none, startLimitType: "mandatory", startLimitDate: "2025-01-20T08:00" }).primary).toEqual(
      { kind: "mandatory_start", date: "2025-01-20T08:00" },
    );
    const alap = limitsOf(
      { kind: "as_late_as_possible", date: null },
      { kind: "finish_on_or_before", date: "2025-02-01T17:00" },
    );
    expect(alap).toEqual({
      ...none,
      finishLimitType: "not_later",
      finishLimitDate: "2025-02-01T17:00",
      alap: true,
    });
    expect(
      constraintsOf({ ...none, finishLimitType: "not_later", finishLimitDate: "2025-02-01T17:00", alap: true }),
    ).toEqual({
      primary: { kind: "as_late_as_possible", date: null },
      secondary: { kind: "finish_on_or_before", date: "2025-02-01T17:00" },
    });
    expect(limitsOf({ kind: "as_late_as_possible", date: null }, { kind: "as_late_as_possible", date: null })).toBe(
      "two",
    );
  });
});
