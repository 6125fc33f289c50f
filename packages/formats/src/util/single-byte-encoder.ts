/** Encoders for the Windows code pages P6 expects in XER files (TextEncoder only speaks UTF-8). */

const tables = new Map<string, Map<number, number>>();

function table(encoding: "windows-1251" | "windows-1252"): Map<number, number> {
  let t = tables.get(encoding);
  if (!t) {
    t = new Map();
    const dec = new TextDecoder(encoding);
    for (let b = 0; b < 256; b++) {
      const ch = dec.decode(new Uint8Array([b]));
      if (ch !== "\ufffd" && !t.has(ch.charCodeAt(0))) t.set(ch.charCodeAt(0), b);
    }
    tables.set(encoding, t);
  }
  return t;
}

export function canEncode(text: string, encoding: "windows-1251" | "windows-1252"): boolean {
  const t = table(encoding);
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0x80 && !t.has(c)) return false;
  }
  return true;
}

export function encodeSingleByte(text: string, encoding: "windows-1251" | "windows-1252"): Uint8Array {
  const t = table(encoding);
  const out = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    out[i] = c < 0x80 ? c : (t.get(c) ?? 0x3f);
  }
  return out;
}

/** Pick the narrowest encoding that holds the text: 1252, then 1251 (Cyrillic), else UTF-8. */
export function encodeForP6(
  text: string,
  encoding: "auto" | "utf-8" | "windows-1251" | "windows-1252" = "auto",
): { bytes: Uint8Array; encoding: string } {
  if (encoding === "utf-8") return { bytes: new TextEncoder().encode(text), encoding };
  if (encoding !== "auto") return { bytes: encodeSingleByte(text, encoding), encoding };
  for (const e of ["windows-1252", "windows-1251"] as const) {
    if (canEncode(text, e)) return { bytes: encodeSingleByte(text, e), encoding: e };
  }
  return { bytes: new TextEncoder().encode(text), encoding: "utf-8" };
}
