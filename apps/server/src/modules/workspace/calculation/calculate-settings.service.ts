import { type CalculateSettings, DEFAULT_CALCULATE_SETTINGS } from "@planum/contracts";
import type { AppContext } from "../../../platform/context.js";
import type { DbOrTx } from "../../../platform/db.js";
import { wallClockText } from "../../../platform/time.js";
import { WorkspaceEvents } from "../../../platform/workspace-events.js";
import { autoCalculation } from "./auto-calculation.js";
import {
  deleteSettings,
  findSettings,
  markSchedulesVersionsStale,
  type SettingsRow,
  upsertSettings as storeSettings,
  versionsDue,
} from "./calculation.repo.js";

/** The settings without the schedule id: what a client sends and what the schedule's own settings show. */
export type CalculationFields = Omit<CalculateSettings, "scheduleId">;
export type SettingsPatch = Partial<CalculationFields>;

/** P6's defaults and the spec's default scenarios (1, 6, 9, 12). */
export function defaultSettings(scheduleId: string): CalculateSettings {
  return { scheduleId, ...DEFAULT_CALCULATE_SETTINGS };
}

function toDto(row: SettingsRow): CalculateSettings {
  return {
    scheduleId: row.scheduleId,
    scenario: row.scenario,
    volumeScenario: row.volumeScenario,
    labourScenario: row.labourScenario,
    costScenario: row.costScenario,
    progressOption: row.progressOption,
    floatType: row.floatType,
    lagCalendar: row.lagCalendar,
    criticalFloat: row.criticalFloat,
    criticalBy: row.criticalBy,
    mustFinishBy: wallClockText(row.mustFinishBy),
    openEndsCritical: row.openEndsCritical,
    startLinksBoundLate: row.startLinksBoundLate,
    resourceRunsInActivityHours: row.resourceRunsInActivityHours,
    useExpectedFinish: row.useExpectedFinish,
    ssLagFrom: row.ssLagFrom,
    calculationMode: row.calculationMode,
  };
}

export async function readSettings(db: DbOrTx, scheduleId: string): Promise<CalculateSettings> {
  const row = await findSettings(db, scheduleId);
  return row ? toDto(row) : defaultSettings(scheduleId);
}

export function calculationFields(settings: CalculateSettings): CalculationFields {
  const { scheduleId: _, ...fields } = settings;
  return fields;
}

/** The settings `before` with `patch` applied, stored as the schedule's one row. */
async function upsertSettings(db: DbOrTx, spaceId: string, before: CalculateSettings, patch: SettingsPatch) {
  const { scheduleId, ...values } = { ...before, ...patch };
  return toDto(await storeSettings(db, spaceId, scheduleId, values));
}

/**
 * Writes the scheduling options an imported file states (P6's retained logic, float type, …) into its schedule's
 * settings, inside the import's transaction, so that recalculating the version reproduces the source tool. Other
 * versions of the schedule that this makes calculate differently are no longer calculated; their ids come back
 * (except `keepVersionId`, the imported one, whose dates the file's tool computed with these very options), with
 * whether the settings changed at all.
 */
export async function adoptFileSettings(
  tx: DbOrTx,
  target: { spaceId: string; scheduleId: string; keepVersionId: string },
  patch: SettingsPatch,
): Promise<{ changed: boolean; staleVersionIds: string[] }> {
  if (Object.keys(patch).length === 0) return { changed: false, staleVersionIds: [] };
  const before = await readSettings(tx, target.scheduleId);
  const after = await upsertSettings(tx, target.spaceId, before, patch);
  if (!calculatesDifferently(before, after)) return { changed: false, staleVersionIds: [] };
  const staleVersionIds = await markSchedulesVersionsStale(tx, target.scheduleId, target.keepVersionId);
  return { changed: true, staleVersionIds };
}

/** Whether two sets of settings calculate differently (the mode only says when a calculation runs). */
function calculatesDifferently(a: CalculateSettings, b: CalculateSettings) {
  return (Object.keys(a) as (keyof CalculateSettings)[]).some(
    (key) => key !== "calculationMode" && key !== "scheduleId" && a[key] !== b[key],
  );
}

/**
 * Calculation settings of a schedule — the one place they live: one row per schedule, absent = the defaults. The
 * `/calculate-settings` calls and the calculation fields of `PATCH /schedules/{id}/settings` both come here.
 */
export class CalculateSettingsService {
  constructor(private readonly deps: Pick<AppContext, "db" | "jobs" | "realtime" | "process">) {}

  get(scheduleId: string) {
    return readSettings(this.deps.db, scheduleId);
  }

  /**
   * Creates or changes the settings (POST and PUT both land here: a schedule has exactly one set). A change that
   * calculates differently makes the schedule's calculated versions not calculated (and says so to the space); in
   * auto mode every unlocked version not calculated is then calculated by the server.
   */
  async save(spaceId: string, scheduleId: string, patch: SettingsPatch, byUserId: string | null) {
    const { db } = this.deps;
    const before = await readSettings(db, scheduleId);
    const saved = await upsertSettings(db, spaceId, before, patch);
    await this.changed(spaceId, before, saved, byUserId);
    return saved;
  }

  /** Back to the defaults. */
  async reset(spaceId: string, scheduleId: string, byUserId: string | null) {
    const before = await readSettings(this.deps.db, scheduleId);
    await deleteSettings(this.deps.db, scheduleId);
    const saved = defaultSettings(scheduleId);
    await this.changed(spaceId, before, saved, byUserId);
    return saved;
  }

  private async changed(spaceId: string, before: CalculateSettings, after: CalculateSettings, byUserId: string | null) {
    const { db, realtime } = this.deps;
    const scheduleId = after.scheduleId;
    new WorkspaceEvents(realtime).calculateSettingsUpdated(spaceId, byUserId, scheduleId);
    if (calculatesDifferently(before, after)) {
      const stale = await markSchedulesVersionsStale(db, scheduleId);
      if (stale.length > 0)
        new WorkspaceEvents(realtime).versionsChanged(spaceId, byUserId, scheduleId, stale, "updated");
    }
    if (after.calculationMode !== "auto") return;
    const due = await versionsDue(db, scheduleId);
    const auto = autoCalculation(this.deps);
    for (const version of due) auto.changed(version.id, spaceId, byUserId);
  }
}
