import { Color, Ray, Vector3 } from "three";
import { describe, expect, it } from "vitest";
import { ElementBatch } from "./bim-element-batch";
import { geometryFileOf } from "./bim-geometry.test-kit";
import { mergeBimGeometry } from "./bim-geometry-merge";

/** A unit square (two triangles) facing +z at height z, x from x0. */
function square(expressId: number, x0: number, z: number, alpha = 1) {
  return {
    expressId,
    color: [1, 0, 0, alpha] as [number, number, number, number],
    positions: new Float32Array([x0, 0, z, x0 + 1, 0, z, x0 + 1, 1, z, x0, 1, z]),
    normals: new Int8Array([0, 0, 127, 0, 0, 127, 0, 0, 127, 0, 0, 127]),
    indices: new Uint32Array([0, 1, 2, 0, 2, 3]),
  };
}

const down = (x: number) => new Ray(new Vector3(x, 0.5, 10), new Vector3(0, 0, -1));

describe("merged element batches", () => {
  it("puts opaque and transparent parts into two batches, indices counted from each batch's first vertex", () => {
    const batches = mergeBimGeometry(geometryFileOf([square(7, 0, 0), square(8, 2, 0, 0.3), square(9, 4, 0)]));
    expect(batches.map((b) => [b.transparent, [...b.keys]])).toEqual([
      [false, [7, 9]],
      [true, [8]],
    ]);
    const [opaque] = batches;
    expect([...opaque!.vertexStarts]).toEqual([0, 4, 8]);
    expect([...opaque!.indices.subarray(6)]).toEqual([4, 5, 6, 4, 6, 7]);
    expect([...opaque!.boxes.subarray(6)]).toEqual([4, 0, 0, 5, 1, 0]);
    expect([...opaque!.vertexColours.subarray(0, 4)]).toEqual([255, 0, 0, 255]);
  });

  it("refuses a file cut short", () => {
    const bytes = geometryFileOf([square(1, 0, 0)]);
    expect(() => mergeBimGeometry(bytes.subarray(0, bytes.length - 4))).toThrow(/cut short/);
  });

  it("colours one element's vertices only and leaves a hidden element out of what is drawn and picked", () => {
    const [data] = mergeBimGeometry(geometryFileOf([square(1, 0, 0), square(2, 0, 1), square(3, 2, 0)]));
    const batch = new ElementBatch(data!);
    batch.setColour(1, new Color(0, 0, 1));
    const colours = batch.mesh.geometry.getAttribute("color").array as Uint8Array;
    expect([...colours.subarray(0, 4)]).toEqual([255, 0, 0, 255]);
    expect([...colours.subarray(16, 20)]).toEqual([0, 0, 255, 255]);
    expect([...colours.subarray(32, 36)]).toEqual([255, 0, 0, 255]);

    // the upper square (element 2) lies over element 1: the ray from above meets it first
    expect(batch.intersect(down(0.5), () => true)?.part).toBe(1);
    batch.setVisible(1, false);
    batch.flush();
    expect(batch.mesh.geometry.drawRange.count).toBe(12);
    expect([...(batch.mesh.geometry.index!.array as Uint32Array).subarray(6, 12)]).toEqual([8, 9, 10, 8, 10, 11]);
    expect(batch.intersect(down(0.5), () => true)?.part).toBe(0);
    // a section that cuts away what lies at z ≥ 0 leaves nothing to pick there
    expect(batch.intersect(down(0.5), (point) => point.z < 0)).toBeNull();
    expect(batch.intersect(down(2.5), () => true)?.point.toArray()).toEqual([2.5, 0.5, 0]);
  });

  it("leaves parts a few pixels across out while the camera moves, and draws them all again when it stops", () => {
    // unit squares (radius ≈ 0.71) at x 0, 2 and 100: seen from x = -10, the far one is ~10× smaller
    const [data] = mergeBimGeometry(geometryFileOf([square(1, 0, 0), square(2, 2, 0), square(3, 100, 0)]));
    const batch = new ElementBatch(data!);
    const eye = new Vector3(-10, 0.5, 0);
    batch.setCoarse(eye, 0.71 / 50); // a radius under 1/70 of its distance is too small
    batch.flush();
    expect(batch.mesh.geometry.drawRange.count).toBe(12);
    // a hidden part stays hidden while moving
    batch.setVisible(0, false);
    batch.flush();
    expect([...(batch.mesh.geometry.index!.array as Uint32Array).subarray(0, 6)]).toEqual([4, 5, 6, 4, 6, 7]);
    expect(batch.mesh.geometry.drawRange.count).toBe(6);
    batch.setCoarse(null);
    batch.flush();
    expect(batch.mesh.geometry.drawRange.count).toBe(12);
    batch.setVisible(0, true);
    batch.flush();
    expect(batch.mesh.geometry.drawRange.count).toBe(18);
  });
});
