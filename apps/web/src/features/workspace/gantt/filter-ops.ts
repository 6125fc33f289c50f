import { parseNumber, parseUserDate } from "@planum/contracts";

/** The spec's filter operators (§3) that apply to a single column of the grid. */
export type FilterOp =
  | "lt"
  | "lte"
  | "gt"
  | "gte"
  | "eq"
  | "ne"
  | "exists"
  | "not_exists"
  | "like"
  | "not_like"
  | "eq_text"
  | "eq_text_or_null"
  | "ne_text"
  | "range"
  | "filter_by_list"
  | "filter_by_exclude_list";

/** How a column's values compare: dates compare by calendar day, numbers as numbers, text case-insensitively. */
export type ValueKind = "text" | "number" | "date";

export interface FilterCondition {
  op: FilterOp;
  value?: number | string;
  value2?: number | string;
  list?: (number | string)[];
}

export type CellValue = number | string | null;

const DAY = 1440;

function parseValue(text: string, kind: ValueKind): number | string | null {
  const trimmed = text.trim();
  if (kind === "text") return trimmed;
  if (kind === "number") return parseNumber(trimmed);
  const iso = parseUserDate(trimmed);
  if (iso === null) return null;
  // Dates filter by day: the day number is all that matters, times are ignored on purpose.
  const [y, m, d] = iso.slice(0, 10).split("-").map(Number);
  return Math.round(Date.UTC(y, m - 1, d) / 86_400_000);
}

/**
 * Reads what a user types into a filter cell. Short prefixes map to the operators so a filter is one keystroke away:
 * `>`, `>=`, `<`, `<=`, `=`, `!=`/`<>`, `~` like, `!~` not like, `*` exists, `!*` not exists, `a..b` range,
 * `{a;b}` in list, `!{a;b}` not in list, `=x|` equal or empty. Plain text means "like" for text and "eq" otherwise.
 * Returns null for an empty cell (no filter) and undefined when the text cannot be read for that column.
 */
export function parseFilterText(text: string, kind: ValueKind): FilterCondition | null | undefined {
  const s = text.trim();
  if (s === "") return null;
  if (s === "*") return { op: "exists" };
  if (s === "!*") return { op: "not_exists" };
  const list = /^(!?)\{(.*)\}$/.exec(s);
  if (list) {
    const values = list[2].split(";").map((part) => parseValue(part, kind));
    if (values.some((v) => v === null || v === "")) return undefined;
    return { op: list[1] ? "filter_by_exclude_list" : "filter_by_list", list: values as (number | string)[] };
  }
  const range = /^(.+?)\.\.(.+)$/.exec(s);
  if (range && kind !== "text") {
    const a = parseValue(range[1], kind);
    const b = parseValue(range[2], kind);
    if (a === null || b === null) return undefined;
    return { op: "range", value: a, value2: b };
  }
  const prefixed = /^(>=|<=|<>|!=|!~|>|<|=|~)(.*)$/.exec(s);
  const prefix = prefixed ? prefixed[1] : "";
  let rest = prefixed ? prefixed[2] : s;
  if (kind === "text") {
    if (prefix === "=" && rest.endsWith("|")) return { op: "eq_text_or_null", value: rest.slice(0, -1).trim() };
    rest = rest.trim();
    switch (prefix) {
      case "=":
        return { op: "eq_text", value: rest };
      case "!=":
      case "<>":
        return { op: "ne_text", value: rest };
      case "!~":
        return { op: "not_like", value: rest };
      case "":
      case "~":
        return { op: "like", value: rest };
      default:
        break;
    }
  }
  const value = parseValue(rest, kind === "text" ? "number" : kind);
  if (value === null) return undefined;
  const ops: Record<string, FilterOp> = { ">": "gt", ">=": "gte", "<": "lt", "<=": "lte", "!=": "ne", "<>": "ne" };
  if (prefix === "~" || prefix === "!~") return undefined;
  return { op: ops[prefix] ?? "eq", value };
}

function likePattern(pattern: string): (s: string) => boolean {
  const lower = pattern.toLowerCase();
  if (!/[*%_?]/.test(lower)) return (s) => s.toLowerCase().includes(lower);
  const source = lower
    .replace(/[.+^${}()|[\]\\]/g, "\\$&")
    .replace(/[*%]/g, ".*")
    .replace(/[_?]/g, ".");
  const re = new RegExp(`^${source}$`, "s");
  return (s) => re.test(s.toLowerCase());
}

/**
 * Compiles a condition into a predicate over cell values. Date cells hold minutes and are compared as day numbers
 * against the day numbers the condition was parsed into.
 */
export function compileFilter(cond: FilterCondition, kind: ValueKind): (value: CellValue) => boolean {
  const norm = (v: CellValue): number | string | null => {
    if (v === null || v === "" || (typeof v === "number" && Number.isNaN(v))) return null;
    if (kind === "date" && typeof v === "number") return Math.floor(v / DAY);
    if (kind === "text") return String(v);
    return v;
  };
  const cmp = (a: number | string, b: number | string): number =>
    typeof a === "number" && typeof b === "number" ? a - b : String(a).localeCompare(String(b));
  const eqText = (a: number | string, b: number | string | undefined) =>
    String(a).toLowerCase() === String(b ?? "").toLowerCase();
  const like = cond.op === "like" || cond.op === "not_like" ? likePattern(String(cond.value ?? "")) : null;
  return (raw) => {
    const v = norm(raw);
    switch (cond.op) {
      case "exists":
        return v !== null;
      case "not_exists":
        return v === null;
      case "eq_text_or_null":
        return v === null || eqText(v, cond.value);
      default:
        break;
    }
    if (v === null)
      return (
        cond.op === "ne" || cond.op === "ne_text" || cond.op === "not_like" || cond.op === "filter_by_exclude_list"
      );
    const c = cond.value ?? 0;
    switch (cond.op) {
      case "lt":
        return cmp(v, c) < 0;
      case "lte":
        return cmp(v, c) <= 0;
      case "gt":
        return cmp(v, c) > 0;
      case "gte":
        return cmp(v, c) >= 0;
      case "eq":
        return cmp(v, c) === 0;
      case "ne":
        return cmp(v, c) !== 0;
      case "eq_text":
        return eqText(v, cond.value);
      case "ne_text":
        return !eqText(v, cond.value);
      case "like":
        return (like as (s: string) => boolean)(String(v));
      case "not_like":
        return !(like as (s: string) => boolean)(String(v));
      case "range":
        return cmp(v, c) >= 0 && cmp(v, cond.value2 ?? c) <= 0;
      case "filter_by_list":
        return (cond.list ?? []).some((x) => (kind === "text" ? eqText(v, x) : cmp(v, x) === 0));
      case "filter_by_exclude_list":
        return !(cond.list ?? []).some((x) => (kind === "text" ? eqText(v, x) : cmp(v, x) === 0));
      default:
        return true;
    }
  };
}
