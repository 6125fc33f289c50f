export { FormatError } from "./model/format-error.js";
export * from "./model/schedule-model.js";
export { readXer } from "./xer/xer-reader.js";
export { writeXer } from "./xer/xer-writer.js";
