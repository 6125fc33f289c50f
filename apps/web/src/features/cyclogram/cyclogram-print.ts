import { type Cyclogram, type PrintFormatFields, printArea } from "@planum/contracts";
import { drawCyclogram, LIGHT, layoutCyclogram } from "./cyclogram-draw";

const PX_PER_MM = 96 / 25.4;
/** Device pixels per CSS pixel of the printed chart: about 190 dpi, sharp on paper, small enough to send. */
const PRINT_SCALE = 2;

/**
 * The chart as a PNG the size of the sheet's drawing area (the caller's print format), drawn by the screen's own
 * code in the light theme (paper is white); the server frames it with the format's header and footer.
 */
export function cyclogramPng(chart: Cyclogram, format: PrintFormatFields, labelWidth: number): Promise<Blob> {
  const area = printArea(format);
  const width = area.widthMm * PX_PER_MM;
  const layout = layoutCyclogram(chart, width, area.heightMm * PX_PER_MM, labelWidth);
  const canvas = document.createElement("canvas");
  canvas.width = Math.ceil(layout.width * PRINT_SCALE);
  canvas.height = Math.ceil(layout.height * PRINT_SCALE);
  const context = canvas.getContext("2d");
  if (!context) return Promise.reject(new Error("no 2D canvas"));
  context.setTransform(PRINT_SCALE, 0, 0, PRINT_SCALE, 0, 0);
  drawCyclogram(context, chart, layout, LIGHT, null);
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error("the chart could not be drawn"))), "image/png"),
  );
}
