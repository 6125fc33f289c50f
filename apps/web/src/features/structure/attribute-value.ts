import {
  type AttributeDto,
  type AttributeValue,
  errorMessage,
  formatUserDate,
  type Language,
  parseAttributeValue,
} from "@planum/contracts";

type ValueAttribute = Pick<AttributeDto, "type" | "listValues" | "settings">;

const NUMERIC = new Set(["number", "money", "percentage"]);
/** Computed kinds a node takes from its schedules (server NodeFiguresService): dates, numbers, a share done in %. */
const COMPUTED_DATES = new Set(["start", "finish"]);
const COMPUTED_NUMBERS = new Set(["duration", "volume", "price", "predecessors", "indicator", "wbs-level"]);

export function isNumericType(type: string): boolean {
  return NUMERIC.has(type);
}

/** Russian and French write a decimal comma; the text a user edits follows that, and parseNumber reads both. */
export function decimalSeparator(language: Language): string {
  return language === "en" ? "." : ",";
}

const LOCALES: Record<Language, string> = { ru: "ru-RU", en: "en-US", fr: "fr-FR" };

/** Digits after the point: the attribute's setting, else 2 for money and up to 6 for the others. */
function fractionDigits(attribute: ValueAttribute): { min: number; max: number } {
  const precision = attribute.settings.precision;
  if (precision !== undefined) return { min: precision, max: precision };
  return attribute.type === "money" ? { min: 2, max: 2 } : { min: 0, max: 6 };
}

/** The value as read in the node-info panel (grouped digits, unit, %, DD.MM.YYYY); booleans are shown by the caller. */
export function formatValue(attribute: ValueAttribute, value: AttributeValue, language: Language): string {
  if (value === null || value === undefined || value === "") return "";
  if (isNumericType(attribute.type) && typeof value === "number") {
    const digits = fractionDigits(attribute);
    const text = new Intl.NumberFormat(LOCALES[language], {
      minimumFractionDigits: digits.min,
      maximumFractionDigits: digits.max,
    }).format(value);
    if (attribute.type === "percentage") return `${text} %`;
    return attribute.settings.unit ? `${text} ${attribute.settings.unit}` : text;
  }
  if (attribute.type === "date" && typeof value === "string") return formatUserDate(value, value.includes("T"));
  if (COMPUTED_DATES.has(attribute.type) && typeof value === "string") return formatUserDate(value, false);
  if ((COMPUTED_NUMBERS.has(attribute.type) || attribute.type === "progress") && typeof value === "number") {
    const text = new Intl.NumberFormat(LOCALES[language], { maximumFractionDigits: 2 }).format(value);
    return attribute.type === "progress" ? `${text} %` : text;
  }
  return String(value);
}

/** The value as text in an input: no grouping, the language's decimal mark, dates as DD.MM.YYYY [HH:mm]. */
export function editText(attribute: ValueAttribute, value: AttributeValue, language: Language): string {
  if (value === null || value === undefined) return "";
  if (isNumericType(attribute.type) && typeof value === "number")
    return String(value).replace(".", decimalSeparator(language));
  if (attribute.type === "date" && typeof value === "string") return formatUserDate(value, value.includes("T"));
  return String(value);
}

export type ReadResult = { ok: true; value: AttributeValue } | { ok: false; message: string };

/** Reads what the user typed with the contracts' rules; a refusal carries the message in the user's language. */
export function readInput(attribute: ValueAttribute, input: string | boolean | null, language: Language): ReadResult {
  const result = parseAttributeValue(attribute.type, input, attribute.listValues);
  if (result.ok) return result;
  const max = result.code === "MaxLength" ? { max: 32 } : undefined;
  return { ok: false, message: errorMessage(language, result.code, max) };
}

/** True when saving would change nothing (1,50 typed over 1.5, the same date in another format…). */
export function sameValue(a: AttributeValue, b: AttributeValue): boolean {
  return (a ?? null) === (b ?? null);
}
