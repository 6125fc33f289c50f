import {
  type Camera,
  Color,
  DataTexture,
  DepthTexture,
  DoubleSide,
  FrontSide,
  HalfFloatType,
  Mesh,
  MeshLambertMaterial,
  NearestFilter,
  type Object3D,
  OrthographicCamera,
  PlaneGeometry,
  RGBAFormat,
  type Scene,
  ShaderMaterial,
  type Side,
  Scene as ThreeScene,
  UnsignedByteType,
  UnsignedIntType,
  Vector2,
  type WebGLRenderer,
  WebGLRenderTarget,
} from "three";
import type { ElementBatch } from "./bim-element-batch";

/** Rows of the colour table are this many colours wide (100,000 parts: 49 rows, 400 kB). */
export const TABLE_WIDTH = 2048;

/**
 * The colour table: four bytes a part (r g b and 255), rows `TABLE_WIDTH` wide, as the screen pass reads it. Grown
 * to hold `parts` rows, keeping what it held.
 */
export function growTable(table: Uint8Array<ArrayBuffer>, parts: number): Uint8Array<ArrayBuffer> {
  const rows = Math.max(1, Math.ceil(parts / TABLE_WIDTH));
  if (table.length >= rows * TABLE_WIDTH * 4) return table;
  const grown = new Uint8Array(rows * TABLE_WIDTH * 4);
  grown.set(table);
  return grown;
}

/**
 * The element id a pixel of the id target holds: the part's row in the colour table + 1 (0: nothing drawn there),
 * written as three whole numbers 0–255 (exact in a half-float channel). The shaders do the same.
 */
export function encodeId(row: number): [number, number, number] {
  const id = row + 1;
  return [id % 256, Math.floor(id / 256) % 256, Math.floor(id / 65536)];
}

export function decodeId(id: ArrayLike<number>): number {
  return id[0]! + id[1]! * 256 + id[2]! * 65536 - 1;
}

/**
 * The model's own material, white, writing besides its lit colour (the shading of a white surface: the light that
 * reaches the pixel) the part's row of the colour table (`encodeId`) into a second target. A pixel's final colour
 * is then its part's colour times that shading — the same product three's Lambert material computes, since its
 * light is linear in the surface's colour.
 */
function idMaterial(side: Side, batch: ElementBatch) {
  const material = new MeshLambertMaterial({ color: 0xffffff, side });
  material.onBeforeCompile = (shader) => {
    shader.uniforms.partBase = {
      get value() {
        return batch.base;
      },
    };
    shader.vertexShader = shader.vertexShader.replace(
      "void main() {",
      "attribute float part;\nuniform float partBase;\nflat varying float vPart;\nvoid main() {\n  vPart = part + partBase + 1.0;",
    );
    shader.fragmentShader = shader.fragmentShader
      .replace("void main() {", "flat varying float vPart;\nlayout(location = 1) out highp vec4 pc_id;\nvoid main() {")
      .replace(
        "#include <dithering_fragment>",
        "#include <dithering_fragment>\n  pc_id = vec4(mod(vPart, 256.0), mod(floor(vPart / 256.0), 256.0), floor(vPart / 65536.0), 1.0);",
      );
  };
  material.customProgramCacheKey = () => "bim-id";
  return material;
}

const COMPOSITE_VERTEX = /* glsl */ `
void main() {
  gl_Position = vec4(position.xy, 0.0, 1.0);
}`;

const COMPOSITE_FRAGMENT = /* glsl */ `
uniform sampler2D shade;
uniform sampler2D ids;
uniform sampler2D depth;
uniform sampler2D colours;
uniform vec3 background;
uniform vec2 ratio;
void main() {
  ivec2 at = ivec2(gl_FragCoord.xy * ratio);
  vec4 id = texelFetch(ids, at, 0);
  int row = int(id.r + 0.5) + int(id.g + 0.5) * 256 + int(id.b + 0.5) * 65536 - 1;
  if (row < 0) {
    gl_FragColor = vec4(background, 1.0);
    gl_FragDepth = 1.0;
  } else {
    vec3 colour = texelFetch(colours, ivec2(row % ${TABLE_WIDTH}, row / ${TABLE_WIDTH}), 0).rgb;
    gl_FragColor = vec4(colour * texelFetch(shade, at, 0).rgb, 1.0);
    gl_FragDepth = texelFetch(depth, at, 0).r;
  }
  #include <colorspace_fragment>
}`;

/**
 * The 4D player's frames without drawing the geometry (issue 20: every element recoloured at ≥ 30 fps where WebGL
 * runs in software): while the view stands still, the opaque parts are drawn once into an id target — each pixel's
 * part, its shading and its depth — and every frame after is one full-screen pass that looks each pixel's part up in
 * the colour table (a data texture, four bytes a part, uploaded whole when it changed: 400 kB for 100,000 parts) and
 * shades it; the transparent parts, the ground grid and the measure line are drawn over it against the same depth.
 * The scene draws the target again when the view changes (camera, size, hidden or isolated parts, the section, new
 * batches): `invalidate`.
 */
export class ElementIdPass {
  private target: WebGLRenderTarget | null = null;
  private readonly quadScene = new ThreeScene();
  private readonly quadCamera = new OrthographicCamera(-1, 1, 1, -1, 0, 1);
  private readonly material: ShaderMaterial;
  private texture: DataTexture | null = null;
  private readonly materials = new WeakMap<ElementBatch, MeshLambertMaterial>();
  /** The view the target was drawn for (the scene's count of view changes); -1: none. */
  drawnFor = -1;

  constructor(private readonly renderer: WebGLRenderer) {
    this.material = new ShaderMaterial({
      vertexShader: COMPOSITE_VERTEX,
      fragmentShader: COMPOSITE_FRAGMENT,
      uniforms: {
        shade: { value: null },
        ids: { value: null },
        depth: { value: null },
        colours: { value: null },
        background: { value: new Color() },
        ratio: { value: new Vector2(1, 1) },
      },
      depthTest: true,
      depthWrite: true,
    });
    const quad = new Mesh(new PlaneGeometry(2, 2), this.material);
    quad.frustumCulled = false;
    this.quadScene.add(quad);
  }

  /** Whether this WebGL can draw into half-float targets (WebGL 2 with EXT_color_buffer_float: every browser). */
  get supported() {
    return this.renderer.capabilities.isWebGL2 && this.renderer.extensions.has("EXT_color_buffer_float");
  }

  invalidate() {
    this.drawnFor = -1;
  }

  /** Whether the target is of this size (the canvas's at its full resolution). */
  fits(width: number, height: number) {
    return this.target?.width === width && this.target.height === height;
  }

  /** The colour table changed (`table` may be a new, larger array): uploaded before the next frame. */
  tableChanged(table: Uint8Array) {
    const rows = table.length / 4 / TABLE_WIDTH;
    if (!this.texture || this.texture.image.data !== table) {
      this.texture?.dispose();
      this.texture = new DataTexture(table, TABLE_WIDTH, rows, RGBAFormat, UnsignedByteType);
      this.texture.minFilter = NearestFilter;
      this.texture.magFilter = NearestFilter;
      this.material.uniforms.colours!.value = this.texture;
    }
    this.texture.needsUpdate = true;
  }

  /**
   * Draws the opaque batches' ids, shading and depth as `camera` sees them (the view `version`), `width` × `height`
   * pixels: the canvas at its full resolution, whatever share of it the screen passes draw at.
   */
  drawIds(scene: Scene, camera: Camera, batches: ElementBatch[], version: number, width: number, height: number) {
    const renderer = this.renderer;
    if (!this.target || this.target.width !== width || this.target.height !== height) {
      this.target?.dispose();
      this.target = new WebGLRenderTarget(width, height, {
        count: 2,
        type: HalfFloatType,
        minFilter: NearestFilter,
        magFilter: NearestFilter,
        depthTexture: new DepthTexture(width, height, UnsignedIntType),
      });
      const [shade, ids] = this.target.textures;
      this.material.uniforms.shade!.value = shade;
      this.material.uniforms.ids!.value = ids;
      this.material.uniforms.depth!.value = this.target.depthTexture;
    }
    const opaque = new Map(batches.filter((b) => !b.data.transparent).map((b) => [b.mesh as Object3D, b]));
    const restore: (() => void)[] = [];
    for (const object of scene.children) {
      const batch = opaque.get(object);
      if (batch) {
        const { mesh } = batch;
        const own = mesh.material;
        let material = this.materials.get(batch);
        if (!material) {
          material = idMaterial(own.side === DoubleSide ? DoubleSide : FrontSide, batch);
          this.materials.set(batch, material);
        }
        batch.partOfVertex();
        mesh.material = material;
        restore.push(() => {
          mesh.material = own;
        });
      } else if (object.visible && !(object as { isLight?: boolean }).isLight) {
        object.visible = false;
        restore.push(() => {
          object.visible = true;
        });
      }
    }
    const background = scene.background;
    scene.background = null;
    const clear = renderer.getClearColor(new Color());
    const alpha = renderer.getClearAlpha();
    renderer.setClearColor(0x000000, 0);
    renderer.setRenderTarget(this.target);
    renderer.clear();
    renderer.render(scene, camera);
    renderer.setRenderTarget(null);
    renderer.setClearColor(clear, alpha);
    scene.background = background;
    for (const undo of restore) undo();
    this.drawnFor = version;
  }

  /**
   * The frame from the id target: each pixel's part in its colour of the table, shaded; then what is not in the
   * target (transparent parts, the grid, the measure line: `overlay`) drawn over it by the scene's camera.
   */
  composite(scene: Scene, camera: Camera, background: Color, overlay: Object3D[]) {
    const renderer = this.renderer;
    (this.material.uniforms.background!.value as Color).copy(background);
    const { width, height } = renderer.domElement;
    if (this.target)
      (this.material.uniforms.ratio!.value as Vector2).set(this.target.width / width, this.target.height / height);
    renderer.render(this.quadScene, this.quadCamera);
    const shown = overlay.filter((o) => o.visible);
    if (shown.length === 0) return;
    const restore: (() => void)[] = [];
    for (const object of scene.children) {
      if (!object.visible || shown.includes(object) || (object as { isLight?: boolean }).isLight) continue;
      object.visible = false;
      restore.push(() => {
        object.visible = true;
      });
    }
    const saved = scene.background;
    scene.background = null;
    const autoClear = renderer.autoClear;
    renderer.autoClear = false;
    renderer.render(scene, camera);
    renderer.autoClear = autoClear;
    scene.background = saved;
    for (const undo of restore) undo();
  }

  dispose() {
    this.target?.dispose();
    this.texture?.dispose();
    this.material.dispose();
  }
}
