import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "../../../test/test-server.js";
import { addItem } from "../workspace.test-kit.js";
import { inEnglish, iso, seedWdpSchedule, seriesOf, TODAY, TOMORROW } from "./wdp.test-kit.js";

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

describe("work-done plans: entry rules", () => {
  it("refuses bad entries with a message naming the work and the day, writing nothing", async () => {
    const { owner, v, a, base, space, schedule } = await seedWdpSchedule(server);
    const put = (value: unknown, date = "2025-01-13", kind = "fact") =>
      inEnglish(server, owner, "PATCH", `${base}/update`, {
        versionId: v,
        itemId: a.id,
        measure: "volume",
        kind,
        days: [
          { date: "2025-01-14", value: 5 },
          { date, value },
        ],
      });
    const future = await put(3, TOMORROW);
    expect(future.status).toBe(400);
    expect(future.body.errors[0].code).toBe("WdpFactInFuture");
    expect(future.body.errors[0].message).toContain('Work "A10 Бетон"');
    expect(future.body.errors[0].message).toContain(TOMORROW.split("-").reverse().join("."));
    // A plan for tomorrow is fine; a fact for today too.
    expect((await put(3, TOMORROW, "plan")).status).toBe(200);
    expect((await put(3, TODAY)).status).toBe(200);
    const negative = await put(-1);
    expect(negative.body.errors[0]).toMatchObject({ code: "WdpNegativeValue" });
    expect(negative.body.errors[0].message).toBe('Work "A10 Бетон", 13.01.2025: the quantity cannot be negative');
    const word = await put("двадцать");
    expect(word.body.errors[0]).toMatchObject({ code: "WdpInvalidValue" });
    expect((await put(Number.MAX_VALUE)).body.errors[0].code).toBe("WdpInvalidValue");
    expect((await put("")).body.errors[0].code).toBe("WdpInvalidValue");
    const badDate = await put(1, "2025-13-40");
    expect(badDate.status).toBe(400);
    // Only today's fact and tomorrow's plan got in, each with the 5 of the 14th.
    const now = await seriesOf(owner, v, a.id);
    expect(now["volume/fact"].total).toBe(8);
    expect(now["volume/plan"].total).toBe(8);

    // The allowed entry period: 30 days before today.
    const settings = await owner.call("PUT", `/space/${space.id}/settings`, { wdpEntryDays: 30 });
    expect(settings.body.data.wdpEntryDays).toBe(30);
    const limit = (await owner.call("GET", `/schedules/${schedule.id}/limit-for-dp`)).body.data;
    expect(limit).toEqual({ entryDays: 30, keyDate: TODAY, earliest: iso(Date.now() - 30 * 86_400_000) });
    const old = await put(1);
    expect(old.body.errors[0].code).toBe("WdpBeforeEntryPeriod");
    // The first refused cell is named: the 14th comes first in the request.
    expect(old.body.errors[0].message).toContain("14.01.2025");
    const ru = await owner.call("PATCH", `${base}/update`, {
      versionId: v,
      itemId: a.id,
      measure: "volume",
      kind: "fact",
      days: [{ date: "2025-01-13", value: 1 }],
    });
    expect(ru.body.errors[0].message).toContain(
      "Работа «A10 Бетон», 13.01.2025: день раньше разрешённого периода ввода",
    );
    await owner.call("PUT", `/space/${space.id}/settings`, { wdpEntryDays: null });

    // A plan total below the facts already in, by_fact.
    const below = await inEnglish(server, owner, "POST", `${base}/distribute`, {
      versionId: v,
      itemIds: [a.id],
      measure: "volume",
      mode: "by_fact",
      total: 2,
    });
    expect(below.body.errors[0]).toMatchObject({ code: "WdpPlanBelowFacts" });
    expect(below.body.errors[0].message).toBe(
      'Work "A10 Бетон": the plan total 2 is less than the facts already entered (8)',
    );
    // A sum carries no plan of its own; unknown works and versions are not found.
    const s = (await addItem(owner, v, { type: "sum", name: "Пустая", code: "S2" })).id;
    expect((await put(1, "2025-01-13")).status).toBe(200);
    expect(
      (await owner.call("POST", `${base}/distribute`, { versionId: v, itemIds: [s], measure: "volume", mode: "start" }))
        .status,
    ).toBe(400);
    expect(
      (
        await owner.call("POST", `${base}/distribute`, {
          versionId: v,
          itemIds: [999999],
          measure: "volume",
          mode: "start",
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await owner.call("POST", `${base}/distribute`, {
          versionId: v,
          itemIds: [a.id],
          measure: "weight",
          mode: "start",
        })
      ).status,
    ).toBe(400);

    // A locked version refuses every change.
    expect((await owner.call("POST", `/versions/${v}/setLocked`, { locked: true })).status).toBe(200);
    const locked = await inEnglish(server, owner, "PATCH", `${base}/update`, {
      versionId: v,
      itemId: a.id,
      measure: "volume",
      kind: "fact",
      days: [{ date: "2025-01-16", value: 1 }],
    });
    expect(locked.status).toBe(409);
    expect(locked.body.errors[0].code).toBe("VersionLocked");
    expect((await owner.call("POST", `/versions/${v}/wdp/toggle-status`, { itemId: a.id })).status).toBe(409);
    const fact = (await seriesOf(owner, v, a.id))["volume/fact"];
    // 1 on the 13th, 5 on the 14th, 3 today: the refused 1 of the 16th is not there.
    expect(fact.values.slice(0, 4)).toEqual([1, 5, 0, 0]);
    expect(fact.total).toBe(9);
  });

  it("keeps facts and the days before the entry period through distributions and whole-plan clears", async () => {
    const { owner, space, v, a, b, base } = await seedWdpSchedule(server);
    await owner.call("POST", `${base}/distribute`, {
      versionId: v,
      itemIds: [a.id, b.id],
      measure: "volume",
      mode: "evenly",
    });
    await owner.call("PATCH", `${base}/update-many`, {
      versionId: v,
      cells: [{ itemId: a.id, measure: "volume", kind: "fact", date: "2025-01-13", value: 15 }],
    });
    const before = await seriesOf(owner, v, a.id);

    // January 2025 lies before an entry period of 30 days: a distribution that would change it is refused.
    await owner.call("PUT", `/space/${space.id}/settings`, { wdpEntryDays: 30 });
    const spread = await inEnglish(server, owner, "POST", `${base}/distribute`, {
      versionId: v,
      itemIds: [a.id],
      measure: "volume",
      mode: "start",
    });
    expect(spread.status).toBe(400);
    expect(spread.body.errors[0].message).toContain(
      'Work "A10 Бетон", 13.01.2025: the day is before the allowed entry',
    );
    // A whole-plan clear keeps the days before the period (all of them here) and the facts.
    const kept = await owner.call("POST", `${base}/bulk-clear-wdp`, { versionId: v, itemIds: [a.id] });
    expect(kept.status).toBe(200);
    expect(kept.body.data.removed).toEqual([]);
    expect(await seriesOf(owner, v, a.id)).toEqual(before);

    // Without a period the plan goes, the facts stay.
    await owner.call("PUT", `/space/${space.id}/settings`, { wdpEntryDays: null });
    const gone = await owner.call("POST", `${base}/bulk-clear-wdp`, { versionId: v, itemIds: [a.id] });
    expect(gone.body.data.removed).toEqual([{ itemId: a.id, measure: "volume", kind: "plan" }]);
    expect(await seriesOf(owner, v, a.id)).toEqual({ "volume/fact": before["volume/fact"] });
  });

  it("refuses typing the approved plan: approval writes it", async () => {
    const { owner, v, a, base } = await seedWdpSchedule(server);
    const one = await inEnglish(server, owner, "PATCH", `${base}/update`, {
      versionId: v,
      itemId: a.id,
      measure: "volume",
      kind: "approved_plan",
      days: [{ date: "2025-01-13", value: 5 }],
    });
    expect(one.status).toBe(400);
    expect(one.body.errors[0].message).toBe(
      'Work "A10 Бетон", 13.01.2025: the approved plan is written by approving facts, not entered',
    );
    const many = await owner.call("PATCH", `${base}/update-many`, {
      versionId: v,
      cells: [
        { itemId: a.id, measure: "volume", kind: "plan", date: "2025-01-13", value: 5 },
        { itemId: a.id, measure: "volume", kind: "approved_plan", date: "2025-01-14", value: 5 },
      ],
    });
    expect(many.status).toBe(400);
    expect(many.body.errors[0].message).toBe(
      "Работа «A10 Бетон», 14.01.2025: утверждённый план записывается утверждением факта, а не вводом",
    );
    expect(await seriesOf(owner, v, a.id)).toEqual({});
  });
});
