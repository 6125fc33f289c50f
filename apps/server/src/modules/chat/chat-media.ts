import { sniffImageType } from "../users/avatar-upload.js";

/**
 * The media type a chat file is kept and served with. Images only when their bytes say so (PNG, JPEG, GIF, WebP:
 * the web previews them, served inline); other files by their extension from this list of documents a site
 * exchanges, else application/octet-stream. What the sender's browser claims is never trusted: a page or a script
 * renamed .pdf is still served as a download with nosniff and a sandbox (chat.routes.ts).
 */
const BY_EXTENSION: Record<string, string> = {
  pdf: "application/pdf",
  doc: "application/msword",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  xls: "application/vnd.ms-excel",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  ppt: "application/vnd.ms-powerpoint",
  pptx: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
  odt: "application/vnd.oasis.opendocument.text",
  ods: "application/vnd.oasis.opendocument.spreadsheet",
  rtf: "application/rtf",
  txt: "text/plain; charset=utf-8",
  csv: "text/csv; charset=utf-8",
  xer: "text/plain; charset=utf-8",
  mpp: "application/vnd.ms-project",
  zip: "application/zip",
  "7z": "application/x-7z-compressed",
  rar: "application/vnd.rar",
  dwg: "image/vnd.dwg",
  dxf: "image/vnd.dxf",
  ifc: "application/x-step",
  mp4: "video/mp4",
};

export function chatMediaType(name: string, bytes: Buffer): string {
  const image = sniffImageType(bytes);
  if (image) return image;
  const dot = name.lastIndexOf(".");
  const extension = dot >= 0 ? name.slice(dot + 1).toLowerCase() : "";
  const known = BY_EXTENSION[extension];
  // A drawing type is named image/… but is no picture the web may show: only sniffed images count as images.
  return known ?? "application/octet-stream";
}

/** Whether the file is shown in place (an image read from its bytes) rather than downloaded. */
export function isPreviewable(mediaType: string) {
  return ["image/png", "image/jpeg", "image/gif", "image/webp"].includes(mediaType);
}
