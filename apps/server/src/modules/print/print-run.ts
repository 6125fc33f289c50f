import {
  formatUserDate,
  type GanttColumns,
  type Language,
  PRINT_MAX_PAGES,
  type PrintFormatFields,
  type PrintRunBody,
  type PrintScreen,
  printFormatFields,
  printScreenField,
} from "@planum/contracts";
import { eq } from "drizzle-orm";
import { epsNodes, schedules, users } from "../../db/schema/index.js";
import type { VersionScope } from "../../platform/access.js";
import type { Db, DbOrTx } from "../../platform/db.js";
import { AppError } from "../../platform/errors.js";
import type { PdfBrowser } from "../../platform/pdf-browser.js";
import { wallClockText } from "../../platform/time.js";
import { readVersionGantt } from "../workspace/index.js";
import type { PrintService } from "./print.service.js";
import { PRINT_WORDS, type PrintLink, type PrintValues, printDate, printDocument } from "./print-document.js";
import { GRID_COLUMNS_MM, type PrintRow, planPrint } from "./print-layout.js";

type Gantt = GanttColumns;
const unset = (minutes: number) => minutes < -1_000_000_000 || minutes === -1;
const minutesOr = (minutes: number) => (unset(minutes) ? null : minutes);

/** The bar of the Gantt's row at position `k`. */
function barOf(gantt: Gantt, k: number) {
  return {
    start: minutesOr(gantt.earlyStart[k]),
    finish: minutesOr(gantt.earlyFinish[k]),
    baselineStart: minutesOr(gantt.baselineStart[k]),
    baselineFinish: minutesOr(gantt.baselineFinish[k]),
    critical: gantt.critical[k] === 1,
    type: gantt.type[k],
  };
}

/** The relations of the Gantt between printed rows (`printed[k]`: the printed index of Gantt position k, or -1). */
function linksOf(gantt: Gantt, printed: Int32Array): PrintLink[] {
  const out: PrintLink[] = [];
  const { from, to, type } = gantt.relations;
  for (let r = 0; r < from.length; r++) {
    const a = printed[from[r]];
    const b = printed[to[r]];
    if (a >= 0 && b >= 0) out.push({ from: a, to: b, type: type[r] });
  }
  return out;
}

/**
 * The lines to print and the relations between them. With the screen's view: its rows in its order (filters,
 * grouping, collapsed branches) with its cell texts, the bars taken from the version by id (an id the version lacks
 * prints its texts without a bar). Without: every row of the version in tree order with code, name, start, finish.
 */
function linesOf(gantt: Gantt, screen: PrintScreen | undefined) {
  const printed = new Int32Array(gantt.ids.length).fill(-1);
  if (screen) {
    const position = new Map<number, number>();
    for (let k = 0; k < gantt.ids.length; k++) position.set(gantt.ids[k], k);
    const rows: PrintRow[] = screen.rows.map((row, index) => {
      const k = row.id === null ? undefined : position.get(row.id);
      if (k === undefined)
        return { cells: row.cells, depth: row.depth, ...NO_BAR, type: row.id === null ? -1 : NO_BAR.type };
      printed[k] = index;
      return { cells: row.cells, depth: row.depth, ...barOf(gantt, k) };
    });
    return { rows, links: linksOf(gantt, printed) };
  }
  const depth: number[] = [];
  const rows = gantt.ids.map((_, k): PrintRow => {
    const parent = gantt.parent[k];
    depth[k] = parent < 0 ? 0 : depth[parent] + 1;
    printed[k] = k;
    const bar = barOf(gantt, k);
    return {
      cells: [gantt.code[k], gantt.name[k], printDate(bar.start), printDate(bar.finish)],
      depth: depth[k],
      ...bar,
    };
  });
  return { rows, links: linksOf(gantt, printed) };
}

const NO_BAR = {
  start: null,
  finish: null,
  baselineStart: null,
  baselineFinish: null,
  critical: false,
  type: 2,
};

/** The printed columns: the screen's, or code, name, start and finish in the caller's language. */
function columnsOf(screen: PrintScreen | undefined, language: Language) {
  if (screen) return screen.columns;
  const words = PRINT_WORDS[language];
  return [
    { label: words.code, widthMm: GRID_COLUMNS_MM.code, align: "left" as const },
    { label: words.name, widthMm: GRID_COLUMNS_MM.name, align: "left" as const },
    { label: words.start, widthMm: GRID_COLUMNS_MM.start, align: "left" as const },
    { label: words.finish, widthMm: GRID_COLUMNS_MM.finish, align: "left" as const },
  ];
}

/** The values of the bands when the caller prints the version: names, data date, the moment, the user. */
export async function versionPrintValues(db: DbOrTx, scope: VersionScope): Promise<PrintValues> {
  const [names] = await db
    .select({ schedule: schedules.name, project: epsNodes.name })
    .from(schedules)
    .innerJoin(epsNodes, eq(epsNodes.id, schedules.projectId))
    .where(eq(schedules.id, scope.scheduleId));
  const [user] = await db
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

/** A print's choices after the caller's saved settings filled in what the call left out. */
export interface PrintChoices {
  format: PrintFormatFields;
  pagesWide: number | null;
  repeatHeader: boolean;
  screen?: PrintScreen;
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
      screen: body.screen ? printScreenField.parse(body.screen) : undefined,
    };
  }

  /** The version's rows laid on pages with these choices (no rendering); `refuse`: too many pages is an error. */
  async lay(scope: VersionScope, choices: PrintChoices, language: Language, refuse = true) {
    const gantt = await readVersionGantt(this.deps.db, scope.version, scope.grant.userId);
    const { rows, links } = linesOf(gantt, choices.screen);
    const columns = columnsOf(choices.screen, language);
    const scale = choices.screen?.scale ?? "week";
    const plan = planPrint(rows, choices.format, choices.pagesWide, choices.repeatHeader, {
      columns,
      scale,
      pxPerDay: choices.screen?.pxPerDay,
      anchor: unset(gantt.projectStart) ? minutesOr(gantt.dataDate) : gantt.projectStart,
    });
    if (refuse && plan.pages.length > PRINT_MAX_PAGES)
      throw new AppError("PrintTooManyPages", { pages: plan.pages.length, max: PRINT_MAX_PAGES });
    // without the screen's view, baselines and relations are drawn as the screen draws them by default
    const draw = {
      baseline: choices.screen?.baseline ?? true,
      links: (choices.screen?.relations ?? true) ? links : [],
    };
    return { rows, plan, ...draw };
  }

  private async prepare(scope: VersionScope, body: PrintRunBody, language: Language) {
    const choices = await this.choices(scope, body);
    return { ...choices, ...(await this.lay(scope, choices, language)) };
  }

  values(scope: VersionScope): Promise<PrintValues> {
    return versionPrintValues(this.deps.db, scope);
  }

  async count(scope: VersionScope, body: PrintRunBody, language: Language) {
    const choices = await this.choices(scope, body);
    // counting never refuses: the dialog shows how many pages a choice would take, even too many
    const { plan } = await this.lay(scope, choices, language, false);
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
    const { format, rows, plan, baseline, links } = await this.prepare(scope, body, language);
    if (body.page > plan.pages.length) throw new AppError("NotFound");
    const values = await this.values(scope);
    const html = printDocument({ plan, rows, format, values, language, baseline, links, only: [body.page] });
    const { pageWidthMm, pageHeightMm } = plan.geometry;
    return { png: await this.deps.browser.png(html, pageWidthMm, pageHeightMm), pages: plan.pages.length };
  }
}
