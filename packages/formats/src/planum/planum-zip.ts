import yauzl from "yauzl";
import yazl from "yazl";
import { FormatError } from "../model/format-error.js";
import type { ScheduleModel } from "../model/schedule-model.js";
import { readPlanumJson, writePlanumJson } from "./planum-json.js";

/** A schedule with all its versions and attached files, as one Planum ZIP package. */
export interface PlanumPackage {
  name: string;
  versions: PlanumPackageVersion[];
  attachments: PlanumAttachment[];
}

export interface PlanumPackageVersion {
  label: string;
  kind: "version" | "target" | "actual";
  locked?: boolean;
  dataDate?: string;
  model: ScheduleModel;
}

export interface PlanumAttachment {
  name: string;
  mediaType?: string;
  bytes: Uint8Array;
}

interface Manifest {
  format: "planum-package";
  version: 1;
  name: string;
  versions: { file: string; label: string; kind: PlanumPackageVersion["kind"]; locked?: boolean; dataDate?: string }[];
  attachments: { file: string; name: string; mediaType?: string }[];
}

const MAX_ENTRY = 512 * 1024 * 1024;

function safeName(name: string): string {
  let out = "";
  for (const ch of name) out += ch.charCodeAt(0) < 32 || '\\/:*?"<>|'.includes(ch) ? "_" : ch;
  return out.slice(0, 200) || "file";
}

export function writePlanumZip(pkg: PlanumPackage): Promise<Uint8Array> {
  const zip = new yazl.ZipFile();
  const manifest: Manifest = { format: "planum-package", version: 1, name: pkg.name, versions: [], attachments: [] };
  pkg.versions.forEach((v, i) => {
    const file = `versions/${String(i + 1).padStart(3, "0")}.json`;
    zip.addBuffer(Buffer.from(writePlanumJson(v.model)), file, { mtime: new Date(0) });
    manifest.versions.push({
      file,
      label: v.label,
      kind: v.kind,
      ...(v.locked ? { locked: true } : {}),
      ...(v.dataDate ? { dataDate: v.dataDate } : {}),
    });
  });
  pkg.attachments.forEach((a, i) => {
    const file = `attachments/${String(i + 1).padStart(3, "0")}-${safeName(a.name)}`;
    zip.addBuffer(Buffer.from(a.bytes), file, { mtime: new Date(0) });
    manifest.attachments.push({ file, name: a.name, ...(a.mediaType ? { mediaType: a.mediaType } : {}) });
  });
  zip.addBuffer(Buffer.from(JSON.stringify(manifest, null, 1)), "manifest.json", { mtime: new Date(0) });
  return collect(zip);
}

/** Files in one ZIP (a batch of reports); a name given twice gets a number, so no file hides another. */
export function zipFiles(files: { name: string; bytes: Uint8Array }[]): Promise<Uint8Array> {
  const zip = new yazl.ZipFile();
  const used = new Set<string>();
  for (const file of files) {
    let name = safeName(file.name);
    for (let k = 2; used.has(name); k++) name = safeName(file.name.replace(/(\.[^.]*)?$/, ` (${k})$1`));
    used.add(name);
    zip.addBuffer(Buffer.from(file.bytes), name, { mtime: new Date(0) });
  }
  return collect(zip);
}

function collect(zip: yazl.ZipFile): Promise<Uint8Array> {
  zip.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on("data", (c: Buffer) => chunks.push(c));
    zip.outputStream.on("error", reject);
    zip.outputStream.on("end", () => resolve(new Uint8Array(Buffer.concat(chunks))));
  });
}

/** The files of a ZIP archive by name (directories left out; unsafe paths and archives over 512 MB refused). */
export function unzipEntries(bytes: Uint8Array): Promise<Map<string, Uint8Array>> {
  return new Promise((resolve, reject) => {
    const fail = (msg: string, entry = "archive") => reject(new FormatError("MalformedFile", msg, { entry }));
    yauzl.fromBuffer(Buffer.from(bytes), { lazyEntries: true, strictFileNames: false }, (err, zf) => {
      if (err || !zf) return fail(`Not a readable ZIP archive: ${err?.message ?? "unknown error"}`);
      const out = new Map<string, Uint8Array>();
      let total = 0;
      zf.on("error", (e: Error) => fail(`The ZIP archive is damaged: ${e.message}`));
      zf.on("end", () => resolve(out));
      zf.on("entry", (entry: yauzl.Entry) => {
        if (entry.fileName.endsWith("/")) return zf.readEntry();
        if (entry.fileName.includes("..") || entry.fileName.startsWith("/"))
          return fail("Unsafe path in the ZIP archive", entry.fileName);
        total += entry.uncompressedSize;
        if (entry.uncompressedSize > MAX_ENTRY || total > MAX_ENTRY)
          return fail("The ZIP archive unpacks to more than 512 MB", entry.fileName);
        zf.openReadStream(entry, (e, stream) => {
          if (e || !stream) return fail(`Entry cannot be read: ${e?.message}`, entry.fileName);
          const chunks: Buffer[] = [];
          stream.on("data", (c: Buffer) => chunks.push(c));
          stream.on("error", (se: Error) => fail(`Entry is damaged: ${se.message}`, entry.fileName));
          stream.on("end", () => {
            out.set(entry.fileName, new Uint8Array(Buffer.concat(chunks)));
            zf.readEntry();
          });
        });
      });
      zf.readEntry();
    });
  });
}

export async function readPlanumZip(bytes: Uint8Array): Promise<PlanumPackage> {
  const files = await unzipEntries(bytes);
  const raw = files.get("manifest.json");
  if (!raw)
    throw new FormatError("UnsupportedFormat", "Not a Planum package: manifest.json is missing", {
      entry: "manifest.json",
    });
  let manifest: Manifest;
  try {
    manifest = JSON.parse(new TextDecoder().decode(raw)) as Manifest;
  } catch (e) {
    throw new FormatError("MalformedFile", `manifest.json cannot be parsed: ${(e as Error).message}`, {
      entry: "manifest.json",
    });
  }
  if (
    manifest.format !== "planum-package" ||
    !Array.isArray(manifest.versions) ||
    !Array.isArray(manifest.attachments)
  ) {
    throw new FormatError("UnsupportedFormat", "manifest.json is not a Planum package manifest", {
      entry: "manifest.json",
    });
  }
  const entry = (file: string) => {
    const b = files.get(file);
    if (!b)
      throw new FormatError("MalformedFile", `The package lists ${file} but does not contain it`, { entry: file });
    return b;
  };
  const versions = manifest.versions.map((v) => {
    let model: ScheduleModel;
    try {
      model = readPlanumJson(entry(v.file));
    } catch (e) {
      if (e instanceof FormatError)
        throw new FormatError(e.code, `${v.file}: ${e.message}`, { entry: v.file }, e.params);
      throw e;
    }
    return {
      label: v.label,
      kind: v.kind,
      ...(v.locked ? { locked: true } : {}),
      ...(v.dataDate ? { dataDate: v.dataDate } : {}),
      model,
    };
  });
  if (versions.length === 0)
    throw new FormatError("MalformedFile", "The package holds no schedule version", { entry: "manifest.json" });
  const attachments = manifest.attachments.map((a) => ({
    name: a.name,
    ...(a.mediaType ? { mediaType: a.mediaType } : {}),
    bytes: entry(a.file),
  }));
  return { name: manifest.name ?? "", versions, attachments };
}
