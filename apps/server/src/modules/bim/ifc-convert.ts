import { BimGeometryWriter } from "@planum/contracts";
import * as Ifc from "web-ifc";

/** One object of the model as stored in `bim_elements`. */
export interface ConvertedElement {
  expressId: number;
  globalId: string;
  ifcType: string;
  name: string;
  parentId: number | null;
  hasGeometry: boolean;
  properties: Record<string, string>;
}

export interface ConvertedModel {
  schema: string;
  metadata: Record<string, string>;
  elements: ConvertedElement[];
  /** The geometry file's chunks, uncompressed (`bim-geometry-wire.ts`). */
  geometry: Uint8Array[];
  parts: number;
}

/** Attributes of an object itself (not of a property set) kept among its properties, so rules can match them. */
const OWN_ATTRIBUTES = ["Name", "Description", "ObjectType", "Tag", "LongName", "PredefinedType"] as const;
/** Values of quantities: the first one an IfcPhysicalQuantity carries. */
const QUANTITY_VALUES = ["LengthValue", "AreaValue", "VolumeValue", "CountValue", "WeightValue", "TimeValue"];

// biome-ignore lint/suspicious/noExplicitAny: web-ifc's lines are untyped objects of the IFC schema
type Line = any;

/** A STEP value (label, enum, number, reference) as text; absent, null. */
function text(value: Line): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value !== "object") return String(value);
  if ("value" in value && value.type !== 5) return value.value === null ? null : String(value.value);
  return null;
}

const refs = (list: Line): number[] =>
  Array.isArray(list) ? list.map((r: Line) => r?.value).filter((v: unknown) => typeof v === "number") : [];

/**
 * Reads an IFC file with web-ifc: the objects of its spatial tree (aggregation and spatial containment), their
 * property sets and quantities flattened to "Set.Property", the header's metadata, and every element's geometry
 * placed in world coordinates. `progress` gets shares 0…1 of the work done.
 */
export function convertIfc(api: Ifc.IfcAPI, bytes: Uint8Array, progress: (share: number) => void): ConvertedModel {
  const model = api.OpenModel(bytes, { COORDINATE_TO_ORIGIN: true });
  try {
    const schema = api.GetModelSchema(model);
    // Every IFC model has exactly one IfcProject at the root of its tree; a file without one is no model.
    if (api.GetLineIDsWithType(model, Ifc.IFCPROJECT).size() === 0) throw new Error("the file holds no IfcProject");
    const metadata = readMetadata(api, model);
    progress(0.05);
    const elements = new Map<number, ConvertedElement>();
    const parents = readTree(api, model);
    const geometry = new BimGeometryWriter();
    api.StreamAllMeshes(model, (mesh, index, total) => {
      const size = mesh.geometries.size();
      for (let i = 0; i < size; i++) writePart(api, model, mesh.expressID, mesh.geometries.get(i), geometry);
      elements.set(mesh.expressID, element(api, model, mesh.expressID, parents, true));
      if (index % 200 === 0) progress(0.05 + 0.65 * (index / Math.max(1, total)));
    });
    progress(0.7);
    for (const id of [...parents.keys(), ...parents.values()]) {
      if (id !== null && !elements.has(id)) elements.set(id, element(api, model, id, parents, false));
    }
    for (const id of vectorIds(api.GetLineIDsWithType(model, Ifc.IFCPROJECT)))
      if (!elements.has(id)) elements.set(id, element(api, model, id, parents, false));
    progress(0.75);
    readProperties(api, model, elements, (share) => progress(0.75 + 0.2 * share));
    return {
      schema,
      metadata,
      elements: [...elements.values()],
      geometry: geometry.finish(),
      parts: geometry.partCount,
    };
  } finally {
    api.CloseModel(model);
  }
}

function vectorIds(vector: Ifc.Vector<number>): number[] {
  const out: number[] = [];
  for (let i = 0; i < vector.size(); i++) out.push(vector.get(i));
  return out;
}

/** Child → parent: an element to the structure containing it, a part to the whole it makes up. */
function readTree(api: Ifc.IfcAPI, model: number): Map<number, number | null> {
  const parents = new Map<number, number | null>();
  for (const id of vectorIds(api.GetLineIDsWithType(model, Ifc.IFCRELAGGREGATES))) {
    const rel = api.GetLine(model, id);
    const whole = rel.RelatingObject?.value;
    if (!parents.has(whole)) parents.set(whole, null);
    for (const part of refs(rel.RelatedObjects)) parents.set(part, whole);
  }
  for (const id of vectorIds(api.GetLineIDsWithType(model, Ifc.IFCRELCONTAINEDINSPATIALSTRUCTURE))) {
    const rel = api.GetLine(model, id);
    const structure = rel.RelatingStructure?.value;
    if (!parents.has(structure)) parents.set(structure, null);
    for (const child of refs(rel.RelatedElements)) parents.set(child, structure);
  }
  return parents;
}

function element(
  api: Ifc.IfcAPI,
  model: number,
  expressId: number,
  parents: Map<number, number | null>,
  hasGeometry: boolean,
): ConvertedElement {
  const line = api.GetLine(model, expressId);
  const properties: Record<string, string> = {};
  for (const key of OWN_ATTRIBUTES) {
    const value = text(line?.[key]);
    if (value) properties[`Attributes.${key}`] = value;
  }
  return {
    expressId,
    globalId: text(line?.GlobalId) ?? "",
    ifcType: api.GetNameFromTypeCode(api.GetLineType(model, expressId)),
    name: text(line?.Name) ?? "",
    parentId: parents.get(expressId) ?? null,
    hasGeometry,
    properties,
  };
}

/** Property sets and quantity sets, each read once however many objects share it. */
function readProperties(
  api: Ifc.IfcAPI,
  model: number,
  elements: Map<number, ConvertedElement>,
  progress: (share: number) => void,
) {
  const sets = new Map<number, [string, string][]>();
  const rels = vectorIds(api.GetLineIDsWithType(model, Ifc.IFCRELDEFINESBYPROPERTIES));
  rels.forEach((id, index) => {
    const rel = api.GetLine(model, id);
    const setId = rel.RelatingPropertyDefinition?.value;
    if (typeof setId !== "number") return;
    let values = sets.get(setId);
    if (!values) {
      values = readSet(api, model, setId);
      sets.set(setId, values);
    }
    for (const target of refs(rel.RelatedObjects)) {
      const found = elements.get(target);
      if (found) for (const [key, value] of values) found.properties[key] = value;
    }
    if (index % 500 === 0) progress(index / rels.length);
  });
}

function readSet(api: Ifc.IfcAPI, model: number, setId: number): [string, string][] {
  const set = api.GetLine(model, setId);
  const setName = text(set?.Name) ?? "";
  const members = refs(set?.HasProperties ?? set?.Quantities);
  const out: [string, string][] = [];
  for (const member of members.length ? api.GetLines(model, members) : []) {
    const name = text(member?.Name);
    if (!name) continue;
    const value =
      text(member.NominalValue) ?? QUANTITY_VALUES.map((key) => text(member[key])).find((v) => v !== null) ?? null;
    if (value) out.push([`${setName}.${name}`, value]);
  }
  return out;
}

function readMetadata(api: Ifc.IfcAPI, model: number): Record<string, string> {
  const metadata: Record<string, string> = {};
  const header = (kind: number) => {
    try {
      return api.GetHeaderLine(model, kind)?.arguments ?? [];
    } catch {
      return [];
    }
  };
  const [fileName, timeStamp, , , preprocessor, application] = header(Ifc.FILE_NAME);
  const put = (key: string, value: Line) => {
    const shown = text(value);
    if (shown) metadata[key] = shown;
  };
  put("fileName", fileName);
  put("timeStamp", timeStamp);
  put("preprocessor", preprocessor);
  put("application", application);
  const projects = vectorIds(api.GetLineIDsWithType(model, Ifc.IFCPROJECT));
  if (projects[0] !== undefined) {
    const project = api.GetLine(model, projects[0]);
    put("projectName", project?.LongName ?? project?.Name);
    put("phase", project?.Phase);
  }
  return metadata;
}

/** One placed geometry of an element, moved by its placement into world coordinates. */
function writePart(
  api: Ifc.IfcAPI,
  model: number,
  expressId: number,
  placed: Ifc.PlacedGeometry,
  writer: BimGeometryWriter,
) {
  const geometry = api.GetGeometry(model, placed.geometryExpressID);
  try {
    const vertexData = api.GetVertexArray(geometry.GetVertexData(), geometry.GetVertexDataSize());
    const indices = api.GetIndexArray(geometry.GetIndexData(), geometry.GetIndexDataSize());
    const count = vertexData.length / 6;
    if (count === 0 || indices.length === 0) return;
    const m = placed.flatTransformation;
    const positions = new Float32Array(count * 3);
    const normals = new Int8Array(count * 3);
    for (let v = 0; v < count; v++) {
      const x = vertexData[v * 6]!;
      const y = vertexData[v * 6 + 1]!;
      const z = vertexData[v * 6 + 2]!;
      positions[v * 3] = m[0]! * x + m[4]! * y + m[8]! * z + m[12]!;
      positions[v * 3 + 1] = m[1]! * x + m[5]! * y + m[9]! * z + m[13]!;
      positions[v * 3 + 2] = m[2]! * x + m[6]! * y + m[10]! * z + m[14]!;
      const nx = vertexData[v * 6 + 3]!;
      const ny = vertexData[v * 6 + 4]!;
      const nz = vertexData[v * 6 + 5]!;
      const wx = m[0]! * nx + m[4]! * ny + m[8]! * nz;
      const wy = m[1]! * nx + m[5]! * ny + m[9]! * nz;
      const wz = m[2]! * nx + m[6]! * ny + m[10]! * nz;
      const length = Math.hypot(wx, wy, wz) || 1;
      normals[v * 3] = Math.round((wx / length) * 127);
      normals[v * 3 + 1] = Math.round((wy / length) * 127);
      normals[v * 3 + 2] = Math.round((wz / length) * 127);
    }
    const c = placed.color;
    // The typed arrays above are views into WASM memory: copy the indices out before the geometry is freed.
    writer.add({ expressId, color: [c.x, c.y, c.z, c.w], positions, normals, indices: indices.slice() });
  } finally {
    geometry.delete();
  }
}
