import { describe, expect, it } from "vitest";
import { chooseDetail, FrameBudget, PROXY_TRIANGLES, SCALES, spatialOrder } from "./bim-frame-budget";

describe("the moving frames' budget", () => {
  it("draws every visible cluster, the largest on screen whole first, within the budget", () => {
    const sizes = new Float32Array([0.1, 0.5, 0.3, 0, 0.2]);
    const triangles = new Uint32Array([1000, 1000, 1000, 1000, 1000]);
    // proxies of the four visible clusters: 48 triangles; room for two whole clusters more
    const budget = 4 * PROXY_TRIANGLES + 2 * (1000 - PROXY_TRIANGLES);
    const { whole, triangles: drawn } = chooseDetail(sizes, triangles, budget);
    expect([...whole]).toEqual([0, 1, 1, 0, 0]);
    expect(drawn).toBe(budget);
    // a budget smaller than the proxies still draws them all: the frame is never missing a part of the building
    expect(chooseDetail(sizes, triangles, 10)).toEqual({ whole: new Uint8Array(5), triangles: 48 });
  });

  it("draws the whole model when it fits, as on a GPU", () => {
    const sizes = new Float32Array([0.1, 0.5, 0.3]);
    const triangles = new Uint32Array([100, 200, 8]);
    expect(chooseDetail(sizes, triangles, 308)).toEqual({ whole: new Uint8Array([1, 1, 1]), triangles: 308 });
  });

  it("skips a large cluster that does not fit and takes smaller ones that do", () => {
    const sizes = new Float32Array([0.9, 0.5, 0.4]);
    const triangles = new Uint32Array([5000, 100, 100]);
    expect([...chooseDetail(sizes, triangles, 300).whole]).toEqual([0, 1, 1]);
  });

  it("cuts the triangles and then the resolution after late frames, and gives them back while frames come in time", () => {
    const budget = new FrameBudget(18, 40_000, 2_000);
    expect(budget.scale).toBe(1);
    // a frame of 40,000 triangles took 90 ms: about a fifth fitted, and a frame cuts to a quarter at most
    budget.measured(90, 40_000, 1_200_000);
    expect(budget.triangles).toBe(10_000);
    for (let i = 0; i < 3; i++) budget.measured(90, budget.triangles, 1_200_000);
    expect(budget.triangles).toBe(2_000);
    expect(budget.scale).toBe(SCALES[1]);
    // in time: the triangles grow back to the ceiling left by the last late frame, the resolution after 20 frames
    for (let i = 0; i < 19; i++) budget.measured(16, budget.triangles, 1_200_000);
    expect(budget.scale).toBe(SCALES[1]);
    expect(budget.triangles).toBeGreaterThan(2_000);
    budget.measured(16, budget.triangles, 1_200_000);
    expect(budget.scale).toBe(1);
  });

  it("grows to the whole model on a GPU, never past it", () => {
    const budget = new FrameBudget(18, 40_000, 2_000);
    for (let i = 0; i < 100; i++) budget.measured(16, budget.triangles, 300_000);
    expect(budget.triangles).toBe(300_000);
    expect(budget.scale).toBe(1);
  });

  it("orders parts along a Z-order curve, so runs of parts are near each other", () => {
    // four parts at the corners of a square, listed diagonally: the order visits neighbours in turn
    const at = (x: number, y: number) => [x, y, 0, x + 1, y + 1, 1];
    const boxes = new Float32Array([...at(0, 0), ...at(10, 10), ...at(10, 0), ...at(0, 10)]);
    expect([...spatialOrder(boxes, [0, 0, 0, 11, 11, 1])]).toEqual([0, 3, 2, 1]);
  });
});
