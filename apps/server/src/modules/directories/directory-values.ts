import { type DirectoryColumn, type DirectoryFilter, NAME_MAX_LENGTH, parseAttributeValue } from "@planum/contracts";
import { type SQL, sql } from "drizzle-orm";
import { AppError } from "../../platform/errors.js";
import { likePattern, textArray } from "../../platform/sql.js";
import type { ColumnRecord, StoredValues } from "./directories.repo.js";

/**
 * Reads the values a user gave a row against the directory's columns (the attribute rules: numbers with comma
 * decimals, the spec's dates, list entries from the list). Null or "" clears. The error names the row and column.
 */
export function parseRowValues(
  columns: Map<string, ColumnRecord>,
  input: Record<string, unknown>,
  base: StoredValues,
  row: string,
  field: string,
): StoredValues {
  const values: StoredValues = { ...base };
  for (const [columnId, raw] of Object.entries(input)) {
    const column = columns.get(columnId);
    if (!column) throw new AppError("InvalidValue", { field: `${field}.${columnId}` });
    const parsed = parseAttributeValue(column.type, raw, column.listValues);
    if (!parsed.ok)
      throw new AppError("DirectoryValueInvalid", {
        row,
        column: column.name,
        value: String(raw),
        field: `${field}.${columnId}`,
      });
    if (parsed.value === null) delete values[columnId];
    else values[columnId] = parsed.value;
  }
  return values;
}

// A value at rest is what `parseRowValues` wrote, so for almost every one the database can see it fits without
// reading it in JavaScript; only the doubtful ones (a day past the 28th, a string with odd edges…) cross over to
// `invalidReason`, which has the last word. `v` is the value as JSON, `t` as text.
const WHITESPACE = "\\s\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff";
const PROHIBITED = "\\u0001-\\u001f\\u007f<>\"'`{}|^~;\\\\";
const SURE_STRING = `^[^${WHITESPACE}${PROHIBITED}]([^${PROHIBITED}]*[^${WHITESPACE}${PROHIBITED}])?$`;
// Every month has a 28th: later days go to JavaScript, which knows the calendar.
const SURE_DATE = String.raw`^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|1\d|2[0-8])(T([01]\d|2[0-3]):[0-5]\d)?$`;

/** A condition true when a stored value (`e.value`) surely fits the column; false sends it to `invalidReason`. */
export function surelyValidSql(column: ColumnRecord): SQL {
  const v = sql`e.value`;
  const t = sql`(e.value #>> '{}')`;
  const typed = (name: string) => sql`jsonb_typeof(${v}) = ${name}`;
  switch (column.type) {
    case "number":
    case "money":
      return typed("number");
    case "percentage":
      return sql`(case when ${typed("number")} then (${v})::float8 between 0 and 100 else false end)`;
    case "boolean":
      return typed("boolean");
    case "date":
      return sql`(${typed("string")} and ${t} ~ ${SURE_DATE})`;
    case "list":
      return sql`(${typed("string")} and ${t} = any(${textArray(column.listValues)}::text[]))`;
    case "string":
      // Bytes bound UTF-16 units from above, so a string short in bytes is short for JavaScript's `length` too.
      return sql`(${typed("string")} and octet_length(${t}) <= ${NAME_MAX_LENGTH} and ${t} ~ ${SURE_STRING})`;
    default:
      return sql`false`;
  }
}

/** Why a stored value no longer fits its column, or null when it does. */
export function invalidReason(column: ColumnRecord, value: unknown): string | null {
  const parsed = parseAttributeValue(column.type, value, column.listValues);
  return parsed.ok ? null : parsed.code;
}

export function toColumnDto(column: ColumnRecord): DirectoryColumn {
  return {
    id: column.id,
    name: column.name,
    type: column.type as DirectoryColumn["type"],
    listValues: column.listValues,
    settings: column.settings as DirectoryColumn["settings"],
  };
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what JSON escapes
const JSON_PUNCTUATION = /["\\,[\]\u0000-\u001f]/;

const NUMERIC = new Set(["number", "money", "percentage"]);

/**
 * The condition of a rows query: a search in the code, the name and every value, and the spec's filter operators
 * on `code`, `name` or a column (numbers compared as numbers, dates as ISO text).
 */
export function rowsCondition(
  columns: Map<string, ColumnRecord>,
  search: string | undefined,
  filter: DirectoryFilter | undefined,
): SQL | undefined {
  const parts: SQL[] = [];
  if (search) {
    const pattern = likePattern(search);
    // `search_text` holds the values as JSON text, in lower case (`ilike` lowers both sides too, so finding the
    // lowered search in it is what `ilike '%…%'` does, and `strpos` compares bytes): exact for any search without
    // JSON's own punctuation or escapes; a search holding those reads the values one by one.
    parts.push(
      JSON_PUNCTUATION.test(search)
        ? sql`(r.code ilike ${pattern} or r.name ilike ${pattern}
            or exists (select 1 from jsonb_each_text(r.values) e where e.value ilike ${pattern}))`
        : sql`(strpos(r.search_text, lower(${search})) > 0)`,
    );
  }
  if (filter?.conditions.length) {
    const conditions = filter.conditions.map((condition, index) => {
      const column = columns.get(condition.field);
      if (!column && condition.field !== "code" && condition.field !== "name")
        throw new AppError("InvalidValue", { field: `filter.conditions.${index}.field` });
      return filterCondition(column, condition, index);
    });
    parts.push(sql`(${sql.join(conditions, filter.logic === "or" ? sql` or ` : sql` and `)})`);
  }
  return parts.length ? sql.join(parts, sql` and `) : undefined;
}

function filterCondition(
  column: ColumnRecord | undefined,
  condition: DirectoryFilter["conditions"][number],
  index: number,
): SQL {
  const text = column ? sql`(r.values ->> ${column.id}::text)` : condition.field === "code" ? sql`r.code` : sql`r.name`;
  const exists = column ? sql`(r.values ? ${column.id}::text)` : sql`true`;
  const value = condition.value;
  const need = () => {
    if (value === undefined || Array.isArray(value))
      throw new AppError("InvalidValue", { field: `filter.conditions.${index}.value` });
    return value;
  };
  const list = () => {
    const items = Array.isArray(value) ? value : value === undefined ? [] : [value];
    return sql`${text} = any(${`{${items.map((v) => `"${String(v).replace(/["\\]/g, "\\$&")}"`).join(",")}}`}::text[])`;
  };
  const compare = (op: string) => {
    const given = need();
    if (column && NUMERIC.has(column.type)) {
      const number = typeof given === "number" ? given : Number(String(given).replace(",", "."));
      if (!Number.isFinite(number)) throw new AppError("InvalidNumber", { field: `filter.conditions.${index}.value` });
      return sql`(jsonb_typeof(r.values -> ${column.id}::text) = 'number' and (r.values ->> ${column.id}::text)::float8 ${sql.raw(op)} ${number})`;
    }
    return sql`(${text} ${sql.raw(op)} ${String(given)})`;
  };
  switch (condition.operator) {
    case "lt":
      return compare("<");
    case "lte":
      return compare("<=");
    case "gt":
      return compare(">");
    case "gte":
      return compare(">=");
    case "eq":
      return compare("=");
    case "ne":
      return sql`(not ${exists} or not ${compare("=")})`;
    case "exists":
      return exists;
    case "not_exists":
      return sql`(not ${exists})`;
    case "like":
      return sql`(${text} ilike ${likePattern(String(need()))})`;
    case "not_like":
      return sql`(not ${exists} or ${text} not ilike ${likePattern(String(need()))})`;
    case "eq_text":
      return sql`(lower(${text}) = lower(${String(need())}))`;
    case "ne_text":
      return sql`(not ${exists} or lower(${text}) <> lower(${String(need())}))`;
    case "filter_by_list":
      return list();
    case "filter_by_exclude_list":
      return sql`(not ${exists} or not ${list()})`;
  }
}
