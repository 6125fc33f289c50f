import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "../test/test-server.js";
import type { Database } from "./db.js";
import { withHashJoins } from "./sql.js";

describe("withHashJoins", () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  const nestedLoops = async (db: Pick<Database["db"], "execute">) =>
    ((await db.execute(sql`select current_setting('enable_nestloop') as v`)) as unknown as { rows: { v: string }[] })
      .rows[0]!.v;

  // A join the planner runs as a nested loop of index probes by itself: three numbers against the catalogue's oids.
  const plan = async (db: Pick<Database["db"], "execute">) =>
    (
      (await db.execute(sql`explain select c.relname from generate_series(1, 3) a
        join pg_class c on c.oid = a::oid`)) as unknown as { rows: { "QUERY PLAN": string }[] }
    ).rows[0]!["QUERY PLAN"];

  it("joins by hashing inside, and gives the planner back its nested loops for the rest of the transaction", async () => {
    const { db } = database;
    const seen = await db.transaction(async (tx) => {
      const inside = await withHashJoins(tx, async (inner) => ({
        setting: await nestedLoops(inner),
        plan: await plan(inner),
      }));
      return { ...inside, after: await nestedLoops(tx), planAfter: await plan(tx) };
    });
    expect(seen.setting).toBe("off");
    expect(seen.plan).toMatch(/^Hash Join/);
    expect(seen.after).toBe("on");
    expect(seen.planAfter).toMatch(/^Nested Loop/);
    expect(await nestedLoops(db)).toBe("on");
  });
});
