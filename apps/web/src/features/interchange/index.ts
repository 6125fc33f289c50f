export { ImportReportButton } from "./import-report";
export { useInterchangeActions } from "./interchange-actions";
