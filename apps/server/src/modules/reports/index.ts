// What other modules may use of reports (never its other files).
export { REPORT_BATCH_JOB } from "./report-batch.js";
