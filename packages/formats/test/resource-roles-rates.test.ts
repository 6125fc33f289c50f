import { describe, expect, it } from "vitest";
import { readSchedule, type ScheduleModel, type WritableFormat, writeSchedule } from "../src/index.js";
import { corpus } from "./corpus.js";

async function via(model: ScheduleModel, format: WritableFormat): Promise<ScheduleModel> {
  return readSchedule(await writeSchedule(model, format), { format });
}

/**
 * A corpus file given roles (Mason under Trades) and, on its first resource, three price and availability periods:
 * since always, from 2025-01-20 and from 2025-07-01.
 */
async function withRolesAndRates(file: string) {
  const model = await readSchedule(corpus(file), { fileName: file });
  model.roles = [
    { id: "9001", code: "TRADES", name: "Trades" },
    { id: "9002", parentId: "9001", code: "MASON", name: "Каменщик" },
  ];
  const [first, second] = model.resources;
  first.roleId = "9002";
  if (second) second.roleId = "9001";
  first.costPerUnit = 10;
  first.maxUnitsPerHour = 2;
  first.periods = [
    { costPerUnit: 10, maxUnitsPerHour: 2 },
    { from: "2025-01-20T00:00", costPerUnit: 20, maxUnitsPerHour: 3 },
    { from: "2025-07-01T00:00", costPerUnit: 25.5, maxUnitsPerHour: 1.5 },
  ];
  return model;
}

const rolesOf = (m: ScheduleModel) => ({
  roles: m.roles,
  resources: m.resources.map((r) => [r.code, r.roleId ?? null]),
  periods: m.resources[0].periods,
});

describe("resource roles and rates by period round trip through P6's formats", () => {
  it.each([
    ["xer/encoding1251.xer", "xer"],
    ["xer/encoding1251.xer", "pmxml"],
    ["pmxml/primavera.xml", "xer"],
    ["pmxml/primavera.xml", "pmxml"],
  ] as [string, WritableFormat][])("%s → %s keeps the roles, who fills them and every period", async (file, format) => {
    const model = await withRolesAndRates(file);
    expect(model.resources.length).toBeGreaterThan(1);
    const again = await via(model, format);
    expect(rolesOf(again)).toEqual(rolesOf(model));
    // the first period's values stay the resource's own price and units per time
    expect([again.resources[0].costPerUnit, again.resources[0].maxUnitsPerHour]).toEqual([10, 2]);
  });

  it("reads every RSRCRATE row of a resource, in date order, and its primary role before its other ones", async () => {
    const xer = [
      "ERMHDR\t8.0\t2025-01-01\tProject\tadmin\tadmin\tdbxDatabaseNoName\tProject Management\tUSD",
      "%T\tROLES",
      "%F\trole_id\tparent_role_id\trole_name\trole_short_name",
      "%R\t1\t\tCrane operator\tCRANE-OP",
      "%R\t2\t\tRigger\tRIGGER",
      "%T\tRSRC",
      "%F\trsrc_id\trsrc_name\trsrc_short_name\trsrc_type\trole_id",
      "%R\t10\tTower crane\tCRANE\tRT_Equip\t2",
      "%T\tRSRCRATE",
      "%F\trsrc_rate_id\trsrc_id\tmax_qty_per_hr\tcost_per_qty\tstart_date",
      "%R\t2\t10\t1\t150\t2025-06-01 00:00",
      "%R\t1\t10\t1\t120\t",
      "%T\tRSRCROLE",
      "%F\trsrc_id\trole_id\tskill_level",
      "%R\t10\t1\t3",
      "%R\t10\t2\t2",
      "%E",
    ].join("\r\n");
    const model = await readSchedule(new TextEncoder().encode(xer), { format: "xer" });
    expect(model.roles?.map((r) => r.code)).toEqual(["CRANE-OP", "RIGGER"]);
    expect(model.resources[0].roleId).toBe("2");
    expect(model.resources[0].periods).toEqual([
      { costPerUnit: 120, maxUnitsPerHour: 1 },
      { from: "2025-06-01T00:00", costPerUnit: 150, maxUnitsPerHour: 1 },
    ]);
  });
});
