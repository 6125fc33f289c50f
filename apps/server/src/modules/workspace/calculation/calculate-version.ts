import { type ResultColumns as EngineColumns, EngineInputError } from "@planum/engine";
import type { DatesWritten } from "../../../platform/dates-written.js";
import type { Db, DbOrTx } from "../../../platform/db.js";
import { AppError } from "../../../platform/errors.js";
import { hasProgressHooks, progressBeforeCalculation } from "../../../platform/progress-before-calculation.js";
import { minutesText } from "../../../platform/time.js";
import { recordHealth } from "../health/health.service.js";
import { healthRowsOfCalculation } from "../health/health-columns.js";
import { keepCalculation } from "../health/kept-calculation.js";
import { readSettings } from "./calculate-settings.service.js";
import {
  codesOf,
  currentXid,
  findVersion,
  finishCalculation,
  type ResultColumns,
  writeResults,
} from "./calculation.repo.js";
import { keepNetwork, networkToCalculate } from "./kept-network.js";
import { forgetResults, rememberResults } from "./known-results.js";

export interface CalculationOutcome {
  finish: string;
  activities: number;
  /** Rows whose results changed and were written. */
  written: number;
  relations: number;
  /** Milliseconds spent reading, calculating and writing. */
  timings: { readMs: number; engineMs: number; writeMs: number };
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
  { db, datesWritten }: { db: Db; datesWritten: DatesWritten },
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
  // Progress that other data drives (daily facts) is set first, in its own transaction: it is derived data, so a
  // calculation that fails afterwards leaves it consistent with the facts.
  if (hasProgressHooks()) await db.transaction((tx) => progressBeforeCalculation(tx, version, settings));
  let result: EngineColumns;
  let prepared: Awaited<ReturnType<typeof networkToCalculate>>;
  let t1 = t0;
  try {
    // The network kept from the last calculation here, patched with the rows written since, or read whole.
    prepared = await networkToCalculate(db, version, settings);
    t1 = performance.now();
    await progress(20);
    result = prepared.net.scheduler.resultColumns();
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
  const { net, stored } = prepared;
  const { rows, links } = net;
  const input = net.scheduler.input();
  const t2 = performance.now();
  await progress(60);
  // Only rows whose results moved are written. The engine answers its activities in the input's order, which is the
  // order of the stored columns; a result whose id is not the input's at its place is written, never skipped.
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
  const { ids, earlyStart, earlyFinish, lateStart, lateFinish, totalFloat, freeFloat, critical } = result;
  /** Works whose early dates moved (what hangs on a work's dates follows them: platform/dates-written.ts). */
  const moved: number[] = [];
  const [storedEs, storedEf, storedLs, storedLf, storedTf, storedFf, storedCr] = stored;
  const activities = input.activities;
  let allInPlace = ids.length === activities.length;
  for (let j = 0; j < ids.length; j++) {
    const es = earlyStart[j];
    const ef = earlyFinish[j];
    const ls = lateStart[j];
    const lf = lateFinish[j];
    const inPlace = activities[j]?.id === ids[j];
    if (!inPlace) allInPlace = false;
    const sameEarly = inPlace && storedEs[j] === es && storedEf[j] === ef;
    if (
      sameEarly &&
      storedLs[j] === ls &&
      storedLf[j] === lf &&
      storedTf[j] === totalFloat[j] &&
      storedFf[j] === freeFloat[j] &&
      storedCr[j] === critical[j]
    )
      continue;
    if (!sameEarly) moved.push(Number(ids[j]));
    out.ids.push(Number(ids[j]));
    out.earlyStart.push(es);
    out.earlyFinish.push(ef);
    out.lateStart.push(ls);
    out.lateFinish.push(lf);
    out.totalFloat.push(totalFloat[j]);
    out.freeFloat.push(freeFloat[j]);
    out.critical.push(critical[j] === 1);
  }
  // The only text of the calculation: the finish stored in the version (an edge: the API answers it).
  const finish = minutesText(result.finish);
  const outcome: CalculationOutcome = {
    finish,
    activities: ids.length,
    written: out.ids.length,
    relations: input.relations.length,
    timings: { readMs: Math.round(t1 - t0), engineMs: Math.round(t2 - t1), writeMs: 0 },
  };
  const health = healthRowsOfCalculation(rows, links, input, result, prepared.previous);
  let afterCommit: (() => void)[] = [];
  let xid = "";
  await db.transaction(async (tx) => {
    await writeResults(tx, versionId, out);
    xid = await currentXid(tx);
    afterCommit = await datesWritten.run(tx, versionId, moved);
    await finishCalculation(tx, versionId, version.revision, finish);
    // The health of what is written, from memory; its critical path test follows as a job (health.service.ts).
    await recordHealth(tx, version, settings.mustFinishBy, health);
    outcome.timings.writeMs = Math.round(performance.now() - t2);
    await options.inTransaction?.(tx, outcome);
  });
  outcome.timings.writeMs = Math.round(performance.now() - t2);
  // The critical path test job that follows takes these instead of reading and calculating the version again.
  keepCalculation(versionId, { revision: version.revision + 1, input, result, health, assigned: rows.asg });
  // Every row now holds the engine's answer: the next calculation here reads only rows written by others since.
  if (allInPlace) {
    rememberResults(versionId, { snapshot: net.snapshot, xid }, rows.id, result, net.place);
    keepNetwork(versionId, { ...net, xid, result, health });
  } else forgetResults(versionId);
  for (const run of afterCommit) run();
  return outcome;
}
