import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { type ActivityResult, createScheduler, type NetworkInput, schedule } from "@planum/engine";
import { describe, expect, it } from "vitest";

/**
 * Numbered scheduling scenarios: each JSON fixture holds an input network and the dates, floats and flags
 * P6 gives it (derived by hand from P6's rules; see each fixture's title).
 */
interface Fixture {
  title: string;
  input: NetworkInput;
  expected: { finish?: string; cycles?: string[][]; activities: Record<string, Partial<ActivityResult>> };
}

const dir = join(dirname(fileURLToPath(import.meta.url)), "scenarios");
const files = readdirSync(dir)
  .filter((f) => /^\d{3}-.*\.json$/.test(f))
  .sort();

describe("scheduling scenarios", () => {
  it("has the numbered fixtures", () => {
    expect(files.length).toBeGreaterThanOrEqual(30);
  });

  for (const file of files) {
    const fx = JSON.parse(readFileSync(join(dir, file), "utf8")) as Fixture;
    it(`${file.replace(/\.json$/, "")}: ${fx.title}`, () => {
      const result = schedule(fx.input);
      const byId = new Map(result.activities.map((a) => [a.id, a]));
      if (fx.expected.finish !== undefined) expect(result.finish).toBe(fx.expected.finish);
      if (fx.expected.cycles !== undefined) expect(result.cycles).toEqual(fx.expected.cycles);
      for (const [id, want] of Object.entries(fx.expected.activities)) {
        expect({ id, ...byId.get(id) }, `activity ${id}`).toMatchObject({ id, ...want });
      }
      // The incremental scheduler's first calculation is the same full pass.
      expect(createScheduler(fx.input).result()).toEqual(result);
    });
  }
});
