import { z } from "zod";
import { nameField } from "./validation.js";
import { GANTT_SCALES, workspaceUuid } from "./workspace.schema.js";

/**
 * Print formats (spec §3, §5, §9): the sheet, its margins and the six header/footer parts with dynamic values.
 * A format is either a preset shared by the space (`/versions/print-presets/...`, unique name) or a user's own
 * settings for printing a schedule (`/versions/print-settings/...`).
 *
 * The spec states the minimum sheet as "height 210 mm, width 297 mm": a sheet is described lying down (width the
 * longer side, as A4 297 × 210) and the orientation turns it for the page, so A4 portrait is allowed.
 */
export const PRINT_SHEET_MIN_HEIGHT_MM = 210;
export const PRINT_SHEET_MIN_WIDTH_MM = 297;
/** Beyond A0 no plotter prints; the bound keeps a typo (a metre too many) from making an unprintable page. */
export const PRINT_SHEET_MAX_MM = 5000;
export const PRINT_TEXT_SIZES = { min: 6, max: 24 } as const;

export const PAPER_SIZES = ["A4", "A3", "A2", "A1", "A0"] as const;
export type PaperSize = (typeof PAPER_SIZES)[number];
/** ISO 216 sheets lying down (width × height, mm). */
export const PAPER_MM: Record<PaperSize, { widthMm: number; heightMm: number }> = {
  A4: { widthMm: 297, heightMm: 210 },
  A3: { widthMm: 420, heightMm: 297 },
  A2: { widthMm: 594, heightMm: 420 },
  A1: { widthMm: 841, heightMm: 594 },
  A0: { widthMm: 1189, heightMm: 841 },
};
export const PAPER_CHOICES = [...PAPER_SIZES, "custom"] as const;
export type PaperChoice = (typeof PAPER_CHOICES)[number];
export const PRINT_ORIENTATIONS = ["portrait", "landscape"] as const;
export type PrintOrientation = (typeof PRINT_ORIENTATIONS)[number];

/**
 * Dynamic values a header or footer part may hold, written `[name]` (braces are prohibited in names elsewhere and
 * read as templates by report tools, so square brackets it is).
 */
export const PRINT_FIELDS = [
  "project",
  "schedule",
  "version",
  "dataDate",
  "printedAt",
  "user",
  "page",
  "pages",
  "legend",
] as const;
export type PrintField = (typeof PRINT_FIELDS)[number];

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what a printed line must not hold
const CONTROL = /[\u0000-\u001f\u007f]/;
export const PRINT_PART_MAX_LENGTH = 200;
const partText = z
  .string()
  .trim()
  .superRefine((value, ctx) => {
    if (value.length > PRINT_PART_MAX_LENGTH)
      ctx.addIssue({ code: "custom", message: "MaxLength", params: { max: PRINT_PART_MAX_LENGTH } });
    else if (CONTROL.test(value)) ctx.addIssue({ code: "custom", message: "ProhibitedCharacters" });
  })
  .default("");
export const printPartsField = z.object({ left: partText, center: partText, right: partText });
export type PrintParts = z.infer<typeof printPartsField>;

/** The four bands: the first page's own header and the last page's own footer are optional (null: the default one). */
export const printBandsField = z.object({
  firstHeader: printPartsField.nullable().default(null),
  header: printPartsField.default({ left: "", center: "", right: "" }),
  footer: printPartsField.default({ left: "", center: "", right: "" }),
  lastFooter: printPartsField.nullable().default(null),
});
export type PrintBands = z.infer<typeof printBandsField>;

const margin = z.number({ error: "InvalidNumber" }).min(0, { error: "PrintMarginNegative" }).max(300);
export const printMarginsField = z.object({ top: margin, right: margin, bottom: margin, left: margin });

/** What every format holds besides its name; the sheet rules run on the object (`withSheetRules`). */
const formatShape = {
  paper: z.enum(PAPER_CHOICES),
  orientation: z.enum(PRINT_ORIENTATIONS),
  /** For a named paper the server writes its ISO size; for `custom` these are the user's. */
  widthMm: z.number({ error: "InvalidNumber" }).max(PRINT_SHEET_MAX_MM),
  heightMm: z.number({ error: "InvalidNumber" }).max(PRINT_SHEET_MAX_MM),
  margins: printMarginsField,
  bands: printBandsField,
  textSizePt: z.number().int().min(PRINT_TEXT_SIZES.min).max(PRINT_TEXT_SIZES.max).default(9),
};

/** The sheet as the format describes it: a named paper is its ISO size whatever numbers came with it. */
export function sheetOf(format: { paper: PaperChoice; widthMm: number; heightMm: number }) {
  return format.paper === "custom" ? { widthMm: format.widthMm, heightMm: format.heightMm } : PAPER_MM[format.paper];
}

/** The printed page in mm: the sheet turned by the orientation. */
export function pageOf(format: {
  paper: PaperChoice;
  orientation: PrintOrientation;
  widthMm: number;
  heightMm: number;
}) {
  const sheet = sheetOf(format);
  const long = Math.max(sheet.widthMm, sheet.heightMm);
  const short = Math.min(sheet.widthMm, sheet.heightMm);
  return format.orientation === "landscape" ? { widthMm: long, heightMm: short } : { widthMm: short, heightMm: long };
}

type FormatLike = { paper: PaperChoice; widthMm: number; heightMm: number; margins: z.infer<typeof printMarginsField> };

/** Spec §5: sheet height ≥ 210 mm, width ≥ 297 mm; and the margins must leave something to print on. */
function checkSheet(value: FormatLike, ctx: z.RefinementCtx) {
  const sheet = sheetOf(value);
  if (sheet.heightMm < PRINT_SHEET_MIN_HEIGHT_MM)
    ctx.addIssue({
      code: "custom",
      path: ["heightMm"],
      message: "PrintSheetHeight",
      params: { min: PRINT_SHEET_MIN_HEIGHT_MM },
    });
  if (sheet.widthMm < PRINT_SHEET_MIN_WIDTH_MM)
    ctx.addIssue({
      code: "custom",
      path: ["widthMm"],
      message: "PrintSheetWidth",
      params: { min: PRINT_SHEET_MIN_WIDTH_MM },
    });
  const { top, right, bottom, left } = value.margins;
  const short = Math.min(sheet.widthMm, sheet.heightMm);
  if (top + bottom >= short || left + right >= short)
    ctx.addIssue({ code: "custom", path: ["margins"], message: "PrintMarginsTooLarge" });
}

export const printFormatFields = z.object(formatShape).superRefine(checkSheet);
export type PrintFormatFields = z.infer<typeof printFormatFields>;

// ---- presets: the space's named formats ----
export const printPresetBody = z.object({ name: nameField, ...formatShape }).superRefine(checkSheet);
export type PrintPresetBody = z.input<typeof printPresetBody>;
export const printPresetSchema = z.object({
  id: z.string(),
  name: z.string(),
  ...formatShape,
  createdAt: z.string(),
});
export type PrintPreset = z.infer<typeof printPresetSchema>;
export const printPresetListSchema = z.array(printPresetSchema);
export const printPresetIdParams = z.object({ id: workspaceUuid });

// ---- settings: a user's way of printing a schedule ----
/** "Fit to N pages wide" (the whole width scaled onto N sheets across) or split over as many sheets as it takes. */
export const PRINT_FIT_MAX_PAGES = 20;
export const printSettingsFields = {
  /** The preset this started from, if any (a deleted preset leaves the settings as they were). */
  presetId: z.string().nullable().default(null),
  format: printFormatFields,
  /** null: split over sheets at the screen's scale; N: fitted to N pages wide. */
  pagesWide: z.number().int().min(1).max(PRINT_FIT_MAX_PAGES).nullable().default(null),
  /** The grid's header and the Gantt's time scale again at the top of every page. */
  repeatHeader: z.boolean().default(true),
};
export const printSettingsBody = z.object({ versionId: workspaceUuid, ...printSettingsFields });
export type PrintSettingsBody = z.input<typeof printSettingsBody>;
export const printSettingsSchema = z.object({
  versionId: z.string(),
  scheduleId: z.string(),
  presetId: z.string().nullable(),
  format: z.object(formatShape),
  pagesWide: z.number().nullable(),
  repeatHeader: z.boolean(),
  updatedAt: z.string().nullable(),
});
export type PrintSettings = z.infer<typeof printSettingsSchema>;

/** A format to start from when a user has none: A3 lying down, 10 mm margins, page numbers at the bottom right. */
export const DEFAULT_PRINT_FORMAT: PrintFormatFields = {
  paper: "A3",
  orientation: "landscape",
  ...PAPER_MM.A3,
  margins: { top: 10, right: 10, bottom: 10, left: 10 },
  bands: {
    firstHeader: null,
    header: { left: "[project]", center: "[schedule] · [version]", right: "[dataDate]" },
    footer: { left: "[user]", center: "[printedAt]", right: "[page] / [pages]" },
    lastFooter: null,
  },
  textSizePt: 9,
};

/** Points to millimetres (text sizes are in points, sheets in millimetres). */
export const MM_PER_PT = 0.3528;
/** Height of a header or footer band: a line of the format's text with room around it. */
export const printBandMm = (format: { textSizePt: number }) => format.textSizePt * MM_PER_PT * 1.8;

/** The area a printed page leaves for the drawing: the page inside its margins, less the header and footer bands. */
export function printArea(format: PrintFormatFields) {
  const page = pageOf(format);
  const bandMm = printBandMm(format);
  return {
    widthMm: page.widthMm - format.margins.left - format.margins.right,
    heightMm: page.heightMm - format.margins.top - format.margins.bottom - 2 * bandMm,
    bandMm,
  };
}

/** Which band heads and which ends page `page` of `pages` (1-based). */
export function bandsOfPage(bands: PrintBands, page: number, pages: number) {
  return {
    header: page === 1 && bands.firstHeader ? bands.firstHeader : bands.header,
    footer: page === pages && bands.lastFooter ? bands.lastFooter : bands.footer,
  };
}

/** A part with its `[field]`s replaced; an unknown `[word]` stays as written. */
export function fillPrintPart(text: string, values: Partial<Record<PrintField, string | number>>): string {
  return text.replace(/\[([A-Za-z]+)\]/g, (whole, name: string) => {
    const value = values[name as PrintField];
    return value === undefined ? whole : String(value);
  });
}

// ---- printing a version: PDF, page count, preview ----
/** Rows of the screen a print may carry: a print of more is made from the version as stored (all rows). */
export const PRINT_SCREEN_MAX_ROWS = 20_000;
export const PRINT_SCREEN_MAX_COLUMNS = 40;
const cellText = z.string().max(PRINT_PART_MAX_LENGTH);
/**
 * The workspace as the screen shows it, so the paper shows the same: the grid's columns in their order with their
 * titles and widths, the rows left by filters, grouping and collapsed branches in screen order with the texts of
 * their cells (formatted by the screen's own code, in the user's language), the Gantt's scale and what it draws.
 * The bars, baselines and relation lines come from the version itself by row id (a group header has none).
 */
export const printScreenField = z.object({
  columns: z
    .array(
      z.object({
        label: cellText,
        widthPx: z.number().min(8).max(5000),
        align: z.enum(["left", "right", "center"]).default("left"),
      }),
    )
    .min(1)
    .max(PRINT_SCREEN_MAX_COLUMNS),
  rows: z
    .array(
      z.object({
        /** The WBS row's id; null for a group header. */
        id: z.number().int().nullable(),
        depth: z.number().int().min(0).max(200),
        cells: z.array(cellText).max(PRINT_SCREEN_MAX_COLUMNS),
      }),
    )
    .max(PRINT_SCREEN_MAX_ROWS),
  scale: z.enum(GANTT_SCALES).default("week"),
  /**
   * The Gantt's exact zoom, px a day (the screen zooms continuously between its scales); split over sheets prints at
   * this zoom in the week scale's proportion (14 px a day = 2.5 mm a day). Absent: the scale's standard zoom.
   */
  pxPerDay: z.number().min(0.01).max(1000).optional(),
  baseline: z.boolean().default(true),
  relations: z.boolean().default(true),
});
export type PrintScreen = z.infer<typeof printScreenField>;
export type PrintScreenInput = z.input<typeof printScreenField>;

/** What a print of the workspace may override of the caller's saved settings (absent: as saved). */
export const printRunBody = z.object({
  format: printFormatFields.optional(),
  pagesWide: z.number().int().min(1).max(PRINT_FIT_MAX_PAGES).nullable().optional(),
  repeatHeader: z.boolean().optional(),
  /** The screen's view; absent: every row of the version with code, name, start and finish at the week scale. */
  screen: printScreenField.optional(),
});
export type PrintRunBody = z.input<typeof printRunBody>;
export const printPreviewBody = printRunBody.extend({ page: z.number().int().min(1).default(1) });
export const printCountSchema = z.object({ pages: z.number(), across: z.number(), down: z.number() });
export type PrintCount = z.infer<typeof printCountSchema>;

/**
 * A print of more pages than this runs as a job (`POST /versions/{id}/print` answers `{ jobId, pages }`): the file
 * is stored and announced by the `print` event, so no HTTP call waits minutes on the shared browser. A smaller one is
 * answered at once as the PDF.
 */
export const PRINT_SYNC_MAX_PAGES = 30;
/** Beyond this many pages a print is refused (`PrintTooManyPages`): no sheet of paper is worth an hour's rendering. */
export const PRINT_MAX_PAGES = 2000;
/**
 * A drawing the screen sends as one image a page (the network diagram) is drawn while the caller waits: at most this
 * many pages (the screen fits it to fewer pages wide first).
 */
export const PRINT_IMAGE_MAX_PAGES = 100;
export const printJobStartedSchema = z.object({ jobId: z.string(), pages: z.number() });
export type PrintJobStarted = z.infer<typeof printJobStartedSchema>;
/** What a finished print job holds (the job's `result`) and its `print` event brings: the stored PDF. */
export const printJobResultSchema = z.object({
  fileId: z.string(),
  name: z.string(),
  size: z.number(),
  pages: z.number(),
});
export type PrintJobResult = z.infer<typeof printJobResultSchema>;
/** A print job stopped by its user (`DELETE /versions/{id}/print/jobs/{jobId}`) ends with this result, and no file. */
export const printJobStoppedSchema = z.object({ stopped: z.literal(true), pages: z.number() });
/**
 * The caller's print jobs of a version still queued or running (`GET /versions/{id}/print/jobs`): a reloaded page
 * finds its print again and follows it to the end, or stops it.
 */
export const printJobListSchema = z.array(
  z.object({
    jobId: z.string(),
    pages: z.number(),
    progress: z.number(),
    status: z.enum(["queued", "in_process"]),
  }),
);
export type PrintJobList = z.infer<typeof printJobListSchema>;
export const printJobParams = z.object({ id: workspaceUuid, jobId: workspaceUuid });
export const printJobStopSchema = z.object({ jobId: z.string(), stopping: z.boolean() });
