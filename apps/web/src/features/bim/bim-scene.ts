import type { BimSection } from "@planum/contracts";
import {
  Box3,
  BufferGeometry,
  Color,
  DirectionalLight,
  DoubleSide,
  GridHelper,
  HemisphereLight,
  Line,
  LineBasicMaterial,
  type Matrix4,
  PerspectiveCamera,
  Plane,
  Raycaster,
  Scene,
  Sphere,
  Vector2,
  Vector3,
  WebGLRenderer,
} from "three";
import { OrbitControls } from "three/addons/controls/OrbitControls.js";
import { type BatchHit, ElementBatch } from "./bim-element-batch";
import { chooseDetail, FrameBudget } from "./bim-frame-budget";
import { type ElementBatchData, mergeParts } from "./bim-geometry-merge";
import { ElementIdPass, growTable } from "./bim-id-pass";

const SELECTED = new Color("#f59f00");
const MEASURE = new Color("#e8590c");
const AXES = { x: new Vector3(1, 0, 0), y: new Vector3(0, 1, 0), z: new Vector3(0, 0, 1) } as const;

export type CameraState = { position: [number, number, number]; target: [number, number, number] };
/** An appearance profile resolved per element: its colour (null: its own) or hidden. */
export type Appearance = Map<number, { colour: string | null; hidden: boolean }>;

let software: boolean | undefined;
/**
 * Whether WebGL draws in software here (no GPU: SwiftShader, llvmpipe — virtual machines, remote desktops). The
 * scene then draws without antialiasing: multisampling there multiplies every frame's cost (×3.6 measured on a
 * model of 100,000 elements in SwiftShader), where a GPU does it almost for free.
 */
function softwareRendering(): boolean {
  if (software === undefined) {
    const gl = document.createElement("canvas").getContext("webgl2");
    const info = gl?.getExtension("WEBGL_debug_renderer_info");
    const renderer = gl ? String(gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER)) : "";
    software = /swiftshader|llvmpipe|software/i.test(renderer);
    gl?.getExtension("WEBGL_lose_context")?.loseContext();
  }
  return software;
}

interface Placed {
  batch: ElementBatch;
  part: number;
  color: Color;
}

/** Colours named by CSS strings, parsed once: the 4D player names the same few for every element every frame. */
const parsed = new Map<string, Color>();
function colourOf(css: string): Color {
  let colour = parsed.get(css);
  if (!colour) {
    colour = new Color(css);
    parsed.set(css, colour);
  }
  return colour;
}

/** What the last frame drew: the whole model, a moving frame within its budget, or the id target's screen pass. */
export interface FrameDrawn {
  kind: "whole" | "moving" | "ids" | "screen";
  triangles: number;
  drawCalls: number;
  /** The main thread's time of the frame (choosing, uploads, WebGL calls; not the rasterising that follows). */
  scriptMs: number;
}

/**
 * The 3D view of one model: every part of every element merged into two meshes (opaque and transparent,
 * `ElementBatch`), so a model of 100,000 elements is two draw calls a batch, and recolouring an element is a write
 * into the colour table. Frames are drawn on demand (a camera move, a change), never in a loop, so an idle viewer
 * costs nothing. Three kinds of frame:
 * - still, after a change of the view: the whole model;
 * - while the camera moves: what fits the frame's budget of triangles (`FrameBudget`, adapted to the frames'
 *   measured times): clusters of parts whole, the largest on screen first, the others as boxes in their colour;
 * - still, only colours changed (the 4D player, selection, links' tints): one screen pass over the id target
 *   (`ElementIdPass`), drawn once for the view.
 * Orbit with the left button, pan with the right one, zoom with the wheel (three's OrbitControls).
 */
export class BimScene {
  private readonly renderer: WebGLRenderer;
  private readonly scene = new Scene();
  private readonly camera = new PerspectiveCamera(50, 1, 0.1, 10_000);
  private readonly controls: OrbitControls;
  private readonly batches: ElementBatch[] = [];
  private readonly placed = new Map<number, Placed[]>();
  private readonly resize: ResizeObserver;
  private selected: number[] = [];
  private selectedSet = new Set<number>();
  /** Colours given by `colour` (4D, links), shown instead of an element's own until given back. */
  private readonly tints = new Map<number, Color>();
  private hidden = new Set<number>();
  private isolated: Set<number> | null = null;
  /** The appearance profile's colours and hidden elements, under tints and selection. */
  private readonly profileColours = new Map<number, Color>();
  private readonly profileHidden = new Set<number>();
  private measureLine: Line | null = null;
  /** The section asked for (kept so that it follows the model's extent while the model arrives). */
  private cut: BimSection | null = null;
  /** The primitives' batch (site layout), rebuilt whenever they change; their keys in `placed`. */
  private primitiveBatch: ElementBatch | null = null;
  private primitiveKeys: number[] = [];
  private grid: GridHelper | null = null;
  private frame = 0;
  /** Someone moved the camera or a saved one was restored: arriving batches no longer reframe the model. */
  private cameraPlaced = false;
  /** The pointer is down on the canvas (a drag may start); `moving` once the camera has moved in it. */
  private dragging = false;
  private moving = false;
  /** The moving frames' budget of triangles, and when the frame last drawn was asked for and drawn. */
  private readonly budget = new FrameBudget();
  /** The 4D player's screen passes' budget: only their resolution adapts. */
  private readonly screenBudget = new FrameBudget();
  /** The device's pixel ratio (at most 2) and the share of it frames draw at now (`FrameBudget.scale`). */
  private readonly pixelRatio = Math.min(window.devicePixelRatio, 2);
  private scale = 1;
  /** After screen passes at a lower resolution: the full one, once the colours have stood still a moment. */
  private settle = 0;
  private settling = false;
  private lastFrame: { at: number; kind: FrameDrawn["kind"]; triangles: number; total: number } | null = null;
  private requestedAt = 0;
  /** Counts the changes of the view (camera, size, parts drawn, section): the id target is of one of them. */
  private viewVersion = 0;
  /** The view of the last frame that drew the geometry; the id target's frames need it unchanged. */
  private drawnVersion = -1;
  private readonly ids: ElementIdPass;
  /** Every part's colour, four bytes each, batch after batch (`ElementBatch.bindTable`). */
  private table: Uint8Array<ArrayBuffer> = new Uint8Array(0);
  private tableRows = 0;
  private frameDrawn: FrameDrawn = { kind: "whole", triangles: 0, drawCalls: 0, scriptMs: 0 };

  constructor(
    private readonly host: HTMLElement,
    background: string,
  ) {
    this.renderer = new WebGLRenderer({ antialias: !softwareRendering(), preserveDrawingBuffer: true });
    this.renderer.setPixelRatio(this.pixelRatio);
    this.renderer.domElement.style.display = "block";
    this.renderer.info.autoReset = false;
    this.ids = new ElementIdPass(this.renderer);
    host.appendChild(this.renderer.domElement);
    this.scene.background = new Color(background);
    this.scene.add(new HemisphereLight(0xffffff, 0x666666, 2.2));
    const sun = new DirectionalLight(0xffffff, 1.6);
    sun.position.set(1, 2, 1.5);
    this.scene.add(sun);
    this.controls = new OrbitControls(this.camera, this.renderer.domElement);
    this.controls.addEventListener("change", () => {
      if (this.dragging) this.setMoving(true);
      this.requestRender();
    });
    this.controls.addEventListener("start", () => {
      this.cameraPlaced = true;
      this.dragging = true;
    });
    this.controls.addEventListener("end", () => {
      this.dragging = false;
      this.setMoving(false);
    });
    this.resize = new ResizeObserver(() => this.fitSize());
    this.resize.observe(host);
    this.fitSize();
  }

  setBackground(color: string) {
    this.scene.background = new Color(color);
    this.requestRender(false);
  }

  /**
   * Puts batches of a model into the scene as they arrive (`readGeometryStream`): what was already asked of their
   * elements — selection, tints, profile, hidden, isolated — applies to them at once. The camera frames the model
   * as it grows until someone moves it or a saved camera is restored.
   */
  addBatches(batches: ElementBatchData[]) {
    for (const data of batches) this.add(new ElementBatch(data));
    // the cut is a share of the model's extent, which has grown
    if (this.cut) this.section(this.cut);
    if (!this.cameraPlaced) this.frameAll();
    this.requestRender();
  }

  private add(batch: ElementBatch) {
    const { keys, colours } = batch.data;
    this.table = growTable(this.table, this.tableRows + keys.length);
    for (const bound of this.batches) bound.bindTable(this.table, bound.base);
    batch.bindTable(this.table, this.tableRows);
    this.tableRows += keys.length;
    this.ids.tableChanged(this.table);
    const selected = new Set(this.selected);
    for (let part = 0; part < keys.length; part++) {
      const key = keys[part]!;
      const color = new Color(colours[part * 3]! / 255, colours[part * 3 + 1]! / 255, colours[part * 3 + 2]! / 255);
      const list = this.placed.get(key);
      if (list) list.push({ batch, part, color });
      else this.placed.set(key, [{ batch, part, color }]);
      if (!this.visible(key)) batch.setVisible(part, false);
      const shown = selected.has(key) ? SELECTED : (this.tints.get(key) ?? this.profileColours.get(key));
      if (shown) batch.setColour(part, shown);
    }
    this.batches.push(batch);
    this.scene.add(batch.mesh);
    this.scene.add(batch.proxy);
  }

  /** Triangles of the last frame drawn (the benchmark shows what a moving frame draws). */
  get trianglesDrawn() {
    return this.frameDrawn.triangles;
  }

  /** Draw calls of the last frame drawn (the benchmark: two a batch at most, not one an element). */
  get drawCalls() {
    return this.frameDrawn.drawCalls;
  }

  /** What the last frame drew, and how (the benchmark, the browser tests). */
  get lastFrameDrawn(): FrameDrawn & { scale: number } {
    return { ...this.frameDrawn, scale: this.scale };
  }

  get elementCount() {
    return this.placed.size;
  }

  /**
   * Puts the primitives (site layout) into the scene, replacing those put before: each a unit shape placed by its
   * matrix, under its key (negative, so it never meets a model's express id), in its own colour.
   */
  setPrimitives(primitives: { key: number; geometry: BufferGeometry; matrix: Matrix4; colour: string }[]) {
    if (this.primitiveBatch) {
      this.scene.remove(this.primitiveBatch.mesh);
      this.scene.remove(this.primitiveBatch.proxy);
      this.primitiveBatch.dispose();
      this.batches.splice(this.batches.indexOf(this.primitiveBatch), 1);
      for (const key of this.primitiveKeys) this.placed.delete(key);
      this.primitiveBatch = null;
    }
    this.primitiveKeys = primitives.map((p) => p.key);
    if (primitives.length > 0) {
      const parts = primitives.map(({ key, geometry, matrix, colour }) => {
        const placed = geometry.applyMatrix4(matrix);
        const positions = placed.getAttribute("position").array as Float32Array;
        const normals = Int8Array.from(placed.getAttribute("normal").array, (n) => Math.round(n * 127));
        const indices = placed.index
          ? Uint32Array.from(placed.index.array)
          : Uint32Array.from({ length: positions.length / 3 }, (_, i) => i);
        const { r, g, b } = new Color(colour);
        geometry.dispose();
        return { key, color: [r, g, b, 1], positions, normals, indices };
      });
      // planes are seen from above and below
      this.primitiveBatch = new ElementBatch(mergeParts(parts, false), DoubleSide);
      this.add(this.primitiveBatch);
      for (const key of this.primitiveKeys) this.paint(key, this.selected.includes(key) ? SELECTED : null);
      this.applyVisibility();
    }
    this.requestRender();
  }

  /** The site plan's ground: a grid of 1 m squares `extent` metres across (faint on a dark background), or none. */
  setGround(extent: number | null, dark = false) {
    if (this.grid) {
      this.scene.remove(this.grid);
      this.grid.dispose();
      this.grid = null;
    }
    if (extent) {
      const divisions = Math.min(200, Math.ceil(extent));
      this.grid = dark
        ? new GridHelper(divisions, divisions, 0x5c5f66, 0x34373d)
        : new GridHelper(divisions, divisions, 0x868e96, 0xced4da);
      this.scene.add(this.grid);
    }
    this.requestRender(false);
  }

  /**
   * While the camera moves (a drag of the controls, or the caller's own motion), frames draw what fits their budget
   * (clusters of parts whole or as boxes); when it stops, the whole model is drawn again.
   */
  setMoving(moving: boolean) {
    if (this.moving === moving) return;
    this.moving = moving;
    if (!moving) {
      for (const batch of this.batches) batch.setDetail(null);
      this.setScale(1);
    }
    this.requestRender();
  }

  /** Chooses, for a moving frame, which clusters are drawn whole within the budget, as seen from the camera now. */
  private chooseMovingDetail() {
    const count = this.batches.reduce((sum, b) => sum + b.clusterCount, 0);
    const sizes = new Float32Array(count);
    const triangles = new Uint32Array(count);
    let at = 0;
    for (const batch of this.batches) {
      batch.clusterSizes(this.camera.position, sizes, triangles, at);
      at += batch.clusterCount;
    }
    const total = triangles.reduce((sum, t) => sum + t, 0);
    const chosen = chooseDetail(sizes, triangles, this.budget.triangles);
    at = 0;
    for (const batch of this.batches) {
      batch.setDetail(chosen.whole.slice(at, at + batch.clusterCount));
      at += batch.clusterCount;
    }
    return { triangles: chosen.triangles, total };
  }

  /** Frames the visible elements (all of them when none is visible), or the named ones. */
  fit(ids?: number[]) {
    this.cameraPlaced = true;
    this.frameAll(ids);
  }

  private frameAll(ids?: number[]) {
    const box = new Box3();
    const wanted = ids?.length ? ids : [...this.placed.keys()].filter((id) => this.visible(id));
    if (wanted.length === this.placed.size || wanted.length === 0) {
      box.copy(this.bounds());
    } else {
      const partBox = new Box3();
      for (const id of wanted)
        for (const { batch, part } of this.placed.get(id) ?? []) box.union(batch.partBox(part, partBox));
    }
    if (box.isEmpty()) return;
    const sphere = box.getBoundingSphere(new Sphere());
    const distance = sphere.radius / Math.sin((this.camera.fov * Math.PI) / 360);
    const direction = new Vector3(1, 0.8, 1.2).normalize();
    this.camera.position.copy(sphere.center).addScaledVector(direction, distance);
    this.camera.near = Math.max(0.01, distance / 1000);
    this.camera.far = distance * 10;
    this.camera.updateProjectionMatrix();
    this.controls.target.copy(sphere.center);
    this.controls.update();
    this.requestRender();
  }

  /** The element under a point of the canvas (client coordinates), if any. */
  pick(clientX: number, clientY: number): number | null {
    const hit = this.hit(clientX, clientY);
    return hit ? hit.batch.data.keys[hit.part]! : null;
  }

  /** The nearest visible surface under a point of the canvas, in front of the section's cut. */
  private hit(clientX: number, clientY: number) {
    const rect = this.renderer.domElement.getBoundingClientRect();
    const pointer = new Vector2(
      ((clientX - rect.left) / rect.width) * 2 - 1,
      -((clientY - rect.top) / rect.height) * 2 + 1,
    );
    const raycaster = new Raycaster();
    raycaster.setFromCamera(pointer, this.camera);
    const cuts = this.renderer.clippingPlanes;
    const kept = (point: Vector3) => cuts.every((plane) => plane.distanceToPoint(point) >= 0);
    let nearest: (BatchHit & { batch: ElementBatch }) | null = null;
    for (const batch of this.batches) {
      const hit = batch.intersect(raycaster.ray, kept);
      if (hit && (!nearest || hit.distance < nearest.distance)) nearest = { ...hit, batch };
    }
    return nearest;
  }

  private bounds() {
    const box = new Box3();
    for (const batch of this.batches) box.union(batch.bounds);
    return box;
  }

  /** Selects elements, those still to arrive included (they arrive selected). */
  select(ids: number[]) {
    for (const id of this.selected) this.paint(id, null);
    this.selected = [...ids];
    this.selectedSet = new Set(ids);
    for (const id of this.selected) this.paint(id, SELECTED);
    this.requestRender(false);
  }

  /** Shows only these elements. */
  isolate(ids: number[]) {
    this.isolated = new Set(ids);
    this.applyVisibility();
  }

  hide(ids: number[]) {
    for (const id of ids) this.hidden.add(id);
    this.applyVisibility();
  }

  showAll() {
    this.hidden.clear();
    this.isolated = null;
    this.applyVisibility();
  }

  /**
   * Colours elements (the 4D player, links); null gives an element back its own colour. Only the colour table
   * changes: a still view shows it by the id target's screen pass, without drawing the model again.
   */
  colour(colours: Map<number, string | null>) {
    for (const [id, css] of colours) {
      const colour = css ? colourOf(css) : null;
      if (colour) this.tints.set(id, colour);
      else this.tints.delete(id);
      if (this.selectedSet.has(id)) continue;
      const list = this.placed.get(id);
      if (!list) continue;
      const shown = colour ?? this.profileColours.get(id);
      for (const { batch, part, color } of list) batch.setColour(part, shown ?? color);
    }
    this.tableDirty = true;
    this.requestRender(false);
  }

  /** The hidden and isolated elements, as the saved viewer state keeps them. */
  get visibility() {
    return { hidden: [...this.hidden], isolated: this.isolated ? [...this.isolated] : null };
  }

  setVisibility(hidden: number[], isolated: number[] | null) {
    this.hidden = new Set(hidden);
    this.isolated = isolated ? new Set(isolated) : null;
    this.applyVisibility();
  }

  get cameraState(): CameraState {
    const { position } = this.camera;
    const { target } = this.controls;
    return { position: [position.x, position.y, position.z], target: [target.x, target.y, target.z] };
  }

  setCamera(state: CameraState) {
    this.cameraPlaced = true;
    this.camera.position.set(...state.position);
    this.controls.target.set(...state.target);
    const distance = this.camera.position.distanceTo(this.controls.target);
    this.camera.near = Math.max(0.01, distance / 1000);
    this.camera.far = Math.max(this.camera.far, distance * 10);
    this.camera.updateProjectionMatrix();
    this.controls.update();
    this.requestRender();
  }

  /** Cuts the model across an axis at a share of its extent (keeping what lies below the cut); null: no cut. */
  section(section: BimSection | null) {
    this.cut = section;
    if (!section) {
      this.renderer.clippingPlanes = [];
    } else {
      const box = this.bounds();
      const axis = AXES[section.axis];
      const low = box.min.dot(axis);
      const high = box.max.dot(axis);
      // A plane keeps the points where normal·p + constant ≥ 0: with the normal against the axis, those below it.
      this.renderer.clippingPlanes = [new Plane(axis.clone().negate(), low + (high - low) * section.at)];
    }
    this.requestRender();
  }

  /** The point of the model under a point of the canvas (client coordinates), for measuring. */
  pickPoint(clientX: number, clientY: number): Vector3 | null {
    return this.hit(clientX, clientY)?.point ?? null;
  }

  /** Draws the measured segment (null: removes it). */
  measure(points: [Vector3, Vector3] | null) {
    if (this.measureLine) {
      this.scene.remove(this.measureLine);
      this.measureLine.geometry.dispose();
      (this.measureLine.material as LineBasicMaterial).dispose();
      this.measureLine = null;
    }
    if (points) {
      const geometry = new BufferGeometry().setFromPoints(points);
      this.measureLine = new Line(geometry, new LineBasicMaterial({ color: MEASURE, depthTest: false }));
      this.measureLine.renderOrder = 1;
      this.scene.add(this.measureLine);
    }
    this.requestRender(false);
  }

  /** Applies an appearance profile (an empty map: every element its own colour, none hidden by it). */
  appearance(appearance: Appearance) {
    const touched = new Set([...this.profileColours.keys(), ...this.profileHidden]);
    this.profileColours.clear();
    this.profileHidden.clear();
    for (const [id, { colour, hidden }] of appearance) {
      touched.add(id);
      if (hidden) this.profileHidden.add(id);
      else if (colour) this.profileColours.set(id, colourOf(colour));
    }
    for (const id of touched) if (!this.selectedSet.has(id)) this.paint(id, null);
    this.applyVisibility();
  }

  dispose() {
    cancelAnimationFrame(this.frame);
    clearTimeout(this.settle);
    this.measure(null);
    this.setGround(null);
    this.resize.disconnect();
    this.controls.dispose();
    for (const batch of this.batches) batch.dispose();
    this.ids.dispose();
    this.renderer.dispose();
    this.renderer.domElement.remove();
  }

  get canvas() {
    return this.renderer.domElement;
  }

  private visible(id: number) {
    return !this.hidden.has(id) && !this.profileHidden.has(id) && (this.isolated === null || this.isolated.has(id));
  }

  private applyVisibility() {
    for (const [id, list] of this.placed) {
      const visible = this.visible(id);
      for (const { batch, part } of list) batch.setVisible(part, visible);
    }
    this.requestRender();
  }

  private paint(id: number, colour: Color | null) {
    const list = this.placed.get(id);
    if (!list) return;
    const shown = colour ?? this.tints.get(id) ?? this.profileColours.get(id);
    for (const { batch, part, color } of list) batch.setColour(part, shown ?? color);
    this.tableDirty = true;
  }

  private fitSize() {
    const width = Math.max(1, this.host.clientWidth);
    const height = Math.max(1, this.host.clientHeight);
    this.renderer.setSize(width, height);
    this.camera.aspect = width / height;
    this.camera.updateProjectionMatrix();
    this.requestRender();
  }

  private tableDirty = false;

  /** Draws at this share of the canvas's resolution from the next frame on (the browser stretches it). */
  private setScale(scale: number) {
    if (scale === this.scale) return;
    this.scale = scale;
    this.renderer.setPixelRatio(this.pixelRatio * scale);
  }

  /**
   * Asks for a frame. `viewChanged` false: only colours or what lies over the model (background, grid, measure)
   * changed, which the id target's screen pass can show without drawing the geometry again.
   */
  private requestRender(viewChanged = true) {
    if (viewChanged) this.viewVersion++;
    if (this.frame) return;
    this.requestedAt = performance.now();
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.draw();
    });
  }

  private draw() {
    const now = performance.now();
    const last = this.lastFrame;
    // a moving frame's time: from when the next one was asked for (or the moving frame itself, if asked sooner)
    // to when it could start
    const took = last ? now - Math.max(last.at, this.requestedAt) : 0;
    if (this.moving && last?.kind === "moving") this.budget.measured(took, last.triangles, last.total);
    const info = this.renderer.info;
    info.reset();
    const background = this.scene.background as Color;
    if (this.tableDirty) {
      this.tableDirty = false;
      this.ids.tableChanged(this.table);
    }
    if (!this.moving && this.viewVersion === this.drawnVersion && this.ids.supported && this.batches.length > 0) {
      // Only colours changed: the screen pass over the id target (drawn first if the view has none yet), at the
      // resolution its budget allows while they keep changing, the full one once they stand still.
      let kind: FrameDrawn["kind"] = "screen";
      clearTimeout(this.settle);
      if (this.settling) {
        this.settling = false;
        this.setScale(1);
      } else if (last?.kind === "screen") {
        this.screenBudget.measured(took, 0, 0);
        this.setScale(this.screenBudget.scale);
      }
      if (this.scale < 1)
        this.settle = window.setTimeout(() => {
          this.settling = true;
          this.requestRender(false);
        }, 300);
      const full = this.renderer.getSize(new Vector2()).multiplyScalar(this.pixelRatio).floor();
      if (this.ids.drawnFor !== this.viewVersion || !this.ids.fits(full.x, full.y)) {
        for (const batch of this.batches) if (batch.drawnPending) batch.flush();
        this.ids.drawIds(this.scene, this.camera, this.batches, this.viewVersion, full.x, full.y);
        kind = "ids";
      }
      // the transparent parts are drawn over the screen pass as they are: their colours go to their vertices
      for (const batch of this.batches) if (batch.data.transparent) batch.flush();
      const overlay = [
        ...this.batches.filter((b) => b.data.transparent).map((b) => b.mesh),
        ...(this.grid ? [this.grid] : []),
        ...(this.measureLine ? [this.measureLine] : []),
      ];
      this.ids.composite(this.scene, this.camera, background, overlay);
      this.canvas.dataset.frame = kind;
      this.canvas.dataset.scale = String(this.scale);
      this.frameDrawn = {
        kind,
        triangles: info.render.triangles,
        drawCalls: info.render.calls,
        scriptMs: performance.now() - now,
      };
      this.lastFrame = { at: now, kind, triangles: 0, total: 0 };
      return;
    }
    let moving: { triangles: number; total: number } | null = null;
    clearTimeout(this.settle);
    this.settling = false;
    if (this.moving) {
      this.setScale(this.budget.scale);
      moving = this.chooseMovingDetail();
    } else {
      this.setScale(1);
    }
    for (const batch of this.batches) batch.flush();
    this.renderer.render(this.scene, this.camera);
    this.drawnVersion = this.viewVersion;
    this.ids.invalidate();
    this.canvas.dataset.frame = moving ? "moving" : "whole";
    this.canvas.dataset.scale = String(this.scale);
    this.frameDrawn = {
      kind: moving ? "moving" : "whole",
      triangles: info.render.triangles,
      drawCalls: info.render.calls,
      scriptMs: performance.now() - now,
    };
    this.lastFrame = {
      at: now,
      kind: this.frameDrawn.kind,
      triangles: moving?.triangles ?? 0,
      total: moving?.total ?? 0,
    };
  }
}
