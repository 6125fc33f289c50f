/*
 * MS Project writes MPX in the language of its user interface: a German Project 98 writes durations as "50t"
 * (Tage) and "0ft" (fortlaufende Tage, elapsed), yes/no as "Ja"/"Nein", an empty date as "NV", link types as
 * EA/AA/EE/AE and constraint types by their German names. The reader turns these words into the English ones
 * before it reads them; the words of the two languages never collide, so no language needs to be detected.
 */

/** Duration unit → the English unit (m, h, d, w, mo, y) and whether it is elapsed. */
const UNITS: Record<string, { unit: string; elapsed: boolean }> = {};
for (const [unit, words] of Object.entries({
  m: ["m"],
  h: ["h"],
  d: ["d", "t"],
  w: ["w"],
  mo: ["mo", "mon"],
  y: ["y"],
}))
  for (const w of words) {
    UNITS[w] = { unit, elapsed: false };
    UNITS[`e${w}`] = { unit, elapsed: true };
    UNITS[`f${w}`] = { unit, elapsed: true };
  }

export function mpxDurationUnit(word: string): { unit: string; elapsed: boolean } | undefined {
  return UNITS[word.toLowerCase()];
}

const NOT_AVAILABLE = new Set(["na", "nv"]);
/** "NA" (English), "NV" (German, nicht verfügbar): no date. */
export function isMpxNotAvailable(value: string): boolean {
  return NOT_AVAILABLE.has(value.trim().toLowerCase());
}

/** "Yes" or "Ja". */
export function isMpxYes(value: string): boolean {
  return /^(yes|ja)$/i.test(value.trim());
}

const LINK_TYPES: Record<string, "FS" | "SS" | "FF" | "SF"> = {
  fs: "FS",
  ss: "SS",
  ff: "FF",
  sf: "SF",
  ea: "FS", // Ende-Anfang
  aa: "SS", // Anfang-Anfang
  ee: "FF", // Ende-Ende
  ae: "SF", // Anfang-Ende
};
export function mpxLinkType(word: string | undefined): "FS" | "SS" | "FF" | "SF" | undefined {
  return word === undefined ? "FS" : LINK_TYPES[word.toLowerCase()];
}

/** German constraint type names → the English ones the reader knows. */
const CONSTRAINT_NAMES: Record<string, string> = {
  "so früh wie möglich": "as soon as possible",
  "so spät wie möglich": "as late as possible",
  "muss anfangen am": "must start on",
  "muss enden am": "must finish on",
  "anfang nicht früher als": "start no earlier than",
  "anfang nicht später als": "start no later than",
  "ende nicht früher als": "finish no earlier than",
  "ende nicht später als": "finish no later than",
};
export function mpxConstraintName(text: string): string {
  const lower = text.trim().toLowerCase();
  return CONSTRAINT_NAMES[lower] ?? lower;
}
