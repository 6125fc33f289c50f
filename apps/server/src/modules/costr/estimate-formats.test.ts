import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "../../test/test-server.js";
import { buildTree, setUpSpace } from "../structure/structure.test-kit.js";
import { estimateFixture, sampleMeasures, uploadEstimate, uploadedEstimate } from "./costr.test-kit.js";

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

describe("estimate uploads in the ARPS 1.10 and construction ministry XML formats", () => {
  it("uploads each format into an estimate whose totals are those the file states", async () => {
    const { owner, member } = await setUpSpace(server);
    const { project } = await buildTree(owner);
    await sampleMeasures(owner);
    await owner.call("POST", "/costr/measures", { code: "тн", name: "Тонна", kind: "volume" });

    const arps = await uploadedEstimate(server, owner, project.id, "arps-local.txt");
    expect(arps).toMatchObject({ code: "03-01-01", format: "arps", positionCount: 4 });
    expect(arps.totals).toEqual(arps.stated);
    expect(arps.totals.total).toBe(95256);
    const tree = (await member.call("GET", `/projects/${project.id}/estimates/${arps.id}`)).body.data;
    expect(tree.sections.map((s: { name: string; totals: { total: number } }) => [s.name, s.totals.total])).toEqual([
      ["Раздел 1. Земляные работы", 17595],
      ["Раздел 2. Фундаменты", 77661],
    ]);
    expect(tree.sections[1].positions[1]).toMatchObject({ normCode: "ФССЦ-04.1.02.05-0006", unit: "м3" });

    const masonry = await uploadedEstimate(server, owner, project.id, "minstroy-lsr-masonry.xml");
    expect(masonry).toMatchObject({ code: "02-01-03", format: "minstroy_xml", positionCount: 3 });
    expect(masonry.totals).toMatchObject(masonry.stated);
    expect(masonry.totals).toMatchObject({ total: 274683, overhead: 13139, profit: 6994, labourHours: 153.86 });

    const waste = await uploadedEstimate(server, owner, project.id, "minstroy-lsr-waste.gge");
    expect(waste).toMatchObject({ code: "ЛСР №09-01-01", format: "minstroy_xml", positionCount: 1 });
    expect(waste.totals).toMatchObject({ total: 5957.22, machines: 5957.22 });
  });

  it("refuses a broken ARPS record or ministry item whole, in the caller's language, naming the line", async () => {
    const { owner } = await setUpSpace(server);
    const { project } = await buildTree(owner);
    await sampleMeasures(owner);
    const arps = new TextDecoder("windows-1251").decode(estimateFixture("arps-local.txt"));
    const brokenArps = Buffer.from(arps.replace("#8505.00#18.2#", "#"), "utf8");
    const bad = await uploadEstimate(server, owner, project.id, brokenArps, "smeta.txt", "", "fr");
    expect([bad.status, bad.body.errors[0].code]).toEqual([400, "CostrBrokenRecord"]);
    expect(bad.body.errors[0].message).toBe("Ligne 8, enregistrement СтрЛС 3 : 11 / 13");

    const xml = estimateFixture("minstroy-lsr-masonry.xml").toString("utf8");
    const brokenXml = Buffer.from(xml.replace("<PriceCur>2024.00</PriceCur>", "<PriceCur>две тысячи</PriceCur>"));
    const badXml = await uploadEstimate(server, owner, project.id, brokenXml, "lsr.gge", "", "ru");
    expect(badXml.body.errors[0].message).toBe('Строка 109, запись Item 3: PriceCur: "две тысячи"');
    // "тн" is not among this space's measures: the real export is refused naming its item.
    const unit = await uploadEstimate(server, owner, project.id, estimateFixture("minstroy-lsr-waste.gge"), "w.gge");
    expect([unit.status, unit.body.errors[0].message]).toEqual([
      400,
      'Position 1 (line 129): the unit "тн" is not among the measures',
    ]);
    expect((await owner.call("GET", `/projects/${project.id}/estimates`)).body.data).toEqual([]);
  });
});
