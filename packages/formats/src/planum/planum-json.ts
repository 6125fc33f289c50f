import { FormatError } from "../model/format-error.js";
import type { ScheduleModel } from "../model/schedule-model.js";
import { MODEL_VERSION } from "../model/schedule-model.js";
import { validateModel } from "../model/validate-model.js";
import { decodeText } from "../util/text-encoding.js";

export const PLANUM_JSON_FORMAT = "planum-schedule";

/** Planum JSON: `{ "format": "planum-schedule", "version": 1, "schedule": <model> }`. */
export function writePlanumJson(model: ScheduleModel): Uint8Array {
  return new TextEncoder().encode(
    `${JSON.stringify({ format: PLANUM_JSON_FORMAT, version: MODEL_VERSION, schedule: model }, null, 1)}\n`,
  );
}

export function readPlanumJson(bytes: Uint8Array): ScheduleModel {
  if (bytes.length === 0) throw new FormatError("EmptyFile", "The JSON file is empty");
  const { text } = decodeText(bytes, "JSON", "utf-8");
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (e) {
    const msg = (e as Error).message;
    const pos = Number(/position (\d+)/.exec(msg)?.[1] ?? -1);
    const line = pos >= 0 ? text.slice(0, pos).split("\n").length : 0;
    throw new FormatError(
      "MalformedFile",
      `The JSON file cannot be parsed: ${msg}`,
      { element: "JSON", line },
      { line },
    );
  }
  const d = doc as { format?: unknown; version?: unknown; schedule?: unknown };
  if (d?.format !== PLANUM_JSON_FORMAT) {
    throw new FormatError("UnsupportedFormat", `Not a Planum schedule: "format" must be "${PLANUM_JSON_FORMAT}"`, {
      entry: "format",
    });
  }
  if (typeof d.version !== "number" || d.version > MODEL_VERSION) {
    throw new FormatError(
      "UnsupportedFormat",
      `Planum schedule version ${String(d.version)} is newer than this reader (${MODEL_VERSION})`,
      { entry: "version" },
    );
  }
  return validateModel(d.schedule);
}
