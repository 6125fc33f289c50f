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
import { CLUSTER_PARTS, spatialOrder } from "./bim-frame-budget";
import type { ElementBatchData } from "./bim-geometry-merge";

export interface BatchHit {
  part: number;
  point: Vector3;
  distance: number;
}

/** A box's six faces: the normal and the four corners (0/1 of the box's min/max per axis). */
export const BOX_FACES: [number[], number[][]][] = [
  [
    [1, 0, 0],
    [
      [1, 0, 0],
      [1, 1, 0],
      [1, 1, 1],
      [1, 0, 1],
    ],
  ],
  [
    [-1, 0, 0],
    [
      [0, 1, 0],
      [0, 0, 0],
      [0, 0, 1],
      [0, 1, 1],
    ],
  ],
  [
    [0, 1, 0],
    [
      [1, 1, 1],
      [1, 1, 0],
      [0, 1, 0],
      [0, 1, 1],
    ],
  ],
  [
    [0, -1, 0],
    [
      [0, 0, 0],
      [1, 0, 0],
      [1, 0, 1],
      [0, 0, 1],
    ],
  ],
  [
    [0, 0, 1],
    [
      [0, 0, 1],
      [1, 0, 1],
      [1, 1, 1],
      [0, 1, 1],
    ],
  ],
  [
    [0, 0, -1],
    [
      [0, 1, 0],
      [1, 1, 0],
      [1, 0, 0],
      [0, 0, 0],
    ],
  ],
];

/**
 * Many parts of elements drawn as one plain mesh: one draw call of one vertex and one index buffer, which even
 * software WebGL draws in one pass (three's BatchedMesh draws each part as its own sub-draw and fetches its matrix
 * and colour from textures per vertex: 100,000 of them cost seconds there). Each part's colour lives in a row of the
 * colour table (`table`, four bytes a part — the scene's table once bound, which the 4D player's screen pass reads)
 * and is written into its vertices' colours only before a frame that draws the geometry (`flush`); hiding a part
 * leaves its indices out of the drawn index buffer. While the camera moves, the parts are drawn by clusters of
 * `CLUSTER_PARTS` near in space: each cluster whole, or as its proxy box (`proxy`) in its parts' mean colour
 * (`setDetail`, chosen by the frame's budget).
 */
export class ElementBatch {
  readonly mesh: Mesh<BufferGeometry, MeshLambertMaterial>;
  /** The clusters' boxes, drawn while the camera moves for those not drawn whole. */
  readonly proxy: Mesh<BufferGeometry, MeshLambertMaterial>;
  readonly bounds = new Box3();
  /** Each part's colour (r g b, 255): a view of the scene's colour table from `bindTable` on. */
  table: Uint8Array;
  /** The part's row in the scene's colour table is `base + part`. */
  base = 0;
  private readonly colours: BufferAttribute;
  private readonly drawnIndices: BufferAttribute;
  private readonly visible: Uint8Array;
  /** Parts whose colour in the table is not yet in their vertices. */
  private staleFrom = Number.POSITIVE_INFINITY;
  private staleTo = -1;
  /** The parts of each cluster: order[clusterStarts[c] … clusterStarts[c + 1]]. */
  private readonly order: Uint32Array;
  private readonly clusterStarts: Uint32Array;
  /** Each cluster's box over its visible parts (min x y z, max x y z), sphere and visible triangles. */
  private readonly clusterBoxes: Float32Array;
  private readonly clusterSpheres: Float32Array;
  private readonly clusterTriangles: Uint32Array;
  private clustersStale = true;
  private proxyColoursStale = true;
  private proxyBuilt = false;
  /** While the camera moves: which clusters are drawn whole (the others as boxes); null: every visible part. */
  private whole: Uint8Array | null = null;
  private drawnChanged = false;
  private slots: BufferAttribute | null = null;

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
    const { boxes, keys } = data;
    for (let b = 0; b < boxes.length; b += 6) {
      this.bounds.expandByPoint(new Vector3(boxes[b], boxes[b + 1], boxes[b + 2]));
      this.bounds.expandByPoint(new Vector3(boxes[b + 3], boxes[b + 4], boxes[b + 5]));
    }
    geometry.boundingBox = this.bounds.clone();
    geometry.boundingSphere = this.bounds.getBoundingSphere(new Sphere());
    const transparency = data.transparent ? { transparent: true, opacity: 0.45, depthWrite: false } : {};
    this.mesh = new Mesh(geometry, new MeshLambertMaterial({ vertexColors: true, side, ...transparency }));
    this.mesh.matrixAutoUpdate = false;
    this.visible = new Uint8Array(keys.length).fill(1);
    this.table = new Uint8Array(keys.length * 4);
    for (let p = 0; p < keys.length; p++) {
      this.table.set(data.colours.subarray(p * 3, p * 3 + 3), p * 4);
      this.table[p * 4 + 3] = 255;
    }

    const { min, max } = this.bounds;
    this.order = spatialOrder(boxes, [min.x, min.y, min.z, max.x, max.y, max.z]);
    const clusters = Math.ceil(keys.length / CLUSTER_PARTS);
    this.clusterStarts = Uint32Array.from({ length: clusters + 1 }, (_, c) => Math.min(keys.length, c * CLUSTER_PARTS));
    this.clusterBoxes = new Float32Array(clusters * 6);
    this.clusterSpheres = new Float32Array(clusters * 4);
    this.clusterTriangles = new Uint32Array(clusters);
    const proxy = new BufferGeometry();
    proxy.setAttribute("position", new BufferAttribute(new Float32Array(clusters * 72), 3));
    proxy.setAttribute("normal", new BufferAttribute(new Int8Array(clusters * 96), 4, true));
    proxy.setAttribute("color", new BufferAttribute(new Uint8Array(clusters * 96), 4, true));
    proxy.setIndex(new BufferAttribute(new Uint32Array(clusters * 36), 1));
    proxy.boundingBox = geometry.boundingBox;
    proxy.boundingSphere = geometry.boundingSphere;
    proxy.setDrawRange(0, 0);
    this.proxy = new Mesh(proxy, new MeshLambertMaterial({ vertexColors: true, side, ...transparency }));
    this.proxy.matrixAutoUpdate = false;
    this.proxy.visible = false;
  }

  /** Clusters of this batch (see `clusterSizes`). */
  get clusterCount() {
    return this.clusterTriangles.length;
  }

  /**
   * Each cluster's size on screen seen from `eye` (its visible parts' bounding sphere's radius over its distance;
   * 0 when nothing of it is visible) and its visible triangles, written from `at` on.
   */
  clusterSizes(eye: Vector3, sizes: Float32Array, triangles: Uint32Array, at: number) {
    this.updateClusters();
    const s = this.clusterSpheres;
    for (let c = 0; c < this.clusterCount; c++) {
      const radius = s[c * 4 + 3]!;
      const distance = Math.hypot(s[c * 4]! - eye.x, s[c * 4 + 1]! - eye.y, s[c * 4 + 2]! - eye.z);
      triangles[at + c] = this.clusterTriangles[c]!;
      sizes[at + c] = this.clusterTriangles[c] === 0 ? 0 : distance <= radius ? 1e9 : radius / distance;
    }
  }

  /**
   * While the camera moves: which clusters are drawn whole (1) and which as their box (0), or null to draw every
   * visible part. Applied at the next `flush`.
   */
  setDetail(whole: Uint8Array | null) {
    const before = this.whole;
    if (before === whole) return;
    if (before && whole && before.length === whole.length && before.every((w, c) => w === whole[c])) return;
    this.whole = whole;
    this.drawnChanged = true;
  }

  /** Writes a part's colour into the table; its vertices take it before the next frame drawing the geometry. */
  setColour(part: number, color: Color) {
    const at = part * 4;
    this.table[at] = Math.round(color.r * 255);
    this.table[at + 1] = Math.round(color.g * 255);
    this.table[at + 2] = Math.round(color.b * 255);
    if (part < this.staleFrom) this.staleFrom = part;
    if (part > this.staleTo) this.staleTo = part;
    this.proxyColoursStale = true;
  }

  /** Moves the batch's colours into the scene's table, at rows `base` on. */
  bindTable(table: Uint8Array, base: number) {
    table.set(this.table, base * 4);
    this.table = table.subarray(base * 4, (base + this.visible.length) * 4);
    this.base = base;
  }

  setVisible(part: number, visible: boolean) {
    if ((this.visible[part] === 1) === visible) return;
    this.visible[part] = visible ? 1 : 0;
    this.drawnChanged = true;
    this.clustersStale = true;
    this.proxyColoursStale = true;
  }

  /** Whether `flush` would change what is drawn (not only colours). */
  get drawnPending() {
    return this.drawnChanged;
  }

  /**
   * Before a frame that draws the geometry: the colours changed since the last such frame into the vertices, and
   * the parts drawn (visible; by cluster while the camera moves) into the drawn index buffer.
   */
  flush() {
    this.flushColours();
    if (!this.drawnChanged) return;
    this.drawnChanged = false;
    const { indices, indexStarts } = this.data;
    const array = this.drawnIndices.array as Uint32Array;
    let count = 0;
    const copy = (p: number) => {
      if (!this.visible[p]) return;
      const from = indexStarts[p]!;
      const to = indexStarts[p + 1]!;
      array.set(indices.subarray(from, to), count);
      count += to - from;
    };
    const { whole } = this;
    if (!whole) {
      for (let p = 0; p < this.visible.length; p++) copy(p);
      this.proxy.visible = false;
    } else {
      this.updateProxy();
      const proxyIndices = this.proxy.geometry.index!;
      const proxyArray = proxyIndices.array as Uint32Array;
      let boxes = 0;
      for (let c = 0; c < this.clusterCount; c++) {
        if (this.clusterTriangles[c] === 0) continue;
        if (whole[c]) {
          for (let i = this.clusterStarts[c]!; i < this.clusterStarts[c + 1]!; i++) copy(this.order[i]!);
        } else {
          for (let f = 0; f < 6; f++)
            for (const corner of [0, 1, 2, 0, 2, 3]) proxyArray[boxes++] = c * 24 + f * 4 + corner;
        }
      }
      this.proxy.geometry.setDrawRange(0, boxes);
      proxyIndices.clearUpdateRanges();
      proxyIndices.addUpdateRange(0, boxes);
      proxyIndices.needsUpdate = true;
      this.proxy.visible = boxes > 0;
    }
    this.mesh.geometry.setDrawRange(0, count);
    this.drawnIndices.clearUpdateRanges();
    this.drawnIndices.addUpdateRange(0, count);
    this.drawnIndices.needsUpdate = true;
  }

  /** The table's colours of the parts changed since into their vertices. */
  private flushColours() {
    if (this.staleTo < 0) return;
    const { vertexStarts } = this.data;
    const array = this.colours.array as Uint8Array;
    const table = this.table;
    for (let p = this.staleFrom; p <= this.staleTo; p++) {
      const r = table[p * 4]!;
      const g = table[p * 4 + 1]!;
      const b = table[p * 4 + 2]!;
      for (let v = vertexStarts[p]! * 4, end = vertexStarts[p + 1]! * 4; v < end; v += 4) {
        array[v] = r;
        array[v + 1] = g;
        array[v + 2] = b;
      }
    }
    const from = vertexStarts[this.staleFrom]!;
    const to = vertexStarts[this.staleTo + 1]!;
    this.colours.clearUpdateRanges();
    this.colours.addUpdateRange(from * 4, (to - from) * 4);
    this.colours.needsUpdate = true;
    this.staleFrom = Number.POSITIVE_INFINITY;
    this.staleTo = -1;
  }

  /** Each cluster's box, sphere and triangles over its visible parts. */
  private updateClusters() {
    if (!this.clustersStale) return;
    this.clustersStale = false;
    const { boxes, indexStarts } = this.data;
    const cb = this.clusterBoxes;
    for (let c = 0; c < this.clusterCount; c++) {
      let triangles = 0;
      cb.set([Infinity, Infinity, Infinity, -Infinity, -Infinity, -Infinity], c * 6);
      for (let i = this.clusterStarts[c]!; i < this.clusterStarts[c + 1]!; i++) {
        const p = this.order[i]!;
        if (!this.visible[p]) continue;
        triangles += (indexStarts[p + 1]! - indexStarts[p]!) / 3;
        for (let a = 0; a < 3; a++) {
          cb[c * 6 + a] = Math.min(cb[c * 6 + a]!, boxes[p * 6 + a]!);
          cb[c * 6 + 3 + a] = Math.max(cb[c * 6 + 3 + a]!, boxes[p * 6 + 3 + a]!);
        }
      }
      this.clusterTriangles[c] = triangles;
      const s = c * 4;
      if (triangles === 0) {
        this.clusterSpheres.fill(0, s, s + 4);
        continue;
      }
      const [x0, y0, z0, x1, y1, z1] = cb.subarray(c * 6, c * 6 + 6);
      this.clusterSpheres.set(
        [(x0! + x1!) / 2, (y0! + y1!) / 2, (z0! + z1!) / 2, Math.hypot(x1! - x0!, y1! - y0!, z1! - z0!) / 2],
        s,
      );
    }
    this.proxyBuilt = false;
  }

  /** The proxy boxes (positions and normals) over the visible parts, and their colours, the parts' mean. */
  private updateProxy() {
    this.updateClusters();
    const geometry = this.proxy.geometry;
    if (!this.proxyBuilt) {
      this.proxyBuilt = true;
      const positions = geometry.getAttribute("position") as BufferAttribute;
      const normals = geometry.getAttribute("normal") as BufferAttribute;
      const p = positions.array as Float32Array;
      const n = normals.array as Int8Array;
      const cb = this.clusterBoxes;
      for (let c = 0; c < this.clusterCount; c++) {
        if (this.clusterTriangles[c] === 0) continue;
        BOX_FACES.forEach(([normal, corners], f) => {
          corners.forEach((corner, k) => {
            const v = c * 24 + f * 4 + k;
            for (let a = 0; a < 3; a++) {
              p[v * 3 + a] = cb[c * 6 + (corner[a] ? 3 : 0) + a]!;
              n[v * 4 + a] = normal[a]! * 127;
            }
          });
        });
      }
      positions.needsUpdate = true;
      normals.needsUpdate = true;
    }
    if (this.proxyColoursStale) {
      this.proxyColoursStale = false;
      const colours = geometry.getAttribute("color") as BufferAttribute;
      const array = colours.array as Uint8Array;
      const table = this.table;
      for (let c = 0; c < this.clusterCount; c++) {
        let [r, g, b, count] = [0, 0, 0, 0];
        for (let i = this.clusterStarts[c]!; i < this.clusterStarts[c + 1]!; i++) {
          const part = this.order[i]!;
          if (!this.visible[part]) continue;
          r += table[part * 4]!;
          g += table[part * 4 + 1]!;
          b += table[part * 4 + 2]!;
          count++;
        }
        if (count === 0) continue;
        for (let v = c * 24; v < c * 24 + 24; v++)
          array.set([Math.round(r / count), Math.round(g / count), Math.round(b / count), 255], v * 4);
      }
      colours.needsUpdate = true;
    }
  }

  /** Each vertex's part (a float per vertex), the id pass's attribute: made when first asked. */
  partOfVertex(): BufferAttribute {
    if (!this.slots) {
      const { vertexStarts } = this.data;
      const array = new Float32Array(vertexStarts[vertexStarts.length - 1]!);
      for (let p = 0; p + 1 < vertexStarts.length; p++) array.fill(p, vertexStarts[p]!, vertexStarts[p + 1]!);
      this.slots = new BufferAttribute(array, 1);
      this.mesh.geometry.setAttribute("part", this.slots);
    }
    return this.slots;
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
    this.proxy.geometry.dispose();
    this.proxy.material.dispose();
  }
}
