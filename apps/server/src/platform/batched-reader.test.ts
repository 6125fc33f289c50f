import { describe, expect, it } from "vitest";
import { batchedReader } from "./batched-reader.js";

describe("batchedReader", () => {
  it("answers the keys asked for in one turn with one read, each caller its own row or null", async () => {
    const reads: string[][] = [];
    const read = batchedReader(async (keys) => {
      reads.push([...keys]);
      return new Map(keys.filter((k) => k !== "b").map((k) => [k, { key: k }]));
    });
    // Asked from separate callbacks of the same turn, as requests read from several sockets are.
    const answers = await Promise.all(
      ["a", "b", "c", "a"].map((key) => new Promise((resolve) => setImmediate(() => resolve(read(key))))),
    );
    expect(answers).toEqual([{ key: "a" }, null, { key: "c" }, { key: "a" }]);
    expect(reads).toEqual([["a", "b", "c", "a"]]);
    // A later turn reads again: nothing is kept here.
    expect(await read("a")).toEqual({ key: "a" });
    expect(reads).toHaveLength(2);
  });

  it("keeps the keys asked while a read is under way for one read after it, over however many turns", async () => {
    const reads: string[][] = [];
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const read = batchedReader(async (keys) => {
      reads.push([...keys]);
      if (reads.length === 1) await held;
      return new Map(keys.map((k) => [k, k]));
    });
    const first = read("a");
    // Wait until the first read is under way, then ask from several later turns while it is held.
    while (reads.length === 0) await new Promise((resolve) => setImmediate(resolve));
    const later: Promise<string | null>[] = [];
    for (const key of ["b", "c", "d"]) {
      later.push(read(key));
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(reads).toEqual([["a"]]);
    release();
    expect(await first).toBe("a");
    expect(await Promise.all(later)).toEqual(["b", "c", "d"]);
    expect(reads).toEqual([["a"], ["b", "c", "d"]]);
  });

  it("fails every caller of a failed read, and reads again afterwards", async () => {
    let fail = true;
    const read = batchedReader(async (keys) => {
      if (fail) throw new Error("database gone");
      return new Map(keys.map((k) => [k, k]));
    });
    await expect(Promise.all([read("x"), read("y")])).rejects.toThrow("database gone");
    fail = false;
    expect(await read("x")).toBe("x");
  });
});
