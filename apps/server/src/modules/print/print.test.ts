import { DEFAULT_PRINT_FORMAT, SERVER_EVENT, type ServerEvent } from "@planum/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSocketTestServer, type SocketTestServer } from "../../test/socket-test-server.js";
import { type Actor, setUpWorkspace } from "../workspace/workspace.test-kit.js";

let sockets: SocketTestServer;
beforeAll(async () => {
  sockets = await createSocketTestServer();
});
afterAll(() => sockets.close());

const format = {
  paper: "A3",
  orientation: "landscape",
  widthMm: 0,
  heightMm: 0,
  margins: { top: 10, right: 12, bottom: 10, left: 12 },
  bands: {
    firstHeader: { left: "[project]", center: "График производства работ", right: "[dataDate]" },
    header: { left: "[schedule]", center: "", right: "[version]" },
    footer: { left: "[user]", center: "[printedAt]", right: "[page] / [pages]" },
    lastFooter: { left: "Согласовано: ____________", center: "", right: "[page] / [pages]" },
  },
  textSizePt: 10,
};

/** The same call in a chosen language (the actors of the kit send none, so answers come in Russian). */
function callIn(actor: Actor, language: string, method: "POST", url: string, body: unknown) {
  return sockets.server.call(method, url, {
    token: actor.token,
    body,
    language,
    headers: { "x-space-id": actor.spaceId },
  });
}

async function presetEvents(actor: Actor) {
  const socket = sockets.open(actor.token);
  const heard: ServerEvent[] = [];
  socket.on(SERVER_EVENT, (event: ServerEvent) => heard.push(event));
  await new Promise<void>((resolve, reject) => {
    socket.once("connect", () => resolve());
    socket.once("connect_error", reject);
  });
  expect(await socket.timeout(30_000).emitWithAck("join_space", { spaceId: actor.spaceId })).toEqual({ ok: true });
  const count = () => heard.filter((e) => e.type === "print_presets_updated").length;
  /** Polls until `n` preset events were heard (no fixed sleep: a loaded machine may be slow). */
  const until = async (n: number) => {
    for (let i = 0; i < 2400 && count() < n; i++) await new Promise((resolve) => setTimeout(resolve, 25));
    return count();
  };
  return { until, close: () => socket.close() };
}

describe("print presets", () => {
  it("keeps the space's named formats with their sheet, margins and bands, names unique regardless of case", async () => {
    const { owner, member } = await setUpWorkspace(sockets.server);
    const events = await presetEvents(member);
    const created = await owner.call("POST", "/versions/print-presets/create", { name: "План А3", ...format });
    expect(created.status).toBe(200);
    // a named paper is stored with its ISO size whatever numbers came with it
    expect(created.body.data).toMatchObject({ name: "План А3", widthMm: 420, heightMm: 297, textSizePt: 10 });
    expect(created.body.data.bands.lastFooter.left).toBe("Согласовано: ____________");
    expect(await events.until(1)).toBe(1);

    const custom = await owner.call("POST", "/versions/print-presets/create", {
      ...format,
      name: "Плоттер 914",
      paper: "custom",
      orientation: "portrait",
      widthMm: 1200,
      heightMm: 914,
    });
    expect(custom.body.data).toMatchObject({ paper: "custom", widthMm: 1200, heightMm: 914 });
    const listed = (await member.call("GET", "/versions/print-presets/get")).body.data;
    expect(listed.map((p: { name: string }) => p.name)).toEqual(["План А3", "Плоттер 914"]);

    const again = await callIn(owner, "ru", "POST", "/versions/print-presets/create", { ...format, name: "план а3" });
    expect(again.status).toBe(409);
    expect(again.body.errors[0].message).toBe("Формат с таким названием уже существует");
    const againEn = await callIn(owner, "en", "POST", "/versions/print-presets/create", { ...format, name: "План А3" });
    expect(againEn.body.errors[0].message).toBe("A format with this name already exists");
    expect((await owner.call("GET", "/versions/print-presets/get")).body.data).toHaveLength(2);

    // a member with the default (read-only) role sees presets but neither adds nor removes them
    expect((await member.call("POST", "/versions/print-presets/create", { ...format, name: "Мой" })).status).toBe(403);
    expect((await member.call("DELETE", `/versions/print-presets/delete/${created.body.data.id}`)).status).toBe(403);
    expect((await owner.call("DELETE", `/versions/print-presets/delete/${created.body.data.id}`)).status).toBe(200);
    expect((await owner.call("DELETE", `/versions/print-presets/delete/${created.body.data.id}`)).status).toBe(404);
    expect(await events.until(3)).toBe(3);
    events.close();
  });

  it("refuses a sheet below 297 × 210 mm, a negative margin and margins that fill the sheet, in ru and en, writing nothing", async () => {
    const { owner } = await setUpWorkspace(sockets.server);
    const small = { ...format, name: "Малый", paper: "custom", widthMm: 280, heightMm: 200 };
    const ru = await callIn(owner, "ru", "POST", "/versions/print-presets/create", small);
    expect(ru.status).toBe(400);
    expect(ru.body.errors.map((e: { message: string }) => e.message).sort()).toEqual([
      "Высота листа должна быть не меньше 210 мм",
      "Ширина листа должна быть не меньше 297 мм",
    ]);
    const en = await callIn(owner, "en", "POST", "/versions/print-presets/create", small);
    expect(en.body.errors.map((e: { message: string }) => e.message).sort()).toEqual([
      "The sheet height must be at least 210 mm",
      "The sheet width must be at least 297 mm",
    ]);
    const negative = { ...format, name: "Поля", margins: { ...format.margins, left: -1 } };
    const refusedMargin = await callIn(owner, "ru", "POST", "/versions/print-presets/create", negative);
    expect(refusedMargin.body.errors[0]).toMatchObject({
      code: "PrintMarginNegative",
      message: "Поле не может быть отрицательным",
    });
    const enMargin = await callIn(owner, "en", "POST", "/versions/print-presets/create", negative);
    expect(enMargin.body.errors[0].message).toBe("A margin cannot be negative");
    const full = { ...format, name: "Поля", margins: { top: 150, right: 0, bottom: 150, left: 0 } };
    expect((await owner.call("POST", "/versions/print-presets/create", full)).body.errors[0].code).toBe(
      "PrintMarginsTooLarge",
    );
    // A4 portrait is the smallest sheet: allowed
    const a4 = await owner.call("POST", "/versions/print-presets/create", {
      ...format,
      name: "А4",
      paper: "A4",
      orientation: "portrait",
    });
    expect(a4.body.data).toMatchObject({ widthMm: 297, heightMm: 210, orientation: "portrait" });
    expect((await owner.call("GET", "/versions/print-presets/get")).body.data).toHaveLength(1);
  });
});

describe("print settings", () => {
  it("keeps each user's own settings per schedule, starting from A3 landscape", async () => {
    const { owner, member, version } = await setUpWorkspace(sockets.server);
    const initial = await member.call("GET", `/versions/print-settings/${version.id}`);
    expect(initial.body.data).toMatchObject({ format: DEFAULT_PRINT_FORMAT, pagesWide: null, updatedAt: null });

    expect(
      (
        await member.call("POST", "/versions/print-settings/update", {
          versionId: version.id,
          format,
          pagesWide: 2,
        })
      ).status,
    ).toBe(404);
    const saved = await member.call("POST", "/versions/print-settings/create", {
      versionId: version.id,
      format: { ...format, paper: "A1" },
      pagesWide: 2,
      repeatHeader: false,
    });
    expect(saved.body.data).toMatchObject({ pagesWide: 2, repeatHeader: false, format: { widthMm: 841 } });
    const updated = await member.call("POST", "/versions/print-settings/update", {
      versionId: version.id,
      format: { ...format, paper: "A2" },
      pagesWide: null,
    });
    expect(updated.body.data).toMatchObject({ pagesWide: null, repeatHeader: true, format: { paper: "A2" } });
    expect((await member.call("GET", `/versions/print-settings/${version.id}`)).body.data.format.widthMm).toBe(594);
    // the owner's settings are their own
    expect((await owner.call("GET", `/versions/print-settings/${version.id}`)).body.data.updatedAt).toBeNull();

    const refused = await callIn(member, "en", "POST", "/versions/print-settings/update", {
      versionId: version.id,
      format: { ...format, margins: { ...format.margins, top: -5 } },
    });
    expect(refused.body.errors[0].message).toBe("A margin cannot be negative");
    expect((await member.call("GET", `/versions/print-settings/${version.id}`)).body.data.format.margins.top).toBe(10);
  });

  it("lets a member of another space neither read nor change presets or settings", async () => {
    const { owner, stranger, intruder, version } = await setUpWorkspace(sockets.server);
    const preset = await owner.call("POST", "/versions/print-presets/create", { ...format, name: "Общий" });
    expect((await stranger.call("GET", "/versions/print-presets/get")).body.data).toEqual([]);
    expect((await intruder.call("GET", "/versions/print-presets/get")).status).toBe(403);
    expect((await stranger.call("DELETE", `/versions/print-presets/delete/${preset.body.data.id}`)).status).toBe(404);
    expect((await intruder.call("DELETE", `/versions/print-presets/delete/${preset.body.data.id}`)).status).toBe(403);
    expect((await stranger.call("GET", `/versions/print-settings/${version.id}`)).status).toBe(404);
    expect(
      (await stranger.call("POST", "/versions/print-settings/create", { versionId: version.id, format })).status,
    ).toBe(404);
    expect((await owner.call("GET", "/versions/print-presets/get")).body.data).toHaveLength(1);
  });
});
