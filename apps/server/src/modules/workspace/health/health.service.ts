import type { VersionHealth } from "@planum/contracts";
import { checkScheduleQuality } from "@planum/formats";
import type { VersionRow } from "../../../platform/access.js";
import type { DbOrTx } from "../../../platform/db.js";
import { exportModel } from "../../interchange/model-export.js";

/**
 * The DCMA 14-point health of a version from its stored rows and results: the version read as the neutral
 * model (as an export reads it, without codes) and assessed by the same checks as `planum check`. The
 * critical path test needs a second calculation with a delayed critical work and is not applicable here yet.
 */
export async function versionHealth(db: DbOrTx, version: VersionRow): Promise<VersionHealth> {
  const model = await exportModel(db, version, { project: "", code: "health" }, { codes: false });
  const [report] = checkScheduleQuality(model, { itemsAsIds: true });
  const applicable = report.passed + report.failed;
  return {
    score: applicable === 0 ? 100 : Math.round((report.passed / applicable) * 100),
    activities: report.activities,
    passed: report.passed,
    failed: report.failed,
    notApplicable: report.notApplicable,
    checks: report.checks.map((c) => ({
      id: c.id,
      key: c.key,
      threshold: c.threshold,
      value: c.value,
      count: c.count,
      total: c.total,
      passed: c.passed,
      workIds: c.passed === false ? c.items.map(Number) : [],
    })),
  };
}
