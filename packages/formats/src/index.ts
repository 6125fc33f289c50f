/**
 * @planum/formats — schedule files (XER, P6 XML, MS Project XML, MPX, CSV, XLSX, Planum JSON / ZIP)
 * around one neutral model, the mapping to the scheduling engine, the DCMA check and the file commands.
 */
export { type CommandIo, runPlanumFileCommand } from "./cli/planum-file-command.js";
export { detectFormat } from "./detect-format.js";
export { readArps } from "./estimates/estimate-arps.js";
export { readGrandXml } from "./estimates/estimate-grand-xml.js";
export { readMinstroyXml } from "./estimates/estimate-minstroy-xml.js";
export {
  ESTIMATE_FORMATS,
  type EstimateFormat,
  type EstimateModel,
  type EstimateMoney,
  type EstimatePositionModel,
  type EstimateSectionModel,
  sumPositions,
} from "./estimates/estimate-model.js";
export { detectEstimateFormat, type EstimateReadOptions, readEstimate } from "./estimates/estimate-read.js";
export {
  ESTIMATE_COLUMNS,
  ESTIMATE_HEADERS,
  type EstimateColumn,
  type EstimateColumnMapping,
  readEstimateTable,
  resolveEstimateMapping,
} from "./estimates/estimate-xlsx.js";
export { FormatError, type FormatErrorCode, type FormatErrorLocation } from "./model/format-error.js";
export {
  buildReadReport,
  countModel,
  MAX_WARNINGS_PER_CODE,
  READ_WARNING_MESSAGES,
  type ReadCounts,
  type ReaderOptions,
  type ReadPlace,
  type ReadReport,
  type ReadWarning,
  type ReadWarningCode,
  type ReadWarningLanguage,
  ReadWarnings,
  readWarningText,
} from "./model/read-report.js";
export * from "./model/schedule-model.js";
export { validateModel } from "./model/validate-model.js";
export { readMpx } from "./mpx/mpx-reader.js";
export { readMspdi } from "./mspdi/mspdi-reader.js";
export { writeMspdi } from "./mspdi/mspdi-writer.js";
export {
  compareFidelity,
  FIDELITY_FIELDS,
  type FidelityDifference,
  type FidelityField,
  type FidelityRules,
  type FileFidelity,
  fidelityRulesOf,
  measureFidelity,
} from "./network/fidelity.js";
export { buildProjectNetwork, type ProjectNetwork } from "./network/network-input.js";
export {
  compareWithFile,
  type ProjectCalculation,
  type Recalculation,
  recalculate,
  type ScheduleFunction,
} from "./network/recalculate.js";
export {
  compareSchedules,
  type ScheduleComparison,
  type ScheduleDifference,
  type ScheduleRow,
  scheduleRows,
} from "./network/schedule-compare.js";
export { readPlanumJson, writePlanumJson } from "./planum/planum-json.js";
export {
  type PlanumAttachment,
  type PlanumPackage,
  type PlanumPackageVersion,
  readPlanumZip,
  writePlanumZip,
  zipFiles,
} from "./planum/planum-zip.js";
export { readPmxml } from "./pmxml/pmxml-reader.js";
export { writePmxml } from "./pmxml/pmxml-writer.js";
export {
  checkScheduleQuality,
  formatQualityText,
  type QualityCheck,
  type QualityReport,
} from "./quality/dcma-check.js";
export {
  type ColumnCheck,
  DCMA_NAMES,
  DCMA_THRESHOLDS,
  dcmaChecks,
  type HealthActivities,
  type HealthCheckKey,
  type HealthContext,
  type HealthRelations,
  healthScore,
  type ThresholdKey,
} from "./quality/dcma-columns.js";
export { assessSchedule } from "./quality/quality-run.js";
export {
  formatFromFileName,
  type ReadScheduleOptions,
  readSchedule,
  readScheduleWithReport,
  readTable,
  type WritableFormat,
  type WriteScheduleOptions,
  writeSchedule,
} from "./schedule-io.js";
export { readCsv, readCsvTable, writeCsv } from "./tabular/csv-format.js";
export { fillReportSheet } from "./tabular/report-paper-sheet.js";
export {
  type ReportBorderSide,
  type ReportSheet,
  type ReportSheetCell,
  readReportSheet,
} from "./tabular/report-sheet.js";
export {
  fillReportTemplate,
  inspectReportTemplate,
  REPORT_ROW_FIELDS,
  REPORT_SCALAR_FIELDS,
  REPORT_SUM_FIELDS,
  type ReportData,
  type ReportTable,
  type ReportValue,
  type UnknownReportField,
  writeReportTable,
} from "./tabular/report-template.js";
export {
  type Cell,
  type ColumnMapping,
  cellText,
  DEFAULT_HEADERS,
  TABULAR_FIELDS,
  type Table,
  type TabularField,
  type TabularReadOptions,
  tablePreview,
  tableToModel,
} from "./tabular/tabular-model.js";
export {
  readXlsx,
  readXlsxTable,
  writeXlsx,
  writeXlsxRows,
  type XlsxReadOptions,
  type XlsxRowsOptions,
} from "./tabular/xlsx-format.js";
export { readXer } from "./xer/xer-reader.js";
export { type WriteXerOptions, writeXer } from "./xer/xer-writer.js";
