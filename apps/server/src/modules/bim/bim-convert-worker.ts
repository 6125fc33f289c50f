import type { MessagePort } from "node:worker_threads";
import { gzipSync } from "node:zlib";
import * as Ifc from "web-ifc";
import { type ConvertedElement, convertIfc } from "./ifc-convert.js";

export interface ConvertTask {
  bytes: Uint8Array;
  /** Receives shares 0…1 of the conversion as numbers. */
  progress: MessagePort;
}

export interface ConvertResult {
  schema: string;
  metadata: Record<string, string>;
  elements: ConvertedElement[];
  /** The geometry file, gzip-compressed. */
  geometry: Uint8Array;
  parts: number;
}

let api: Ifc.IfcAPI | null = null;

/**
 * One IFC conversion in a worker thread: web-ifc's WASM parses and triangulates the file off the event loop that
 * answers the API. web-ifc initialises once per thread (its `.wasm` is read from the installed package).
 */
export default async function convert(task: ConvertTask): Promise<ConvertResult> {
  if (!api) {
    const fresh = new Ifc.IfcAPI();
    await fresh.Init(undefined, true);
    // web-ifc prints what it cannot read of a file to the console; the conversion reports its own failures.
    fresh.SetLogLevel(Ifc.LogLevel.LOG_LEVEL_OFF);
    api = fresh;
  }
  let last = -1;
  try {
    const model = convertIfc(api, task.bytes, (share) => {
      const percent = Math.floor(share * 100);
      if (percent === last) return;
      last = percent;
      task.progress.postMessage(percent);
    });
    const geometry = gzipSync(Buffer.concat(model.geometry), { level: 6 });
    return { ...model, geometry: new Uint8Array(geometry.buffer, geometry.byteOffset, geometry.byteLength) };
  } finally {
    task.progress.close();
  }
}
