import {
  type BuiltInReport,
  type BuiltInReportBody,
  EVENTS_PROTOCOL_VERSION,
  formatUserDate,
  type Language,
  REPORT_TEMPLATE_MAX_BYTES,
  type Report,
  type ReportFormat,
  type ReportMasterBody,
  type ReportWbsDisplay,
} from "@planum/contracts";
import {
  fillReportSheet,
  fillReportTemplate,
  inspectReportTemplate,
  type ReportTable,
  writeReportTable,
} from "@planum/formats";
import { type Grant, loadNode, loadVersion, requireAt, type VersionScope } from "../../platform/access.js";
import type { Db } from "../../platform/db.js";
import { AppError } from "../../platform/errors.js";
import type { Realtime } from "../../platform/realtime.js";
import type { UploadedFile } from "../../platform/uploads.js";
import { readVersionUsage } from "../resources/index.js";
import { healthTable, readVersionGantt, readVersionHealth, readWdpReport, wdpMeasureWord } from "../workspace/index.js";
import { builtInTable } from "./report-builtins.js";
import { resourceUsageTable, wdpPlanFactTable } from "./report-builtins-more.js";
import { excelDay, reportRows, wbsFilter, yearFilter } from "./report-data.js";
import { masterTable } from "./report-master.js";
import { sheetPaper, tablePaper } from "./report-paper.js";
import { paperPdf } from "./report-paper-pdf.js";
import { spaceTable } from "./report-space.js";
import { reportsRepo as repo } from "./reports.repo.js";

export interface ReportFile {
  bytes: Buffer;
  name: string;
  mediaType: string;
}

const MEDIA: Record<ReportFormat, string> = {
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  pdf: "application/pdf",
};
const NONE = -1;
const DAY = 1440;
const isoDay = (minutes: number) => new Date(minutes * 60_000).toISOString().slice(0, 10);

/** A file name without the characters file systems refuse. */
export const reportFileName = (text: string, format: ReportFormat) =>
  `${text}.${format}`.replace(/[\\/:*?"<>|]+/g, "_");

const listed = (row: Awaited<ReturnType<typeof repo.one>>): Report => ({
  ...row!,
  wbsDisplay: row!.wbsDisplay as ReportWbsDisplay,
  createdAt: row!.createdAt.toISOString(),
});

/**
 * Reports (spec §7 Reports): the space's XLSX templates — checked at upload (an XLSX whose placeholders are all known),
 * attached to EPS nodes, renamed, deleted — run for a version into XLSX or PDF; and the built-in reports of a version.
 * A version's rows are read through the workspace's `readVersionGantt`, never its tables.
 */
export class ReportsService {
  constructor(private readonly deps: { db: Db; realtime: Realtime }) {}

  private changed(grant: Grant) {
    this.deps.realtime.toSpace({
      v: EVENTS_PROTOCOL_VERSION,
      type: "reports_updated",
      spaceId: grant.space.id,
      byUserId: grant.userId,
    });
  }

  list = async (grant: Grant) => (await repo.list(this.deps.db, grant)).map(listed);

  /** The reports a node offers: attached to it or to any node above it (a project's form serves its schedules). */
  atNode = async (grant: Grant, lineage: string[]) => (await repo.atNodes(this.deps.db, grant, lineage)).map(listed);

  private async found(grant: Grant, id: string) {
    const row = await repo.one(this.deps.db, grant, id);
    if (!row) throw new AppError("NotFound");
    return row;
  }

  /** Checks the upload: an XLSX workbook whose every `{{placeholder}}` a report can fill; then keeps it at the node. */
  async add(
    grant: Grant,
    query: { epsId: string; name: string; reportingYear?: number; wbsDisplay: ReportWbsDisplay },
    file: UploadedFile,
  ) {
    const node = await loadNode(this.deps.db, grant.space.id, query.epsId);
    await requireAt(this.deps.db, grant, "schedule:write", node.path.split("/").filter(Boolean));
    if (file.bytes.length > REPORT_TEMPLATE_MAX_BYTES)
      throw new AppError("FileTooLarge", { max: `${REPORT_TEMPLATE_MAX_BYTES / 1024 / 1024} MB` });
    const inspected = await inspectReportTemplate(file.bytes).catch(() => {
      throw new AppError("ReportNotXlsx", { name: file.name });
    });
    const unknown = inspected.unknown[0];
    if (unknown) throw new AppError("ReportUnknownField", { cell: unknown.cell, field: unknown.field });
    const id = await this.deps.db.transaction(async (tx) => {
      if (await repo.nameTaken(tx, grant, query.name)) throw new AppError("ReportNameTaken");
      const row = await repo.insert(tx, {
        spaceId: grant.space.id,
        name: query.name,
        fileName: file.name,
        template: file.bytes,
        fields: inspected.fields,
        reportingYear: query.reportingYear ?? null,
        wbsDisplay: query.wbsDisplay,
        createdBy: grant.userId,
      });
      await repo.attach(tx, row.id, node.id);
      return row.id;
    });
    this.changed(grant);
    return listed(await repo.one(this.deps.db, grant, id));
  }

  async rename(
    grant: Grant,
    id: string,
    body: { name: string; reportingYear?: number | null; wbsDisplay?: ReportWbsDisplay },
  ) {
    await this.deps.db.transaction(async (tx) => {
      if (await repo.nameTaken(tx, grant, body.name, id)) throw new AppError("ReportNameTaken");
      const set = {
        name: body.name,
        ...(body.reportingYear !== undefined ? { reportingYear: body.reportingYear } : {}),
        ...(body.wbsDisplay ? { wbsDisplay: body.wbsDisplay } : {}),
      };
      if (!(await repo.update(tx, grant, id, set))) throw new AppError("NotFound");
    });
    this.changed(grant);
    return listed(await repo.one(this.deps.db, grant, id));
  }

  async remove(grant: Grant, id: string) {
    if (!(await repo.remove(this.deps.db, grant, id))) throw new AppError("NotFound");
    this.changed(grant);
    return { id };
  }

  async attach(grant: Grant, id: string, epsId: string) {
    await this.found(grant, id);
    const node = await loadNode(this.deps.db, grant.space.id, epsId);
    await repo.attach(this.deps.db, id, node.id);
    this.changed(grant);
    return listed(await repo.one(this.deps.db, grant, id));
  }

  async detach(grant: Grant, id: string, epsId: string) {
    await this.found(grant, id);
    if (!(await repo.detach(this.deps.db, id, epsId))) throw new AppError("NotFound");
    this.changed(grant);
    return listed(await repo.one(this.deps.db, grant, id));
  }

  /** The header values of a run: names, dates and the user, as a form shows them. */
  private async scalars(scope: VersionScope, dataDate: number, count: number, reportingYear: number | null, node = "") {
    const names = await repo.names(this.deps.db, scope.scheduleId, scope.grant.userId);
    return {
      ...names,
      version: scope.version.label,
      node: node || names.project,
      dataDate: dataDate === -1 ? null : excelDay(dataDate),
      reportingYear,
      printedAt: formatUserDate(new Date().toISOString().slice(0, 16), true),
      count,
    };
  }

  /** A template run for a version (`POST /reports/{id}/run/{x}`), the caller reading the version. */
  async run(grant: Grant, id: string, format: ReportFormat, versionId: string): Promise<ReportFile> {
    const scope = await loadVersion(this.deps.db, grant, versionId);
    return this.runFor(scope, id, format);
  }

  async runFor(scope: VersionScope, id: string, format: ReportFormat): Promise<ReportFile> {
    const report = await repo.template(this.deps.db, scope.grant, id);
    if (!report) throw new AppError("NotFound");
    const gantt = await readVersionGantt(this.deps.db, scope.version, scope.grant.userId);
    const byWbs = wbsFilter(gantt, report.wbsDisplay as ReportWbsDisplay);
    const byYear = yearFilter(gantt, report.reportingYear);
    const rows = reportRows(gantt, (i) => byWbs(i) && byYear(i));
    const scalars = await this.scalars(scope, gantt.dataDate, rows.length, report.reportingYear);
    const name = reportFileName(`${report.name} - ${scalars.schedule} - ${scope.version.label}`, format);
    if (format === "xlsx") {
      const xlsx = Buffer.from(await fillReportTemplate(report.template, { scalars, rows }));
      return { bytes: xlsx, name, mediaType: MEDIA.xlsx };
    }
    // laid out from the template and the rows, as the filled workbook would read back, without writing it
    const paper = sheetPaper(await fillReportSheet(report.template, { scalars, rows }));
    return { bytes: await paperPdf(paper, report.name), name, mediaType: MEDIA.pdf };
  }

  /** A built-in report of the version (`POST /versions/{id}/report/{x}`). */
  async builtIn(
    scope: VersionScope,
    kind: BuiltInReport,
    body: BuiltInReportBody,
    language: Language,
  ): Promise<ReportFile> {
    const names = await repo.names(this.deps.db, scope.scheduleId, scope.grant.userId);
    const heading = { ...names, version: scope.version.label };
    let table: ReportTable;
    if (kind === "health") {
      // the health report reads the version's checks, the others its rows
      table = healthTable(await readVersionHealth(this.deps.db, scope.version), heading, language);
    } else {
      const gantt = await readVersionGantt(this.deps.db, scope.version, scope.grant.userId);
      if (kind === "wdpPlanFact") {
        // the period asked, else the week before the data date (the progress report's)
        const status = gantt.dataDate !== NONE ? gantt.dataDate : gantt.projectStart;
        const to = body.to ?? isoDay(status - DAY);
        const from = body.from ?? isoDay(Date.parse(`${to}T00:00Z`) / 60_000 - 6 * DAY);
        if (to < from) throw new AppError("InvalidValue", { field: "from" });
        const report = await readWdpReport(this.deps.db, scope, { from, to, measure: body.measure });
        table = wdpPlanFactTable(report, wdpMeasureWord(body.measure, language), heading, language);
      } else if (kind === "resourceUsage") {
        const usage = await readVersionUsage(this.deps.db, scope, { from: body.from, to: body.to });
        table = resourceUsageTable(usage, heading, language);
      } else table = builtInTable(kind, gantt, body, heading, language);
    }
    return this.file(table, `${table.title} - ${names.schedule} - ${scope.version.label}`, body.format);
  }

  /** The report master (`POST /versions/{id}/report/master/{x}`): a report laid out by the caller. */
  async master(scope: VersionScope, format: ReportFormat, body: ReportMasterBody, language: Language) {
    const names = await repo.names(this.deps.db, scope.scheduleId, scope.grant.userId);
    const gantt = await readVersionGantt(this.deps.db, scope.version, scope.grant.userId);
    const table = masterTable(gantt, body, { ...names, version: scope.version.label }, language);
    return this.file(table, `${table.title} - ${names.schedule} - ${scope.version.label}`, format);
  }

  /** The space report (`GET /space/{id}/report`): the schedules the caller may read, a line each. */
  async space(grant: Grant, format: ReportFormat, language: Language) {
    const table = await spaceTable(this.deps.db, grant, language);
    return this.file(table, table.title, format);
  }

  private async file(table: ReportTable, title: string, format: ReportFormat): Promise<ReportFile> {
    const name = reportFileName(title, format);
    if (format === "xlsx") return { bytes: Buffer.from(await writeReportTable(table)), name, mediaType: MEDIA.xlsx };
    return { bytes: await paperPdf(tablePaper(table), table.title), name, mediaType: MEDIA.pdf };
  }
}
