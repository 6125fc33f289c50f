export { ReportsButton } from "./reports-button";
export { SpaceReportButton } from "./space-report-button";
