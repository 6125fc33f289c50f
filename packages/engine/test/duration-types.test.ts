import { applyDurationType, type UnitsAndDuration } from "@planum/engine";
import { describe, expect, it } from "vitest";

/**
 * P6's four duration types, each checked by hand on one activity: 5 days (2,400 working minutes = 40 h) with one
 * assignment of 80 units at 2 units per hour.
 */
const start: UnitsAndDuration = { duration: 2400, units: 80, unitsPerHour: 2 };

describe("duration types", () => {
  it("fixed units/time: a longer duration costs more units, more units take longer, a higher rate more units", () => {
    // 10 days × 8 h × 2/h = 160 units
    expect(applyDurationType("fixed_units_time", start, { field: "duration", value: 4800 })).toEqual({
      duration: 4800,
      units: 160,
      unitsPerHour: 2,
    });
    // 120 units at 2/h = 60 h = 3,600 minutes
    expect(applyDurationType("fixed_units_time", start, { field: "units", value: 120 })).toEqual({
      duration: 3600,
      units: 120,
      unitsPerHour: 2,
    });
    // 3/h over the same 40 h = 120 units
    expect(applyDurationType("fixed_units_time", start, { field: "unitsPerHour", value: 3 })).toEqual({
      duration: 2400,
      units: 120,
      unitsPerHour: 3,
    });
  });

  it("fixed duration and units/time: the duration holds when units change (the rate follows)", () => {
    expect(applyDurationType("fixed_duration_units_time", start, { field: "duration", value: 1200 })).toEqual({
      duration: 1200,
      units: 40,
      unitsPerHour: 2,
    });
    // 100 units over 40 h = 2.5/h
    expect(applyDurationType("fixed_duration_units_time", start, { field: "units", value: 100 })).toEqual({
      duration: 2400,
      units: 100,
      unitsPerHour: 2.5,
    });
    expect(applyDurationType("fixed_duration_units_time", start, { field: "unitsPerHour", value: 1 })).toEqual({
      duration: 2400,
      units: 40,
      unitsPerHour: 1,
    });
  });

  it("fixed units: the units hold; a longer duration lowers the rate, a higher rate shortens the duration", () => {
    // 80 units over 80 h = 1/h
    expect(applyDurationType("fixed_units", start, { field: "duration", value: 4800 })).toEqual({
      duration: 4800,
      units: 80,
      unitsPerHour: 1,
    });
    // 40 units at 2/h = 20 h
    expect(applyDurationType("fixed_units", start, { field: "units", value: 40 })).toEqual({
      duration: 1200,
      units: 40,
      unitsPerHour: 2,
    });
    // 80 units at 4/h = 20 h
    expect(applyDurationType("fixed_units", start, { field: "unitsPerHour", value: 4 })).toEqual({
      duration: 1200,
      units: 80,
      unitsPerHour: 4,
    });
  });

  it("fixed duration and units: duration and units hold each other; only the rate moves, or the units with it", () => {
    // 80 units over 20 h = 4/h
    expect(applyDurationType("fixed_duration_units", start, { field: "duration", value: 1200 })).toEqual({
      duration: 1200,
      units: 80,
      unitsPerHour: 4,
    });
    // 60 units over 40 h = 1.5/h
    expect(applyDurationType("fixed_duration_units", start, { field: "units", value: 60 })).toEqual({
      duration: 2400,
      units: 60,
      unitsPerHour: 1.5,
    });
    // 0.5/h over 40 h = 20 units
    expect(applyDurationType("fixed_duration_units", start, { field: "unitsPerHour", value: 0.5 })).toEqual({
      duration: 2400,
      units: 20,
      unitsPerHour: 0.5,
    });
  });

  it("a zero rate cannot give a duration: the duration stays; a zero duration sets the rate to 0", () => {
    const idle = { duration: 2400, units: 80, unitsPerHour: 0 };
    expect(applyDurationType("fixed_units", idle, { field: "units", value: 40 }).duration).toBe(2400);
    expect(applyDurationType("fixed_units", start, { field: "duration", value: 0 })).toEqual({
      duration: 0,
      units: 80,
      unitsPerHour: 0,
    });
  });
});
