import { describe, expect, it } from "vitest";
import { blocksIntegerKey, isIntegerPaste } from "./integer-input";

describe("integer fields (spec §5)", () => {
  it("block typing a dot or a comma, and nothing else a number needs", () => {
    for (const key of [".", ",", "Decimal"]) expect(blocksIntegerKey(key), key).toBe(true);
    for (const key of ["0", "7", "-", "Backspace", "ArrowLeft", "Tab", "Enter"])
      expect(blocksIntegerKey(key), key).toBe(false);
  });

  it("take a pasted integer and refuse anything else", () => {
    expect(isIntegerPaste("42", false)).toBe(true);
    expect(isIntegerPaste(" 42 ", false)).toBe(true);
    expect(isIntegerPaste("+3", false)).toBe(true);
    expect(isIntegerPaste("-3", true)).toBe(true);
    expect(isIntegerPaste("-3", false)).toBe(false);
    for (const text of ["4.2", "4,2", "1e3", "", " ", "12abc", "0x10", "1 000", "∞"]) {
      expect(isIntegerPaste(text, true), text).toBe(false);
    }
  });
});
