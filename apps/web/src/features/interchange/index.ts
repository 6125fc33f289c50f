export { ImportReportButton } from "./import-report";
export { useInterchangeActions } from "./interchange-actions";
export { downloadStoredFile } from "./interchange-api";
