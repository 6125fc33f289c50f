import { FormatError } from "../model/format-error.js";
import {
  type Activity,
  type ActivityType,
  type ConstraintType,
  emptyModel,
  type RelationType,
  type ScheduleModel,
  standardWeek,
} from "../model/schedule-model.js";
import { normalizeReferences } from "../model/validate-model.js";
import { parseDateTime } from "../util/date-time.js";

/**
 * Columns a table (CSV / XLSX) can carry, in the order our writers put them. The one list of mappable fields: the
 * server checks the keys of upload mappings and saved upload rules against it.
 */
export const TABULAR_FIELDS = [
  "project",
  "wbs",
  "id",
  "name",
  "type",
  "status",
  "duration",
  "remaining",
  "start",
  "finish",
  "actualStart",
  "actualFinish",
  "percentComplete",
  "constraintType",
  "constraintDate",
  "predecessors",
  "earlyStart",
  "earlyFinish",
  "lateStart",
  "lateFinish",
  "totalFloat",
  "freeFloat",
  "critical",
] as const;
export type TabularField = (typeof TABULAR_FIELDS)[number];

/** Header text our writers use; readers also accept these (case-insensitive) without a mapping. */
export const DEFAULT_HEADERS: Record<TabularField, string> = {
  project: "Project",
  wbs: "WBS",
  id: "Activity ID",
  name: "Activity Name",
  type: "Type",
  status: "Status",
  duration: "Duration (h)",
  remaining: "Remaining (h)",
  start: "Start",
  finish: "Finish",
  actualStart: "Actual Start",
  actualFinish: "Actual Finish",
  percentComplete: "% Complete",
  constraintType: "Constraint",
  constraintDate: "Constraint Date",
  predecessors: "Predecessors",
  earlyStart: "Early Start",
  earlyFinish: "Early Finish",
  lateStart: "Late Start",
  lateFinish: "Late Finish",
  totalFloat: "Total Float (h)",
  freeFloat: "Free Float (h)",
  critical: "Critical",
};

/** Which column holds each field: a header text or a 0-based column index. */
export type ColumnMapping = Partial<Record<TabularField, string | number>>;

export interface TabularReadOptions {
  mapping?: ColumnMapping;
  /** Rows to skip before the header row (the upload rule's "number of rows to skip"). */
  skipRows?: number;
  /** Unit of bare numbers in duration and float columns (default hours). */
  durationUnit?: "minutes" | "hours" | "days";
  hoursPerDay?: number;
  /** Order of numeric dates such as 03/04/2024 (default day first, as the spec's DD.MM.YYYY). */
  dateOrder?: "dmy" | "mdy";
}

/** A cell as read: text, a number, a date (wall clock in UTC fields), a boolean, or empty. */
export type Cell = string | number | boolean | Date | null | undefined;

const TYPES: Record<string, ActivityType> = {
  task: "task",
  resource_dependent: "resource_dependent",
  milestone_start: "milestone_start",
  milestone_finish: "milestone_finish",
  start_milestone: "milestone_start",
  finish_milestone: "milestone_finish",
  milestone: "milestone_finish",
  level_of_effort: "level_of_effort",
  wbs_summary: "wbs_summary",
  summary: "summary",
};
const CONSTRAINTS = new Set<ConstraintType>([
  "start_on",
  "start_on_or_after",
  "start_on_or_before",
  "finish_on",
  "finish_on_or_after",
  "finish_on_or_before",
  "mandatory_start",
  "mandatory_finish",
  "as_late_as_possible",
]);

function norm(s: string): string {
  return s.trim().toLowerCase().replace(/\s+/g, " ");
}

/** Column index of each field, from the mapping or our default headers. */
function resolveColumns(
  header: Cell[],
  options: TabularReadOptions,
  sheet: string,
  headerRow: number,
): Map<TabularField, number> {
  const names = header.map((h) => norm(cellText(h)));
  const cols = new Map<TabularField, number>();
  const mapping = options.mapping ?? {};
  for (const f of TABULAR_FIELDS) {
    const m = mapping[f];
    if (typeof m === "number") {
      if (m < 0 || m >= Math.max(header.length, 1) + 200)
        throw new FormatError("InvalidMapping", `Column ${m} mapped to ${f} does not exist`, {
          table: sheet,
          row: headerRow,
          field: f,
        });
      cols.set(f, m);
    } else if (typeof m === "string") {
      const i = names.indexOf(norm(m));
      if (i < 0)
        throw new FormatError(
          "InvalidMapping",
          `Column "${m}" mapped to ${f} is not in the header row`,
          { table: sheet, row: headerRow, field: f },
          { column: m },
        );
      cols.set(f, i);
    } else {
      const i = names.indexOf(norm(DEFAULT_HEADERS[f]));
      if (i >= 0) cols.set(f, i);
    }
  }
  if (!cols.has("id") && !cols.has("name")) {
    throw new FormatError(
      "InvalidMapping",
      "The table has neither an activity ID nor a name column (check the mapping and the rows to skip)",
      { table: sheet, row: headerRow },
    );
  }
  return cols;
}

export function cellText(c: Cell): string {
  if (c === null || c === undefined) return "";
  if (c instanceof Date) return c.toISOString().slice(0, 16);
  return String(c).trim();
}

/** A table as read from a CSV file or an XLSX worksheet, before columns are mapped: every row, title rows too. */
export interface Table {
  format: "csv" | "xlsx";
  /** "CSV" or the worksheet's name (the `table` of error locations). */
  sheet: string;
  rows: Cell[][];
}

/**
 * The first rows of a table as text, as the upload dialog shows them: `skipRows` title rows dropped, the header
 * row first, then at most `limit - 1` non-empty rows (the readers skip empty ones too), empty trailing columns cut.
 */
export function tablePreview(table: Table, skipRows: number, limit: number): string[][] {
  const rows: string[][] = [];
  for (let r = skipRows; r < table.rows.length && rows.length < limit; r++) {
    const row = table.rows[r].map(cellText);
    if (rows.length === 0 || row.some((c) => c !== "")) rows.push(row);
  }
  const width = Math.max(0, ...rows.map((row) => row.findLastIndex((c) => c !== "") + 1));
  return rows.map((row) => Array.from({ length: width }, (_, c) => row[c] ?? ""));
}

/** The model of a table read by `readTable` (the same as `readCsv` / `readXlsx` give for the file). */
export function tableToModel(table: Table, options: TabularReadOptions = {}): ScheduleModel {
  return rowsToModel(table.rows, options, table.sheet, table.format);
}

/** Build a model from table rows (header included). Every bad cell is reported with its sheet, row and column. */
export function rowsToModel(
  rows: Cell[][],
  options: TabularReadOptions,
  sheet: string,
  format: "csv" | "xlsx",
): ScheduleModel {
  const skip = options.skipRows ?? 0;
  if (rows.length <= skip)
    throw new FormatError("EmptyFile", `The table has no header row after skipping ${skip} rows`, {
      table: sheet,
      row: skip + 1,
    });
  const cols = resolveColumns(rows[skip], options, sheet, skip + 1);
  const hpd = options.hoursPerDay ?? 8;
  const unit = options.durationUnit ?? "hours";
  const model = emptyModel(format);
  model.calendars.push({ id: "standard", name: "Standard", isDefault: true, week: standardWeek(), exceptions: [] });
  const projects = new Map<string, ScheduleModel["projects"][number]>();
  const wbsIds = new Map<string, string>();
  const byCode = new Map<string, Activity>();
  const preds: { succ: Activity; text: string; row: number }[] = [];
  for (let r = skip + 1; r < rows.length; r++) {
    const row = rows[r];
    const rowNo = r + 1;
    const get = (f: TabularField): Cell => (cols.has(f) ? row[cols.get(f)!] : undefined);
    const txt = (f: TabularField) => cellText(get(f));
    if (row.every((c) => cellText(c) === "")) continue;
    const bad = (f: TabularField, why: string): never => {
      throw new FormatError("InvalidValue", why, { table: sheet, row: rowNo, field: f }, { column: cols.get(f) ?? -1 });
    };
    const date = (f: TabularField): string | undefined => {
      const c = get(f);
      if (c === undefined || c === null || cellText(c) === "") return undefined;
      if (c instanceof Date) return c.toISOString().slice(0, 16);
      if (typeof c === "number") {
        // An Excel serial date that reached us as a number.
        const ms = Math.round((c - 25569) * 86400000);
        return new Date(ms).toISOString().slice(0, 16);
      }
      const d = parseDateTime(String(c), options.dateOrder ?? "dmy");
      if (!d) bad(f, `"${String(c)}" in ${DEFAULT_HEADERS[f]} is not a date`);
      return d;
    };
    const minutes = (f: TabularField): number | undefined => {
      const t = txt(f);
      if (t === "") return undefined;
      const m = /^(-?[\d\s]*[.,]?\d+)\s*(m|min|h|d|w)?$/i.exec(t);
      if (!m) bad(f, `"${t}" in ${DEFAULT_HEADERS[f]} is not a duration`);
      const n = Number(m![1].replace(/\s/g, "").replace(",", "."));
      const u = (m![2] ?? { minutes: "m", hours: "h", days: "d" }[unit]).toLowerCase();
      const per = u.startsWith("m") ? 1 : u === "h" ? 60 : u === "d" ? hpd * 60 : hpd * 300;
      return Math.round(n * per);
    };
    const projectCode = txt("project") || "Project";
    let project = projects.get(projectCode);
    if (!project) {
      project = { id: projectCode, code: projectCode, name: projectCode, defaultCalendarId: "standard", options: {} };
      projects.set(projectCode, project);
      model.projects.push(project);
    }
    const wbsPath = txt("wbs");
    let wbsId: string | undefined;
    if (wbsPath) {
      // A WBS path "1.2.3" (or "Design / Civil") creates one node per level.
      const parts = wbsPath.split(/\s*[/\\>]\s*|(?<=\d)\.(?=\d)/);
      let parent: string | undefined;
      for (let k = 0; k < parts.length; k++) {
        const key = `${project.id}|${parts.slice(0, k + 1).join("/")}`;
        let id = wbsIds.get(key);
        if (!id) {
          id = `W${wbsIds.size + 1}`;
          wbsIds.set(key, id);
          model.wbs.push({
            id,
            projectId: project.id,
            ...(parent ? { parentId: parent } : {}),
            code: parts[k],
            name: parts[k],
            seq: wbsIds.size,
          });
        }
        parent = id;
      }
      wbsId = parent;
    }
    const code = txt("id") || `R${rowNo}`;
    if (byCode.has(`${project.id}|${code}`)) bad("id", `Activity ID "${code}" appears twice`);
    const typeText = norm(txt("type")).replace(/[\s-]+/g, "_");
    const type = typeText === "" ? "task" : (TYPES[typeText] ?? bad("type", `Unknown activity type "${txt("type")}"`));
    const actualStart = date("actualStart");
    const actualFinish = date("actualFinish");
    const statusText = norm(txt("status")).replace(/\s+/g, "_");
    const status =
      statusText === "completed" || statusText === "in_progress" || statusText === "not_started"
        ? statusText
        : actualFinish
          ? "completed"
          : actualStart
            ? "in_progress"
            : "not_started";
    const duration = minutes("duration") ?? 0;
    const a: Activity = {
      id: model.projects.length > 1 || txt("project") ? `${project.id}|${code}` : code,
      projectId: project.id,
      code,
      name: txt("name"),
      type,
      status,
      plannedDuration: duration,
      remainingDuration: minutes("remaining") ?? (status === "completed" ? 0 : duration),
      calendarId: "standard",
    };
    if (wbsId) a.wbsId = wbsId;
    const set = <K extends keyof Activity>(k: K, v: Activity[K] | undefined) => {
      if (v !== undefined) a[k] = v;
    };
    set("plannedStart", date("start"));
    set("plannedFinish", date("finish"));
    set("actualStart", actualStart);
    set("actualFinish", actualFinish);
    const pct = txt("percentComplete").replace("%", "");
    if (pct !== "") {
      const n = Number(pct.replace(",", "."));
      if (!Number.isFinite(n)) bad("percentComplete", `"${pct}" is not a percentage`);
      a.percentComplete = n;
    }
    const ct = norm(txt("constraintType")).replace(/\s+/g, "_") as ConstraintType;
    if (ct) {
      if (!CONSTRAINTS.has(ct)) bad("constraintType", `Unknown constraint "${txt("constraintType")}"`);
      const cd = date("constraintDate");
      a.constraint = cd ? { type: ct, date: cd } : { type: ct };
    }
    const computed: NonNullable<Activity["computed"]> = {};
    for (const f of ["earlyStart", "earlyFinish", "lateStart", "lateFinish"] as const) {
      const v = date(f);
      if (v) computed[f] = v;
    }
    const tf = minutes("totalFloat");
    if (tf !== undefined) computed.totalFloat = tf;
    const ff = minutes("freeFloat");
    if (ff !== undefined) computed.freeFloat = ff;
    const crit = norm(txt("critical"));
    if (crit !== "") computed.critical = ["yes", "true", "1", "y", "да"].includes(crit);
    if (Object.keys(computed).length > 0) a.computed = computed;
    byCode.set(`${project.id}|${code}`, a);
    model.activities.push(a);
    if (txt("predecessors")) preds.push({ succ: a, text: txt("predecessors"), row: rowNo });
  }
  for (const p of preds) {
    for (const part of p.text
      .split(";")
      .map((x) => x.trim())
      .filter(Boolean)) {
      const m = /^(.+?)(?:\s+(FS|SS|FF|SF))?(?:\s+([+-]?\s*[\d.,]+\s*(?:m|min|h|d|w)?))?$/i.exec(part);
      const pred = m ? byCode.get(`${p.succ.projectId}|${m[1].trim()}`) : undefined;
      if (!m || !pred) {
        throw new FormatError("InvalidValue", `Predecessor "${part}" names no activity of the table`, {
          table: sheet,
          row: p.row,
          field: "predecessors",
        });
      }
      let lag = 0;
      if (m[3]) {
        const lm = /^([+-]?)\s*([\d.,]+)\s*(m|min|h|d|w)?$/i.exec(m[3].trim())!;
        const n = Number(lm[2].replace(",", "."));
        const u = (lm[3] ?? "h").toLowerCase();
        lag =
          Math.round(n * (u.startsWith("m") ? 1 : u === "h" ? 60 : u === "d" ? hpd * 60 : hpd * 300)) *
          (lm[1] === "-" ? -1 : 1);
      }
      model.relations.push({
        predecessorId: pred.id,
        successorId: p.succ.id,
        type: (m[2]?.toUpperCase() ?? "FS") as RelationType,
        lag,
      });
    }
  }
  if (model.activities.length === 0)
    throw new FormatError("EmptyFile", "The table has no activity rows", { table: sheet, row: skip + 2 });
  return normalizeReferences(model);
}
