import type { VersionHealth } from "@planum/contracts";
import { LRUCache } from "lru-cache";
import type { VersionRow } from "../../../platform/access.js";
import type { Db } from "../../../platform/db.js";
import { readSettings } from "../calculation/calculate-settings.service.js";
import type { GanttCache } from "../wbs/gantt-cache.js";
import { findStoredHealth, findThresholds, readAssignedIds, readHealthRows } from "./health.repo.js";
import { judge } from "./health.service.js";
import { healthRowsOfGantt } from "./health-columns.js";

/** Versions whose last answer is kept: a few MB each at 100,000 activities (the works behind each failed check). */
const KEPT = 16;

/**
 * The health panel's read of a version (issue 21: ≤ 500 ms at 100,000 activities, where reading its rows from the
 * tables took ~0.85 s):
 * - the rows come from the version's Gantt build kept in this process (`GanttCache.current`), patched with the rows
 *   written since it was read, so a read after a change costs the changed rows; without a kept build (no Gantt opened
 *   here, or another process's) they are read from the tables as before;
 * - the answer is kept per version under everything it depends on, read from the database on each call so that
 *   several server processes agree: the version's row as the access check loaded it (its revision grows with every
 *   change inside and every calculation), the schedule's thresholds and "must finish by", the critical path test its
 *   job kept, and the works with a resource (assignments do not move the revision).
 */
export class HealthReader {
  private readonly kept = new LRUCache<string, { key: string; health: VersionHealth }>({ max: KEPT });

  constructor(
    private readonly db: Db,
    private readonly gantt: GanttCache,
  ) {}

  async read(version: VersionRow): Promise<VersionHealth> {
    const settings = await readSettings(this.db, version.scheduleId);
    const thresholds = await findThresholds(this.db, version.scheduleId);
    const cpt = (await findStoredHealth(this.db, version.id))?.criticalPathTest ?? null;
    const assigned = await readAssignedIds(this.db, version.id);
    const key = JSON.stringify([
      version.revision,
      version.calcStatus,
      version.calculatedAt?.toISOString() ?? "",
      version.projectStart,
      version.dataDate ?? "",
      settings.mustFinishBy ?? "",
      thresholds,
      cpt,
      assigned.length,
      assigned.join(","),
    ]);
    const kept = this.kept.get(version.id);
    if (kept?.key === key) return kept.health;
    const rows =
      (await this.gantt.current(version, (base) =>
        healthRowsOfGantt(base.source, base.relations, base.index, assigned),
      )) ?? (await readHealthRows(this.db, version, assigned));
    const health = judge(rows, version, settings.mustFinishBy, thresholds, cpt);
    this.kept.set(version.id, { key, health });
    return health;
  }
}
