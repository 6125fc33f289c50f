import { BIM_4D_COLOURS, BIM_4D_STATUSES, BimGeometryWriter } from "@planum/contracts";
import { BOX_FACES } from "../bim-element-batch";
import type { ElementBatchData } from "../bim-geometry-merge";
import { readGeometryStream } from "../bim-geometry-read";
import { BimScene } from "../bim-scene";

/**
 * The viewer's benchmark page (issue 20: a model of ~100,000 elements opens ≤ 5 s, orbits at ≥ 50 fps, and the 4D
 * player recolours every element at ≥ 30 fps). A generated model — `elements` boxes on storeys, as the server's
 * conversion writes them (bim-geometry-wire) and gzip-compressed as it is served — is inflated, read and drawn the
 * way the viewer does; then the camera orbits one step per frame, then every element is recoloured per frame.
 * Results land in `window.__bimBench` for apps/web/bench/bim-perf.mjs.
 */
const params = new URLSearchParams(location.search);
const ELEMENTS = Number(params.get("elements") ?? 100_000);
const FRAMES = Number(params.get("frames") ?? 120);

type Result = {
  elements: number;
  wireMB: number;
  openMs: number;
  /** The opening's phases: the first batch in the scene, its frame drawn, every batch read (ms from the start). */
  phases: Record<string, number>;
  orbitFps: number;
  /** The orbit's and the player's frames (see `measureFrames`). */
  orbit: Awaited<ReturnType<typeof measureFrames>>;
  player: Awaited<ReturnType<typeof measureFrames>>;
  /** Triangles of an orbit frame (the median: while the camera moves, frames draw what fits their budget). */
  orbitTriangles: number;
  /** The last moving frame against the whole model's from the same place: its share of the model's pixels, and
   * the share of the canvas whose colour differs. */
  orbitCoverage: { modelShare: number; differingShare: number };
  /** Triangles and draw calls of a still frame of the whole model, and draw calls of an orbit and a player frame. */
  triangles: number;
  drawCalls: number;
  orbitDrawCalls: number;
  playerDrawCalls: number;
  playerFps: number;
  parts: number;
  /** With `shots`: the last moving frame, the still one from the same place and the last player frame (PNG URLs). */
  shots: Record<string, string>;
};
const bench = window as unknown as {
  __bimBench: Partial<Result> & { ready?: boolean; go?: () => void; opened?: boolean; done?: boolean };
};

/** A box of 24 vertices (flat normals per face) and 36 indices at (x, y, z), w × d × h. */
function box(x: number, y: number, z: number, w: number, d: number, h: number) {
  const positions = new Float32Array(72);
  const normals = new Int8Array(72);
  const indices = new Uint32Array(36);
  BOX_FACES.forEach(([normal, corners], f) => {
    corners.forEach(([cx, cy, cz], c) => {
      const v = f * 4 + c;
      // IFC's Z up becomes three's Y up, as the conversion writes it
      positions.set([x + cx! * w, z + cz! * h, -(y + cy! * d)], v * 3);
      normals.set([normal[0]! * 127, normal[2]! * 127, -normal[1]! * 127], v * 3);
    });
    indices.set(
      [0, 1, 2, 0, 2, 3].map((i) => f * 4 + i),
      f * 6,
    );
  });
  return { positions, normals, indices };
}

async function gzip(chunks: Uint8Array[]) {
  const stream = new Blob(chunks as BlobPart[]).stream().pipeThrough(new CompressionStream("gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}
const nextFrame = () => new Promise<number>((ok) => requestAnimationFrame(ok));

const median = (values: number[]) => {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};
const round1 = (value: number) => Math.round(value * 10) / 10;

/**
 * Frames over `frames` animation frames, each doing `step` before the scene draws: the frames per second a user sees
 * (the median interval between presented frames, and all of them over the whole run), the main thread's time of the
 * step and of the scene's frame, and what the scene drew (triangles per frame: least, median, most; its kinds).
 */
async function measureFrames(scene: BimScene, frames: number, step: (i: number) => void) {
  const deltas: number[] = [];
  const stepMs: number[] = [];
  const sceneMs: number[] = [];
  const triangles: number[] = [];
  const kinds: Record<string, number> = {};
  const scales: number[] = [];
  let last = await nextFrame();
  const first = last;
  for (let i = 0; i < frames; i++) {
    const t = performance.now();
    step(i);
    stepMs.push(performance.now() - t);
    const now = await nextFrame();
    // the scene drew in this animation frame (its callback ran before ours)
    const drawn = scene.lastFrameDrawn;
    sceneMs.push(drawn.scriptMs);
    triangles.push(drawn.triangles);
    kinds[drawn.kind] = (kinds[drawn.kind] ?? 0) + 1;
    scales.push(drawn.scale);
    deltas.push(now - last);
    last = now;
  }
  return {
    fps: round1(1000 / median(deltas)),
    meanFps: round1((frames * 1000) / (last - first)),
    stepMs: round1(median(stepMs)),
    sceneMs: round1(median(sceneMs)),
    triangles: { least: Math.min(...triangles), median: median(triangles), most: Math.max(...triangles) },
    kinds,
    /** The share of the canvas's resolution frames drew at (the median; 1: full). */
    scale: median(scales),
    ...(params.has("trace") ? { deltas: deltas.map(Math.round), scales, trianglesEach: triangles } : {}),
  };
}

/**
 * Pixels of the canvas unlike the background's colour (its corner), and how many of those differ from `before`'s
 * by more than a few levels: a moving frame compared with the whole model's frame from the same place shows how
 * complete it is.
 */
const shots: Record<string, string> = {};
/** The canvas as shown (stretched to its size on the page, as a frame at a lower resolution is), its pixels. */
function pixelsOf(canvas: HTMLCanvasElement, name: string) {
  const copy = document.createElement("canvas");
  copy.width = canvas.clientWidth;
  copy.height = canvas.clientHeight;
  const context = copy.getContext("2d")!;
  context.drawImage(canvas, 0, 0, copy.width, copy.height);
  if (params.has("shots")) shots[name] = copy.toDataURL("image/png");
  return context.getImageData(0, 0, copy.width, copy.height).data;
}
function coverage(pixels: Uint8ClampedArray, whole: Uint8ClampedArray) {
  let model = 0;
  let modelWhole = 0;
  let differing = 0;
  const far = (data: Uint8ClampedArray, i: number, j: number) =>
    Math.abs(data[i]! - data[j]!) + Math.abs(data[i + 1]! - data[j + 1]!) + Math.abs(data[i + 2]! - data[j + 2]!) > 24;
  for (let i = 0; i < pixels.length; i += 4) {
    if (far(pixels, i, 0)) model++;
    if (far(whole, i, 0)) modelWhole++;
    if (
      Math.abs(pixels[i]! - whole[i]!) +
        Math.abs(pixels[i + 1]! - whole[i + 1]!) +
        Math.abs(pixels[i + 2]! - whole[i + 2]!) >
      24
    )
      differing++;
  }
  return {
    modelShare: Math.round((model / modelWhole) * 1000) / 1000,
    differingShare: Math.round((differing / (pixels.length / 4)) * 1000) / 1000,
  };
}

async function run() {
  const writer = new BimGeometryWriter();
  const perStorey = 500;
  for (let i = 0; i < ELEMENTS; i++) {
    const storey = Math.floor(i / perStorey);
    const at = i % perStorey;
    const part = box((at % 25) * 4, Math.floor(at / 25) * 4, storey * 3, 3.5, 0.2, 2.8);
    writer.add({ expressId: i + 1, color: [0.8, 0.8, 0.78, 1], ...part });
  }
  const wire = await gzip(writer.finish());
  const host = document.getElementById("root")!;
  host.style.cssText = "width: 100vw; height: 100vh";
  // The bench reads the browser's CPU time around the opening alone: the page says when the model is made and
  // opens it when told, and says when it is open.
  await new Promise<void>((go) => {
    bench.__bimBench = { ready: true, go };
  });

  // Opening as the viewer does it: the file inflated as a stream (the browser's Content-Encoding), its pieces read
  // and merged in a worker, each batch put into the scene as it comes. The first frame is the one after the first
  // batch; the model is open once the last batch is drawn.
  const t0 = performance.now();
  const scene = new BimScene(host, "#f1f3f5");
  const stream = new Blob([wire as BlobPart]).stream().pipeThrough(new DecompressionStream("gzip"));
  let firstBatchMs = -1;
  let firstFrame: Promise<number> | null = null;
  const batches: ElementBatchData[] = [];
  await readGeometryStream(stream, (arrived) => {
    if (!arrived.length) return;
    batches.push(...arrived);
    scene.addBatches(arrived);
    if (firstFrame) return;
    firstBatchMs = performance.now() - t0;
    firstFrame = nextFrame()
      .then(nextFrame)
      .then(() => performance.now() - t0);
  }).done;
  const t1 = performance.now();
  await nextFrame();
  await nextFrame();
  const t2 = performance.now();
  const openMs = Math.round(t2 - t0);
  const still = { triangles: scene.trianglesDrawn, drawCalls: scene.drawCalls };
  bench.__bimBench.opened = true;
  const phases = {
    firstBatchMs: Math.round(firstBatchMs),
    firstFrameMs: Math.round(await firstFrame!),
    readAllMs: Math.round(t1 - t0),
    batches: batches.length,
  };

  // Orbit: the camera turns round the model's centre a degree per frame, as a drag of the controls does (frames
  // within the budget while the camera moves).
  const start = scene.cameraState;
  const [tx, , tz] = start.target;
  const [px, py, pz] = start.position;
  const radius = Math.hypot(px - tx, pz - tz);
  const angle0 = Math.atan2(pz - tz, px - tx);
  const at = (i: number) => {
    const angle = angle0 + (i * Math.PI) / 180;
    scene.setCamera({
      position: [tx + radius * Math.cos(angle), py, tz + radius * Math.sin(angle)],
      target: start.target,
    });
  };
  scene.setMoving(true);
  const orbit = await measureFrames(scene, FRAMES, at);
  const orbitDrawCalls = scene.drawCalls;
  // the last moving frame beside the whole model's frame from the same place
  const moving = pixelsOf(scene.canvas, "moving");
  scene.setMoving(false);
  await nextFrame();
  await nextFrame();
  const orbitCoverage = coverage(moving, pixelsOf(scene.canvas, "still"));

  // The 4D player: every element takes a status colour each frame (the statuses move on by one each frame).
  const ids = Array.from({ length: ELEMENTS }, (_, i) => i + 1);
  const player = await measureFrames(scene, FRAMES, (frame) => {
    const colours = new Map<number, string>();
    for (const id of ids) colours.set(id, BIM_4D_COLOURS[BIM_4D_STATUSES[(id + frame) % 4]!]);
    scene.colour(colours);
  });
  const playerDrawCalls = scene.drawCalls;
  pixelsOf(scene.canvas, "player");
  bench.__bimBench = {
    elements: ELEMENTS,
    parts: batches.reduce((sum, b) => sum + b.keys.length, 0),
    wireMB: Math.round((wire.length / 1024 / 1024) * 100) / 100,
    openMs,
    phases,
    orbitFps: orbit.fps,
    orbit,
    orbitTriangles: orbit.triangles.median,
    orbitCoverage,
    playerFps: player.fps,
    player,
    ...still,
    orbitDrawCalls,
    playerDrawCalls,
    shots,
    done: true,
  };
}

void run();
