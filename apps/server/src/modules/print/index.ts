import { type Language, PRINT_IMAGE_MAX_PAGES, type PrintFormatFields } from "@planum/contracts";
import type { VersionScope } from "../../platform/access.js";
import type { AppContext } from "../../platform/context.js";
import { AppError } from "../../platform/errors.js";
import type { UploadedFile } from "../../platform/uploads.js";
import { PrintService } from "./print.service.js";
import { framedDocument } from "./print-framed.js";
import { versionPrintValues } from "./print-run.js";

/**
 * What other modules print through: they call these, never the print module's files (docs/architecture.md, "Add a
 * module"). Every print of a version carries the caller's format — sheet, margins, header and footer bands with
 * their values — and is drawn by the process's one Chromium (`ctx.pdf`).
 */
/** The caller's print format for the version's schedule (their saved settings, else A3 landscape). */
export async function printFormatOf(
  ctx: Pick<AppContext, "db" | "realtime">,
  scope: VersionScope,
): Promise<PrintFormatFields> {
  return (await new PrintService({ db: ctx.db, realtime: ctx.realtime }).settings(scope)).format;
}

/**
 * A PDF of any drawing of a version on the format's sheets: one page per body (HTML sized to `printArea(format)` of the contracts),
 * framed by the bands filled with the version's values and page numbers.
 */
export async function printFramedPdf(
  ctx: Pick<AppContext, "db" | "pdf">,
  scope: VersionScope,
  options: { format: PrintFormatFields; language: Language; bodies: readonly string[]; style?: string },
): Promise<Buffer> {
  const values = await versionPrintValues(ctx.db, scope);
  return ctx.pdf.pdf(framedDocument({ ...options, values }));
}

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * A drawing the screen made with its own code at the sheet's size (the cyclogram, the network diagram: canvases), one
 * PNG a page, framed by the caller's print format into a PDF. Anything but PNGs, or more than
 * `PRINT_IMAGE_MAX_PAGES` pages, is refused before drawing.
 */
export async function printImagePages(
  ctx: Pick<AppContext, "db" | "realtime" | "pdf">,
  scope: VersionScope,
  files: readonly UploadedFile[],
  language: Language,
): Promise<Buffer> {
  for (const file of files)
    if (file.bytes.length < PNG.length || !file.bytes.subarray(0, PNG.length).equals(PNG))
      throw new AppError("UnsupportedFileType");
  if (files.length > PRINT_IMAGE_MAX_PAGES)
    throw new AppError("PrintTooManyPages", { pages: files.length, max: PRINT_IMAGE_MAX_PAGES });
  const format = await printFormatOf(ctx, scope);
  const bodies = files.map((file) => `<img alt="" src="data:image/png;base64,${file.bytes.toString("base64")}">`);
  return printFramedPdf(ctx, scope, { format, language, bodies });
}
