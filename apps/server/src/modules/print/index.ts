import type { Language, PrintFormatFields } from "@planum/contracts";
import type { VersionScope } from "../../platform/access.js";
import type { AppContext } from "../../platform/context.js";
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
  options: { format: PrintFormatFields; language: Language; bodies: readonly string[] },
): Promise<Buffer> {
  const values = await versionPrintValues(ctx.db, scope);
  return ctx.pdf.pdf(framedDocument({ ...options, values }));
}
