import { describe, expect, it } from "vitest";
import { ROW_HEIGHT } from "./bar-layout";
import { rowWindow, scrollToShow } from "./grid-rows";

describe("rowWindow", () => {
  it("covers the rows on screen plus the overscan, clamped to the list", () => {
    expect(rowWindow(0, 10 * ROW_HEIGHT, 1000, 4)).toEqual([0, 14]);
    expect(rowWindow(100 * ROW_HEIGHT + 5, 10 * ROW_HEIGHT, 1000, 4)).toEqual([96, 115]);
    expect(rowWindow(995 * ROW_HEIGHT, 10 * ROW_HEIGHT, 1000, 4)).toEqual([991, 1000]);
    expect(rowWindow(0, 10 * ROW_HEIGHT, 3, 4)).toEqual([0, 3]);
  });

  it("is empty for an empty list or a scroll offset past the end", () => {
    expect(rowWindow(0, 500, 0, 4)).toEqual([0, 0]);
    expect(rowWindow(50 * ROW_HEIGHT, 500, 10, 4)).toEqual([10, 10]);
  });

  it("without overscan, only the rows on screen (a scrollbar drag)", () => {
    expect(rowWindow(100 * ROW_HEIGHT, 10 * ROW_HEIGHT, 1000, 0)).toEqual([100, 110]);
  });
});

describe("scrollToShow", () => {
  const height = 10 * ROW_HEIGHT;
  it("leaves a row on screen where it is", () => {
    expect(scrollToShow(5, 0, height)).toBe(0);
    expect(scrollToShow(9, 0, height)).toBe(0);
  });
  it("scrolls a row above the screen to the top and one below to the bottom", () => {
    expect(scrollToShow(3, 10 * ROW_HEIGHT, height)).toBe(3 * ROW_HEIGHT);
    expect(scrollToShow(10, 0, height)).toBe(ROW_HEIGHT);
    expect(scrollToShow(50, 0, height)).toBe(41 * ROW_HEIGHT);
  });
});
