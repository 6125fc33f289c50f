import {
  Box3,
  BufferAttribute,
  BufferGeometry,
  type Color,
  FrontSide,
  Mesh,
  MeshLambertMaterial,
  type Ray,
  type Side,
  Sphere,
  Vector3,
} from "three";
import type { ElementBatchData } from "./bim-geometry-merge";

export interface BatchHit {
  part: number;
  point: Vector3;
  distance: number;
}

/**
 * Many parts of elements drawn as one plain mesh: one draw call of one vertex and one index buffer, which even
 * software WebGL draws in one pass (three's BatchedMesh draws each part as its own sub-draw and fetches its matrix
 * and colour from textures per vertex: 100,000 of them cost seconds there). A part's colour is written into its
 * vertices' colours; hiding a part leaves its indices out of the drawn index buffer. Changes are collected and sent
 * to the GPU once, before the next frame (`flush`).
 */
export class ElementBatch {
  readonly mesh: Mesh<BufferGeometry, MeshLambertMaterial>;
  readonly bounds = new Box3();
  private readonly colours: BufferAttribute;
  private readonly drawnIndices: BufferAttribute;
  private readonly visible: Uint8Array;
  /** Each part's bounding sphere, centre x y z and radius, for the detail kept while the camera moves. */
  private readonly spheres: Float32Array;
  /** While the camera moves: the eye and the smallest radius drawn per unit of distance; null: full detail. */
  private coarse: { eye: Vector3; minRadiusPerDistance: number } | null = null;
  private visibilityChanged = false;
  private dirtyFrom = Number.POSITIVE_INFINITY;
  private dirtyTo = -1;

  constructor(
    readonly data: ElementBatchData,
    side: Side = FrontSide,
  ) {
    const geometry = new BufferGeometry();
    geometry.setAttribute("position", new BufferAttribute(data.positions, 3));
    // four components each (see ElementBatchData); the shaders read the first three of the normal
    geometry.setAttribute("normal", new BufferAttribute(data.normals, 4, true));
    // copies: the batch changes them, and the same data may build a scene again
    this.colours = new BufferAttribute(data.vertexColours.slice(), 4, true);
    geometry.setAttribute("color", this.colours);
    this.drawnIndices = new BufferAttribute(data.indices.slice(), 1);
    geometry.setIndex(this.drawnIndices);
    const { boxes } = data;
    for (let b = 0; b < boxes.length; b += 6) {
      this.bounds.expandByPoint(new Vector3(boxes[b], boxes[b + 1], boxes[b + 2]));
      this.bounds.expandByPoint(new Vector3(boxes[b + 3], boxes[b + 4], boxes[b + 5]));
    }
    geometry.boundingBox = this.bounds.clone();
    geometry.boundingSphere = this.bounds.getBoundingSphere(new Sphere());
    const material = new MeshLambertMaterial({
      vertexColors: true,
      side,
      ...(data.transparent ? { transparent: true, opacity: 0.45, depthWrite: false } : {}),
    });
    this.mesh = new Mesh(geometry, material);
    this.mesh.matrixAutoUpdate = false;
    this.visible = new Uint8Array(data.keys.length).fill(1);
    this.spheres = new Float32Array(data.keys.length * 4);
    for (let p = 0, b = 0; b < boxes.length; p += 4, b += 6) {
      const dx = boxes[b + 3]! - boxes[b]!;
      const dy = boxes[b + 4]! - boxes[b + 1]!;
      const dz = boxes[b + 5]! - boxes[b + 2]!;
      this.spheres[p] = (boxes[b]! + boxes[b + 3]!) / 2;
      this.spheres[p + 1] = (boxes[b + 1]! + boxes[b + 4]!) / 2;
      this.spheres[p + 2] = (boxes[b + 2]! + boxes[b + 5]!) / 2;
      this.spheres[p + 3] = Math.hypot(dx, dy, dz) / 2;
    }
  }

  /**
   * While the camera moves, parts whose bounding sphere is under `minRadiusPerDistance` × their distance from `eye`
   * (a few pixels on screen) are not drawn; null draws every visible part again. Applied at the next `flush`.
   */
  setCoarse(eye: Vector3 | null, minRadiusPerDistance = 0) {
    if (!eye && !this.coarse) return;
    this.coarse = eye ? { eye: eye.clone(), minRadiusPerDistance } : null;
    this.visibilityChanged = true;
  }

  /** Whether the part is drawn in this frame: visible, and not too small while the camera moves. */
  private drawn(part: number) {
    if (!this.visible[part]) return false;
    if (!this.coarse) return true;
    const { eye, minRadiusPerDistance } = this.coarse;
    const s = this.spheres;
    const at = part * 4;
    const distance = Math.hypot(s[at]! - eye.x, s[at + 1]! - eye.y, s[at + 2]! - eye.z);
    return s[at + 3]! >= distance * minRadiusPerDistance;
  }

  setColour(part: number, color: Color) {
    const from = this.data.vertexStarts[part]!;
    const to = this.data.vertexStarts[part + 1]!;
    const r = Math.round(color.r * 255);
    const g = Math.round(color.g * 255);
    const b = Math.round(color.b * 255);
    const array = this.colours.array as Uint8Array;
    for (let v = from * 4; v < to * 4; v += 4) {
      array[v] = r;
      array[v + 1] = g;
      array[v + 2] = b;
    }
    if (from < this.dirtyFrom) this.dirtyFrom = from;
    if (to > this.dirtyTo) this.dirtyTo = to;
  }

  setVisible(part: number, visible: boolean) {
    if ((this.visible[part] === 1) === visible) return;
    this.visible[part] = visible ? 1 : 0;
    this.visibilityChanged = true;
  }

  /** Sends the colours and the visible parts changed since the last frame to the GPU. */
  flush() {
    if (this.dirtyTo >= 0) {
      this.colours.clearUpdateRanges();
      this.colours.addUpdateRange(this.dirtyFrom * 4, (this.dirtyTo - this.dirtyFrom) * 4);
      this.colours.needsUpdate = true;
      this.dirtyFrom = Number.POSITIVE_INFINITY;
      this.dirtyTo = -1;
    }
    if (this.visibilityChanged) {
      this.visibilityChanged = false;
      const { indices, indexStarts } = this.data;
      const array = this.drawnIndices.array as Uint32Array;
      let count = 0;
      for (let p = 0; p < this.visible.length; p++) {
        if (!this.drawn(p)) continue;
        const from = indexStarts[p]!;
        const to = indexStarts[p + 1]!;
        array.set(indices.subarray(from, to), count);
        count += to - from;
      }
      this.mesh.geometry.setDrawRange(0, count);
      this.drawnIndices.clearUpdateRanges();
      this.drawnIndices.addUpdateRange(0, count);
      this.drawnIndices.needsUpdate = true;
    }
  }

  partBox(part: number, into: Box3): Box3 {
    const b = this.data.boxes;
    const at = part * 6;
    into.min.set(b[at]!, b[at + 1]!, b[at + 2]!);
    into.max.set(b[at + 3]!, b[at + 4]!, b[at + 5]!);
    return into;
  }

  /**
   * The nearest point where the ray meets a visible part and `keep` accepts (the section's cut): only parts whose
   * box the ray crosses are tried triangle by triangle.
   */
  intersect(ray: Ray, keep: (point: Vector3) => boolean): BatchHit | null {
    const { positions, indices, indexStarts } = this.data;
    const box = new Box3();
    const [a, b, c] = [new Vector3(), new Vector3(), new Vector3()];
    const point = new Vector3();
    let best: BatchHit | null = null;
    for (let p = 0; p < this.visible.length; p++) {
      if (!this.visible[p] || !ray.intersectsBox(this.partBox(p, box))) continue;
      for (let i = indexStarts[p]!; i < indexStarts[p + 1]!; i += 3) {
        a.fromArray(positions, indices[i]! * 3);
        b.fromArray(positions, indices[i + 1]! * 3);
        c.fromArray(positions, indices[i + 2]! * 3);
        if (!ray.intersectTriangle(a, b, c, false, point)) continue;
        const distance = ray.origin.distanceTo(point);
        if ((best && distance >= best.distance) || !keep(point)) continue;
        best = { part: p, point: point.clone(), distance };
      }
    }
    return best;
  }

  dispose() {
    this.mesh.geometry.dispose();
    this.mesh.material.dispose();
  }
}
