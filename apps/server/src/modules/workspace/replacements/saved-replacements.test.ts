import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "../../../test/test-server.js";
import { addItem, setUpWorkspace } from "../workspace.test-kit.js";

/** Saved replacements of a schedule and runs over all its versions (issue 14; spec §7 "Schedules … replacements"). */

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

describe("saved replacements", () => {
  it("are saved, listed, changed and run on the version or on every unlocked version of the schedule", async () => {
    const { owner, member, stranger, schedule, version } = await setUpWorkspace(server);
    const material = (
      await owner.call("POST", `/schedules/${schedule.id}/attributes`, { name: "Материал", type: "string" })
    ).body.data.id as string;
    const grade = (
      await owner.call("POST", `/schedules/${schedule.id}/attributes`, {
        name: "Класс",
        type: "list",
        listValues: ["B25", "B30"],
      })
    ).body.data.id as string;
    // three versions: the base, a second, a locked third — each with a work of concrete
    const versions = [version.id];
    for (const label of ["Вторая", "Закрытая"]) {
      const made = await owner.call("POST", `/schedules/${schedule.id}/versions/create`, {
        label,
        projectStart: "2025-01-13T08:00",
      });
      versions.push(made.body.data.id);
    }
    const works: { id: number }[] = [];
    for (const [k, v] of versions.entries())
      works.push(
        await addItem(owner, v, { type: "work", code: `A${k}`, name: "Стена", attrs: { [material]: "бетон м200" } }),
      );
    expect((await owner.call("POST", `/versions/${versions[2]}/setLocked`, { locked: true })).status).toBe(200);
    const valueIn = async (k: number) =>
      (await owner.call("GET", `/versions/${versions[k]}/wbs/${works[k].id}`)).body.data.attrs[material];
    const base = `/schedules/${schedule.id}/replacements`;

    // saved under a name unique in the schedule; a bad rule is refused and nothing saved
    const rule = {
      name: "Бетон по классу",
      attributeId: material,
      mode: "pattern",
      find: "бетон*",
      replace: "Бетон B30",
    };
    const created = await owner.call("POST", base, rule);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.data).toMatchObject({ name: "Бетон по классу", attributeName: "Материал", lastRun: null });
    const id = created.body.data.id as string;
    expect((await owner.call("POST", base, rule)).body.errors[0].code).toBe("NameTaken");
    expect((await owner.call("POST", base, { ...rule, name: "Пусто", find: "  " })).status).toBe(400);
    const twice = await owner.call("POST", base, {
      name: "Дважды",
      attributeId: grade,
      mode: "list",
      pairs: [
        { find: "B25", replace: "B30" },
        { find: "B25", replace: "B25" },
      ],
    });
    expect(twice.status).toBe(400);
    expect((await owner.call("POST", base, { ...rule, name: "Чужой", attributeId: crypto.randomUUID() })).status).toBe(
      404,
    );
    expect((await owner.call("GET", base)).body.data.map((r: { name: string }) => r.name)).toEqual(["Бетон по классу"]);

    // a preview over the schedule names each change's version and skips the locked one; nothing is written
    const preview = await owner.call("GET", `/versions/${versions[0]}/replacements/${id}?wholeSchedule=true`);
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body.data).toMatchObject({ values: 2, versions: 2, applied: false });
    expect(
      preview.body.data.changes.map((c: { versionLabel: string; after: string }) => [c.versionLabel, c.after]),
    ).toEqual([
      ["Базовая", "Бетон B30"],
      ["Вторая", "Бетон B30"],
    ]);
    expect(await valueIn(0)).toBe("бетон м200");

    // a reader may preview but not run; another space's user reaches nothing
    expect((await member.call("GET", `/versions/${versions[0]}/replacements/${id}`)).status).toBe(200);
    expect((await member.call("POST", `/versions/${versions[0]}/replacements/${id}`, {})).status).toBe(403);
    expect((await member.call("POST", base, { ...rule, name: "Читатель" })).status).toBe(403);
    expect((await stranger.call("GET", base)).status).toBe(404);
    expect((await stranger.call("GET", `/versions/${versions[0]}/replacements/${id}`)).status).toBe(404);
    expect((await stranger.call("DELETE", `${base}/${id}`)).status).toBe(404);

    // run on one version: only it changes, and the run is recorded on the rule
    const one = await owner.call("POST", `/versions/${versions[1]}/replacements/${id}`, {});
    expect(one.body.data).toMatchObject({ values: 1, versions: 1, applied: true });
    expect([await valueIn(0), await valueIn(1)]).toEqual(["бетон м200", "Бетон B30"]);

    // changed, then run over the schedule: every unlocked version, the locked one as it was
    const changed = await owner.call("PATCH", base, { ...rule, id, name: "Бетон B35", replace: "Бетон B35" });
    expect(changed.body.data).toMatchObject({ name: "Бетон B35", replace: "Бетон B35" });
    const all = await owner.call("POST", `/versions/${versions[0]}/replacements/${id}`, { wholeSchedule: true });
    expect(all.body.data).toMatchObject({ values: 2, versions: 2, applied: true });
    expect([await valueIn(0), await valueIn(1), await valueIn(2)]).toEqual(["Бетон B35", "Бетон B35", "бетон м200"]);
    const [listed] = (await owner.call("GET", base)).body.data;
    expect(listed.lastRun).toMatchObject({ values: 2, versions: 2 });
    expect(listed.lastRun.byName).toBeTruthy();

    // each version undoes its own step
    const undo = async (v: string) => {
      const [last] = (await owner.call("GET", `/versions/${v}/undo-actions`)).body.data;
      expect(last.action).toBe("attribute_replace");
      return (await owner.call("POST", `/versions/${v}/restore`, { actionId: last.id })).status;
    };
    expect(await undo(versions[0])).toBe(200);
    expect([await valueIn(0), await valueIn(1)]).toEqual(["бетон м200", "Бетон B35"]);

    // a value one version cannot take refuses the run everywhere, naming the version and the work
    await addItem(owner, versions[1], { type: "work", code: "Z9", name: "Плита", attrs: { [grade]: "B25" } });
    const toB40 = await owner.call("POST", base, {
      name: "B40",
      attributeId: grade,
      mode: "exact",
      find: "B25",
      replace: "B40",
    });
    await addItem(owner, versions[0], { type: "work", code: "Z1", name: "Плита", attrs: { [grade]: "B30" } });
    const refused = await owner.call("POST", `/versions/${versions[0]}/replacements/${toB40.body.data.id}`, {
      wholeSchedule: true,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0].message).toBe(
      "Версия «Вторая», работа Z9: «B40» — недопустимое значение атрибута «Класс»; ничего не заменено",
    );

    // an inline replacement reaches the whole schedule too; itemIds belong to one version only
    const inline = await owner.call("POST", `/versions/${versions[0]}/replacements`, {
      attributeId: material,
      mode: "exact",
      find: "Бетон B35",
      replace: "Бетон",
      wholeSchedule: true,
      itemIds: [works[0].id],
    });
    expect(inline.status).toBe(400);

    // deleted: gone from the list, the values it wrote stay; another schedule's version cannot run it
    expect((await owner.call("DELETE", `${base}/${id}`)).status).toBe(200);
    expect((await owner.call("GET", base)).body.data.map((r: { name: string }) => r.name)).toEqual(["B40"]);
    expect(await valueIn(1)).toBe("Бетон B35");
    expect((await owner.call("POST", `/versions/${versions[0]}/replacements/${id}`, {})).status).toBe(404);
  });
});
