import { type CalculateSettings, DEFAULT_CALC_SCENARIOS } from "@planum/contracts";
import { eq } from "drizzle-orm";
import { calculateSettings } from "../../db/schema/index.js";
import type { Db, DbOrTx } from "../../platform/db.js";
import { wallClockText } from "../versions/version-access.js";

type SettingsRow = typeof calculateSettings.$inferSelect;
export type SettingsPatch = Partial<Omit<CalculateSettings, "scheduleId">>;

/** P6's defaults and the spec's default scenarios (1, 6, 9, 12). */
export function defaultSettings(scheduleId: string): CalculateSettings {
  return {
    scheduleId,
    scenario: DEFAULT_CALC_SCENARIOS.progress,
    volumeScenario: DEFAULT_CALC_SCENARIOS.volume,
    labourScenario: DEFAULT_CALC_SCENARIOS.labour,
    costScenario: DEFAULT_CALC_SCENARIOS.cost,
    progressOption: "retained_logic",
    floatType: "finish",
    lagCalendar: "predecessor",
    criticalFloat: 0,
    mustFinishBy: null,
    calculationMode: "manual",
  };
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
    mustFinishBy: wallClockText(row.mustFinishBy),
    calculationMode: row.calculationMode,
  };
}

export async function readSettings(db: DbOrTx, scheduleId: string): Promise<CalculateSettings> {
  const [row] = await db.select().from(calculateSettings).where(eq(calculateSettings.scheduleId, scheduleId));
  return row ? toDto(row) : defaultSettings(scheduleId);
}

/** Calculation settings of a schedule: one row per schedule, absent = the defaults. */
export class CalculateSettingsService {
  constructor(private readonly deps: { db: Db }) {}

  get(scheduleId: string) {
    return readSettings(this.deps.db, scheduleId);
  }

  /** Creates or changes the settings (POST and PUT both land here: a schedule has exactly one set). */
  async save(spaceId: string, scheduleId: string, patch: SettingsPatch) {
    const merged = { ...(await readSettings(this.deps.db, scheduleId)), ...patch };
    const { scheduleId: _, ...values } = merged;
    const [row] = await this.deps.db
      .insert(calculateSettings)
      .values({ ...values, scheduleId, spaceId })
      .onConflictDoUpdate({ target: calculateSettings.scheduleId, set: { ...values, updatedAt: new Date() } })
      .returning();
    return toDto(row);
  }

  /** Back to the defaults. */
  async reset(scheduleId: string) {
    await this.deps.db.delete(calculateSettings).where(eq(calculateSettings.scheduleId, scheduleId));
    return defaultSettings(scheduleId);
  }
}
