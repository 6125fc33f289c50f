export { ImportReportButton } from "./import-report";
export { InterchangeActions } from "./interchange-actions";
