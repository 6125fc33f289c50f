import { SERVER_EVENT, type ServerEvent } from "@planum/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSocketTestServer, type SocketTestServer } from "../../../test/socket-test-server.js";
import { type Actor, addItem, setUpWorkspace } from "../workspace.test-kit.js";

/** Replacements of a work attribute's values across a version (issue 14): preview, refusal, change, event, undo. */

let sockets: SocketTestServer;
beforeAll(async () => {
  sockets = await createSocketTestServer();
});
afterAll(() => sockets.close());

/** A socket of `actor` in its space's room, keeping every event it hears. */
async function listen(actor: Actor) {
  const socket = sockets.open(actor.token);
  const heard: ServerEvent[] = [];
  socket.on(SERVER_EVENT, (event: ServerEvent) => heard.push(event));
  await new Promise<void>((resolve, reject) => {
    socket.once("connect", () => resolve());
    socket.once("connect_error", reject);
  });
  expect(await socket.timeout(5000).emitWithAck("join_space", { spaceId: actor.spaceId })).toEqual({ ok: true });
  return {
    async waitFor(type: ServerEvent["type"]) {
      for (let i = 0; i < 1200; i++) {
        const found = heard.find((e) => e.type === type);
        if (found) return found as unknown as Record<string, unknown>;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      throw new Error(`no ${type} event; heard ${heard.map((e) => e.type).join(", ")}`);
    },
  };
}

describe("replacements of attribute values", () => {
  it("previews, refuses a value the attribute cannot hold, replaces, announces and undoes", async () => {
    const { owner, member, stranger, schedule, version } = await setUpWorkspace(sockets.server);
    const v = version.id;
    const define = async (body: Record<string, unknown>) =>
      (await owner.call("POST", `/schedules/${schedule.id}/attributes`, body)).body.data.id as string;
    const material = await define({ name: "Материал", type: "string" });
    const grade = await define({ name: "Класс", type: "list", listValues: ["B25", "B30", "B35"] });
    const works: { id: number }[] = [];
    for (const [code, m, g] of [
      ["A10", "бетон м200", "B25"],
      ["A20", "Бетон М300", "B25"],
      ["A30", "кирпич", "B30"],
    ])
      works.push(await addItem(owner, v, { type: "work", code, name: code, attrs: { [material]: m, [grade]: g } }));
    const attrsOf = async (k: number) => (await owner.call("GET", `/versions/${v}/wbs/${works[k].id}`)).body.data.attrs;
    const call = (actor: Actor, body: Record<string, unknown>) =>
      actor.call("POST", `/versions/${v}/replacements`, body);

    // a pattern, any letter case: the preview lists each change and writes nothing
    const pattern = { attributeId: material, mode: "pattern", find: "бетон*", replace: "Бетон B30" };
    const preview = await call(owner, pattern);
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body.data).toMatchObject({ works: 2, values: 2, applied: false });
    expect(
      preview.body.data.changes.map((c: { code: string; before: string; after: string }) => [
        c.code,
        c.before,
        c.after,
      ]),
    ).toEqual([
      ["A10", "бетон м200", "Бетон B30"],
      ["A20", "Бетон М300", "Бетон B30"],
    ]);
    expect((await attrsOf(0))[material]).toBe("бетон м200");

    // a list entry the attribute lacks refuses the whole list, naming the work; nothing changes
    const list = {
      attributeId: grade,
      mode: "list",
      pairs: [
        { find: "B30", replace: "B35" },
        { find: "B25", replace: "B40" },
      ],
      preview: false,
    };
    const refused = await call(owner, list);
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0]).toMatchObject({ code: "ReplacementValueInvalid" });
    expect(refused.body.errors[0].message).toBe(
      "Работа A10: «B40» — недопустимое значение атрибута «Класс»; ничего не заменено",
    );
    expect((await attrsOf(2))[grade]).toBe("B30");
    // other bad input: no text to find, an attribute of nobody's
    expect((await call(owner, { attributeId: material, mode: "exact", find: " " })).status).toBe(400);
    expect((await call(owner, { attributeId: crypto.randomUUID(), mode: "exact", find: "x" })).status).toBe(404);

    // the pattern written: one undoable step, announced to the space
    const socket = await listen(owner);
    const applied = await call(owner, { ...pattern, preview: false });
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    expect(applied.body.data).toMatchObject({ values: 2, applied: true });
    expect((await attrsOf(0))[material]).toBe("Бетон B30");
    expect((await attrsOf(2))[material]).toBe("кирпич");
    expect(await socket.waitFor("attribute_replaced")).toMatchObject({
      versionId: v,
      attributeId: material,
      values: 2,
      itemIds: [works[0].id, works[1].id],
    });

    // an exact value and a list with valid entries
    const exact = await call(owner, {
      attributeId: material,
      mode: "exact",
      find: "кирпич",
      replace: "",
      preview: false,
    });
    expect(exact.body.data.values).toBe(1);
    expect((await attrsOf(2))[material]).toBeUndefined();
    const grades = await call(owner, { ...list, pairs: [{ find: "B25", replace: "B35" }] });
    expect(grades.body.data.values).toBe(2);

    // undo puts the values back as they were before each step
    const actions = (await owner.call("GET", `/versions/${v}/undo-actions`)).body.data;
    expect(actions.slice(0, 3).map((a: { action: string }) => a.action)).toEqual([
      "attribute_replace",
      "attribute_replace",
      "attribute_replace",
    ]);
    for (const action of actions.slice(0, 3))
      expect((await owner.call("POST", `/versions/${v}/restore`, { actionId: action.id })).status).toBe(200);
    expect(await attrsOf(0)).toEqual({ [material]: "бетон м200", [grade]: "B25" });
    expect(await attrsOf(2)).toEqual({ [material]: "кирпич", [grade]: "B30" });

    // a reader may not replace; another space's user reaches nothing
    expect((await call(member, { ...pattern, preview: false })).status).toBe(403);
    expect((await call(stranger, pattern)).status).toBe(404);
    expect((await attrsOf(1))[material]).toBe("Бетон М300");
  });
});
