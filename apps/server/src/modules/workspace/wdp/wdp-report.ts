import type { WdpMeasure, WdpReport } from "@planum/contracts";
import type { VersionScope } from "../../../platform/access.js";
import type { DbOrTx } from "../../../platform/db.js";
import { AppError } from "../../../platform/errors.js";
import { readWorks } from "./wdp.repo.js";
import { dayOf, round } from "./wdp-days.js";
import { readSeries } from "./wdp-store.js";

/**
 * Plan against fact per work for a period (both days included) and for the whole work, rolled up to summaries in
 * one pass over the tree (children after parents in tree order, so a reverse walk sums them), and for the version.
 */
export async function wdpReport(
  db: DbOrTx,
  vs: VersionScope,
  query: { from: string; to: string; measure: WdpMeasure },
): Promise<WdpReport> {
  const from = dayOf(query.from);
  const to = dayOf(query.to);
  if (to < from) throw new AppError("InvalidValue", { field: "to" });
  const works = await readWorks(db, vs.grant.space.id, vs.version.id);
  const series = await readSeries(db, vs.grant.space.id, vs.version.id, { measures: [query.measure] });
  const sums = series.map((s) => {
    let inPeriod = 0;
    for (let d = Math.max(from, s.startDay); d <= to && d - s.startDay < s.values.length; d++)
      inPeriod += s.values[d - s.startDay];
    return { itemId: s.itemId, kind: s.kind, inPeriod, total: s.total };
  });
  const rows = new Map(
    works.map((w) => [
      w.id,
      {
        itemId: w.id,
        parentId: w.parentId,
        type: w.type,
        code: w.code,
        name: w.name,
        unit: w.unit,
        plan: 0,
        fact: 0,
        approvedPlan: 0,
        deviation: 0,
        percent: null as number | null,
        planTotal: 0,
        factTotal: 0,
      },
    ]),
  );
  const total = { plan: 0, fact: 0, approvedPlan: 0, planTotal: 0, factTotal: 0 };
  for (const s of sums) {
    const row = rows.get(s.itemId);
    if (!row) continue;
    if (s.kind === "plan") {
      row.plan += s.inPeriod;
      row.planTotal += s.total;
    } else if (s.kind === "fact") {
      row.fact += s.inPeriod;
      row.factTotal += s.total;
    } else row.approvedPlan += s.inPeriod;
  }
  // Roll up: every row adds itself into its parent, deepest first (a parent precedes its children in tree order
  // only within siblings, so order by depth).
  const depth = new Map<number, number>();
  const depthOf = (id: number): number => {
    const known = depth.get(id);
    if (known !== undefined) return known;
    const parent = rows.get(id)?.parentId;
    const d = parent != null && rows.has(parent) ? depthOf(parent) + 1 : 0;
    depth.set(id, d);
    return d;
  };
  const ordered = [...rows.values()].sort((a, b) => depthOf(b.itemId) - depthOf(a.itemId));
  for (const row of ordered) {
    if (row.type !== "sum") {
      total.plan += row.plan;
      total.fact += row.fact;
      total.approvedPlan += row.approvedPlan;
      total.planTotal += row.planTotal;
      total.factTotal += row.factTotal;
    }
    const parent = row.parentId != null ? rows.get(row.parentId) : undefined;
    if (parent) {
      parent.plan += row.plan;
      parent.fact += row.fact;
      parent.approvedPlan += row.approvedPlan;
      parent.planTotal += row.planTotal;
      parent.factTotal += row.factTotal;
    }
  }
  const out = [...rows.values()].map((row) => ({
    ...row,
    plan: round(row.plan),
    fact: round(row.fact),
    approvedPlan: round(row.approvedPlan),
    planTotal: round(row.planTotal),
    factTotal: round(row.factTotal),
    deviation: round(row.fact - row.plan),
    percent: row.plan > 0 ? Math.round((row.fact / row.plan) * 1000) / 10 : null,
  }));
  return {
    from: query.from,
    to: query.to,
    measure: query.measure,
    rows: out,
    total: {
      plan: round(total.plan),
      fact: round(total.fact),
      approvedPlan: round(total.approvedPlan),
      planTotal: round(total.planTotal),
      factTotal: round(total.factTotal),
    },
  };
}
