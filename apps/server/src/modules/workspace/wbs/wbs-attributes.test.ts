import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "../../../test/test-server.js";
import { addItem, setUpWorkspace } from "../workspace.test-kit.js";

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

describe("work attribute values", () => {
  it("are checked by the attribute's type when a work is edited, stored parsed, and refused without change", async () => {
    const { owner, member, stranger, version, schedule } = await setUpWorkspace(server);
    const v = version.id;
    const define = async (body: Record<string, unknown>) => {
      const answer = await owner.call("POST", `/schedules/${schedule.id}/attributes`, body);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return answer.body.data.id as string;
    };
    const weight = await define({ name: "Вес", type: "number" });
    const stage = await define({ name: "Стадия", type: "list", listValues: ["П", "Р"] });
    const accepted = await define({ name: "Приёмка", type: "date" });
    const item = await addItem(owner, v, { type: "work", name: "Кладка", attrs: { [weight]: "1,5" } });
    expect((await owner.call("GET", `/versions/${v}/wbs/${item.id}`)).body.data.attrs).toEqual({ [weight]: 1.5 });

    const edit = (revision: number, attrs: Record<string, unknown>, actor = owner) =>
      actor.call("PATCH", `/versions/${v}/wbs/${item.id}/update`, { revision, attrs });
    const stored = await edit(item.revision, { [weight]: "2,5", [stage]: "Р", [accepted]: "20.01.2025" });
    expect(stored.status, JSON.stringify(stored.body)).toBe(200);
    expect(stored.body.data.item.attrs).toEqual({ [weight]: 2.5, [stage]: "Р", [accepted]: "2025-01-20" });
    const revision = stored.body.data.item.revision as number;

    const bad: [Record<string, unknown>, string][] = [
      [{ [weight]: "много" }, "InvalidNumber"],
      [{ [stage]: "Х" }, "InvalidValue"],
      [{ [accepted]: "31.02.2025" }, "InvalidDate"],
      // one bad value refuses the whole edit: the good one beside it is not stored either
      [{ [weight]: 7, [accepted]: "вчера" }, "InvalidDate"],
    ];
    for (const [attrs, code] of bad) {
      const answer = await edit(revision, attrs);
      expect(answer.status, JSON.stringify(attrs)).toBe(400);
      expect(answer.body.errors[0]).toMatchObject({ code });
    }
    const after = (await owner.call("GET", `/versions/${v}/wbs/${item.id}`)).body.data;
    expect(after).toMatchObject({ revision, attrs: { [weight]: 2.5, [stage]: "Р", [accepted]: "2025-01-20" } });

    // null clears one value
    const cleared = await edit(revision, { [stage]: null });
    expect(cleared.body.data.item.attrs).toEqual({ [weight]: 2.5, [accepted]: "2025-01-20" });

    // a reader of the space may not change values; another space neither reads nor changes them
    expect((await edit(cleared.body.data.item.revision, { [weight]: 3 }, member)).status).toBe(403);
    expect((await stranger.call("GET", `/schedules/${schedule.id}/attributes/all`)).status).toBe(404);
    expect((await stranger.call("GET", `/versions/${v}/wbs/${item.id}`)).status).toBe(404);
    expect((await edit(cleared.body.data.item.revision, { [weight]: 3 }, stranger)).status).toBe(404);
    const other = await setUpWorkspace(server);
    const cross = await other.owner.call("PATCH", `/versions/${other.version.id}/wbs/${item.id}/update`, {
      revision: cleared.body.data.item.revision,
      attrs: { [weight]: 3 },
    });
    expect(cross.status).toBe(404);
    expect((await owner.call("GET", `/versions/${v}/wbs/${item.id}`)).body.data.attrs[weight]).toBe(2.5);
  });
});
