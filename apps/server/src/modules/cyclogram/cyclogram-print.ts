import type { Language } from "@planum/contracts";
import type { VersionScope } from "../../platform/access.js";
import type { AppContext } from "../../platform/context.js";
import type { UploadedFile } from "../../platform/uploads.js";
import { printImagePages } from "../print/index.js";

/**
 * The cyclogram on paper: the screen draws the chart with its own code at the sheet's size (the caller's print
 * format), sends it as a PNG, and the print module frames it with the format's header and footer into a PDF.
 */
export function printCyclogram(
  ctx: Pick<AppContext, "db" | "realtime" | "pdf">,
  scope: VersionScope,
  file: UploadedFile,
  language: Language,
) {
  return printImagePages(ctx, scope, [file], language);
}
