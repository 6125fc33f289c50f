import { describe, expect, it } from "vitest";
import { decodeId, encodeId, growTable, TABLE_WIDTH } from "./bim-id-pass";

describe("the 4D player's colour table and id target", () => {
  it("writes a part's row as three whole numbers below 256, 0 meaning nothing drawn", () => {
    expect(encodeId(0)).toEqual([1, 0, 0]);
    expect(encodeId(99_999)).toEqual([160, 134, 1]);
    for (const row of [0, 255, 256, 65_535, 65_536, 99_999, 16_000_000]) expect(decodeId(encodeId(row))).toBe(row);
    expect(decodeId([0, 0, 0])).toBe(-1);
  });

  it("grows by whole rows and keeps the colours it held", () => {
    const table = growTable(new Uint8Array(0), 3);
    expect(table.length).toBe(TABLE_WIDTH * 4);
    table.set([1, 2, 3, 255], 8);
    expect(growTable(table, TABLE_WIDTH)).toBe(table);
    const grown = growTable(table, 100_000);
    expect(grown.length).toBe(49 * TABLE_WIDTH * 4);
    expect([...grown.subarray(8, 12)]).toEqual([1, 2, 3, 255]);
  });
});
