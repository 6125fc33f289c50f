import { decodeUsage } from "@planum/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "../../test/test-server.js";
import { setUpWorkspace } from "../workspace/workspace.test-kit.js";

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

const defaults = { scale: "week", by: "resource", versions: [], filterIndicator: true, saved: false };

describe("resource layout settings", () => {
  it("keeps each user's own way of looking at the usage until they forget it", async () => {
    const { owner, member, version } = await setUpWorkspace(server);
    expect((await owner.call("GET", "/resource/settings")).body.data).toEqual(defaults);
    const mine = { scale: "day", by: "specialty", versions: [version.id], filterIndicator: false };
    const saved = await owner.call("PUT", "/resource/settings", mine);
    expect(saved.status).toBe(200);
    expect((await owner.call("GET", "/resource/settings")).body.data).toEqual({ ...mine, saved: true });
    // A read-only member keeps settings of their own, and does not see the owner's.
    expect((await member.call("GET", "/resource/settings")).body.data).toEqual(defaults);
    const theirs = { scale: "month", by: "resource", versions: [], filterIndicator: true };
    expect((await member.call("PUT", "/resource/settings", theirs)).status).toBe(200);
    expect((await owner.call("GET", "/resource/settings")).body.data.scale).toBe("day");
    expect((await owner.call("DELETE", "/resource/settings")).body.data).toEqual(defaults);
    expect((await owner.call("GET", "/resource/settings")).body.data).toEqual(defaults);
    expect((await member.call("GET", "/resource/settings")).body.data.scale).toBe("month");
  });

  it("drops a version deleted since it was saved", async () => {
    const { owner, version, schedule } = await setUpWorkspace(server);
    const second = await owner.call("POST", `/schedules/${schedule.id}/versions/create`, {
      label: "Вторая",
      projectStart: "2025-02-03T08:00",
    });
    const body = { scale: "week", by: "resource", versions: [version.id, second.body.data.id], filterIndicator: true };
    expect((await owner.call("PUT", "/resource/settings", body)).status).toBe(200);
    expect((await owner.call("DELETE", `/versions/${second.body.data.id}`)).status).toBe(200);
    expect((await owner.call("GET", "/resource/settings")).body.data.versions).toEqual([version.id]);
  });

  it("offers every version of the space to the usage's version picker", async () => {
    const { owner, version, schedule } = await setUpWorkspace(server);
    const answer = await owner.call("GET", "/resource/usage?scale=week");
    const choices = decodeUsage(answer.body.data).choices;
    expect(choices).toEqual([
      {
        id: version.id,
        label: "Базовая",
        kind: expect.any(String),
        scheduleId: schedule.id,
        scheduleName: schedule.name,
      },
    ]);
  });

  it("refuses bad settings with a localized error and keeps what was saved", async () => {
    const { owner } = await setUpWorkspace(server);
    const good = { scale: "day", by: "resource", versions: [], filterIndicator: true };
    await owner.call("PUT", "/resource/settings", good);
    const bad = await server.call("PUT", "/resource/settings", {
      token: owner.token,
      headers: { "x-space-id": owner.spaceId, "x-language": "ru" },
      body: { ...good, scale: "year" },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].message).toMatch(/[а-я]/);
    expect((await owner.call("PUT", "/resource/settings", { ...good, versions: ["nope"] })).status).toBe(400);
    expect((await owner.call("GET", "/resource/settings")).body.data).toEqual({ ...good, saved: true });
  });

  it("lets another space's user neither read nor change anyone's settings here", async () => {
    const { owner, version, stranger, intruder } = await setUpWorkspace(server);
    const mine = { scale: "day", by: "resource", versions: [version.id], filterIndicator: true };
    await owner.call("PUT", "/resource/settings", mine);
    expect((await intruder.call("GET", "/resource/settings")).status).toBe(403);
    expect((await intruder.call("PUT", "/resource/settings", mine)).status).toBe(403);
    expect((await intruder.call("DELETE", "/resource/settings")).status).toBe(403);
    // In their own space, this space's version is not found and nothing is written.
    expect((await stranger.call("PUT", "/resource/settings", mine)).status).toBe(404);
    expect((await stranger.call("GET", "/resource/settings")).body.data).toEqual(defaults);
    expect((await owner.call("GET", "/resource/settings")).body.data).toEqual({ ...mine, saved: true });
  });
});
