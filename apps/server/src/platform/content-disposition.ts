/**
 * A Content-Disposition for a file of any name: `filename*` (RFC 5987/8187) carries the original name in UTF-8
 * (Cyrillic, accents), the plain `filename` an ASCII fallback for old clients. `inline` only for what a browser may
 * show in place (images read from their bytes); everything else is a download.
 */
export function contentDisposition(name: string, disposition: "attachment" | "inline" = "attachment") {
  const ascii = name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "'");
  // encodeURIComponent leaves ' ( ) * ! which RFC 8187's attr-char does not allow.
  const encoded = encodeURIComponent(name).replace(/['()*!]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
