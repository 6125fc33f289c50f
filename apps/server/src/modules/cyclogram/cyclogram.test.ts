import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "../../test/test-server.js";
import { addItem, link, setUpWorkspace } from "../workspace/workspace.test-kit.js";

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

const DAY = 1440;

describe("the cyclogram", () => {
  it("draws a line per work type through the floors, marks idle waits and crossing crews, keeps colours", async () => {
    const { owner, member, stranger, schedule, version } = await setUpWorkspace(server);
    const v = version.id;
    const define = async (body: Record<string, unknown>) =>
      (await owner.call("POST", `/schedules/${schedule.id}/attributes`, body)).body.data.id as string;
    const floor = await define({ name: "Этаж", type: "list", listValues: ["1 этаж", "2 этаж", "3 этаж"] });
    const due = await define({ name: "Срок", type: "date" });
    // masonry floor by floor (2 days each), plaster after it — on floor 2 plaster is pulled in too early
    const masonry = [];
    const plaster = [];
    for (const f of ["1 этаж", "2 этаж", "3 этаж"]) {
      masonry.push(await addItem(owner, v, { type: "work", name: "Кладка", duration: 2 * 480, attrs: { [floor]: f } }));
      plaster.push(await addItem(owner, v, { type: "work", name: "Штукатурка", duration: 480, attrs: { [floor]: f } }));
    }
    // a work without a floor is left out
    await addItem(owner, v, { type: "work", name: "Благоустройство", duration: 480 });
    await link(owner, v, { predecessorId: masonry[0].id, successorId: masonry[1].id });
    await link(owner, v, { predecessorId: masonry[1].id, successorId: masonry[2].id });
    await link(owner, v, { predecessorId: masonry[0].id, successorId: plaster[0].id });
    // plaster of floor 2 starts with the masonry of floor 2 (SS): two crews on one floor at once
    await link(owner, v, { predecessorId: masonry[1].id, successorId: plaster[1].id, type: "ss" });
    // plaster of floor 3 waits for masonry of floor 3: its crew idles after floor 2
    await link(owner, v, { predecessorId: masonry[2].id, successorId: plaster[2].id });
    expect((await owner.call("PATCH", `/versions/${v}/timetable/calculate/synchronous`)).status).toBe(200);

    const answer = await member.call("GET", `/versions/${v}/cyclogram/${floor}`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const c = answer.body.data;
    expect(c.attribute).toEqual({ id: floor, name: "Этаж" });
    expect(c.locations).toEqual(["1 этаж", "2 этаж", "3 этаж"]);
    expect(c.lines.map((l: { workType: string }) => l.workType)).toEqual(["Кладка", "Штукатурка"]);
    const [kladka, shtukaturka] = c.lines;
    expect(kladka.segments.map((s: { location: number }) => s.location)).toEqual([0, 1, 2]);
    expect(kladka.segments.map((s: { wbsId: number }) => s.wbsId)).toEqual(masonry.map((m) => m.id));
    expect(kladka.color).toMatch(/^#[0-9a-f]{6}$/);
    expect(shtukaturka.color).not.toBe(kladka.color);
    expect(c.unplaced).toBe(1);
    // floor 2: plaster and masonry at once
    expect(c.crossings).toEqual([
      expect.objectContaining({ location: 1, a: { line: 0, segment: 1 }, b: { line: 1, segment: 1 } }),
    ]);
    // the plaster crew waits on floor 3's masonry: an idle gap after its second work
    const plasterIdle = c.idle.filter((g: { line: number }) => g.line === 1);
    expect(plasterIdle).toHaveLength(1);
    expect(plasterIdle[0].after).toBe(1);
    expect(plasterIdle[0].finish - plasterIdle[0].start).toBeGreaterThan(DAY);
    expect(c.from).toBeLessThan(c.to);

    // a colour chosen for a work type is kept for the schedule
    const painted = await owner.call("POST", `/versions/${v}/cyclogram/color`, {
      workType: "Штукатурка",
      color: "#AA3300",
    });
    expect(painted.body.data).toEqual({ workType: "Штукатурка", color: "#aa3300" });
    const again = (await owner.call("GET", `/versions/${v}/cyclogram/${floor}`)).body.data;
    expect(again.lines[1].color).toBe("#aa3300");

    // bad input, in the caller's language, nothing written
    const notPlace = await server.call("GET", `/versions/${v}/cyclogram/${due}`, {
      token: owner.token,
      headers: { "x-space-id": owner.spaceId },
      language: "ru",
    });
    expect(notPlace.status).toBe(400);
    expect(notPlace.body.errors[0].message).toBe(
      "«Срок» не может задать места работ на циклограмме: выберите атрибут работ, который называет место (список, текст или число — секция, этаж, захватка)",
    );
    const notPlaceEn = await server.call("GET", `/versions/${v}/cyclogram/${due}`, {
      token: owner.token,
      headers: { "x-space-id": owner.spaceId },
      language: "en",
    });
    expect(notPlaceEn.body.errors[0].message).toBe(
      '"Срок" cannot place works on the cyclogram: choose a work attribute that names a location (a list, text or number, such as section, floor or grip)',
    );
    const badColor = await owner.call("POST", `/versions/${v}/cyclogram/color`, { workType: "Кладка", color: "red" });
    expect(badColor.status).toBe(400);
    // the read-only member may look but not paint
    expect(
      (await member.call("POST", `/versions/${v}/cyclogram/color`, { workType: "Кладка", color: "#000000" })).status,
    ).toBe(403);
    const unchanged = (await owner.call("GET", `/versions/${v}/cyclogram/${floor}`)).body.data;
    expect(unchanged.lines[0].color).toBe(kladka.color);

    // another space's user neither reads nor paints
    expect((await stranger.call("GET", `/versions/${v}/cyclogram/${floor}`)).status).toBe(404);
    expect(
      (await stranger.call("POST", `/versions/${v}/cyclogram/color`, { workType: "Кладка", color: "#000000" })).status,
    ).toBe(404);
    expect((await owner.call("GET", `/versions/${v}/cyclogram/${floor}`)).body.data.lines[0].color).toBe(kladka.color);
  });
});
