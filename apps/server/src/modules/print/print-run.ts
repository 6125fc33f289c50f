import {
  formatUserDate,
  type Language,
  PRINT_MAX_PAGES,
  type PrintFormatFields,
  type PrintRunBody,
  printFormatFields,
} from "@planum/contracts";
import { eq } from "drizzle-orm";
import { epsNodes, schedules, users } from "../../db/schema/index.js";
import type { VersionScope } from "../../platform/access.js";
import type { Db } from "../../platform/db.js";
import { AppError } from "../../platform/errors.js";
import type { PdfBrowser } from "../../platform/pdf-browser.js";
import { wallClockText } from "../../platform/time.js";
import { buildGanttColumns } from "../workspace/wbs/gantt-columns.js";
import type { PrintService } from "./print.service.js";
import { type PrintValues, printDocument } from "./print-document.js";
import { type PrintRow, planPrint } from "./print-layout.js";

/** The WBS rows in the Gantt's order with their depth (the Gantt's columns hold the parent's position). */
function rowsOf(columns: Awaited<ReturnType<typeof buildGanttColumns>>): PrintRow[] {
  const depth: number[] = [];
  const unset = (minutes: number) => minutes < -1_000_000_000 || minutes === -1;
  return columns.ids.map((_, k) => {
    const parent = columns.parent[k];
    depth[k] = parent < 0 ? 0 : depth[parent] + 1;
    return {
      code: columns.code[k],
      name: columns.name[k],
      start: unset(columns.earlyStart[k]) ? null : columns.earlyStart[k],
      finish: unset(columns.earlyFinish[k]) ? null : columns.earlyFinish[k],
      critical: columns.critical[k] === 1,
      type: columns.type[k],
      depth: depth[k],
    };
  });
}

/**
 * Prints a version's workspace (spec §7 Versions print, preview, print/count): the caller's saved print settings,
 * overridden by what the call names, laid on pages (`planPrint`), drawn as HTML (`printDocument`) and rendered by
 * the process's Chromium.
 */
/** A print's choices after the caller's saved settings filled in what the call left out. */
export interface PrintChoices {
  format: PrintFormatFields;
  pagesWide: number | null;
  repeatHeader: boolean;
}

export class PrintRun {
  constructor(private readonly deps: { db: Db; settings: PrintService; browser: PdfBrowser }) {}

  /** The call's choices over the caller's saved settings. */
  async choices(scope: VersionScope, body: PrintRunBody): Promise<PrintChoices> {
    const saved = await this.deps.settings.settings(scope);
    return {
      format: body.format ? printFormatFields.parse(body.format) : saved.format,
      pagesWide: body.pagesWide === undefined ? saved.pagesWide : body.pagesWide,
      repeatHeader: body.repeatHeader ?? saved.repeatHeader,
    };
  }

  /** The version's rows laid on pages with these choices (no rendering). */
  async lay(scope: VersionScope, choices: PrintChoices) {
    const rows = rowsOf(await buildGanttColumns(this.deps.db, scope.version, scope.grant.userId));
    const plan = planPrint(rows, choices.format, choices.pagesWide, choices.repeatHeader);
    if (plan.pages.length > PRINT_MAX_PAGES)
      throw new AppError("PrintTooManyPages", { pages: plan.pages.length, max: PRINT_MAX_PAGES });
    return { rows, plan };
  }

  private async prepare(scope: VersionScope, body: PrintRunBody) {
    const choices = await this.choices(scope, body);
    return { ...choices, ...(await this.lay(scope, choices)) };
  }

  async values(scope: VersionScope): Promise<PrintValues> {
    const [names] = await this.deps.db
      .select({ schedule: schedules.name, project: epsNodes.name })
      .from(schedules)
      .innerJoin(epsNodes, eq(epsNodes.id, schedules.projectId))
      .where(eq(schedules.id, scope.scheduleId));
    const [user] = await this.deps.db
      .select({ first: users.firstName, last: users.lastName })
      .from(users)
      .where(eq(users.id, scope.grant.userId));
    const dataDate = wallClockText(scope.version.dataDate);
    const now = new Date().toISOString().slice(0, 16);
    return {
      project: names?.project ?? "",
      schedule: names?.schedule ?? "",
      version: scope.version.label,
      dataDate: dataDate ? formatUserDate(dataDate) : "",
      printedAt: formatUserDate(now, true),
      user: user ? `${user.last} ${user.first}` : "",
    };
  }

  async count(scope: VersionScope, body: PrintRunBody) {
    const choices = await this.choices(scope, body);
    // counting never refuses: the dialog shows how many pages a choice would take, even too many
    const rows = rowsOf(await buildGanttColumns(this.deps.db, scope.version, scope.grant.userId));
    const plan = planPrint(rows, choices.format, choices.pagesWide, choices.repeatHeader);
    return { pages: plan.pages.length, across: plan.across, down: plan.down };
  }

  /** The whole print as one PDF (a small print, answered at once). */
  async pdf(
    scope: VersionScope,
    choices: PrintChoices,
    laid: Awaited<ReturnType<PrintRun["lay"]>>,
    language: Language,
  ) {
    const html = printDocument({ ...laid, format: choices.format, values: await this.values(scope), language });
    return { pdf: await this.deps.browser.pdf(html), pages: laid.plan.pages.length };
  }

  /** One page as a PNG (the print preview); a page past the last is 404. */
  async preview(scope: VersionScope, body: PrintRunBody & { page: number }, language: Language) {
    const { format, rows, plan } = await this.prepare(scope, body);
    if (body.page > plan.pages.length) throw new AppError("NotFound");
    const html = printDocument({ plan, rows, format, values: await this.values(scope), language, only: [body.page] });
    const { pageWidthMm, pageHeightMm } = plan.geometry;
    return { png: await this.deps.browser.png(html, pageWidthMm, pageHeightMm), pages: plan.pages.length };
  }
}
