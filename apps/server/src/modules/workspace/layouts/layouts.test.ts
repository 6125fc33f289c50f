import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "../../../test/test-server.js";
import { setUpWorkspace } from "../workspace.test-kit.js";

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

const settings = {
  columns: ["code", "name", "start"],
  widths: { name: 320 },
  grouping: ["status"],
  ganttScale: "month",
};

describe("layouts", () => {
  it("keeps each user's layouts with one active, templates for the space and named groupings", async () => {
    const { owner, member, stranger, schedule } = await setUpWorkspace(server);
    const base = `/schedules/${schedule.id}`;
    const template = await owner.call("POST", `${base}/version-layout-template`, { name: "Шаблон", settings });
    expect(template.body.data.settings).toMatchObject({
      columns: ["code", "name", "start"],
      ganttScale: "month",
      filters: [],
    });
    const first = await owner.call("POST", `${base}/version-layout`, {
      name: "Мой",
      settings: { ganttScale: "week" },
      templateId: template.body.data.id,
      active: true,
    });
    // the template's columns, widths and grouping stay where the body gave none (its lists arrive empty by default)
    expect(first.body.data).toMatchObject({
      active: true,
      settings: { ganttScale: "week", columns: ["code", "name", "start"], widths: { name: 320 }, grouping: ["status"] },
    });
    const second = await owner.call("POST", `${base}/version-layout`, { name: "Второй", settings, active: true });
    const mine = (await owner.call("GET", `${base}/version-layout`)).body.data;
    expect(mine.map((l: { name: string; active: boolean }) => [l.name, l.active])).toEqual([
      ["Второй", true],
      ["Мой", false],
    ]);
    expect((await member.call("GET", `${base}/version-layout`)).body.data).toEqual([]);
    const renamed = await owner.call("PUT", `${base}/version-layout/${second.body.data.id}`, { name: "Третий" });
    expect(renamed.body.data.name).toBe("Третий");
    expect((await member.call("PUT", `${base}/version-layout/${second.body.data.id}`, { name: "x" })).status).toBe(404);
    expect(
      (await owner.call("POST", `${base}/version-layout`, { name: "x", settings: { ganttScale: "decade" } })).status,
    ).toBe(400);
    expect((await owner.call("DELETE", `${base}/version-layout/${first.body.data.id}`)).status).toBe(200);
    expect((await owner.call("GET", "/viewsettings")).body.data.templates).toHaveLength(1);
    expect((await member.call("POST", `${base}/version-layout-template`, { name: "x", settings })).status).toBe(403);
    expect(
      (await owner.call("PUT", `${base}/version-layout-template/${template.body.data.id}`, { name: "Новый" })).body.data
        .name,
    ).toBe("Новый");
    expect((await owner.call("DELETE", `${base}/version-layout-template/${template.body.data.id}`)).status).toBe(200);

    const group = await owner.call("POST", `${base}/wbs-group-setting`, {
      name: "По статусу",
      levels: ["status", "attr:42"],
    });
    expect(group.body.data).toMatchObject({ name: "По статусу", levels: ["status", "attr:42"] });
    const changed = await owner.call("PUT", `${base}/wbs-group-setting/${group.body.data.id}`, { levels: ["code"] });
    expect(changed.body.data.levels).toEqual(["code"]);
    expect((await owner.call("GET", `${base}/wbs-group-setting`)).body.data).toHaveLength(1);
    expect((await owner.call("POST", `${base}/wbs-group-setting`, { name: "x", levels: [] })).status).toBe(400);
    expect((await stranger.call("GET", `${base}/wbs-group-setting`)).status).toBe(404);
    expect((await stranger.call("GET", `${base}/version-layout`)).status).toBe(404);
    expect((await owner.call("DELETE", `${base}/wbs-group-setting/${group.body.data.id}`)).status).toBe(200);
  });
});
