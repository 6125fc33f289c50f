import type { CostTotals, EstimateCostsBody, EstimateCostsResult } from "@planum/contracts";
import { sql } from "drizzle-orm";
import type { VersionScope } from "../../platform/access.js";
import type { Db, DbOrTx } from "../../platform/db.js";
import { AppError } from "../../platform/errors.js";
import { execColumns, intArray, nullableArray } from "../../platform/sql.js";
import type { WorkspaceEvents } from "../../platform/workspace-events.js";
import { applyChange } from "../workspace/wbs/wbs-changes.js";
import { type PlanTotal, setPlanTotals } from "../workspace/wdp/wdp-plan-totals.js";
import { pricingsOf, readDecimals } from "./estimate-pricing.js";

type PlannedWrite = Awaited<ReturnType<typeof setPlanTotals>>;

/** What the linked positions give a work, by their shares: money, labour hours and volume in base measures. */
interface WorkCosts {
  ids: number[];
  cost: number[];
  labour: number[];
  volume: number[];
  /** The work's planned figures before (the undo's before-image). */
  oldCost: (number | null)[];
  oldLabour: (number | null)[];
  oldVolume: (number | null)[];
}

/** The links of a version's works to positions, with what pricing needs of each position, as columns. */
interface LinkColumns {
  /** Work, share, position, its estimate and section, base money, quantity in the base measure. */
  i: number[] | null;
  sh: number[];
  p: string[];
  e: string[];
  s: string[];
  b: CostTotals[];
  q: number[];
  /** The work's planned figures before (the undo's before-image). */
  oc: (number | null)[];
  ol: (number | null)[];
  ov: (number | null)[];
}

/**
 * The estimates' figures of a version's works, summed over their linked positions by share: money (the position's
 * total after coefficients, priced from its base: estimate-pricing.ts), labour hours, and quantity in the base
 * measure (a "100 м3" position of 0.45 is 45 м3). Rounded to 2 decimals (money) and 3 (the others). Optionally only
 * some works. The links cross as columns of one query; pricing and sums are done here, in work order.
 */
async function readWorkCosts(tx: DbOrTx, spaceId: string, versionId: string, itemIds: number[] | null) {
  const only = itemIds ? sql`and l.item_id = any(${intArray(itemIds)}::int[])` : sql``;
  const c = await execColumns<LinkColumns>(
    tx,
    sql`select json_build_object('i', json_agg(l.item_id), 'sh', json_agg(l.share), 'p', json_agg(p.id),
        'e', json_agg(p.estimate_id), 's', json_agg(p.section_id), 'b', json_agg(p.base),
        'q', json_agg(p.quantity * coalesce(m.factor, 1)), 'oc', json_agg(w.planned_cost),
        'ol', json_agg(w.planned_labour), 'ov', json_agg(w.planned_volume)) as j
      from estimate_links l
      join estimate_positions p on p.id = l.position_id
      join wbs_items w on w.id = l.item_id and w.version_id = ${versionId} and w.type <> 'sum'
      left join costr_measures m on m.id = p.measure_id
      where l.space_id = ${spaceId} and l.version_id = ${versionId} ${only}`,
  );
  if (!c.i) return null;
  const pricings = await pricingsOf(tx, c.e, await readDecimals(tx, spaceId));
  const sums = new Map<number, { cost: number; labour: number; volume: number; k: number }>();
  for (let k = 0; k < c.i.length; k++) {
    const priced = pricings.get(c.e[k])?.({ id: c.p[k], sectionId: c.s[k], base: c.b[k] });
    let sum = sums.get(c.i[k]);
    if (!sum) {
      sum = { cost: 0, labour: 0, volume: 0, k };
      sums.set(c.i[k], sum);
    }
    sum.cost += (priced?.total ?? 0) * c.sh[k];
    sum.labour += (priced?.labourHours ?? 0) * c.sh[k];
    sum.volume += c.q[k] * c.sh[k];
  }
  const ids = [...sums.keys()].sort((a, b) => a - b);
  const out: WorkCosts = { ids, cost: [], labour: [], volume: [], oldCost: [], oldLabour: [], oldVolume: [] };
  for (const id of ids) {
    const sum = sums.get(id) as { cost: number; labour: number; volume: number; k: number };
    out.cost.push(round(sum.cost, 2));
    out.labour.push(round(sum.labour, 3));
    out.volume.push(round(sum.volume, 3));
    out.oldCost.push(c.oc[sum.k]);
    out.oldLabour.push(c.ol[sum.k]);
    out.oldVolume.push(c.ov[sum.k]);
  }
  return out;
}

/**
 * The positions of the schedule's project whose volume reached no work of the version (spec §8 "missing volume
 * codes"): each named by its norm code, else its number, else its name; distinct and sorted.
 */
async function readMissingVolumeCodes(tx: DbOrTx, spaceId: string, versionId: string, scheduleId: string) {
  const c = await execColumns<{ codes: string[] | null }>(
    tx,
    sql`select json_build_object('codes', json_agg(distinct x.code order by x.code)) as j from (
        select coalesce(nullif(btrim(p.norm_code), ''), nullif(btrim(p.num), ''), p.name) as code
        from estimate_positions p
        join estimates e on e.id = p.estimate_id
        join schedules s on s.project_id = e.project_id and s.id = ${scheduleId}
        where p.space_id = ${spaceId}
          and not exists (select 1 from estimate_links l where l.position_id = p.id and l.version_id = ${versionId})
      ) x`,
  );
  return c.codes ?? [];
}

/** Sets works' planned volume, labour and cost, one statement for them all. */
async function writePlanned(
  tx: DbOrTx,
  versionId: string,
  ids: number[],
  volume: (number | null)[],
  labour: (number | null)[],
  cost: (number | null)[],
) {
  if (ids.length === 0) return;
  await tx.execute(sql`
    update wbs_items w set planned_volume = t.volume, planned_labour = t.labour, planned_cost = t.cost,
      revision = w.revision + 1
    from unnest(${intArray(ids)}::int[], ${nullableArray(volume)}::float8[], ${nullableArray(labour)}::float8[],
      ${nullableArray(cost)}::float8[]) as t(id, volume, labour, cost)
    where w.id = t.id and w.version_id = ${versionId}`);
}

/**
 * Versions' calls that carry the estimates into the schedule (spec §7 Versions): `update-costs` (money, labour and
 * volume of the linked positions, by share, into the works' planned figures and their work-done plans — money as
 * the plans' cost and distributed price, which analytics shows as money), `update/estimated-data` (the planned
 * figures only) and clear estimates (the version's links to positions go). Each is one undoable change of the
 * version (wbs-changes.ts `applyChange`): the WBS and work-done plan events that follow make analytics count again.
 */
export class EstimateCosts {
  constructor(private readonly deps: { db: Db; events: WorkspaceEvents }) {}

  async update(scope: VersionScope, body: EstimateCostsBody, plans: boolean): Promise<EstimateCostsResult> {
    const { grant, version } = scope;
    let wdpItems: number[] = [];
    const done = await applyChange(
      this.deps,
      scope,
      "undo_wbs",
      plans ? "update_costs" : "estimated_data",
      async (tx) => {
        const costs = await readWorkCosts(tx, grant.space.id, version.id, body.itemIds ?? null);
        if (!costs) throw new AppError("CostrNothingLinked");
        await writePlanned(tx, version.id, costs.ids, costs.volume, costs.labour, costs.cost);
        // Only a whole-version update tells what stayed behind: some works' update leaves the others alone.
        const missingVolumeCodes = body.itemIds
          ? []
          : await readMissingVolumeCodes(tx, grant.space.id, version.id, scope.scheduleId);
        let planned: PlannedWrite = { before: [], written: [], skipped: [] };
        if (plans) {
          const totals: PlanTotal[] = [];
          costs.ids.forEach((itemId, k) => {
            totals.push({ itemId, measure: "volume", total: costs.volume[k] });
            totals.push({ itemId, measure: "labour", total: costs.labour[k] });
            totals.push({ itemId, measure: "cost", total: costs.cost[k] });
            totals.push({ itemId, measure: "distributed_price", total: costs.cost[k] });
          });
          planned = await setPlanTotals(
            tx,
            { spaceId: grant.space.id, versionId: version.id, entryDays: grant.space.settings.wdpEntryDays },
            totals,
          );
          wdpItems = [...new Set(planned.written.map((s) => s.itemId))];
        }
        const beforeKeys = new Set(planned.before.map((s) => `${s.itemId}|${s.measure}`));
        return {
          result: {
            works: costs.ids.length,
            withoutPlan: planned.skipped.length,
            cost: round(
              costs.cost.reduce((a, b) => a + b, 0),
              2,
            ),
            labour: round(
              costs.labour.reduce((a, b) => a + b, 0),
              3,
            ),
            missingVolumeCodes,
          },
          changed: costs.ids,
          itemCount: costs.ids.length,
          inverse: {
            wbsPlanned: { ids: costs.ids, volume: costs.oldVolume, labour: costs.oldLabour, cost: costs.oldCost },
            ...(plans
              ? {
                  wdp: {
                    restore: planned.before,
                    remove: planned.written
                      .filter((s) => !beforeKeys.has(`${s.itemId}|${s.measure}`))
                      .map((s) => ({ itemId: s.itemId, measure: s.measure, kind: s.kind })),
                  },
                }
              : {}),
          },
        };
      },
    );
    if (wdpItems.length)
      this.deps.events.wdpUpdated(grant.space.id, grant.userId, version.id, "update_costs", wdpItems);
    return done;
  }

  /** Takes the version's works (or some of them) off the estimates: their links to positions go. */
  async clear(scope: VersionScope, body: EstimateCostsBody) {
    const { grant, version } = scope;
    const only = body.itemIds ? sql`and item_id = any(${intArray(body.itemIds)}::int[])` : sql``;
    const c = await execColumns<{ n: number }>(
      this.deps.db,
      sql`with gone as (delete from estimate_links where space_id = ${grant.space.id} and version_id = ${version.id} ${only}
        returning item_id) select json_build_object('n', count(*), 'works', count(distinct item_id)) as j from gone`,
    );
    return { links: c.n };
  }
}

/** Rounded half away from zero, as PostgreSQL's `round` of numeric sums (a float's dust aside: 0.125 gives 0.13). */
const round = (x: number, decimals: number) => {
  const scale = 10 ** decimals;
  return (Math.sign(x) * Math.round(Math.abs(x) * scale * (1 + Number.EPSILON))) / scale;
};
