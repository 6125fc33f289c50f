import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "../../test/test-server.js";
import { addItem, setUpWorkspace } from "../workspace/workspace.test-kit.js";
import { sampleMeasures, uploadedEstimate } from "./costr.test-kit.js";

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

describe("links of positions to works and compliance rules", () => {
  it("links positions to works with shares and lists what the rules find, with where", async () => {
    const { owner, member, intruder, project, version } = await setUpWorkspace(server);
    await sampleMeasures(owner);
    const estimate = await uploadedEstimate(server, owner, project.id, "grand-smeta-local.xml");
    const base = `/projects/${project.id}/estimates/${estimate.id}`;
    const tree = (await owner.call("GET", base)).body.data;
    const [dig, trench] = tree.sections[0].positions;
    const pit = await addItem(owner, version.id, { type: "work", name: "Котлован", code: "A10", plannedVolume: 0.45 });
    const ditch = await addItem(owner, version.id, { type: "work", name: "Траншеи", code: "A20", plannedVolume: 0.2 });
    await addItem(owner, version.id, { type: "work", name: "Кровля", code: "A30" });

    // Position 1 wholly to the pit; position 2 half to the ditch, then more than what is left is refused.
    expect(
      (await owner.call("POST", `${base}/links`, { positionId: dig.id, versionId: version.id, itemId: pit.id })).status,
    ).toBe(200);
    const half = await owner.call("POST", `${base}/links`, {
      positionId: trench.id,
      versionId: version.id,
      itemId: ditch.id,
      share: 0.5,
    });
    expect(half.body.data).toHaveLength(2);
    expect(half.body.data[1]).toMatchObject({ share: 0.5, work: { code: "A20", name: "Траншеи" } });
    const over = await server.call("POST", `${base}/links`, {
      token: owner.token,
      language: "en",
      headers: { "x-space-id": owner.spaceId },
      body: { positionId: trench.id, versionId: version.id, itemId: pit.id, share: 0.6 },
    });
    expect([over.status, over.body.errors[0].message]).toEqual([
      400,
      "The shares of a position add up to more than 1: at most 0.5 is left",
    ]);
    expect(
      (await member.call("POST", `${base}/links`, { positionId: dig.id, versionId: version.id, itemId: ditch.id }))
        .status,
    ).toBe(403);
    expect((await intruder.call("GET", `${base}/links`)).status).toBe(403);

    const rule = async (body: Record<string, unknown>) => {
      const answer = await owner.call("POST", "/costr/compliance-rules", body);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return answer.body.data;
    };
    await rule({ name: "Объём по графику", kind: "quantity_vs_volume", params: { tolerancePercent: 5 } });
    await rule({ name: "Цены", kind: "price_limits", severity: "warning", params: { maxUnitPrice: 50000 } });
    await rule({ name: "Зимнее удорожание", kind: "required_coefficients", params: { coefficientCodes: ["ЗУ"] } });
    await rule({ name: "Все позиции привязаны", kind: "position_linked", severity: "warning" });
    await rule({ name: "Работы со сметой", kind: "work_has_estimate" });
    const bad = await owner.call("POST", "/costr/compliance-rules", { name: "X", kind: "anything" });
    expect([bad.status, bad.body.errors[0].code]).toEqual([400, "InvalidValue"]);
    expect((await member.call("POST", "/costr/compliance-rules", { name: "X", kind: "position_linked" })).status).toBe(
      403,
    );

    const check = (await owner.call("POST", `${base}/check`)).body.data;
    const found = check.findings.map((f: { kind: string; where: string; value: string; amounts: number[] }) => [
      f.kind,
      f.where,
      f.value,
      f.amounts,
    ]);
    expect(found).toEqual(
      expect.arrayContaining([
        // 0.12 of trench against half of 0.2 m3 planned (0.1), beyond 5 %.
        ["quantity_vs_volume", "№ 2 ГЭСН01-02-057-02", "", [0.12, 0.1]],
        // Position 3: 63,000 for 0.35 → 180,000 a unit.
        ["price_limits", "№ 3 ГЭСН06-01-001-01", "", [180000]],
        ["required_coefficients", "", "ЗУ", []],
        ["position_linked", "№ 3 ГЭСН06-01-001-01", "", []],
        ["position_linked", "№ 4 ФСБЦ-04.1.02.05-0006", "", []],
        ["work_has_estimate", "A30 Кровля", "", []],
      ]),
    );
    expect(found).toHaveLength(6);
    expect([check.errors, check.warnings]).toEqual([3, 3]);
    // The check is kept: a reader sees the same findings.
    expect((await member.call("GET", `${base}/check`)).body.data.findings).toEqual(check.findings);
    expect((await intruder.call("POST", `${base}/check`)).status).toBe(403);
  });
});
