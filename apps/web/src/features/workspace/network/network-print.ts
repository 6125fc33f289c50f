import { PRINT_IMAGE_MAX_PAGES, type PrintFormatFields, printArea } from "@planum/contracts";
import { apiRequest } from "../../../shared/api-client";
import { drawNetwork, LIGHT, type NetworkLabels } from "./network-draw";
import type { NetworkModel } from "./network-model";

const PX_PER_MM = 96 / 25.4;
/** Device pixels per CSS pixel of a printed page: about 190 dpi, sharp on paper, small enough to send. */
const PRINT_SCALE = 2;
/** Split over sheets prints at this zoom: the boxes' text is drawn from 45 % (network-draw) and reads well here. */
const SPLIT_SCALE = 0.6;
/** Fitted to N pages wide, the zoom is not raised past the screen's 100 %. */
const MAX_SCALE = 1;

/**
 * The zoom and sheets of a printed diagram: split over sheets keeps a readable zoom and takes as many sheets as the
 * diagram needs; fitted to N pages wide scales it to that width (the height follows). Too many sheets for one print:
 * the zoom drops until it fits `PRINT_IMAGE_MAX_PAGES`.
 */
export function networkSheets(model: NetworkModel, format: PrintFormatFields, pagesWide: number | null) {
  const area = printArea(format);
  const width = area.widthMm * PX_PER_MM;
  const height = area.heightMm * PX_PER_MM;
  let scale = pagesWide === null ? SPLIT_SCALE : Math.min(MAX_SCALE, (pagesWide * width) / model.width);
  const count = (s: number) => ({
    across: Math.max(1, Math.ceil((model.width * s) / width)),
    down: Math.max(1, Math.ceil((model.height * s) / height)),
  });
  let sheets = count(scale);
  while (sheets.across * sheets.down > PRINT_IMAGE_MAX_PAGES) {
    scale *= 0.8;
    sheets = count(scale);
  }
  return { scale, width, height, ...sheets };
}

/**
 * The network diagram on the caller's sheets, drawn by the screen's own code in the light theme (paper is white),
 * critical path in red, nothing selected; one PNG a sheet, across then down. The server frames them with the format's
 * header and footer (`POST /versions/{id}/network-diagram/print`).
 */
export async function printNetwork(
  versionId: string,
  model: NetworkModel,
  labels: NetworkLabels,
  input: { format: PrintFormatFields; pagesWide: number | null },
): Promise<Blob> {
  const { scale, width, height, across, down } = networkSheets(model, input.format, input.pagesWide);
  const form = new FormData();
  for (let d = 0; d < down; d++)
    for (let a = 0; a < across; a++) {
      const canvas = document.createElement("canvas");
      canvas.width = Math.ceil(width * PRINT_SCALE);
      canvas.height = Math.ceil(height * PRINT_SCALE);
      const context = canvas.getContext("2d");
      if (!context) throw new Error("no 2D canvas");
      const viewport = { scale, tx: -a * width, ty: -d * height, width, height, dpr: PRINT_SCALE };
      drawNetwork(context, model, viewport, LIGHT, labels, { selected: new Set(), showCritical: true, linking: null });
      const png = await new Promise<Blob>((resolve, reject) =>
        canvas.toBlob(
          (blob) => (blob ? resolve(blob) : reject(new Error("the diagram could not be drawn"))),
          "image/png",
        ),
      );
      form.append("file", png, `network-${d + 1}-${a + 1}.png`);
    }
  return apiRequest<Blob>(`/versions/${versionId}/network-diagram/print`, {
    method: "POST",
    formData: form,
    responseType: "blob",
  });
}
