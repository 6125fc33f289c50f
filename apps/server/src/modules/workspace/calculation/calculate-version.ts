import { EngineInputError, parseDateTime, schedule } from "@planum/engine";
import type { Db, DbOrTx } from "../../../platform/db.js";
import { AppError } from "../../../platform/errors.js";
import { readSettings } from "./calculate-settings.service.js";
import { codesOf, findVersion, finishCalculation, type ResultColumns, writeResults } from "./calculation.repo.js";
import { calculationInput } from "./calculation-input.js";

export interface CalculationOutcome {
  finish: string;
  activities: number;
  /** Rows whose results changed and were written. */
  written: number;
  relations: number;
  /** Milliseconds spent reading, calculating and writing. */
  timings: { readMs: number; engineMs: number; writeMs: number };
}

// Minutes since 1970-01-01T00:00 of "YYYY-MM-DDTHH:mm"; 100k results share a few thousand days, hence the cache.
const dayMinutes = new Map<string, number>();
function minutesOf(value: string): number {
  const date = value.slice(0, 10);
  let day = dayMinutes.get(date);
  if (day === undefined) {
    day = parseDateTime(`${date}T00:00`);
    if (dayMinutes.size > 100_000) dayMinutes.clear();
    dayMinutes.set(date, day);
  }
  return day + Number(value.slice(11, 13)) * 60 + Number(value.slice(14, 16));
}

/**
 * The server calculation of a version: read everything in bulk, run the engine, write the results back in a few
 * UPDATE … FROM unnest(…) statements inside one transaction (rows whose results did not move are not rewritten:
 * a recalculation after an edit touches only what the edit moved), and set the status. The version must already be
 * marked `in_process` (beginCalculation). If the version changed while it was calculated, the results are kept but
 * the status says `not_calculated`, so nobody mistakes them for the current state. `inTransaction` runs inside the
 * transaction that writes the results (a job completes itself there, so its effect and completion commit together).
 */
export async function calculateVersion(
  db: Db,
  versionId: string,
  options: {
    progress?: (percent: number) => void | Promise<void>;
    inTransaction?: (tx: DbOrTx, outcome: CalculationOutcome) => Promise<void>;
  } = {},
): Promise<CalculationOutcome> {
  const progress = options.progress ?? (() => {});
  const t0 = performance.now();
  const version = await findVersion(db, versionId);
  if (!version) throw new AppError("NotFound");
  const settings = await readSettings(db, version.scheduleId);
  const { input, stored } = await calculationInput(db, version, settings);
  const t1 = performance.now();
  await progress(20);
  let result: ReturnType<typeof schedule>;
  try {
    result = schedule(input);
  } catch (error) {
    if (error instanceof EngineInputError) {
      const codes = await codesOf(
        db,
        [...error.item.matchAll(/"(\d+)"/g)].map((m) => m[1]),
      );
      const item = error.item.replace(/"(\d+)"/g, (whole, id: string) =>
        codes.has(id) ? `"${codes.get(id)}"` : whole,
      );
      throw new AppError("CalculationFailed", { reason: `${item}: ${error.message.slice(error.item.length + 2)}` });
    }
    throw error;
  }
  if (result.cycles.length > 0) {
    const codes = await codesOf(db, result.cycles.flat());
    const loops = result.cycles
      .slice(0, 3)
      .map((cycle) => [...cycle, cycle[0]].map((id) => codes.get(id) ?? id).join(" → "));
    throw new AppError("CalculationFailed", { reason: `loop: ${loops.join("; ")}` });
  }
  const t2 = performance.now();
  await progress(60);
  // Only rows whose results moved are written (the stored ones come as "es|ef|ls|lf|tf|ff|cr", dates in minutes).
  const out: ResultColumns = {
    ids: [],
    earlyStart: [],
    earlyFinish: [],
    lateStart: [],
    lateFinish: [],
    totalFloat: [],
    freeFloat: [],
    critical: [],
  };
  for (const a of result.activities) {
    const es = minutesOf(a.earlyStart);
    const ef = minutesOf(a.earlyFinish);
    const ls = minutesOf(a.lateStart);
    const lf = minutesOf(a.lateFinish);
    if (stored.get(a.id) === `${es}|${ef}|${ls}|${lf}|${a.totalFloat}|${a.freeFloat}|${a.critical ? 1 : 0}`) continue;
    out.ids.push(Number(a.id));
    out.earlyStart.push(es);
    out.earlyFinish.push(ef);
    out.lateStart.push(ls);
    out.lateFinish.push(lf);
    out.totalFloat.push(a.totalFloat);
    out.freeFloat.push(a.freeFloat);
    out.critical.push(a.critical);
  }
  const outcome: CalculationOutcome = {
    finish: result.finish,
    activities: result.activities.length,
    written: out.ids.length,
    relations: input.relations.length,
    timings: { readMs: Math.round(t1 - t0), engineMs: Math.round(t2 - t1), writeMs: 0 },
  };
  await db.transaction(async (tx) => {
    await writeResults(tx, versionId, out);
    await finishCalculation(tx, versionId, version.revision, result.finish);
    outcome.timings.writeMs = Math.round(performance.now() - t2);
    await options.inTransaction?.(tx, outcome);
  });
  outcome.timings.writeMs = Math.round(performance.now() - t2);
  return outcome;
}
