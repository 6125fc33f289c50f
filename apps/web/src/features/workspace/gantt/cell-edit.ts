import { hasProhibitedCharacters, parseNumber, parseUserDate } from "@planum/contracts";
import { parseDateTime } from "@planum/engine";
import { type GanttChange, NO_TIME, TYPE_SUM, TYPE_TASK, TYPE_WORK } from "./gantt-data";
import { attributeIdOf, type ColumnKey, columnMeta, shownStart } from "./grid-columns";
import { minutesPerDayOf, type RowModel } from "./row-model";

/** Activity names are longer than the 32-character names of spaces and nodes: P6 imports carry up to 120. */
export const ACTIVITY_NAME_MAX_LENGTH = 120;

/** Why an edit was refused; the grid shows `errors.<code>` from the gantt namespace. */
export type EditError = "required" | "tooLong" | "prohibited" | "number" | "negative" | "date" | "range" | "readOnly";

export type EditResult = { ok: true; change: GanttChange } | { ok: false; error: EditError };

const DAY = 1440;

/** Minutes of a typed date: "YYYY-MM-DD" is that day's midnight, "YYYY-MM-DDTHH:mm" exactly that time. */
export function userDateToMinutes(text: string): number | null {
  const iso = parseUserDate(text);
  if (iso === null) return null;
  return parseDateTime(iso.length === 10 ? `${iso}T00:00` : iso);
}

/**
 * Turns what a user typed into a cell into a change for the server (spec §5: numbers trimmed with a comma as the
 * decimal point, dates in the accepted day-first formats). Start → a "not earlier" start limit; finish → a new
 * duration from the shown start to the end of that day's work; duration is typed in days of the row's calendar.
 */
export function parseCellEdit(model: RowModel, i: number, key: ColumnKey, text: string): EditResult {
  const base = { id: model.ids[i], revision: model.revision[i] };
  if (!columnMeta(model, key).editable) return { ok: false, error: "readOnly" };
  const summary = model.type[i] === TYPE_SUM;
  const attr = attributeIdOf(key);
  if (attr !== null) {
    const kind = columnMeta(model, key).kind;
    const worksOnly = model.attributes.find((a) => a.id === attr)?.worksOnly;
    if (worksOnly && model.type[i] !== TYPE_TASK && model.type[i] !== TYPE_WORK)
      return { ok: false, error: "readOnly" };
    if (text.trim() === "") return { ok: true, change: { ...base, kind: "attribute", attributeId: attr, value: null } };
    if (kind === "number") {
      const v = parseNumber(text);
      return v === null
        ? { ok: false, error: "number" }
        : { ok: true, change: { ...base, kind: "attribute", attributeId: attr, value: v } };
    }
    if (kind === "date") {
      const t = userDateToMinutes(text);
      return t === null
        ? { ok: false, error: "date" }
        : { ok: true, change: { ...base, kind: "attribute", attributeId: attr, value: t } };
    }
    if (hasProhibitedCharacters(text)) return { ok: false, error: "prohibited" };
    return { ok: true, change: { ...base, kind: "attribute", attributeId: attr, value: text.trim() } };
  }
  switch (key) {
    case "name": {
      const name = text.trim();
      if (name === "") return { ok: false, error: "required" };
      if (name.length > ACTIVITY_NAME_MAX_LENGTH) return { ok: false, error: "tooLong" };
      if (hasProhibitedCharacters(name)) return { ok: false, error: "prohibited" };
      return { ok: true, change: { ...base, kind: "name", value: name } };
    }
    case "duration": {
      if (summary) return { ok: false, error: "readOnly" };
      const days = parseNumber(text);
      if (days === null) return { ok: false, error: "number" };
      if (days < 0) return { ok: false, error: "negative" };
      const minutes = Math.round(days * minutesPerDayOf(model, i));
      return { ok: true, change: { ...base, kind: "duration", value: minutes } };
    }
    case "progress": {
      const v = parseNumber(text);
      if (v === null) return { ok: false, error: "number" };
      if (v < 0 || v > 100) return { ok: false, error: "range" };
      return { ok: true, change: { ...base, kind: "progress", value: v } };
    }
    case "start": {
      if (summary) return { ok: false, error: "readOnly" };
      const t = userDateToMinutes(text);
      if (t === null) return { ok: false, error: "date" };
      return { ok: true, change: { ...base, kind: "startLimit", value: { type: "not_earlier", date: t } } };
    }
    case "finish": {
      if (summary) return { ok: false, error: "readOnly" };
      const t = userDateToMinutes(text);
      if (t === null) return { ok: false, error: "date" };
      const start = shownStart(model, i);
      if (start === NO_TIME) return { ok: false, error: "date" };
      const cal = model.cal[model.calendar[i]];
      // A bare date means "finish at the end of that day's work"; a time means exactly then.
      const end = /\d:\d\d$/.test(text.trim()) ? t : cal.prevWorkingEnd(t + DAY);
      if (end < start) return { ok: false, error: "range" };
      return { ok: true, change: { ...base, kind: "duration", value: Math.max(0, cal.workingBetween(start, end)) } };
    }
    default:
      return { ok: false, error: "readOnly" };
  }
}
