import type { Periodicity } from "@planum/contracts";
import parser from "cron-parser";
import { AppError } from "../../platform/errors.js";

/**
 * When a notice setting's digest goes out. Times are UTC: a space has no time zone of its own yet, and a digest
 * at 07:00 UTC reaches the morning of every user from Lisbon to Novosibirsk. The named periodicities are cron
 * expressions too; `2weekly` is twice a week (Monday and Thursday), `Fortnightly` every other Monday.
 */
const NAMED: Record<Exclude<Periodicity, "cron">, string> = {
  daily: "0 7 * * *",
  weekly: "0 7 * * 1",
  "2weekly": "0 7 * * 1,4",
  Fortnightly: "0 7 * * 1",
  monthly: "0 7 1 * *",
};

const DAY_MS = 86_400_000;

/** A user's cron expression: five fields (minute hour day month weekday) that cron-parser accepts, else InvalidCron. */
export function parseCron(expression: string) {
  const text = expression.trim();
  // cron-parser also takes four or six fields (seconds); a digest is set to the minute, as crontab has it.
  if (text.split(/\s+/).length !== 5) throw new AppError("InvalidCron", { cron: text });
  try {
    const parsed = parser.parseExpression(text, { utc: true });
    parsed.next();
    return text;
  } catch {
    throw new AppError("InvalidCron", { cron: text });
  }
}

/** The first run strictly after `after`. `lastRunAt` spaces `Fortnightly` runs two weeks apart. */
export function nextRunAt(
  setting: { periodicity: Periodicity; cron: string | null; lastRunAt?: Date | null },
  after: Date,
): Date {
  const expression = setting.periodicity === "cron" ? (setting.cron ?? "") : NAMED[setting.periodicity];
  const next = parser.parseExpression(expression, { utc: true, currentDate: after }).next().toDate();
  if (
    setting.periodicity === "Fortnightly" &&
    setting.lastRunAt &&
    next.getTime() - setting.lastRunAt.getTime() < 13 * DAY_MS
  ) {
    return new Date(next.getTime() + 7 * DAY_MS);
  }
  return next;
}
