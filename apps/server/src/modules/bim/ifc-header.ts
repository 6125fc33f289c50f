import { AppError } from "../../platform/errors.js";

/** The schemas a model may declare, by the family web-ifc reads it as (IFC4X3 covers its release candidates). */
export type IfcSchemaFamily = "IFC2X3" | "IFC4" | "IFC4X3";

const HEAD = "ISO-10303-21;";
const TAIL = "END-ISO-10303-21;";

/**
 * What the upload checks before anything is kept: a STEP file (ISO 10303-21) that ends as one should (a cut-off
 * upload or copy lacks the closing line) and declares a schema web-ifc converts. Only the first and last
 * kilobytes are read, so a 100 MB file costs nothing here.
 */
export function checkIfcHeader(bytes: Buffer): IfcSchemaFamily {
  const head = bytes
    .subarray(0, 4096)
    .toString("latin1")
    .replace(/^\uFEFF/, "");
  if (!head.trimStart().startsWith(HEAD)) throw new AppError("BimNotIfc");
  const tail = bytes.subarray(Math.max(0, bytes.length - 1024)).toString("latin1");
  if (!tail.includes(TAIL)) throw new AppError("BimTruncated");
  const declared = /FILE_SCHEMA\s*\(\s*\(\s*'([^']*)'/i.exec(head)?.[1]?.trim().toUpperCase();
  if (!declared) throw new AppError("BimNotIfc");
  const family = schemaFamily(declared);
  if (!family) throw new AppError("BimUnsupportedSchema", { schema: declared });
  return family;
}

function schemaFamily(declared: string): IfcSchemaFamily | null {
  if (declared === "IFC2X3") return "IFC2X3";
  if (declared === "IFC4") return "IFC4";
  if (declared === "IFC4X3" || declared.startsWith("IFC4X3_")) return "IFC4X3";
  return null;
}
