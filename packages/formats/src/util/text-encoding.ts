import { isUtf8 } from "node:buffer";
import { FormatError } from "../model/format-error.js";

export type TextEncodingName = "utf-8" | "windows-1251" | "windows-1252" | "utf-16le" | "utf-16be";

/**
 * Pick the encoding of a text schedule file. P6 writes XER in the Windows code page of the machine
 * (1251 in Russia, 1252 in Western Europe) with no marker, so after BOMs and a strict UTF-8 attempt we
 * look at the bytes: Cyrillic words are runs of bytes ≥ 0xC0, while 1252 text has isolated accented letters.
 */
export function detectEncoding(bytes: Uint8Array): TextEncodingName {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return "utf-8";
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return "utf-16le";
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return "utf-16be";
  let high = 0;
  for (let i = 0; i < bytes.length; i++) {
    if (bytes[i] >= 0x80) {
      high = 1;
      break;
    }
  }
  if (!high) return "utf-8";
  // Node's native (SIMD) validator: files reach 100 MB.
  if (isUtf8(bytes)) return "utf-8";
  let runs = 0;
  let isolated = 0;
  let lower1251 = 0;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i];
    if (b < 0xc0) continue;
    if (b >= 0xe0) lower1251++;
    const prevHigh = i > 0 && bytes[i - 1] >= 0xc0;
    const nextHigh = i + 1 < bytes.length && bytes[i + 1] >= 0xc0;
    if (prevHigh || nextHigh) runs++;
    else isolated++;
  }
  return runs > isolated && lower1251 > 0 ? "windows-1251" : "windows-1252";
}

/** Decode bytes as text, refusing binary data (NUL bytes) that no schedule text format contains. */
export function decodeText(
  bytes: Uint8Array,
  what: string,
  encoding?: TextEncodingName,
): { text: string; encoding: TextEncodingName } {
  const enc = encoding ?? detectEncoding(bytes);
  if (enc === "utf-8" || enc === "windows-1251" || enc === "windows-1252") {
    const limit = Math.min(bytes.length, 1 << 20);
    for (let i = 0; i < limit; i++) {
      if (bytes[i] === 0) {
        throw new FormatError(
          "BadEncoding",
          `The ${what} file contains binary data (a NUL byte at offset ${i}); it is not a text file in a known encoding`,
          undefined,
          { offset: i },
        );
      }
    }
  }
  let text: string | undefined;
  if (!encoding && enc === "utf-8") {
    // detectEncoding proved the bytes are UTF-8 (or plain ASCII); decode once, without a second validation.
    text = new TextDecoder("utf-8").decode(bytes);
  }
  text ??= new TextDecoder(enc).decode(bytes);
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  return { text, encoding: enc };
}
