import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "../test/test-server.js";
import type { Database } from "./db.js";

describe("the database connection", () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  // Messages of a megabyte or more arrive in many socket chunks and are gathered before the embedded database reads
  // them (db.ts, gatherLargeMessages): each must still reach it whole, in order, beside other connections' queries.
  it("carries multi-megabyte statements whole while other connections query", async () => {
    const big = (n: number) => Array.from({ length: n }, (_, k) => `"é${k}"`).join(",");
    const sizes = [150_000, 400_000, 10];
    const small = database.pool.query<{ v: number }>("select 41 + 1 as v");
    const answers = await Promise.all(
      sizes.map((n) =>
        database.pool.query<{ n: number; last: string }>(
          "select cardinality($1::text[]) as n, ($1::text[])[cardinality($1::text[])] as last",
          [`{${big(n)}}`],
        ),
      ),
    );
    expect(answers.map((r) => r.rows[0])).toEqual(sizes.map((n) => ({ n, last: `é${n - 1}` })));
    expect((await small).rows[0].v).toBe(42);
  });
});
