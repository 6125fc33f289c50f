import {
  type CalculateSettings,
  calendarMinutesPerDay,
  type WdpIntensityBody,
  type WdpProgress,
  type WdpProgressRow,
} from "@planum/contracts";
import {
  type DaySeries,
  type FactMeasure,
  INTENSITY_WINDOW_DAYS,
  MINUTES_PER_DAY,
  progressFromFacts,
  scenarioForFacts,
} from "@planum/engine";
import type { VersionScope } from "../../../platform/access.js";
import type { DbOrTx } from "../../../platform/db.js";
import type { ProgressVersion } from "../../../platform/progress-before-calculation.js";
import { minutesText, textMinutes } from "../../../platform/time.js";
import { listCalendars } from "../../calendars/calendars.repo.js";
import { ensureDefaultCalendar } from "../../calendars/calendars.service.js";
import { loadSpaceCalendars } from "../../calendars/space-calendars.js";
import { readSettings } from "../calculation/calculate-settings.service.js";
import { readWorks, type WorkRow } from "./wdp.repo.js";
import type { WdpService } from "./wdp.service.js";
import { today } from "./wdp-days.js";
import {
  factsForProgress,
  markProgressFromFacts,
  type ProgressWrite,
  readProgressFields,
  resetProgress,
  writeProgress,
} from "./wdp-progress.repo.js";
import { progressSums } from "./wdp-progress-sums.js";
import { planTotals } from "./wdp-store.js";

/** Work types whose progress facts can drive (sums follow their works; milestones have no quantities). */
const MEASURED_TYPES = new Set(["task", "work"]);

/**
 * The instant progress is measured at: the version's data date (P6's), else — for showing what the facts say, not
 * for applying it — the end of today (every fact entered so far counts: facts are never after today).
 */
export function asOfMinutes(version: Pick<ProgressVersion, "dataDate">): number {
  return version.dataDate ? textMinutes(version.dataDate) : (today() + 1) * MINUTES_PER_DAY;
}

interface Measured {
  work: WorkRow;
  row: WdpProgressRow;
  write: ProgressWrite | null;
}

/**
 * Progress of a version's works from their daily facts (docs/domain.md "Progress from daily facts"): every active
 * work with a counted fact, by the schedule's scenarios. Reads in bulk: the facts, the works, their plan totals.
 */
export async function measureProgress(
  db: DbOrTx,
  version: ProgressVersion,
  settings: CalculateSettings,
): Promise<{ asOf: number; measured: Measured[]; counted: number[] }> {
  const asOf = asOfMinutes(version);
  const facts = await factsForProgress(db, version.spaceId, version.id);
  const byItem = new Map<number, Partial<Record<FactMeasure, DaySeries>>>();
  for (const s of facts) {
    if (s.total === 0) continue;
    const entry = byItem.get(s.itemId) ?? {};
    entry[s.measure as FactMeasure] = { start: s.startDay, values: s.values };
    byItem.set(s.itemId, entry);
  }
  const ids = [...byItem.keys()];
  if (ids.length === 0) return { asOf, measured: [], counted: [] };
  const works = (await readWorks(db, version.spaceId, version.id, ids)).filter(
    (w) => MEASURED_TYPES.has(w.type) && w.status !== "disabled",
  );
  const workIds = works.map((w) => w.id);
  // One after another: inside a transaction the queries share one connection.
  const fields = await readProgressFields(db, version.id, workIds);
  const plans = await planTotals(db, version.spaceId, version.id, workIds);
  const calendarOf = await loadSpaceCalendars(db, version.spaceId);
  const fallback = await ensureDefaultCalendar(db, version.spaceId);
  const weeks = new Map((await listCalendars(db, version.spaceId)).map((c) => [c.id, c.week]));
  const minutesPerDay = (id: string | null) => calendarMinutesPerDay(weeks.get(id && weeks.has(id) ? id : fallback.id));
  const planned = new Map<number, Record<FactMeasure, number>>();
  for (const p of plans) {
    if (p.measure !== "volume" && p.measure !== "labour" && p.measure !== "cost") continue;
    const entry = planned.get(p.itemId) ?? { volume: 0, labour: 0, cost: 0 };
    entry[p.measure] = Number(p.total);
    planned.set(p.itemId, entry);
  }
  const measured: Measured[] = [];
  for (const work of works) {
    const f = fields.get(work.id);
    if (!f) continue;
    const plan = planned.get(work.id) ?? { volume: 0, labour: 0, cost: 0 };
    const chosen = scenarioForFacts(settings, plan);
    const byIntensity = work.options?.remaining === "intensity";
    const p = progressFromFacts({
      calendar: calendarOf(work.calendarId),
      dataDate: asOf,
      scenario: chosen.scenario,
      measure: chosen.measure,
      planned: plan,
      facts: byItem.get(work.id) ?? {},
      work: {
        duration: f.duration,
        ...(f.targetDuration !== null ? { targetDuration: f.targetDuration } : {}),
        percentComplete: f.percentComplete,
      },
      byIntensity,
    });
    const row: WdpProgressRow = {
      itemId: work.id,
      code: work.code,
      name: work.name,
      unit: work.unit,
      mode: work.mode ?? "evenly",
      scenario: chosen.scenario,
      measure: chosen.measure,
      planned: plan,
      actual: p.actual,
      status: p.status,
      actualStart: p.actualStart === null ? null : minutesText(p.actualStart),
      actualFinish: p.actualFinish === null ? null : minutesText(p.actualFinish),
      percentComplete: p.percentComplete,
      remaining: p.remaining,
      actualDuration: p.actualDuration,
      intensity: p.intensity === null ? null : Math.round(p.intensity * 1000) / 1000,
      remainingByIntensity: p.remainingByIntensity,
      minutesPerDay: minutesPerDay(work.calendarId),
      byIntensity,
    };
    const write: ProgressWrite | null =
      p.status === "not_started" || p.actualStart === null
        ? null
        : {
            id: work.id,
            status: p.status,
            percentComplete: p.percentComplete,
            actualStart: p.actualStart,
            actualFinish: p.actualFinish,
            remaining: p.remaining,
          };
    measured.push({ work, row, write });
  }
  return { asOf, measured, counted: ids };
}

/**
 * Before a calculation (platform/progress-before-calculation.ts): the works' progress follows their facts as of the
 * version's data date, written in a transaction of its own just before the CPM reads the network.
 */
export async function progressBeforeCalculation(tx: DbOrTx, version: ProgressVersion, settings: CalculateSettings) {
  // Progress is reported as of a data date (as in P6): a version without one takes none from the facts.
  if (!version.dataDate) return;
  const { measured, counted } = await measureProgress(tx, version, settings);
  const writes = measured.flatMap((m) => (m.write ? [m.write] : []));
  await writeProgress(tx, version.id, writes);
  // A work whose facts were all cleared goes back to not started (only one whose progress came from facts).
  const cleared = await markProgressFromFacts(
    tx,
    version.spaceId,
    version.id,
    writes.map((w) => w.id),
    counted,
  );
  await resetProgress(tx, version.id, cleared);
}

/** The `planning` tab's figures and the intensity choice (spec §7 calculate-remains-duration-by-intensity). */
export class WdpProgressService {
  constructor(private readonly deps: { db: DbOrTx; wdp: WdpService }) {}

  async progress(vs: VersionScope): Promise<WdpProgress> {
    const settings = await readSettings(this.deps.db, vs.scheduleId);
    const { asOf, measured } = await measureProgress(this.deps.db, vs.version, settings);
    const rows = measured.map((m) => m.row);
    return {
      versionId: vs.version.id,
      asOf: minutesText(asOf),
      applied: Boolean(vs.version.dataDate),
      intensityDays: INTENSITY_WINDOW_DAYS,
      rows,
      sums: await progressSums(this.deps.db, vs.grant.space.id, vs.version.id, rows),
    };
  }

  /**
   * Makes works' remaining duration follow their measured intensity (or the scenario again): a WDP change of the
   * works' planning rows (undoable as undo_wdp, announced as wdp_updated). The next calculation applies it.
   */
  async setByIntensity(vs: VersionScope, body: WdpIntensityBody) {
    return this.deps.wdp.change(
      vs,
      body.byIntensity ? "remaining_by_intensity" : "remaining_by_scenario",
      async (tx) => {
        const works = [...(await this.deps.wdp.worksFor(tx, vs, body.itemIds, { active: true })).values()];
        return {
          series: [],
          works: works.map((w) => {
            const { remaining: _, ...rest } = w.options ?? {};
            return {
              itemId: w.id,
              status: w.status ?? "active",
              mode: w.mode ?? "evenly",
              options: body.byIntensity
                ? { ...rest, remaining: "intensity" as const }
                : Object.keys(rest).length
                  ? rest
                  : null,
            };
          }),
        };
      },
    );
  }
}
