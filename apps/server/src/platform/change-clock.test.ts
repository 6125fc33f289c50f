import { describe, expect, it } from "vitest";
import { ChangeClock, ClockedCache } from "./change-clock.js";

describe("ClockedCache", () => {
  it("keeps a reading until the clock moves, here or in another process", async () => {
    const clock = new ChangeClock();
    const cache = new ClockedCache<{ n: number }>(clock, 10);
    let reads = 0;
    const load = async () => ({ n: ++reads });
    expect(await cache.through("k", load)).toEqual({ n: 1 });
    expect(await cache.through("k", load)).toEqual({ n: 1 });
    clock.advance();
    expect(await cache.through("k", load)).toEqual({ n: 2 });
    clock.advancedElsewhere();
    expect(await cache.through("k", load)).toEqual({ n: 3 });
    expect(await cache.through("k", load)).toEqual({ n: 3 });
  });

  it("never keeps what was read while a write was committed, nor a missing row", async () => {
    const clock = new ChangeClock();
    const cache = new ClockedCache<{ n: number }>(clock, 10);
    let reads = 0;
    // The write lands while the read is under way: the row read may be the old one.
    await cache.through("k", async () => {
      clock.advance();
      return { n: ++reads };
    });
    expect(await cache.through("k", async () => ({ n: ++reads }))).toEqual({ n: 2 });
    expect(await cache.through("gone", async () => null)).toBeNull();
    expect(await cache.through("gone", async () => ({ n: 9 }))).toEqual({ n: 9 });
  });

  it("lets a crowd missing the same key wait for one read, unless a write came since it started", async () => {
    const clock = new ChangeClock();
    const cache = new ClockedCache<{ n: number }>(clock, 10);
    let reads = 0;
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const load = async () => {
      const n = ++reads;
      await gate;
      return { n };
    };
    const crowd = [cache.through("k", load), cache.through("k", load), cache.through("k", load)];
    clock.advance(); // a write while the first read runs: whoever asks now must read again
    const late = cache.through("k", load);
    release();
    expect(await Promise.all(crowd)).toEqual([{ n: 1 }, { n: 1 }, { n: 1 }]);
    expect(await late).toEqual({ n: 2 });
    expect(reads).toBe(2);
    expect(await cache.through("k", load)).toEqual({ n: 2 });
  });

  it("keeps what the caller wrote under the reading taken before the write", async () => {
    const clock = new ChangeClock();
    const cache = new ClockedCache<{ n: number }>(clock, 10);
    const before = clock.now();
    cache.keep("k", { n: 1 }, before);
    expect(cache.get("k")).toEqual({ n: 1 });
    const stale = clock.now();
    clock.advance();
    cache.keep("j", { n: 2 }, stale);
    expect(cache.get("j")).toBeUndefined();
  });

  it("tells the other processes once per turn of the event loop", async () => {
    const clock = new ChangeClock();
    let published = 0;
    clock.connect(() => published++);
    clock.advance();
    clock.advance();
    clock.advance();
    await Promise.resolve();
    expect(published).toBe(1);
    clock.advance();
    await Promise.resolve();
    expect(published).toBe(2);
  });
});
