import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { type LevelledActivity, Leveller, type LevellingInput, type LevelMove, levelResources } from "@planum/engine";
import { describe, expect, it } from "vitest";

/**
 * Numbered levelling scenarios: each JSON fixture holds a network with resources and assignments, and the levelled
 * dates, moves with their reasons and resource-constrained critical path worked out by hand from P6's serial method
 * (see each fixture's title). `moves` lists every move expected: a work not named there must not move.
 */
interface Fixture {
  title: string;
  input: LevellingInput;
  expected: {
    finishBefore?: string;
    finishAfter?: string;
    unresolved?: number;
    criticalPath?: string[];
    activities: Record<string, Partial<LevelledActivity>>;
    moves: Record<string, Partial<LevelMove>>;
  };
}

const dir = join(dirname(fileURLToPath(import.meta.url)), "levelling");
const files = readdirSync(dir)
  .filter((f) => /^\d{3}-.*\.json$/.test(f))
  .sort();

describe("levelling scenarios", () => {
  it("has the numbered fixtures", () => {
    expect(files.length).toBeGreaterThanOrEqual(6);
  });

  for (const file of files) {
    const fx = JSON.parse(readFileSync(join(dir, file), "utf8")) as Fixture;
    it(`${file.replace(/\.json$/, "")}: ${fx.title}`, () => {
      const result = levelResources(fx.input);
      const want = fx.expected;
      if (want.finishBefore !== undefined) expect(result.finishBefore).toBe(want.finishBefore);
      if (want.finishAfter !== undefined) expect(result.finishAfter).toBe(want.finishAfter);
      if (want.unresolved !== undefined) expect(result.unresolved).toBe(want.unresolved);
      if (want.criticalPath !== undefined) expect(result.criticalPath).toEqual(want.criticalPath);
      const byId = new Map(result.activities.map((a) => [a.id, a]));
      for (const [id, dates] of Object.entries(want.activities)) {
        expect({ id, ...byId.get(id) }, `activity ${id}`).toMatchObject({ id, ...dates });
      }
      expect(result.moves.map((m) => m.id).sort()).toEqual(Object.keys(want.moves).sort());
      for (const move of result.moves) expect(move, `move of ${move.id}`).toMatchObject(want.moves[move.id]);
      // Levelling in slices (as the server's job does) gives the same answer.
      const stepwise = new Leveller(fx.input);
      while (!stepwise.step(1));
      expect(stepwise.result()).toEqual(result);
    });
  }

  it("refuses a negative over-allocation", () => {
    const fx = JSON.parse(readFileSync(join(dir, files[0]), "utf8")) as Fixture;
    expect(() => levelResources({ ...fx.input, options: { maxOverallocationPercent: -5 } })).toThrow(
      /maxOverallocationPercent/,
    );
  });

  it("levels by the assignment's curve, not a flat rate: scenario 010 without its curves moves nothing", () => {
    const file = files.find((f) => f.startsWith("010-"))!;
    const fx = JSON.parse(readFileSync(join(dir, file), "utf8")) as Fixture;
    const flat = { ...fx.input, assignments: fx.input.assignments.map(({ curve: _curve, ...a }) => a) };
    const result = levelResources(flat);
    expect(result.moves).toEqual([]);
    expect(result.finishAfter).toBe("2024-01-12T16:00");
    // A front-loaded and a back-loaded work fit together: 13.2, 11.5, 10.6, 11.5, 13.2 a day, all within 14.
    const mirrored = {
      ...fx.input,
      assignments: fx.input.assignments.map((a) => (a.activity === "B" ? { ...a, curve: "back_loaded" as const } : a)),
    };
    expect(levelResources(mirrored).moves).toEqual([]);
  });
});
