import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spaces } from "../../db/schema/index.js";
import { createTestServer, type TestServer } from "../../test/test-server.js";
import { buildTree, setUpSpace } from "../structure/structure.test-kit.js";

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

describe("the BIM licence gate", () => {
  it("in a licensed space lets only members holding a BIM seat use models, links and profiles", async () => {
    const { owner, space } = await setUpSpace(server);
    const { project, schedule } = await buildTree(owner);
    const licensed = async (bimUsers: number) => {
      await server.ctx.db
        .update(spaces)
        .set({
          paidType: "paid",
          licence: {
            licenceId: crypto.randomUUID(),
            expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
            paidUsers: 10,
            minVersion: "0.1.0",
            maxVersion: null,
            estimateUsers: 0,
            bimUsers,
          },
        })
        .where(eq(spaces.id, space.id));
      server.ctx.changes.advance();
    };
    const urls = [
      `/projects/${project.id}/3d`,
      `/schedules/${schedule.id}/3d/link`,
      `/spaces/${space.id}/bim`,
      `/primitivesModels/eps/${project.id}`,
    ];
    const codes = async () =>
      Promise.all(
        urls.map(async (url) => {
          const answer = await owner.call("GET", url);
          return answer.status === 200 ? 200 : `${answer.status} ${answer.body.errors[0].code}`;
        }),
      );
    // A free space: everyone.
    expect(await codes()).toEqual([200, 200, 200, 200]);
    await licensed(0);
    expect(await codes()).toEqual(Array(4).fill("409 LicenseBimAbsent"));
    await licensed(1);
    expect(await codes()).toEqual(Array(4).fill("403 LicenseBimNoSeat"));
    // In the caller's language.
    const french = await server.call("GET", urls[0]!, {
      token: owner.token,
      language: "fr",
      headers: { "x-space-id": owner.spaceId },
    });
    expect(french.body.errors[0].message).toBe(
      "Vous n'avez pas de place BIM dans la licence de cet espace : demandez-en une à son administrateur",
    );
    const seat = await owner.call("PUT", `/space/${space.id}/licence/seats/${owner.userId}`, { bim: true });
    expect(seat.status, JSON.stringify(seat.body)).toBe(200);
    expect(await codes()).toEqual([200, 200, 200, 200]);
  });
});
