export { usePrintSettings } from "./print-api";
export { PrintButton } from "./print-button";
