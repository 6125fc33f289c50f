import type { UsageColumns, UsageGrouping } from "@planum/contracts";
import type { DemandRow } from "@planum/engine";
import type { UsageResource } from "./usage.repo.js";

/** A row of the usage view: what it shows and which resources it sums. */
export interface UsageRow extends DemandRow {
  kind: UsageColumns["rows"]["kind"][number];
  depth: number;
  code: string;
  name: string;
  unit: string;
}

/** Ids of a resource and all under it (a loop in bad data cannot trap the walk). */
export function subtreeOf(resources: readonly UsageResource[], rootId: string): string[] {
  const children = childrenByParent(resources);
  const out: string[] = [];
  const seen = new Set<string>();
  const walk = (id: string) => {
    if (seen.has(id)) return;
    seen.add(id);
    out.push(id);
    for (const c of children.get(id) ?? []) walk(c.id);
  };
  walk(rootId);
  return out;
}

function childrenByParent(resources: readonly UsageResource[]) {
  const ids = new Set(resources.map((r) => r.id));
  const out = new Map<string | null, UsageResource[]>();
  for (const r of resources) {
    const parent = r.parentId && ids.has(r.parentId) ? r.parentId : null;
    const list = out.get(parent) ?? [];
    list.push(r);
    out.set(parent, list);
  }
  return out;
}

const holds = (filter: string | undefined, ...texts: string[]) =>
  !filter || texts.some((t) => t.toLocaleLowerCase().includes(filter.toLocaleLowerCase()));

/**
 * Rows by resource: the directory depth first (ordered by code), a group summing itself and everything under it.
 * `rootId` keeps one subtree; `filter` keeps rows whose code or name holds it and their ancestors.
 */
export function resourceRows(resources: readonly UsageResource[], rootId?: string, filter?: string): UsageRow[] {
  const children = childrenByParent(resources);
  const out: UsageRow[] = [];
  const seen = new Set<string>();
  /** Appends the rows of a subtree; answers whether any row was kept, and the subtree's ids. */
  const walk = (r: UsageResource, depth: number): { kept: boolean; ids: string[]; supply: string[] } => {
    seen.add(r.id);
    const at = out.length;
    const row: UsageRow = {
      key: r.id,
      kind: "resource",
      depth,
      code: r.code,
      name: r.name,
      unit: r.unit,
      resourceIds: [],
    };
    out.push(row);
    const ids = [r.id];
    const supply: string[] = [];
    let keptBelow = false;
    for (const c of children.get(r.id) ?? []) {
      if (seen.has(c.id)) continue;
      const sub = walk(c, depth + 1);
      keptBelow ||= sub.kept;
      ids.push(...sub.ids);
      supply.push(...sub.supply);
    }
    if (ids.length > 1) {
      row.kind = "group";
      // A group with no availability of its own has its members' (it is not unlimited).
      if (r.availability.length > 0) supply.push(r.id);
      row.availabilityOf = supply;
    } else supply.push(r.id);
    row.resourceIds = ids;
    const kept = keptBelow || holds(filter, r.code, r.name);
    if (!kept) out.length = at;
    return { kept, ids, supply };
  };
  const roots = rootId ? resources.filter((r) => r.id === rootId) : (children.get(null) ?? []);
  for (const r of roots) walk(r, 0);
  return out;
}

/** Rows by specialty: each specialty sums the resources that have it (within `onlyIds` when given). */
export function specialtyRows(
  specialties: readonly { id: string; name: string }[],
  resources: readonly UsageResource[],
  onlyIds?: ReadonlySet<string>,
  filter?: string,
): UsageRow[] {
  return specialties
    .filter((s) => holds(filter, s.name))
    .map((s) => {
      const members = resources.filter((r) => r.specialtyId === s.id && (!onlyIds || onlyIds.has(r.id)));
      const units = new Set(members.map((r) => r.unit));
      return {
        key: s.id,
        kind: "specialty" as const,
        depth: 0,
        code: "",
        name: s.name,
        unit: units.size === 1 ? [...units][0] : "",
        resourceIds: members.map((r) => r.id),
      };
    });
}

/** The row a resource's bars go on: its own row by resource, its specialty's by specialty; -1 when not shown. */
export function barRowOf(rows: readonly UsageRow[], resources: readonly UsageResource[], by: UsageGrouping) {
  const index = new Map(rows.map((r, k) => [r.key, k]));
  const specialtyOf = new Map(resources.map((r) => [r.id, r.specialtyId]));
  return (resourceId: string) => {
    const key = by === "specialty" ? specialtyOf.get(resourceId) : resourceId;
    return (key ? index.get(key) : undefined) ?? -1;
  };
}
