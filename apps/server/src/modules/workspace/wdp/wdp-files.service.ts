import {
  type ExportResult,
  type Language,
  WDP_SHEET_MAX_DAYS,
  type WdpExportBody,
  type WdpMeasure,
  type WdpReportEditBody,
  type WdpUpload,
} from "@planum/contracts";
import { type Cell, FormatError, readXlsxTable, writeXlsxRows } from "@planum/formats";
import type { ScheduleScope, VersionScope } from "../../../platform/access.js";
import type { AppContext } from "../../../platform/context.js";
import { AppError } from "../../../platform/errors.js";
import { interchangeRepo } from "../../interchange/interchange.repo.js";
import { fileName } from "../../interchange/interchange.service.js";
import { printFormatOf, printFramedPdf } from "../../print/index.js";
import { readWorks, seriesKey } from "./wdp.repo.js";
import type { WdpService } from "./wdp.service.js";
import { entryRules } from "./wdp-change.js";
import { dateOf, dayOf, shown, today } from "./wdp-days.js";
import { layOutWdpPrint } from "./wdp-print.js";
import { planSheetRows, readPlanSheet } from "./wdp-sheet.js";
import { SHEET_LABELS } from "./wdp-sheet-labels.js";
import { readSeries } from "./wdp-store.js";

const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
const MINUTES_PER_DAY = 1440;
const DATE_FORMAT = "dd.mm.yyyy";
const NUMBER_FORMAT = "#,##0.###";
/** A grid print is drawn while the caller waits: past this many sheets they narrow the period or the text. */
export const WDP_PRINT_MAX_PAGES = 200;
/** Undo and `wdp_updated` name an upload so (web: workspace.json undo.actions). */
export const UPLOAD_ACTION = "upload_wdp";

/**
 * Work-done plans as XLSX files (spec §7 `wdp upload`, `wdp report`): the plan in the grid's layout out and back in
 * (all or nothing, through the same write as the grid's cells: undo_wdp, wdp_updated), the report as a sheet.
 */
export class WdpFilesService {
  constructor(
    private readonly ctx: AppContext,
    private readonly wdp: WdpService,
  ) {}

  /** The plan of the version's works as a sheet; the days span their dates and every value, or the given period. */
  async exportPlan(vs: VersionScope, body: WdpExportBody, language: Language): Promise<ExportResult> {
    const { works, series, from, to } = await this.planPeriod(vs, body);
    const labels = SHEET_LABELS[language];
    const rows = planSheetRows({ works, series, measures: body.measures, from, to, labels });
    const bytes = await writeXlsxRows(rows, {
      sheet: labels.plan,
      header: 1,
      freezeColumns: 7,
      widths: [8, 12, 40, 8, 16, 12, 12, ...new Array(Math.min(to - from + 1, 400)).fill(11)],
      dateFormat: DATE_FORMAT,
      numberFormat: NUMBER_FORMAT,
    });
    return this.keep(vs, labels.plan, bytes);
  }

  /** The version's works (no summaries) and their series over the asked period, else their dates' and values' span. */
  private async planPeriod(vs: VersionScope, body: WdpExportBody) {
    const { db } = this.ctx;
    const spaceId = vs.grant.space.id;
    const works = (await readWorks(db, spaceId, vs.version.id)).filter((w) => w.type !== "sum");
    const series = await readSeries(db, spaceId, vs.version.id, { measures: body.measures });
    let lo = Number.POSITIVE_INFINITY;
    let hi = Number.NEGATIVE_INFINITY;
    for (const w of works) {
      if (w.start !== null) lo = Math.min(lo, Math.floor(w.start / MINUTES_PER_DAY));
      if (w.finish !== null) hi = Math.max(hi, Math.floor((w.finish - 1) / MINUTES_PER_DAY));
    }
    for (const s of series)
      if (s.values.length > 0) {
        lo = Math.min(lo, s.startDay);
        hi = Math.max(hi, s.startDay + s.values.length - 1);
      }
    const from = body.from ? dayOf(body.from) : Number.isFinite(lo) ? lo : today();
    const to = body.to ? dayOf(body.to) : Number.isFinite(hi) ? Math.max(hi, from) : from + 30;
    if (to < from) throw new AppError("InvalidValue", { field: "to" });
    if (to - from + 1 > WDP_SHEET_MAX_DAYS) throw new AppError("InvalidValue", { field: "to" });
    return { works, series, from, to };
  }

  /**
   * The grid on paper (the caller's print format): the plan's lines as the sheet has them, the fixed columns on every
   * sheet, days split across sheets; framed by the format's header and footer. Refused past `WDP_PRINT_MAX_PAGES`
   * (the period or the text size can be narrowed) before anything is drawn.
   */
  async printPlan(vs: VersionScope, body: WdpExportBody, language: Language): Promise<{ pdf: Buffer; pages: number }> {
    const { works, series, from, to } = await this.planPeriod(vs, body);
    const labels = SHEET_LABELS[language];
    const format = await printFormatOf(this.ctx, vs);
    const caption = `${labels.plan}: ${body.measures.map((m) => labels.measures[m]).join(", ")}, ${shown(from)} – ${shown(to)}`;
    const plan = layOutWdpPrint({
      rows: planSheetRows({ works, series, measures: body.measures, from, to, labels }),
      format,
      language,
      caption,
    });
    if (plan.bodies.length > WDP_PRINT_MAX_PAGES)
      throw new AppError("PrintTooManyPages", { pages: plan.bodies.length, max: WDP_PRINT_MAX_PAGES });
    const pdf = await printFramedPdf(this.ctx, vs, { format, language, bodies: plan.bodies, style: plan.style });
    return { pdf, pages: plan.bodies.length };
  }

  /**
   * An exported sheet with values changed: only the cells that differ from the stored plan are written, each
   * checked by the entry rules first (a refusal names its cell), all in one change of the version.
   */
  async upload(scope: ScheduleScope, versionId: string | undefined, bytes: Buffer, language: Language) {
    const vs = await this.wdp.versionOf(scope, versionId);
    const { db } = this.ctx;
    let rows: Cell[][];
    try {
      rows = (await readXlsxTable(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength))).rows;
    } catch (error) {
      if (error instanceof FormatError)
        throw new AppError("MalformedFile", { location: "XLSX", reason: error.message });
      throw error;
    }
    const works = (await readWorks(db, vs.grant.space.id, vs.version.id)).filter((w) => w.type !== "sum");
    const stored = await readSeries(db, vs.grant.space.id, vs.version.id, {});
    const changes = readPlanSheet({
      rows,
      works: new Map(works.map((w) => [w.id, w])),
      stored: new Map(stored.map((s) => [seriesKey(s), s])),
      rules: entryRules(vs.grant),
      labels: SHEET_LABELS[language],
    });
    if (changes.length === 0) return { versionId: vs.version.id, series: [], removed: [], works: [], cells: 0 };
    const change = await this.wdp.setCells(
      vs,
      UPLOAD_ACTION,
      changes.map((c) => ({
        itemId: c.work.id,
        measure: c.measure,
        kind: c.kind,
        date: dateOf(c.day),
        value: c.value,
      })),
    );
    return { ...change, cells: changes.length } satisfies WdpUpload;
  }

  /** The report of a period (GET /versions/{id}/wdp/report) as a sheet: summaries bold, the version's total last. */
  async exportReport(
    vs: VersionScope,
    query: { from: string; to: string; measure: WdpMeasure },
    language: Language,
  ): Promise<ExportResult> {
    const report = await this.wdp.report(vs, query);
    const labels = SHEET_LABELS[language];
    const shown = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;
    const title = labels.reportTitle
      .replace("{{measure}}", labels.measures[query.measure])
      .replace("{{from}}", shown(query.from))
      .replace("{{to}}", shown(query.to));
    const rows: Cell[][] = [[title], [], [...labels.reportColumns]];
    const bold: number[] = [];
    for (const r of report.rows) {
      rows.push([
        r.code,
        r.name,
        r.unit ?? "",
        r.plan,
        r.fact,
        r.approvedPlan,
        r.deviation,
        r.percent,
        r.planTotal,
        r.factTotal,
      ]);
      if (r.type === "sum") bold.push(rows.length);
    }
    const t = report.total;
    rows.push([
      labels.total,
      "",
      "",
      t.plan,
      t.fact,
      t.approvedPlan,
      Math.round((t.fact - t.plan) * 1000) / 1000,
      t.plan > 0 ? Math.round((t.fact / t.plan) * 1000) / 10 : null,
      t.planTotal,
      t.factTotal,
    ]);
    bold.push(1, rows.length);
    const bytes = await writeXlsxRows(rows, {
      sheet: labels.report,
      header: 3,
      widths: [12, 44, 8, 14, 14, 14, 14, 10, 16, 16],
      numberFormat: NUMBER_FORMAT,
      boldRows: bold,
    });
    return this.keep(vs, labels.report, bytes);
  }

  /** A work's plan or fact of the report's period, typed in the report: spread over its working days there. */
  async reportEdit(scope: ScheduleScope, body: WdpReportEditBody) {
    const vs = await this.wdp.versionOf(scope, body.versionId);
    return this.wdp.allocate(vs, body.kind, body);
  }

  /** The file in the caller's temp area, named after the schedule and version. */
  private async keep(vs: VersionScope, what: string, bytes: Uint8Array): Promise<ExportResult> {
    const schedule = (await interchangeRepo.scheduleName(this.ctx.db, vs.scheduleId)) ?? "schedule";
    const stored = await this.ctx.storage.save(this.ctx.db, {
      area: "temp",
      name: fileName(schedule, " - ", vs.version.label, " - ", what, ".xlsx"),
      mediaType: XLSX_TYPE,
      bytes: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
      spaceId: vs.grant.space.id,
      ownerUserId: vs.grant.userId,
    });
    return { fileId: stored.id, name: stored.name, size: stored.size };
  }
}
