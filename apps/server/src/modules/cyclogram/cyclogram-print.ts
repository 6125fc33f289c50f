import type { Language } from "@planum/contracts";
import type { VersionScope } from "../../platform/access.js";
import type { AppContext } from "../../platform/context.js";
import { AppError } from "../../platform/errors.js";
import type { UploadedFile } from "../../platform/uploads.js";
import { printFormatOf, printFramedPdf } from "../print/index.js";

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * The cyclogram on paper: the screen draws the chart with its own code at the sheet's size (the caller's print
 * format), sends it as a PNG, and the print module frames it with the format's header and footer into a PDF.
 */
export async function printCyclogram(
  ctx: Pick<AppContext, "db" | "realtime" | "pdf">,
  scope: VersionScope,
  file: UploadedFile,
  language: Language,
) {
  if (file.bytes.length < PNG.length || !file.bytes.subarray(0, PNG.length).equals(PNG))
    throw new AppError("UnsupportedFileType");
  const format = await printFormatOf(ctx, scope);
  const image = `<img alt="" src="data:image/png;base64,${file.bytes.toString("base64")}">`;
  return printFramedPdf(ctx, scope, { format, language, bodies: [image] });
}
