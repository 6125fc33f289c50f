import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spaces } from "../../db/schema/index.js";
import { createTestServer, type TestServer } from "../../test/test-server.js";
import { buildTree, setUpSpace } from "../structure/structure.test-kit.js";
import { estimateFixture, sampleMeasures, uploadEstimate, uploadedEstimate } from "./costr.test-kit.js";

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

describe("estimates of a project", () => {
  it("uploads a GRAND-Smeta XML estimate as a job with progress events; its totals are those the file states", async () => {
    const { owner, member } = await setUpSpace(server);
    const { project } = await buildTree(owner);
    await sampleMeasures(owner);
    server.ctx.realtime.sent.length = 0;
    const estimate = await uploadedEstimate(server, owner, project.id, "grand-smeta-local.xml");
    const { jobId } = estimate;
    expect(estimate).toMatchObject({ code: "02-01-01", format: "grand_xml", positionCount: 4 });
    expect(estimate.totals).toEqual(estimate.stated);
    expect(estimate.totals.total).toBe(104945.93);
    const events = server.ctx.realtime.sent.filter((e) => "jobId" in e && e.jobId === jobId);
    expect(events.map((e) => [e.type, "status" in e ? e.status : ""])).toEqual([
      ["estimate_upload", "uploading"],
      ["estimate_processing", "processing"],
      ["estimate_upload", "completed"],
    ]);

    const tree = (await member.call("GET", `/projects/${project.id}/estimates/${estimate.id}`)).body.data;
    expect(tree.sections.map((s: { name: string; totals: { total: number } }) => [s.name, s.totals.total])).toEqual([
      ["Раздел 1. Земляные работы", 16955.93],
      ["Раздел 2. Бетонные работы", 87990],
    ]);
    expect(tree.sections[0].positions[0]).toMatchObject({ num: "1", normCode: "ГЭСН01-01-013-02", unit: "1000 м3" });
    expect(tree.sections[0].positions[0].measureId).not.toBeNull();
  });

  it("applies coefficients to an estimate, a section and a position in order, refusing one that would apply twice", async () => {
    const { owner, member } = await setUpSpace(server);
    const { project } = await buildTree(owner);
    await sampleMeasures(owner);
    const estimate = await uploadedEstimate(server, owner, project.id, "estimate-roofing.xlsx", "?skipRows=2");
    expect(estimate.totals).toEqual(estimate.stated);
    const coefficient = async (code: string, kind: string, value: number, parts?: string[]) =>
      (await owner.call("POST", "/costr/coefficients", { code, name: code, kind, value, ...(parts ? { parts } : {}) }))
        .body.data;
    const winter = await coefficient("ЗУ", "winter", 1.02, ["wages", "machines"]);
    const regional = await coefficient("РК", "regional", 1.5, ["wages"]);
    const base = `/projects/${project.id}/estimates/${estimate.id}`;
    const tree = (await owner.call("GET", base)).body.data;
    const [roof, drain] = tree.sections;
    const funnel = drain.positions[0];

    // Winter on the whole estimate, regional on the funnel alone.
    expect((await owner.call("POST", `${base}/coefficients`, { coefficientId: winter.id })).status).toBe(200);
    const priced = (
      await owner.call("POST", `${base}/coefficients`, { coefficientId: regional.id, positionId: funnel.id })
    ).body.data;
    // Funnel: wages 1240.80 × 1.02 = 1265.62 then × 1.5 = 1898.43; machines 85.40 × 1.02 = 87.11.
    expect(priced.sections[1].positions[0].priced).toMatchObject({ wages: 1898.43, machines: 87.11 });
    expect(priced.sections[1].positions[0].priced.total).toBe(
      Math.round((1898.43 + 87.11 + 9360 + 1116.72 + 620.4) * 100) / 100,
    );
    expect(priced.coefficients.map((c: { code: string }) => c.code)).toEqual(["ЗУ", "РК"]);
    expect(priced.estimate.totals.total).toBeGreaterThan(estimate.totals.total);

    // Twice: winter again on a section (it covers the whole estimate), regional on the funnel's section.
    const again = await server.call("POST", `${base}/coefficients`, {
      token: owner.token,
      language: "ru",
      headers: { "x-space-id": owner.spaceId },
      body: { coefficientId: winter.id, sectionId: roof.id },
    });
    expect([again.status, again.body.errors[0].code]).toEqual([409, "CostrCoefficientTwice"]);
    expect(again.body.errors[0].message).toContain("«ЗУ»");
    const onSection = await owner.call("POST", `${base}/coefficients`, {
      coefficientId: regional.id,
      sectionId: drain.id,
    });
    expect([onSection.status, onSection.body.errors[0].code]).toEqual([409, "CostrCoefficientTwice"]);
    expect(onSection.body.errors[0].params.where).toBe("№ 3 ГЭСН12-01-010-01");
    expect((await owner.call("GET", base)).body.data.coefficients).toHaveLength(2);

    // Changing a coefficient re-prices the estimates it is applied in.
    await owner.call("PUT", `/costr/coefficients/${regional.id}`, {
      code: "РК",
      name: "РК",
      kind: "regional",
      value: 2,
      parts: ["wages"],
    });
    expect((await owner.call("GET", base)).body.data.sections[1].positions[0].priced.wages).toBe(2531.24);
    // A coefficient in use is not deleted; removing its use prices the estimate back.
    expect((await owner.call("DELETE", `/costr/coefficients/${regional.id}`)).status).toBe(409);
    const use = priced.coefficients[1].id;
    expect((await member.call("DELETE", `${base}/coefficients/${use}`)).status).toBe(403);
    const back = (await owner.call("DELETE", `${base}/coefficients/${use}`)).body.data;
    expect(back.sections[1].positions[0].priced.wages).toBe(1265.62);
  });

  it("refuses bad files whole, naming the record, and writes nothing", async () => {
    const { owner } = await setUpSpace(server);
    const { project } = await buildTree(owner);
    const before = await owner.call("GET", `/projects/${project.id}/estimates`);
    expect(before.body.data).toEqual([]);
    const none = await uploadEstimate(
      server,
      owner,
      project.id,
      Buffer.from("ceci n'est pas un devis"),
      "devis.txt",
      "",
      "fr",
    );
    expect([none.status, none.body.errors[0].code]).toEqual([400, "CostrUnknownFormat"]);
    const broken = Buffer.from(
      estimateFixture("grand-smeta-local.xml")
        .toString("utf8")
        .replace('<Quantity Result="0.12"/>', '<Quantity Result="x"/>'),
    );
    const bad = await uploadEstimate(server, owner, project.id, broken, "broken.xml", "", "ru");
    expect([bad.status, bad.body.errors[0].code]).toEqual([400, "CostrBrokenRecord"]);
    expect(bad.body.errors[0].message).toBe('Строка 11, запись Position 2: Result: "x"');
    // No measures yet: the first position's unit is unknown.
    const unit = await uploadEstimate(
      server,
      owner,
      project.id,
      estimateFixture("grand-smeta-local.xml"),
      "smeta.xml",
      "",
      "en",
    );
    expect([unit.status, unit.body.errors[0].message]).toEqual([
      400,
      'Position 1 (line 6): the unit "1000 м3" is not among the measures',
    ]);
    expect((await owner.call("GET", `/projects/${project.id}/estimates`)).body.data).toEqual([]);
  });

  it("shows another space's member nothing and lets them change nothing", async () => {
    const { owner, intruder, stranger } = await setUpSpace(server);
    const { project } = await buildTree(owner);
    await sampleMeasures(owner);
    const estimate = await uploadedEstimate(server, owner, project.id, "grand-smeta-local.xml");
    const k = (await owner.call("POST", "/costr/coefficients", { code: "К", name: "К", kind: "winter", value: 1.1 }))
      .body.data;
    const base = `/projects/${project.id}/estimates`;
    for (const actor of [intruder, stranger]) {
      expect((await actor.call("GET", base)).status).not.toBe(200);
      expect((await actor.call("GET", `${base}/${estimate.id}`)).status).not.toBe(200);
      expect(
        (await actor.call("POST", `${base}/${estimate.id}/coefficients`, { coefficientId: k.id })).status,
      ).not.toBe(200);
      expect((await actor.call("DELETE", `${base}/${estimate.id}`)).status).not.toBe(200);
      expect(
        (await uploadEstimate(server, actor, project.id, estimateFixture("grand-smeta-local.xml"), "x.xml")).status,
      ).not.toBe(200);
    }
    const list = (await owner.call("GET", base)).body.data;
    expect(list).toHaveLength(1);
    expect((await owner.call("GET", `${base}/${estimate.id}`)).body.data.coefficients).toEqual([]);
  });

  it("in a licensed space lets only members holding an estimate seat in", async () => {
    const { owner, space } = await setUpSpace(server);
    const { project } = await buildTree(owner);
    const licence = (estimateUsers: number) => ({
      licenceId: crypto.randomUUID(),
      expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
      paidUsers: 10,
      minVersion: "0.1.0",
      maxVersion: null,
      estimateUsers,
      bimUsers: 0,
    });
    const licensed = async (estimateUsers: number) => {
      await server.ctx.db
        .update(spaces)
        .set({ paidType: "paid", licence: licence(estimateUsers) })
        .where(eq(spaces.id, space.id));
      server.ctx.changes.advance();
    };
    const codeOf = async (url: string) => {
      const answer = await owner.call("GET", url);
      return answer.status === 200 ? 200 : `${answer.status} ${answer.body.errors[0].code}`;
    };
    await licensed(0);
    expect(await codeOf("/costr/measures")).toBe("409 LicenseEstimateAbsent");
    await licensed(1);
    expect(await codeOf(`/projects/${project.id}/estimates`)).toBe("403 LicenseEstimateNoSeat");
    const seat = await owner.call("PUT", `/space/${space.id}/licence/seats/${owner.userId}`, { estimate: true });
    expect(seat.status, JSON.stringify(seat.body)).toBe(200);
    expect(await codeOf(`/projects/${project.id}/estimates`)).toBe(200);
    expect(await codeOf("/costr/measures")).toBe(200);
  });
});
