import {
  type ChangedActivity,
  type ComparedActivity,
  calendarMinutesPerDay,
  displayDays,
  type VersionComparison,
} from "@planum/contracts";
import type { Activity, ScheduleModel } from "@planum/formats";
import type { VersionRow } from "../../platform/access.js";
import type { DbOrTx } from "../../platform/db.js";
import { exportModel } from "./model-export.js";

/**
 * What a planner compares between two versions of an activity; dates are the calculated (or file) dates, duration
 * and total float in days of the activity's calendar (the one rule of contracts' workspace-units).
 */
const FIELDS = ["name", "type", "duration", "start", "finish", "lateStart", "lateFinish", "totalFloat", "status"];

type Values = Record<string, string | number | null>;

/** Minutes per day of each calendar of a model, and of its default (an activity without a calendar runs on it). */
function daysOf(model: ScheduleModel) {
  const perDay = new Map(model.calendars.map((c) => [c.id, calendarMinutesPerDay(c.week)]));
  const fallback = calendarMinutesPerDay(
    (
      model.calendars.find((c) => c.isDefault) ??
      model.calendars.find((c) => c.id === model.projects[0]?.defaultCalendarId)
    )?.week,
  );
  return (a: Activity) => (a.calendarId ? (perDay.get(a.calendarId) ?? fallback) : fallback);
}

function valuesOf(a: Activity, perDay = 480): Values {
  return {
    name: a.name,
    type: a.type,
    duration: displayDays(a.plannedDuration, perDay),
    start: a.actualStart ?? a.computed?.earlyStart ?? null,
    finish: a.actualFinish ?? a.computed?.earlyFinish ?? null,
    lateStart: a.computed?.lateStart ?? null,
    lateFinish: a.computed?.lateFinish ?? null,
    totalFloat: displayDays(a.computed?.totalFloat, perDay),
    status: a.status,
  };
}

function brief(a: Activity): ComparedActivity {
  const v = valuesOf(a);
  return { code: a.code, name: a.name, start: v.start as string | null, finish: v.finish as string | null };
}

/**
 * Two versions activity by activity, matched by activity code (the ID a planner sees; row ids differ between
 * versions because every version has its own rows). Summaries are left out: their dates follow their children.
 */
export async function compareVersions(db: DbOrTx, a: VersionRow, b: VersionRow): Promise<VersionComparison> {
  const names = { project: "", code: "" };
  const [left, right] = await Promise.all([exportModel(db, a, names), exportModel(db, b, names)]);
  const byCode = new Map(left.activities.map((x) => [x.code, x]));
  const perDayA = daysOf(left);
  const perDayB = daysOf(right);
  const seen = new Set<string>();
  const result: VersionComparison = { added: [], removed: [], changed: [], unchanged: 0 };
  for (const activity of right.activities) {
    const before = byCode.get(activity.code);
    if (!before || seen.has(activity.code)) {
      result.added.push(brief(activity));
      continue;
    }
    seen.add(activity.code);
    const was = valuesOf(before, perDayA(before));
    const now = valuesOf(activity, perDayB(activity));
    const changes: ChangedActivity["changes"] = {};
    for (const field of FIELDS) if (was[field] !== now[field]) changes[field] = [was[field], now[field]];
    if (Object.keys(changes).length > 0) result.changed.push({ code: activity.code, name: activity.name, changes });
    else result.unchanged++;
  }
  for (const activity of left.activities) if (!seen.has(activity.code)) result.removed.push(brief(activity));
  return result;
}

const cell = (value: unknown) => {
  const text = value === null || value === undefined ? "" : String(value);
  return /[",;\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/** The comparison as CSV (UTF-8 with a BOM, so Excel reads Cyrillic): one line per difference. */
export function comparisonCsv(comparison: VersionComparison, labels: { a: string; b: string }): Buffer {
  const lines = [["change", "code", "name", "field", labels.a, labels.b].map(cell).join(";")];
  for (const x of comparison.added)
    lines.push(["added", x.code, x.name, "", "", `${x.start ?? ""} – ${x.finish ?? ""}`].map(cell).join(";"));
  for (const x of comparison.removed)
    lines.push(["removed", x.code, x.name, "", `${x.start ?? ""} – ${x.finish ?? ""}`, ""].map(cell).join(";"));
  for (const x of comparison.changed) {
    for (const [field, [was, now]] of Object.entries(x.changes)) {
      lines.push(["changed", x.code, x.name, field, was, now].map(cell).join(";"));
    }
  }
  return Buffer.from(`\uFEFF${lines.join("\r\n")}\r\n`, "utf8");
}
