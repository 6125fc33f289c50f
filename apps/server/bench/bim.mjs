// IFC conversion (issue 20) as the `bim_model_convert` job runs it: web-ifc in the worker thread
// (apps/server/dist/modules/bim/bim-convert-pool.js) reads a generated IFC4 building — storeys of walls, each an
// extruded box with its own placement and a property set — and writes the objects and the geometry file. Target: a
// 100 MB IFC (~100,000 elements) ≤ 60 s on 2 cores. One JSON line per size: wall and CPU time, elements/s, MB/s,
// the geometry file's size, and the 100,000-element time extrapolated from the rate.
//   node apps/server/bench/bim.mjs [elements=20000]
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { jsonLine } from "./bench-kit.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
spawnSync("npm", ["run", "build", "-w", "apps/server"], { cwd: root, stdio: "ignore" });
const { convertInWorker, closeConvertPool } = await import("../dist/modules/bim/bim-convert-pool.js");

const ELEMENTS = Number(process.argv[2] ?? 20_000);
const PER_STOREY = 500;

/** A valid IFC4 file of `count` walls on storeys of PER_STOREY, each with a property set of three values. */
export function generateIfc(count) {
  const lines = [];
  let id = 0;
  const add = (text) => {
    id += 1;
    lines.push(`#${id}=${text};`);
    return id;
  };
  const guid = (n) => n.toString(36).padStart(22, "0").slice(-22);
  const origin = add("IFCCARTESIANPOINT((0.,0.,0.))");
  const axis = add(`IFCAXIS2PLACEMENT3D(#${origin},$,$)`);
  const context = add(`IFCGEOMETRICREPRESENTATIONCONTEXT($,'Model',3,1.E-05,#${axis},$)`);
  const units = add(`IFCUNITASSIGNMENT((#${id + 2}))`);
  add("IFCSIUNIT(*,.LENGTHUNIT.,$,.METRE.)");
  const project = add(`IFCPROJECT('${guid(1)}',$,'Bench',$,$,$,$,(#${context}),#${units})`);
  const sitePlacement = add(`IFCLOCALPLACEMENT($,#${axis})`);
  const profilePlacement = add(`IFCAXIS2PLACEMENT2D(#${add("IFCCARTESIANPOINT((0.,0.))")},$)`);
  const site = add(`IFCSITE('${guid(2)}',$,'Site',$,$,#${sitePlacement},$,$,.ELEMENT.,$,$,$,$,$)`);
  const building = add(`IFCBUILDING('${guid(3)}',$,'Building',$,$,#${sitePlacement},$,$,.ELEMENT.,$,$,$)`);
  add(`IFCRELAGGREGATES('${guid(4)}',$,$,$,#${project},(#${site}))`);
  add(`IFCRELAGGREGATES('${guid(5)}',$,$,$,#${site},(#${building}))`);
  const storeys = [];
  let n = 100;
  for (let from = 0; from < count; from += PER_STOREY) {
    const level = from / PER_STOREY;
    const storey = add(
      `IFCBUILDINGSTOREY('${guid(n++)}',$,'Level ${level + 1}',$,$,#${sitePlacement},$,$,.ELEMENT.,${level * 3}.)`,
    );
    storeys.push(storey);
    const walls = [];
    for (let i = from; i < Math.min(count, from + PER_STOREY); i++) {
      const x = (i % 25) * 4;
      const y = Math.floor((i % PER_STOREY) / 25) * 4;
      const point = add(`IFCCARTESIANPOINT((${x}.,${y}.,${level * 3}.))`);
      const place = add(`IFCAXIS2PLACEMENT3D(#${point},$,$)`);
      const local = add(`IFCLOCALPLACEMENT(#${sitePlacement},#${place})`);
      const profile = add(`IFCRECTANGLEPROFILEDEF(.AREA.,$,#${profilePlacement},3.5,0.2)`);
      const solid = add(`IFCEXTRUDEDAREASOLID(#${profile},#${axis},#${id + 2},2.8)`);
      add("IFCDIRECTION((0.,0.,1.))");
      const shape = add(`IFCSHAPEREPRESENTATION(#${context},'Body','SweptSolid',(#${solid}))`);
      const product = add(`IFCPRODUCTDEFINITIONSHAPE($,$,(#${shape}))`);
      const wall = add(`IFCWALL('${guid(n++)}',$,'Wall ${i + 1}',$,$,#${local},#${product},'W-${i + 1}',.STANDARD.)`);
      const code = add(`IFCPROPERTYSINGLEVALUE('WorkCode',$,IFCLABEL('A.${level + 1}.${(i % PER_STOREY) + 1}'),$)`);
      const fire = add(`IFCPROPERTYSINGLEVALUE('FireRating',$,IFCLABEL('EI60'),$)`);
      const load = add(`IFCPROPERTYSINGLEVALUE('LoadBearing',$,IFCBOOLEAN(.T.),$)`);
      const pset = add(`IFCPROPERTYSET('${guid(n++)}',$,'Pset_Planum',$,(#${code},#${fire},#${load}))`);
      add(`IFCRELDEFINESBYPROPERTIES('${guid(n++)}',$,$,$,(#${wall}),#${pset})`);
      walls.push(wall);
    }
    add(`IFCRELCONTAINEDINSPATIALSTRUCTURE('${guid(n++)}',$,$,$,(${walls.map((w) => `#${w}`).join(",")}),#${storey})`);
  }
  add(`IFCRELAGGREGATES('${guid(6)}',$,$,$,#${building},(${storeys.map((s) => `#${s}`).join(",")}))`);
  const header = [
    "ISO-10303-21;",
    "HEADER;",
    "FILE_DESCRIPTION(('ViewDefinition [CoordinationView]'),'2;1');",
    "FILE_NAME('bench.ifc','2026-01-01T00:00:00',(''),(''),'Planum bench','Planum bench','');",
    "FILE_SCHEMA(('IFC4'));",
    "ENDSEC;",
    "DATA;",
  ];
  return Buffer.from([...header, ...lines, "ENDSEC;", "END-ISO-10303-21;", ""].join("\n"), "latin1");
}

const bytes = generateIfc(ELEMENTS);
const c0 = process.cpuUsage();
const t0 = performance.now();
const result = await convertInWorker(new Uint8Array(bytes), { progress: () => {} });
const wallMs = performance.now() - t0;
const c = process.cpuUsage(c0);
await closeConvertPool();
const elementsPerSecond = ELEMENTS / (wallMs / 1000);
jsonLine({
  case: "bim_convert",
  elements: ELEMENTS,
  objects: result.elements.length,
  parts: result.parts,
  ifcMB: +(bytes.length / 1024 / 1024).toFixed(1),
  geometryMB: +(result.geometry.length / 1024 / 1024).toFixed(2),
  wallMs: Math.round(wallMs),
  cpuMs: Math.round((c.user + c.system) / 1000),
  elementsPerSecond: Math.round(elementsPerSecond),
  mbPerSecond: +(bytes.length / 1024 / 1024 / (wallMs / 1000)).toFixed(2),
  extrapolated100kSeconds: +(100_000 / elementsPerSecond).toFixed(1),
});
