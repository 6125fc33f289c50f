import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The shared corpus of real files, beside the repository (never edited). */
export const repoRoot = fileURLToPath(new URL("../../..", import.meta.url));
export const corpusDir = path.resolve(repoRoot, "../shared/corpus");

export function corpus(file: string): Uint8Array {
  return new Uint8Array(readFileSync(path.join(corpusDir, file)));
}

/** Corpus files Planum reads, with their format. */
export const READABLE: [string, string][] = [
  ["xer/MultiprojectWithExternal.xer", "xer"],
  ["xer/encoding1251.xer", "xer"],
  ["xer/PredecessorCalendar.xer", "xer"],
  ["pmxml/PredecessorCalendar.xml", "pmxml"],
  ["pmxml/primavera.xml", "pmxml"],
  ["pmxml/BaselineProjects.xml", "pmxml"],
  ["pmxml/MultiprojectWithExternal.xml", "pmxml"],
  ["mspdi/task-links-project2019-mspdi.xml", "mspdi"],
  ["mspdi/sample.xml", "mspdi"],
  ["mspdi/mspdirelations.xml", "mspdi"],
  ["mpx/sample.mpx", "mpx"],
];
