import { FormatError } from "./model/format-error.js";
import type { FormatId } from "./model/schedule-model.js";

const EXTENSIONS: Record<string, FormatId> = {
  xer: "xer",
  mpx: "mpx",
  csv: "csv",
  txt: "csv",
  xlsx: "xlsx",
  json: "json",
  zip: "zip",
  planum: "zip",
  pmxml: "pmxml",
  mspdi: "mspdi",
};

function extension(fileName: string | undefined): string {
  const m = /\.([A-Za-z0-9]+)$/.exec(fileName ?? "");
  return m ? m[1].toLowerCase() : "";
}

function includesAscii(bytes: Uint8Array, text: string, from = 0, to = bytes.length): boolean {
  const codes = [...text].map((c) => c.charCodeAt(0));
  outer: for (let i = from; i <= Math.min(to, bytes.length) - codes.length; i++) {
    for (let k = 0; k < codes.length; k++) if (bytes[i + k] !== codes[k]) continue outer;
    return true;
  }
  return false;
}

/**
 * Tell the format from the content first (the file name is only a hint: people rename .xml files and
 * spreadsheet exports), then from the extension. Throws UnsupportedFormat naming what was found.
 */
export function detectFormat(bytes: Uint8Array, fileName?: string): FormatId {
  if (bytes.length === 0) throw new FormatError("EmptyFile", "The file is empty");
  let start = 0;
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) start = 3;
  const head = new TextDecoder("latin1").decode(bytes.subarray(start, start + 4096));
  if (head.startsWith("ERMHDR")) return "xer";
  if (head.startsWith("MPX")) return "mpx";
  if (bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04) {
    if (includesAscii(bytes, "manifest.json", Math.max(0, bytes.length - 65536))) return "zip";
    if (includesAscii(bytes, "xl/workbook") || includesAscii(bytes, "[Content_Types].xml")) return "xlsx";
    return "zip";
  }
  const trimmed = head.replace(/^\s+/, "");
  if (trimmed.startsWith("<")) {
    if (/<APIBusinessObjects[\s>]/.test(head)) return "pmxml";
    if (
      /<Project[\s>][\s\S]*schemas\.microsoft\.com\/project/.test(head) ||
      /<Project\s+xmlns="http:\/\/schemas\.microsoft\.com\/project"/.test(head)
    ) {
      return "mspdi";
    }
    if (/<project[\s>]/.test(head)) {
      throw new FormatError(
        "UnsupportedFormat",
        "GanttProject and GNOME Planner files are not supported; export to MS Project XML or CSV first",
        undefined,
        { fileName: fileName ?? "" },
      );
    }
    if (/<Project[\s>]/.test(head)) return "mspdi";
    throw new FormatError(
      "UnsupportedFormat",
      "This XML file is neither P6 XML (APIBusinessObjects) nor MS Project XML (Project)",
      undefined,
      { fileName: fileName ?? "" },
    );
  }
  if (trimmed.startsWith("{")) return "json";
  const ext = extension(fileName);
  if (EXTENSIONS[ext]) return EXTENSIONS[ext];
  // A text table: printable text with a delimiter in the first line.
  const firstLine = trimmed.split(/\r?\n/)[0] ?? "";
  let binary = 0;
  for (let i = 0; i < Math.min(bytes.length, 4096); i++) if (bytes[i] === 0) binary++;
  if (binary === 0 && /[,;\t]/.test(firstLine)) return "csv";
  throw new FormatError(
    "UnsupportedFormat",
    `The file${fileName ? ` "${fileName}"` : ""} is not a schedule format Planum reads (XER, P6 XML, MS Project XML, MPX, CSV, XLSX, Planum JSON or ZIP)`,
    undefined,
    { fileName: fileName ?? "" },
  );
}
