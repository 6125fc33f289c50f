export { usePrintSettings } from "./print-api";
export { PrintButton } from "./print-button";
export type { PrintDrawing } from "./print-format-dialog";
