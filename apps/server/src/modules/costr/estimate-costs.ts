import type { EstimateCostsBody, EstimateCostsResult } from "@planum/contracts";
import { sql } from "drizzle-orm";
import type { VersionScope } from "../../platform/access.js";
import type { Db, DbOrTx } from "../../platform/db.js";
import { AppError } from "../../platform/errors.js";
import { execColumns, intArray, nullableArray, textArray, withHashJoins } from "../../platform/sql.js";
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

/**
 * The linked positions of one section, one entry per link: the work and its share, the position's money parts (what
 * pricing needs of `base`: priceParts totals them again), labour hours, and quantity in the base measure. `own`: per
 * link the position's id where it has coefficients of its own (else null); null for a section with none.
 */
interface LinkGroup {
  s: string;
  e: string;
  own: (string | null)[] | null;
  i: number[];
  sh: number[];
  w: number[];
  ma: number[];
  mt: number[];
  o: number[];
  p: number[];
  l: number[];
  q: number[];
}

/**
 * A version's links (or those of some works) with their positions, joined in the database and grouped by section:
 * only numbers cross, a section's and an estimate's id once — not 20,000 positions' ids, sections and `base` objects
 * to be joined in JavaScript (that read and its JSON were a quarter of update-costs). Joined by hashing (the embedded
 * database keeps no statistics and would probe an index per link). `inProject`: positions of the given estimates (an
 * index range; with `missing` also those linked to no work, whose codes — norm code, else number, else name — come
 * back distinct as `c`) and the number of links of the version as `t`; `outside`: the links' positions elsewhere (a
 * schedule moved to another project). `n`: the links read.
 */
function readLinkGroups(
  tx: DbOrTx,
  scope: { spaceId: string; versionId: string },
  estimateIds: readonly string[],
  itemIds: number[] | null,
  part: "inProject" | "outside",
  missing: boolean,
) {
  const { spaceId, versionId } = scope;
  const estimates = sql`${textArray(estimateIds)}::uuid[]`;
  const onLink = sql`l.space_id = ${spaceId} and l.version_id = ${versionId}
    ${itemIds ? sql`and l.item_id = any(${intArray(itemIds)}::int[])` : sql``}`;
  const joins = sql`left join costr_measures m on m.id = p.measure_id and m.space_id = ${spaceId}
    left join (select distinct c.position_id from estimate_coefficients c where c.position_id is not null
      ${part === "inProject" ? sql`and c.estimate_id = any(${estimates})` : sql``}) own on own.position_id = p.id`;
  const rows =
    part === "inProject"
      ? sql`from estimate_positions p ${missing ? sql`left` : sql``} join estimate_links l on l.position_id = p.id and ${onLink}
        ${joins} where p.space_id = ${spaceId} and p.estimate_id = any(${estimates})`
      : sql`from estimate_links l join estimate_positions p on p.id = l.position_id ${joins}
        where ${onLink} and p.space_id = ${spaceId} and p.estimate_id <> all(${estimates})`;
  return withHashJoins(tx, (hx) =>
    execColumns<{ g: LinkGroup[] | null; n: number; t: number | null; c: string[] | null }>(
      hx,
      sql`with x as materialized (
          select p.estimate_id, p.section_id, p.base, p.quantity * coalesce(m.factor, 1) as q, l.item_id, l.share,
            case when own.position_id is not null then p.id end as own
            ${missing ? sql`, coalesce(nullif(btrim(p.norm_code), ''), nullif(btrim(p.num), ''), p.name) as code` : sql``}
          ${rows})
        select json_build_object(
          'g', (select json_agg(g) from (
            select x.section_id as s, x.estimate_id as e,
              case when bool_or(x.own is not null) then json_agg(x.own) end as own,
              json_agg(x.item_id) as i, json_agg(x.share) as sh, json_agg(x.base -> 'wages') as w,
              json_agg(x.base -> 'machines') as ma, json_agg(x.base -> 'materials') as mt,
              json_agg(x.base -> 'overhead') as o, json_agg(x.base -> 'profit') as p,
              json_agg(x.base -> 'labourHours') as l, json_agg(x.q) as q
            from x where x.item_id is not null group by x.section_id, x.estimate_id) g),
          'n', (select count(*) from x where x.item_id is not null),
          't', ${part === "inProject" ? sql`(select count(*) from estimate_links l where ${onLink})` : sql`null`},
          'c', ${missing ? sql`(select json_agg(distinct x.code) from x where x.item_id is null)` : sql`null`}) as j`,
    ),
  );
}

/**
 * The estimates' figures of a version's works, summed over their linked positions by share: money (the position's
 * total after coefficients, priced from its base: estimate-pricing.ts), labour hours, and quantity in the base
 * measure (a "100 м3" position of 0.45 is 45 м3). Rounded to 2 decimals (money) and 3 (the others). Optionally only
 * some works. Links and positions (those of the project: links join a project's positions to its own versions'
 * works) are read joined, by section (readLinkGroups), and the works as columns; pricing and sums here, in work order.
 */
async function readWorkCosts(
  tx: DbOrTx,
  scope: { spaceId: string; versionId: string; scheduleId: string },
  itemIds: number[] | null,
): Promise<WorkCosts | null> {
  const { spaceId, versionId } = scope;
  const project = await execColumns<{ e: string[] | null }>(
    tx,
    sql`select json_build_object('e', json_agg(e.id)) as j from estimates e
      join schedules s on s.project_id = e.project_id where s.id = ${scope.scheduleId} and e.space_id = ${spaceId}`,
  );
  const estimateIds = project.e ?? [];
  const inProject = await readLinkGroups(tx, scope, estimateIds, itemIds, "inProject", !itemIds);
  if (!inProject.t) return null;
  const groups = inProject.g ?? [];
  // Links join a project's positions to its own versions' works; those elsewhere (a schedule moved to another
  // project) are read apart.
  if (inProject.n < inProject.t)
    groups.push(...((await readLinkGroups(tx, scope, estimateIds, itemIds, "outside", false)).g ?? []));
  const linkedItems = new Set<number>();
  for (const g of groups) for (const id of g.i) linkedItems.add(id);
  const works = (await readWorks(tx, spaceId, versionId, [...linkedItems]))
    .filter((w) => w.type !== "sum")
    .sort((a, b) => a.id - b.id);
  if (works.length === 0) return null;
  const slot = new Map(works.map((w, k) => [w.id, k]));
  const cost = new Float64Array(works.length);
  const labour = new Float64Array(works.length);
  const volume = new Float64Array(works.length);
  const linkedEstimates = new Set<string>();
  for (const g of groups) if (g.i.some((id) => slot.has(id))) linkedEstimates.add(g.e);
  const pricings = await pricingsOf(tx, linkedEstimates, await readDecimals(tx, spaceId));
  for (const g of groups) {
    const price = pricings.get(g.e);
    for (let k = 0; k < g.i.length; k++) {
      const w = slot.get(g.i[k]);
      if (w === undefined) continue;
      const base = {
        wages: g.w[k],
        machines: g.ma[k],
        materials: g.mt[k],
        overhead: g.o[k],
        profit: g.p[k],
        total: 0,
        labourHours: g.l[k],
      };
      const priced = price?.({ id: g.own?.[k] ?? "", sectionId: g.s, base });
      const share = g.sh[k];
      cost[w] += (priced?.total ?? 0) * share;
      labour[w] += (priced?.labourHours ?? 0) * share;
      volume[w] += g.q[k] * share;
    }
  }
  return {
    works,
    cost: Array.from(cost, (x) => round(x, 2)),
    labour: Array.from(labour, (x) => round(x, 3)),
    volume: Array.from(volume, (x) => round(x, 3)),
    // The project's positions whose volume reached no work of the version (spec §8 "missing volume codes").
    missingVolumeCodes: (inProject.c ?? []).sort(),
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
