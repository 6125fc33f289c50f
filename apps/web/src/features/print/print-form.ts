import {
  type ApiError,
  bandsOfPage,
  fillPrintPart,
  PAPER_MM,
  type PaperChoice,
  type PrintBands,
  type PrintField,
  type PrintFormatFields,
  type PrintOrientation,
  type PrintParts,
  pageOf,
  parseNumber,
  printFormatFields,
} from "@planum/contracts";

/** The bands in the order the dialog shows them, and the part names of a band. */
export const BAND_KEYS = ["firstHeader", "header", "footer", "lastFooter"] as const;
export type BandKey = (typeof BAND_KEYS)[number];
export const PART_KEYS = ["left", "center", "right"] as const;
export type PartKey = (typeof PART_KEYS)[number];
/** The first page's header and the last page's footer exist only when asked for. */
export const OPTIONAL_BANDS: readonly BandKey[] = ["firstHeader", "lastFooter"];

const EMPTY_PARTS: PrintParts = { left: "", center: "", right: "" };
const MARGINS = ["top", "right", "bottom", "left"] as const;
export type MarginKey = (typeof MARGINS)[number];
export { MARGINS };

/** The dialog's state: numbers as typed (a comma is a decimal point, spec §5), the optional bands switchable. */
export interface PrintForm {
  paper: PaperChoice;
  orientation: PrintOrientation;
  widthMm: string;
  heightMm: string;
  margins: Record<MarginKey, string>;
  bands: Record<BandKey, PrintParts>;
  /** Whether the first page has its own header / the last page its own footer. */
  own: { firstHeader: boolean; lastFooter: boolean };
  textSizePt: number;
}

/** A field's problem as a code (the text follows the language), keyed by the path ("margins.left", "widthMm"). */
export interface FormIssue {
  code: string;
  params?: Record<string, string | number>;
}
export type FormIssues = Record<string, FormIssue>;

const text = (value: number, locale: string) =>
  value.toLocaleString(locale, { maximumFractionDigits: 1, useGrouping: false });

export function toForm(format: PrintFormatFields, locale: string): PrintForm {
  return {
    paper: format.paper,
    orientation: format.orientation,
    widthMm: text(format.widthMm, locale),
    heightMm: text(format.heightMm, locale),
    margins: {
      top: text(format.margins.top, locale),
      right: text(format.margins.right, locale),
      bottom: text(format.margins.bottom, locale),
      left: text(format.margins.left, locale),
    },
    bands: {
      firstHeader: format.bands.firstHeader ?? format.bands.header,
      header: format.bands.header,
      footer: format.bands.footer,
      lastFooter: format.bands.lastFooter ?? format.bands.footer,
    },
    own: { firstHeader: format.bands.firstHeader !== null, lastFooter: format.bands.lastFooter !== null },
    textSizePt: format.textSizePt,
  };
}

/** Choosing a named paper shows its size in the (then read-only) width and height. */
export function withPaper(form: PrintForm, paper: PaperChoice, locale: string): PrintForm {
  if (paper === "custom") return { ...form, paper };
  const size = PAPER_MM[paper];
  return { ...form, paper, widthMm: text(size.widthMm, locale), heightMm: text(size.heightMm, locale) };
}

function bandsOf(form: PrintForm): PrintBands {
  return {
    firstHeader: form.own.firstHeader ? form.bands.firstHeader : null,
    header: form.bands.header,
    footer: form.bands.footer,
    lastFooter: form.own.lastFooter ? form.bands.lastFooter : null,
  };
}

/** The format the form describes, or the problems of its fields (the same rules the server applies). */
export function fromForm(form: PrintForm): { format: PrintFormatFields } | { issues: FormIssues } {
  const issues: FormIssues = {};
  const number = (path: string, typed: string) => {
    const value = parseNumber(typed);
    if (value === null) issues[path] = { code: "InvalidNumber" };
    return value ?? 0;
  };
  const candidate = {
    paper: form.paper,
    orientation: form.orientation,
    widthMm: number("widthMm", form.widthMm),
    heightMm: number("heightMm", form.heightMm),
    margins: Object.fromEntries(MARGINS.map((key) => [key, number(`margins.${key}`, form.margins[key])])) as Record<
      MarginKey,
      number
    >,
    bands: bandsOf(form),
    textSizePt: form.textSizePt,
  };
  if (Object.keys(issues).length > 0) return { issues };
  const parsed = printFormatFields.safeParse(candidate);
  if (parsed.success) return { format: parsed.data };
  for (const issue of parsed.error.issues) {
    const path = issue.path.join(".");
    if (!issues[path])
      issues[path] = { code: issue.message, params: (issue as { params?: Record<string, string | number> }).params };
  }
  return { issues };
}

/** The server's refusals placed on their fields (`params.field` is the body path); the rest go to a toast. */
export function serverIssues(errors: readonly ApiError[], prefix = ""): { issues: FormIssues; rest: ApiError[] } {
  const issues: FormIssues = {};
  const rest: ApiError[] = [];
  for (const error of errors) {
    const field = typeof error.params?.field === "string" ? error.params.field : null;
    if (field?.startsWith(prefix)) issues[field.slice(prefix.length)] = { code: error.code, params: error.params };
    else rest.push(error);
  }
  return { issues, rest };
}

/** The page on paper in mm (sheet turned by the orientation), or null while the typed size is not a number. */
export function pageOfForm(form: PrintForm) {
  const widthMm = parseNumber(form.widthMm);
  const heightMm = parseNumber(form.heightMm);
  if (widthMm === null || heightMm === null || widthMm <= 0 || heightMm <= 0) return null;
  return pageOf({ paper: form.paper, orientation: form.orientation, widthMm, heightMm });
}

/** The header and footer of page `page` of `pages` with their fields filled, as the sheet preview shows them. */
export function filledBands(
  form: PrintForm,
  page: number,
  pages: number,
  values: Partial<Record<PrintField, string | number>>,
) {
  const chosen = bandsOfPage(bandsOf(form), page, pages);
  const fill = (parts: PrintParts) => ({
    left: fillPrintPart(parts.left, { ...values, page, pages }),
    center: fillPrintPart(parts.center, { ...values, page, pages }),
    right: fillPrintPart(parts.right, { ...values, page, pages }),
  });
  return { header: fill(chosen.header ?? EMPTY_PARTS), footer: fill(chosen.footer ?? EMPTY_PARTS) };
}

/** Inserts `[field]` at the end of a part (where a planner adds a value to what they typed). */
export function withField(part: string, field: PrintField): string {
  const token = `[${field}]`;
  return part.trim() === "" ? token : `${part.replace(/\s+$/, "")} ${token}`;
}
