import type { WdpMeasure } from "@planum/contracts";
import type { VersionScope } from "../../../platform/access.js";
import type { Tx } from "../../../platform/db.js";
import { approvedDays, insertReport } from "./wdp-approval.repo.js";
import type { ApprovalNotices } from "./wdp-approval.service.js";

/** A checked plan cell: a work's new plan of a measure on a day. */
export interface PlanCell {
  itemId: number;
  measure: WdpMeasure;
  day: number;
  value: number;
}

/**
 * Plan changes on days already approved (a day of an approved report of the same work and measure) need approval
 * (issue 12, docs/domain.md "Approval of work done"): they are not written but wait as reports of kind `plan`, one
 * per day, like a site engineer's facts, and the schedule's approvers are told (`task_need_accept_expert_data`).
 * A cell that leaves the day's plan as it is goes through. Answers the cells written at once, those that wait, and
 * the reports created (for the change's undo).
 */
export async function holdApprovedPlanDays(
  tx: Tx,
  vs: VersionScope,
  cells: PlanCell[],
  planAt: (cell: PlanCell) => number,
  notices: ApprovalNotices | undefined,
) {
  const free: PlanCell[] = [];
  const held: PlanCell[] = [];
  const reports: { id: string; row: null; itemIds: number[] }[] = [];
  if (cells.length === 0) return { free, held, reports };
  const approved = await approvedDays(tx, vs.grant.space.id, vs.version.id, [...new Set(cells.map((c) => c.itemId))]);
  for (const c of cells)
    (approved.has(`${c.itemId}|${c.measure}|${c.day}`) && c.value !== planAt(c) ? held : free).push(c);
  const byDay = new Map<number, PlanCell[]>();
  for (const c of held) byDay.set(c.day, [...(byDay.get(c.day) ?? []), c]);
  for (const [day, list] of byDay) {
    const row = await insertReport(tx, {
      spaceId: vs.grant.space.id,
      versionId: vs.version.id,
      day,
      kind: "plan",
      cells: list.map((c) => ({ itemId: c.itemId, measure: c.measure, value: c.value })),
      reporterId: vs.grant.userId,
      comment: null,
    });
    const itemIds = [...new Set(list.map((c) => c.itemId))];
    reports.push({ id: row.id, row: null, itemIds });
    await notices?.reported(tx, vs, { id: row.id, itemIds, day, kind: "plan" });
  }
  return { free, held, reports };
}
