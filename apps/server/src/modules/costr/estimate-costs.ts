import type { CostTotals, EstimateCostsBody, EstimateCostsResult } from "@planum/contracts";
import { sql } from "drizzle-orm";
import type { VersionScope } from "../../platform/access.js";
import type { Db, DbOrTx } from "../../platform/db.js";
import { AppError } from "../../platform/errors.js";
import { execColumns, intArray, nullableArray, textArray } from "../../platform/sql.js";
import type { WorkspaceEvents } from "../../platform/workspace-events.js";
import { applyChange } from "../workspace/wbs/wbs-changes.js";
import { readWorks, type WorkRow } from "../workspace/wdp/wdp.repo.js";
import { packSeries } from "../workspace/wdp/wdp-packed.js";
import { type PlanTotals, setPlanTotals } from "../workspace/wdp/wdp-plan-totals.js";
import { pricingsOf, readDecimals } from "./estimate-pricing.js";

type PlannedWrite = Awaited<ReturnType<typeof setPlanTotals>>;

/** The plans update-costs writes of a work. */
const PLAN_MEASURES = ["volume", "labour", "cost", "distributed_price"];

/** What the linked positions give the works, by their shares: money, labour hours and volume in base measures. */
interface WorkCosts {
  /** The works (ascending id), as the work-done plans read them, with their planned figures before. */
  works: WorkRow[];
  cost: number[];
  labour: number[];
  volume: number[];
  /** Codes of the project's positions linked to no work of the version (only when every work was asked for). */
  missingVolumeCodes: string[];
}

/** The positions of the estimates of a schedule's project, as columns. */
interface PositionColumns {
  /** Position, its estimate and section, base money, quantity, measure. */
  id: string[] | null;
  e: string[];
  s: string[];
  b: CostTotals[];
  q: number[];
  m: (string | null)[];
}

/**
 * Positions as columns, of a schedule's project (`scheduleId`) or by id: read by their estimates, so the database
 * walks one index range instead of looking each linked position up (20,000 lookups took a third of a second).
 */
function readPositions(tx: DbOrTx, spaceId: string, of: { scheduleId: string } | { ids: string[] }) {
  const where =
    "scheduleId" in of
      ? sql`p.estimate_id in (select e.id from estimates e join schedules s on s.project_id = e.project_id
          where s.id = ${of.scheduleId} and e.space_id = ${spaceId})`
      : sql`p.id = any(${textArray(of.ids)}::uuid[])`;
  return execColumns<PositionColumns>(
    tx,
    sql`select json_build_object('id', json_agg(p.id), 'e', json_agg(p.estimate_id), 's', json_agg(p.section_id),
        'b', json_agg(p.base), 'q', json_agg(p.quantity), 'm', json_agg(p.measure_id)) as j
      from estimate_positions p where p.space_id = ${spaceId} and ${where}`,
  );
}

/**
 * The codes a warning names positions by (norm code, else number, else name), sorted and distinct: read only for
 * the positions linked to no work, not along with the 20,000 positions a version's update reads.
 */
async function positionCodes(tx: DbOrTx, spaceId: string, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const c = await execColumns<{ c: string[] | null }>(
    tx,
    sql`select json_build_object('c', json_agg(distinct coalesce(nullif(btrim(p.norm_code), ''), nullif(btrim(p.num), ''),
        p.name))) as j
      from estimate_positions p where p.space_id = ${spaceId} and p.id = any(${textArray(ids)}::uuid[])`,
  );
  return (c.c ?? []).sort();
}

/**
 * The estimates' figures of a version's works, summed over their linked positions by share: money (the position's
 * total after coefficients, priced from its base: estimate-pricing.ts), labour hours, and quantity in the base
 * measure (a "100 м3" position of 0.45 is 45 м3). Rounded to 2 decimals (money) and 3 (the others). Optionally only
 * some works. Links, positions (those of the project: links join a project's positions to its own versions' works),
 * measures and works are each read as columns in one query and joined here; pricing and sums too, in work order.
 */
async function readWorkCosts(
  tx: DbOrTx,
  scope: { spaceId: string; versionId: string; scheduleId: string },
  itemIds: number[] | null,
): Promise<WorkCosts | null> {
  const { spaceId, versionId } = scope;
  const only = itemIds ? sql`and item_id = any(${intArray(itemIds)}::int[])` : sql``;
  const links = await execColumns<{ i: number[] | null; sh: number[]; p: string[] }>(
    tx,
    sql`select json_build_object('i', json_agg(item_id), 'sh', json_agg(share), 'p', json_agg(position_id)) as j
      from estimate_links where space_id = ${spaceId} and version_id = ${versionId} ${only}`,
  );
  if (!links.i) return null;
  const positions = await readPositions(tx, spaceId, scope);
  // Links join a project's positions to its own versions' works; one elsewhere (a schedule moved to another
  // project) is read by id.
  const inProject = new Set(positions.id);
  const others = [...new Set(links.p.filter((id) => !inProject.has(id)))];
  if (others.length) {
    const more = await readPositions(tx, spaceId, { ids: others });
    for (const key of ["id", "e", "s", "b", "q", "m"] as const)
      (positions[key] as unknown[]) = [...(positions[key] ?? []), ...(more[key] ?? [])];
  }
  const ids = positions.id ?? [];
  const at = new Map(ids.map((id, j) => [id, j]));
  const factors = await execColumns<{ id: string[] | null; f: number[] }>(
    tx,
    sql`select json_build_object('id', json_agg(id), 'f', json_agg(factor)) as j from costr_measures
      where space_id = ${spaceId}`,
  );
  const factorOf = new Map((factors.id ?? []).map((id, k) => [id, factors.f[k]]));
  const works = (await readWorks(tx, spaceId, versionId, [...new Set(links.i)]))
    .filter((w) => w.type !== "sum")
    .sort((a, b) => a.id - b.id);
  if (works.length === 0) return null;
  const slot = new Map(works.map((w, k) => [w.id, k]));
  const cost = new Float64Array(works.length);
  const labour = new Float64Array(works.length);
  const volume = new Float64Array(works.length);
  const linkedEstimates = new Set<string>();
  for (let k = 0; k < links.i.length; k++) {
    const j = at.get(links.p[k]);
    if (j !== undefined && slot.has(links.i[k])) linkedEstimates.add(positions.e[j]);
  }
  const pricings = await pricingsOf(tx, linkedEstimates, await readDecimals(tx, spaceId));
  for (let k = 0; k < links.i.length; k++) {
    const w = slot.get(links.i[k]);
    const j = at.get(links.p[k]);
    if (w === undefined || j === undefined) continue;
    const priced = pricings.get(positions.e[j])?.({ id: ids[j], sectionId: positions.s[j], base: positions.b[j] });
    const share = links.sh[k];
    const m = positions.m[j];
    cost[w] += (priced?.total ?? 0) * share;
    labour[w] += (priced?.labourHours ?? 0) * share;
    volume[w] += positions.q[j] * (m === null ? 1 : (factorOf.get(m) ?? 1)) * share;
  }
  // The project's positions whose volume reached no work of the version (spec §8 "missing volume codes").
  let missingVolumeCodes: string[] = [];
  if (!itemIds) {
    const linked = new Set(links.p);
    missingVolumeCodes = await positionCodes(
      tx,
      spaceId,
      ids.filter((id) => !linked.has(id)),
    );
  }
  return {
    works,
    cost: Array.from(cost, (x) => round(x, 2)),
    labour: Array.from(labour, (x) => round(x, 3)),
    volume: Array.from(volume, (x) => round(x, 3)),
    missingVolumeCodes,
  };
}

/**
 * Sets works' planned volume, labour and cost, one statement for them all; a work whose figures are those already
 * is left alone (no new row version, no revision). Answers the works changed with their new revisions.
 */
async function writePlanned(
  tx: DbOrTx,
  versionId: string,
  ids: number[],
  volume: (number | null)[],
  labour: (number | null)[],
  cost: (number | null)[],
): Promise<{ id: number; revision: number }[]> {
  if (ids.length === 0) return [];
  const c = await execColumns<{ i: number[] | null; r: number[] }>(
    tx,
    sql`with changed as (
      update wbs_items w set planned_volume = t.volume, planned_labour = t.labour, planned_cost = t.cost,
        revision = w.revision + 1
      from unnest(${intArray(ids)}::int[], ${nullableArray(volume)}::float8[], ${nullableArray(labour)}::float8[],
        ${nullableArray(cost)}::float8[]) as t(id, volume, labour, cost)
      where w.id = t.id and w.version_id = ${versionId}
        and (w.planned_volume, w.planned_labour, w.planned_cost) is distinct from (t.volume, t.labour, t.cost)
      returning w.id, w.revision)
    select json_build_object('i', json_agg(id order by id), 'r', json_agg(revision order by id)) as j from changed`,
  );
  return (c.i ?? []).map((id, k) => ({ id, revision: c.r[k] }));
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
        const costs = await readWorkCosts(
          tx,
          { spaceId: grant.space.id, versionId: version.id, scheduleId: scope.scheduleId },
          body.itemIds ?? null,
        );
        if (!costs) throw new AppError("CostrNothingLinked");
        const ids = costs.works.map((w) => w.id);
        const revisions = await writePlanned(tx, version.id, ids, costs.volume, costs.labour, costs.cost);
        // The undo puts back the figures of the works changed only.
        const changed = new Set(revisions.map((r) => r.id));
        const was = costs.works.filter((w) => changed.has(w.id));
        let planned: PlannedWrite = { before: [], written: [], skipped: [] };
        if (plans) {
          const totals: PlanTotals = new Map();
          ids.forEach((itemId, k) => {
            const cost = costs.cost[k];
            totals.set(itemId, { volume: costs.volume[k], labour: costs.labour[k], cost, distributed_price: cost });
          });
          planned = await setPlanTotals(
            tx,
            { spaceId: grant.space.id, versionId: version.id, entryDays: grant.space.settings.wdpEntryDays },
            costs.works,
            totals,
            changed,
          );
          wdpItems = [...new Set(planned.written.map((s) => s.itemId))];
        }
        return {
          result: {
            works: ids.length,
            withoutPlan: planned.skipped.length,
            cost: round(
              costs.cost.reduce((a, b) => a + b, 0),
              2,
            ),
            labour: round(
              costs.labour.reduce((a, b) => a + b, 0),
              3,
            ),
            // Only a whole-version update tells what stayed behind: some works' update leaves the others alone.
            missingVolumeCodes: costs.missingVolumeCodes,
          },
          changed: [...changed],
          revisions,
          itemCount: ids.length,
          inverse: {
            wbsPlanned: {
              ids: intArray(was.map((w) => w.id)),
              volume: nullableArray(was.map((w) => w.plannedVolume)),
              labour: nullableArray(was.map((w) => w.plannedLabour)),
              cost: nullableArray(was.map((w) => w.plannedCost)),
            },
            ...(plans
              ? { wdpPlans: { ids: wdpItems, measures: PLAN_MEASURES, before: packSeries(planned.before) } }
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
