import { FormatError } from "../model/format-error.js";
import { readXlsxTable } from "../tabular/xlsx-format.js";
import { decodeText } from "../util/text-encoding.js";
import { isArps, readArps } from "./estimate-arps.js";
import { isGrandXml, readGrandXml } from "./estimate-grand-xml.js";
import { isMinstroyXml, readMinstroyXml } from "./estimate-minstroy-xml.js";
import type { EstimateFormat, EstimateModel } from "./estimate-model.js";
import { type EstimateColumnMapping, readEstimateTable } from "./estimate-xlsx.js";

/** The estimate format of a file by its content (never by its name), or null when it is none of them. */
export function detectEstimateFormat(bytes: Uint8Array): EstimateFormat | null {
  if (bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04)
    return "xlsx";
  let head: string;
  try {
    head = decodeText(bytes.subarray(0, 4096), "estimate").text;
  } catch {
    return null;
  }
  if (isGrandXml(head)) return "grand_xml";
  if (isMinstroyXml(head)) return "minstroy_xml";
  if (isArps(head)) return "arps";
  return null;
}

export interface EstimateReadOptions {
  /** XLSX: title rows above the header row. */
  skipRows?: number;
  /** XLSX: the column each field is read from; without it, headers are matched. */
  mapping?: EstimateColumnMapping;
  /** The estimate's name when the file states none (the file's name). */
  name?: string;
}

/** Reads an estimate in whichever format the bytes are; a file in none of them is refused (`UnsupportedFormat`). */
export async function readEstimate(bytes: Uint8Array, options: EstimateReadOptions = {}): Promise<EstimateModel> {
  const format = detectEstimateFormat(bytes);
  if (format === "grand_xml") return readGrandXml(bytes);
  if (format === "minstroy_xml") return readMinstroyXml(bytes);
  if (format === "arps") return readArps(bytes);
  if (format === "xlsx") {
    let table: Awaited<ReturnType<typeof readXlsxTable>>;
    try {
      table = await readXlsxTable(bytes);
    } catch (error) {
      if (error instanceof FormatError) throw error;
      throw new FormatError("MalformedFile", "The XLSX file cannot be read", undefined, {
        line: 0,
        record: "XLSX",
        reason: error instanceof Error ? error.message : String(error),
      });
    }
    return readEstimateTable(table, options);
  }
  throw new FormatError("UnsupportedFormat", "The file is not an estimate in a known format", undefined, {
    line: 1,
    record: "",
    reason: "format",
  });
}
