import type { WdpChange, WdpDistributeBody, WdpKind, WdpLimit, WdpMeasure, WdpStatus } from "@planum/contracts";
import { type Grant, loadVersion, type ScheduleScope, type VersionScope } from "../../../platform/access.js";
import type { DbOrTx, Tx } from "../../../platform/db.js";
import { AppError } from "../../../platform/errors.js";
import { defaultVersionId, type WorkRow } from "./wdp.repo.js";
import { allocate, setCells, transfer, type WdpCell } from "./wdp-cells.js";
import {
  checkCell,
  type EntryRules,
  entryRules,
  runWdpChange,
  type WdpDeps,
  type Writes,
  worksFor,
} from "./wdp-change.js";
import { dateOf } from "./wdp-days.js";
import { clearPlans, clearValues, distribute, setStatus } from "./wdp-plans.js";
import { wdpActualInfo, wdpAtDay, wdpList } from "./wdp-reads.js";
import { wdpReport } from "./wdp-report.js";
import { distributeResources } from "./wdp-resource-plans.js";

/**
 * Work-done plans (spec §1, §3, §7; model in docs/domain.md): per work, measure and day the planned, actual and
 * approved quantities. The calls as the routes reach them; reads in wdp-reads.ts and wdp-report.ts, changes in
 * wdp-cells.ts and wdp-plans.ts, each run by wdp-change.ts in one transaction that refuses a locked version, records
 * its inverse as `undo_wdp` and is announced to the space as `wdp_updated`.
 */
export class WdpService {
  constructor(private readonly deps: WdpDeps) {}

  /** A version named in a schedule call's body or query: it must belong to that schedule (else 404). */
  async versionOf(scope: ScheduleScope, versionId: string | undefined): Promise<VersionScope> {
    const id = versionId ?? (await defaultVersionId(this.deps.db, scope.grant.space.id, scope.schedule.id));
    if (!id) throw new AppError("NotFound");
    const vs = await loadVersion(this.deps.db, scope.grant, id);
    if (vs.scheduleId !== scope.schedule.id) throw new AppError("NotFound");
    return vs;
  }

  limit(grant: Grant): WdpLimit {
    const rules = entryRules(grant);
    return {
      entryDays: grant.space.settings.wdpEntryDays ?? null,
      keyDate: dateOf(rules.today),
      earliest: rules.earliest === null ? null : dateOf(rules.earliest),
    };
  }

  /** The allowed entry period for the caller's space (spec §5). */
  entryRules(grant: Grant): EntryRules {
    return entryRules(grant);
  }

  /** Checks one entered value by the entry rules (wdp-change.ts), answering it rounded. */
  checkCell(rules: EntryRules, work: WorkRow, kind: WdpKind, day: number, raw: number | string): number {
    return checkCell(rules, work, kind, day, raw);
  }

  /** Works of the version by id, each able to carry a plan (and active when asked), or the change is refused. */
  worksFor(tx: DbOrTx, vs: VersionScope, ids: number[], opts: { active?: boolean } = {}) {
    return worksFor(tx, vs, ids, opts);
  }

  /** Runs a change of another WDP module the way every WDP change runs (wdp-change.ts). */
  change(vs: VersionScope, action: string, run: (tx: Tx) => Promise<Writes>): Promise<WdpChange> {
    return runWdpChange(this.deps, vs, action, run);
  }

  list(vs: VersionScope, query: { itemIds?: string; from?: string; to?: string }) {
    return wdpList(this.deps.db, vs, query);
  }
  actualInfo(vs: VersionScope) {
    return wdpActualInfo(this.deps.db, vs);
  }
  atDay(vs: VersionScope, query: { date: string; measure: WdpMeasure }) {
    return wdpAtDay(this.deps.db, vs, query);
  }
  report(vs: VersionScope, query: { from: string; to: string; measure: WdpMeasure }) {
    return wdpReport(this.deps.db, vs, query);
  }

  setCells(vs: VersionScope, action: string, cells: WdpCell[]) {
    return setCells(this.deps, vs, action, cells);
  }
  distribute(vs: VersionScope, body: WdpDistributeBody) {
    return distribute(this.deps, vs, body);
  }
  distributeResources(vs: VersionScope, body: Parameters<typeof distributeResources>[2]) {
    return distributeResources(this.deps, vs, body);
  }
  setStatus(vs: VersionScope, itemIds: number[], status: WdpStatus | "toggle") {
    return setStatus(this.deps, vs, itemIds, status);
  }
  clearValues(
    vs: VersionScope,
    body: { itemIds: number[]; measures?: WdpMeasure[]; kinds?: WdpKind[]; from?: string; to?: string },
  ) {
    return clearValues(this.deps, vs, body);
  }
  clearPlans(vs: VersionScope, itemIds: number[]) {
    return clearPlans(this.deps, vs, itemIds);
  }
  allocate(
    vs: VersionScope,
    kind: "fact" | "plan",
    body: { itemId: number; measure: WdpMeasure; total: number | string; from: string; to: string },
  ) {
    return allocate(this.deps, vs, kind, body);
  }
  transfer(vs: VersionScope, body: Parameters<typeof transfer>[2]) {
    return transfer(this.deps, vs, body);
  }
}
