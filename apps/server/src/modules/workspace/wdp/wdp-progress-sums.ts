import type { WdpProgressRow, WdpProgressSum } from "@planum/contracts";
import type { DbOrTx } from "../../../platform/db.js";
import { readWorks } from "./wdp.repo.js";
import { round } from "./wdp-days.js";
import { planTotals } from "./wdp-store.js";

type Figures = { volume: number; labour: number; cost: number };
const zero = (): Figures => ({ volume: 0, labour: 0, cost: 0 });

/**
 * The planning tab's summaries (issue 12, "totals per work, summary"): each WBS sum's planned quantities (every
 * work's plan below it) and done quantities (the facts counted as of the data date, `rows`), rolled up through the
 * tree deepest first. Labour and cost always add up; volume only while the works below share one unit (m³ and t do
 * not add: null). In tree order, sums with nothing planned or done left out.
 */
export async function progressSums(
  db: DbOrTx,
  spaceId: string,
  versionId: string,
  rows: readonly WdpProgressRow[],
): Promise<WdpProgressSum[]> {
  const works = await readWorks(db, spaceId, versionId);
  const plans = await planTotals(
    db,
    spaceId,
    versionId,
    works.filter((w) => w.type !== "sum").map((w) => w.id),
  );
  const node = new Map(
    works.map((w) => [
      w.id,
      { work: w, planned: zero(), actual: zero(), units: new Set<string>(w.type === "sum" ? [] : [w.unit ?? ""]) },
    ]),
  );
  for (const p of plans) {
    const n = node.get(p.itemId);
    if (n && (p.measure === "volume" || p.measure === "labour" || p.measure === "cost"))
      n.planned[p.measure] += p.total;
  }
  for (const r of rows) {
    const n = node.get(r.itemId);
    if (n) n.actual = { ...r.actual };
  }
  const depth = new Map<number, number>();
  const depthOf = (id: number): number => {
    const known = depth.get(id);
    if (known !== undefined) return known;
    const parent = node.get(id)?.work.parentId;
    const d = parent != null && node.has(parent) ? depthOf(parent) + 1 : 0;
    depth.set(id, d);
    return d;
  };
  for (const n of [...node.values()].sort((a, b) => depthOf(b.work.id) - depthOf(a.work.id))) {
    const parent = n.work.parentId != null ? node.get(n.work.parentId) : undefined;
    if (!parent) continue;
    for (const m of ["volume", "labour", "cost"] as const) {
      parent.planned[m] += n.planned[m];
      parent.actual[m] += n.actual[m];
    }
    // Only works that carry a volume decide whether the sum's volume adds up.
    if (n.work.type === "sum" || n.planned.volume !== 0 || n.actual.volume !== 0)
      for (const u of n.units) parent.units.add(u);
  }
  const out: WdpProgressSum[] = [];
  for (const n of node.values()) {
    if (n.work.type !== "sum") continue;
    const { planned, actual } = n;
    if (![planned.volume, planned.labour, planned.cost, actual.volume, actual.labour, actual.cost].some((v) => v !== 0))
      continue;
    const oneUnit = n.units.size <= 1;
    const volume = (v: number) => (oneUnit ? round(v) : null);
    out.push({
      itemId: n.work.id,
      parentId: n.work.parentId,
      code: n.work.code,
      name: n.work.name,
      unit: oneUnit ? ([...n.units][0] ?? "") || null : null,
      planned: { volume: volume(planned.volume), labour: round(planned.labour), cost: round(planned.cost) },
      actual: { volume: volume(actual.volume), labour: round(actual.labour), cost: round(actual.cost) },
    });
  }
  return out;
}
