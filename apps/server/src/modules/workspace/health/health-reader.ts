import type { VersionHealth } from "@planum/contracts";
import { LRUCache } from "lru-cache";
import { assertDetailsIn, type VersionRow } from "../../../platform/access.js";
import type { Db } from "../../../platform/db.js";
import type { GanttCache } from "../wbs/gantt-cache.js";
import { findKeptHealth, readHealthRows } from "./health.repo.js";
import { healthInputs, judge } from "./health.service.js";
import { healthRowsOfGantt } from "./health-columns.js";

/** Versions whose last answer is kept: a few MB each at 100,000 activities (the works behind each failed check). */
const KEPT = 16;

/**
 * The health panel's read of a version (issue 21: ≤ 500 ms at 100,000 activities, where reading its rows from the
 * tables takes ~0.8 s CPU):
 * - the answer is kept per version under everything it depends on (`healthKey`), read from the database on each call
 *   so that several server processes agree: in this process (the last answers), and in the database, where the
 *   critical path test's job keeps the answer of each calculated version (one row, ~2 MB of JSON at 100k);
 * - a version changed since its calculation is judged from its Gantt build kept in this process
 *   (`GanttCache.current`), patched with the rows written since it was read, so a read after a change costs the
 *   changed rows; without a kept build (no Gantt opened here, or another process's) from the tables.
 */
export class HealthReader {
  private readonly kept = new LRUCache<string, { key: string; health: VersionHealth }>({ max: KEPT });

  constructor(
    private readonly db: Db,
    private readonly gantt: GanttCache,
  ) {}

  async read(version: VersionRow): Promise<VersionHealth> {
    assertDetailsIn(version);
    const inputs = await healthInputs(this.db, version);
    const { key, assigned } = inputs;
    const kept = this.kept.get(version.id);
    if (kept?.key === key) return kept.health;
    const stored = await findKeptHealth(this.db, version.id, key);
    const health =
      stored ??
      judge(
        (await this.gantt.current(version, (base) =>
          healthRowsOfGantt(base.source, base.relations, base.index, assigned),
        )) ?? (await readHealthRows(this.db, version, assigned)),
        version,
        inputs.mustFinishBy,
        inputs.thresholds,
        inputs.cpt,
      );
    this.kept.set(version.id, { key, health });
    return health;
  }
}
