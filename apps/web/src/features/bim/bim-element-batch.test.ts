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
    batch.flush();
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

  it("keeps colours in the table and writes them into the vertices only before a frame that draws the geometry", () => {
    const [data] = mergeBimGeometry(geometryFileOf([square(1, 0, 0), square(2, 2, 0)]));
    const batch = new ElementBatch(data!);
    const table = new Uint8Array(16);
    batch.bindTable(table, 1);
    // the batch's own colours moved into the scene's table, at its rows
    expect([...table.subarray(4, 12)]).toEqual([255, 0, 0, 255, 255, 0, 0, 255]);
    batch.setColour(1, new Color(0, 1, 0));
    expect([...table.subarray(8, 12)]).toEqual([0, 255, 0, 255]);
    const colours = batch.mesh.geometry.getAttribute("color").array as Uint8Array;
    expect([...colours.subarray(16, 20)]).toEqual([255, 0, 0, 255]);
    batch.flush();
    expect([...colours.subarray(16, 20)]).toEqual([0, 255, 0, 255]);
    expect([...colours.subarray(28, 32)]).toEqual([0, 255, 0, 255]);
    expect([...colours.subarray(0, 4)]).toEqual([255, 0, 0, 255]);
  });

  it("while the camera moves draws each cluster whole or as its box in its parts' mean colour, and all again when it stops", () => {
    // 130 unit squares in a row: clusters of 64 near in space (64, 64 and 2)
    const squares = Array.from({ length: 130 }, (_, i) => square(i + 1, i * 2, 0));
    const [data] = mergeBimGeometry(geometryFileOf(squares));
    const batch = new ElementBatch(data!);
    expect(batch.clusterCount).toBe(3);
    const sizes = new Float32Array(3);
    const triangles = new Uint32Array(3);
    batch.clusterSizes(new Vector3(0, 0.5, 10), sizes, triangles, 0);
    expect([...triangles]).toEqual([128, 128, 4]);
    // the cluster at the eye's side looks largest
    const nearest = sizes.indexOf(Math.max(...sizes));
    const whole = new Uint8Array(3);
    whole[nearest] = 1;
    for (let part = 0; part < 130; part++) if (part % 2) batch.setColour(part, new Color(0, 0, 1));
    batch.setDetail(whole);
    batch.flush();
    expect(batch.mesh.geometry.drawRange.count).toBe(128 * 3);
    // the two other clusters as boxes (36 indices each), in the mean of red and blue parts
    expect(batch.proxy.visible).toBe(true);
    expect(batch.proxy.geometry.drawRange.count).toBe(72);
    const proxyColours = batch.proxy.geometry.getAttribute("color").array as Uint8Array;
    const other = nearest === 0 ? 1 : 0;
    expect([...proxyColours.subarray(other * 96, other * 96 + 4)]).toEqual([128, 0, 128, 255]);
    const positions = batch.proxy.geometry.getAttribute("position").array as Float32Array;
    const xs = Array.from({ length: 24 }, (_, v) => positions[(other * 24 + v) * 3]!);
    expect(Math.max(...xs) - Math.min(...xs)).toBe(127);
    // hidden parts leave their cluster's triangles (and its box when none is left)
    for (let part = 0; part < 130; part++) batch.setVisible(part, part < 64);
    batch.clusterSizes(new Vector3(0, 0.5, 10), sizes, triangles, 0);
    expect([...triangles].sort((a, b) => a - b)).toEqual([0, 0, 128]);
    batch.setDetail(null);
    batch.flush();
    expect(batch.proxy.visible).toBe(false);
    expect(batch.mesh.geometry.drawRange.count).toBe(64 * 6);
  });
});
