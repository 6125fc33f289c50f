import type { ResourceKind } from "@planum/contracts";
import type { ResourceCurve } from "@planum/engine";
import { and, asc, eq, sql } from "drizzle-orm";
import { assignments } from "../../db/schema/index.js";
import type { DbOrTx } from "../../platform/db.js";
import { intArray } from "../../platform/sql.js";
import { loadSpaceCalendars } from "../calendars/space-calendars.js";
import { assignmentCost } from "./assignments.service.js";
import { type AssignmentJoined, joinedAssignments } from "./resources.repo.js";

/** What one assignment asks of its work at completion: its units (actual + remaining), their cost and its curve. */
export interface AssignmentPlan {
  itemId: number;
  kind: ResourceKind;
  units: number;
  cost: number;
  curve: ResourceCurve;
  /** The resource's price per unit by period: a day's cost follows the rate in force that day. */
  rates: readonly { from: string; pricePerUnit: number }[];
}

/**
 * The assignments of a version's works (all, or of `itemIds`) as the work-done plans' "update and distribute
 * resource" spreads them: units and cost at completion, as resource usage counts demand. Costs follow
 * `assignmentCost` (a file's stated costs, else units × rate by period).
 */
export async function assignmentPlans(
  db: DbOrTx,
  spaceId: string,
  versionId: string,
  itemIds?: readonly number[],
): Promise<AssignmentPlan[]> {
  // one query after the other: the caller may hold a transaction, whose one connection runs a query at a time
  const rows = (await joinedAssignments(db)
    .where(
      and(
        eq(assignments.spaceId, spaceId),
        eq(assignments.versionId, versionId),
        itemIds ? sql`${assignments.itemId} = any(${intArray(itemIds)}::int[])` : undefined,
      ),
    )
    .orderBy(asc(assignments.itemId), asc(assignments.createdAt))) as AssignmentJoined[];
  const calendarOf = await loadSpaceCalendars(db, spaceId);
  return rows.map((row) => {
    const cost = assignmentCost(row, calendarOf);
    return {
      itemId: row.a.itemId,
      kind: row.resource.kind,
      units: row.a.actualUnits + row.a.remainingUnits,
      cost: Math.round((cost.actual + cost.remaining) * 100) / 100,
      curve: row.a.curve,
      rates: row.resource.rates,
    };
  });
}
