import type { EstimateCostsBody, EstimateCostsResult } from "@planum/contracts";
import { sql } from "drizzle-orm";
import type { VersionScope } from "../../platform/access.js";
import type { Db, DbOrTx } from "../../platform/db.js";
import { AppError } from "../../platform/errors.js";
import { execColumns, intArray, nullableArray } from "../../platform/sql.js";
import type { WorkspaceEvents } from "../../platform/workspace-events.js";
import { applyChange } from "../workspace/wbs/wbs-changes.js";
import { type PlanTotal, setPlanTotals } from "../workspace/wdp/wdp-plan-totals.js";

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

/**
 * The estimates' figures of a version's works, summed over their linked positions by share: money (the position's
 * total after coefficients), labour hours, and quantity in the base measure (a "100 м3" position of 0.45 is 45 м3).
 * Rounded to 2 decimals (money) and 3 (the others). Optionally only some works.
 */
async function readWorkCosts(tx: DbOrTx, spaceId: string, versionId: string, itemIds: number[] | null) {
  const only = itemIds ? sql`and l.item_id = any(${intArray(itemIds)}::int[])` : sql``;
  const c = await execColumns<Partial<Record<keyof WorkCosts, unknown[]>>>(
    tx,
    sql`with sums as (
        select l.item_id as id,
          round(sum((p.priced->>'total')::numeric * l.share::numeric), 2)::float8 as cost,
          round(sum(coalesce((p.priced->>'labourHours')::numeric, 0) * l.share::numeric), 3)::float8 as labour,
          round(sum(p.quantity::numeric * coalesce(m.factor, 1)::numeric * l.share::numeric), 3)::float8 as volume
        from estimate_links l
        join estimate_positions p on p.id = l.position_id
        left join costr_measures m on m.id = p.measure_id
        where l.space_id = ${spaceId} and l.version_id = ${versionId} ${only}
        group by l.item_id)
      select json_build_object('ids', json_agg(s.id order by s.id), 'cost', json_agg(s.cost order by s.id),
        'labour', json_agg(s.labour order by s.id), 'volume', json_agg(s.volume order by s.id),
        'oldCost', json_agg(w.planned_cost order by s.id), 'oldLabour', json_agg(w.planned_labour order by s.id),
        'oldVolume', json_agg(w.planned_volume order by s.id)) as j
      from sums s join wbs_items w on w.id = s.id and w.version_id = ${versionId}
      where w.type <> 'sum'`,
  );
  return c.ids ? (c as unknown as WorkCosts) : null;
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

const round = (x: number, decimals: number) => Math.round(x * 10 ** decimals) / 10 ** decimals;
