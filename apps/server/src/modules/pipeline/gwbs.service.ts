import { DEFAULT_PIPE_SETTINGS, type Gwbs, type GwbsItem, type gwbsItemBody } from "@planum/contracts";
import { and, eq } from "drizzle-orm";
import type { z } from "zod";
import { schedules, versions } from "../../db/schema/index.js";
import { abilitiesAt, type NodeScope } from "../../platform/access.js";
import type { Db, DbOrTx } from "../../platform/db.js";
import { AppError } from "../../platform/errors.js";
import type { Realtime } from "../../platform/realtime.js";
import {
  type CountedItem,
  countedVersions,
  deleteItem,
  type GwbsRow,
  insertItem,
  matchedWorks,
  readItems,
  storeCount,
  updateItem,
} from "./gwbs.repo.js";
import { readSettings, saveSettings } from "./pipeline.repo.js";

type ItemBody = z.output<typeof gwbsItemBody>;

/**
 * The project's general WBS (docs/domain.md "Project pipeline"): items with codes, counted from the works of the
 * project's schedules whose own or parents' WBS code is the item's. Every change recounts (the answer is the tree
 * as it now reads); `calculateAfter` also recounts after each completed calculation of one of the project's
 * schedules, on the process that calculated.
 */
export class GwbsService {
  log: (message: string, error: unknown) => void = () => {};

  constructor(private readonly deps: { db: Db; realtime: Realtime }) {
    deps.realtime.onSpaceEvent((event) => {
      if (event.type !== "timetable_calculate" || event.status !== "completed") return;
      this.afterCalculation(event.spaceId, event.versionId).catch((error) =>
        this.log("gwbs: not recounted after a calculation", error),
      );
    });
  }

  async read(scope: NodeScope, db: DbOrTx = this.deps.db): Promise<Gwbs> {
    const spaceId = scope.grant.space.id;
    const projectId = scope.node.id;
    const [rows, settings, held, counted] = await Promise.all([
      readItems(db, spaceId, projectId),
      readSettings(db, projectId),
      abilitiesAt(db, scope.grant, scope.lineage),
      countedVersions(db, spaceId, projectId),
    ]);
    const calculatedAt = rows.reduce<Date | null>(
      (last, r) => (r.calculatedAt && (!last || r.calculatedAt > last) ? r.calculatedAt : last),
      null,
    );
    return {
      projectId,
      items: treeOrder(rows).map(toItem),
      calculateAfter: { ...DEFAULT_PIPE_SETTINGS, ...(settings ?? {}) }.gwbsCalculateAfter,
      calculatedAt: calculatedAt?.toISOString() ?? null,
      schedules: counted.length,
      canWrite: held.includes("eps:write"),
    };
  }

  async create(scope: NodeScope, body: ItemBody): Promise<Gwbs> {
    const spaceId = scope.grant.space.id;
    const projectId = scope.node.id;
    await this.deps.db.transaction(async (tx) => {
      const rows = await readItems(tx, spaceId, projectId);
      if (body.parentId && !rows.some((r) => r.id === body.parentId)) throw new AppError("NotFound");
      if (rows.some((r) => r.code === body.code)) throw new AppError("GwbsCodeTaken", { code: body.code });
      if (!(await insertItem(tx, { spaceId, projectId, ...body })))
        throw new AppError("GwbsCodeTaken", { code: body.code });
    });
    await this.count(spaceId, projectId);
    return this.read(scope);
  }

  /** Renames, recodes or moves an item; never under itself or one of its own descendants (`InvalidParent`). */
  async update(scope: NodeScope, itemId: string, body: ItemBody): Promise<Gwbs> {
    const spaceId = scope.grant.space.id;
    const projectId = scope.node.id;
    await this.deps.db.transaction(async (tx) => {
      const rows = await readItems(tx, spaceId, projectId);
      if (!rows.some((r) => r.id === itemId)) throw new AppError("NotFound");
      if (body.parentId && !rows.some((r) => r.id === body.parentId)) throw new AppError("NotFound");
      if (body.parentId && descendantsOf(rows, itemId).has(body.parentId))
        throw new AppError("InvalidParent", { field: "parentId" });
      if (rows.some((r) => r.code === body.code && r.id !== itemId))
        throw new AppError("GwbsCodeTaken", { code: body.code });
      await updateItem(tx, spaceId, projectId, itemId, body);
    });
    await this.count(spaceId, projectId);
    return this.read(scope);
  }

  async delete(scope: NodeScope, itemId: string): Promise<Gwbs> {
    const spaceId = scope.grant.space.id;
    const projectId = scope.node.id;
    if (!(await deleteItem(this.deps.db, spaceId, projectId, itemId))) throw new AppError("NotFound");
    await this.count(spaceId, projectId);
    return this.read(scope);
  }

  async setCalculateAfter(scope: NodeScope, enabled: boolean): Promise<Gwbs> {
    const spaceId = scope.grant.space.id;
    const projectId = scope.node.id;
    await this.deps.db.transaction(async (tx) => {
      const saved = await readSettings(tx, projectId);
      await saveSettings(tx, spaceId, projectId, {
        ...DEFAULT_PIPE_SETTINGS,
        ...(saved ?? {}),
        gwbsCalculateAfter: enabled,
      });
    });
    if (enabled) await this.count(spaceId, projectId);
    return this.read(scope);
  }

  async calculateNow(scope: NodeScope): Promise<Gwbs> {
    await this.count(scope.grant.space.id, scope.node.id);
    return this.read(scope);
  }

  /** Counts every item of the project from the works of its schedules' counted versions, and stores the count. */
  async count(spaceId: string, projectId: string) {
    const { db } = this.deps;
    const rows = await readItems(db, spaceId, projectId);
    if (!rows.length) return;
    const works = await matchedWorks(db, spaceId, projectId, await countedVersions(db, spaceId, projectId));
    await storeCount(db, spaceId, projectId, rollUp(rows, works));
  }

  private async afterCalculation(spaceId: string, versionId: string) {
    const { db } = this.deps;
    const [row] = await db
      .select({ projectId: schedules.projectId })
      .from(versions)
      .innerJoin(schedules, eq(schedules.id, versions.scheduleId))
      .where(and(eq(versions.spaceId, spaceId), eq(versions.id, versionId)));
    if (!row) return;
    const settings = await readSettings(db, row.projectId);
    if (settings?.gwbsCalculateAfter) await this.count(spaceId, row.projectId);
  }
}

function toItem(row: GwbsRow): GwbsItem {
  return {
    id: row.id,
    parentId: row.parentId,
    code: row.code,
    name: row.name,
    start: row.start,
    finish: row.finish,
    progress: row.progress,
    works: row.works,
  };
}

/** Parents before their children, siblings by code (rows come sorted by code). */
function treeOrder(rows: GwbsRow[]): GwbsRow[] {
  const children = new Map<string | null, GwbsRow[]>();
  for (const r of rows) children.set(r.parentId, [...(children.get(r.parentId) ?? []), r]);
  const out: GwbsRow[] = [];
  const walk = (parentId: string | null) => {
    for (const r of children.get(parentId) ?? []) {
      out.push(r);
      walk(r.id);
    }
  };
  walk(null);
  return out;
}

function descendantsOf(rows: GwbsRow[], id: string): Set<string> {
  const found = new Set<string>([id]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const r of rows)
      if (r.parentId && found.has(r.parentId) && !found.has(r.id)) {
        found.add(r.id);
        grew = true;
      }
  }
  return found;
}

/**
 * Each item's works are its own matches and its descendants' (a work counted once however many codes of its path
 * match): earliest start, latest finish, % complete weighted by duration (plain mean when every duration is 0).
 */
export function rollUp(
  rows: GwbsRow[],
  works: {
    gwbsId: string;
    workId: number;
    start: string | null;
    finish: string | null;
    percent: number;
    duration: number;
  }[],
): CountedItem[] {
  const own = new Map<string, Map<number, (typeof works)[number]>>();
  for (const w of works) {
    const set = own.get(w.gwbsId) ?? new Map();
    set.set(w.workId, w);
    own.set(w.gwbsId, set);
  }
  const ordered = treeOrder(rows);
  const all = new Map<string, Map<number, (typeof works)[number]>>();
  for (const r of [...ordered].reverse()) {
    const set = new Map(own.get(r.id) ?? []);
    for (const child of ordered)
      if (child.parentId === r.id) for (const [k, v] of all.get(child.id) ?? []) set.set(k, v);
    all.set(r.id, set);
  }
  return ordered.map((r) => {
    const list = [...(all.get(r.id) ?? new Map()).values()];
    if (!list.length) return { id: r.id, start: null, finish: null, progress: null, works: 0 };
    let start: string | null = null;
    let finish: string | null = null;
    let weighted = 0;
    let days = 0;
    let plain = 0;
    for (const w of list) {
      if (w.start && (!start || w.start < start)) start = w.start;
      if (w.finish && (!finish || w.finish > finish)) finish = w.finish;
      weighted += w.percent * w.duration;
      days += w.duration;
      plain += w.percent;
    }
    const progress = days > 0 ? weighted / days : plain / list.length;
    return { id: r.id, start, finish, progress: Math.round(progress * 10) / 10, works: list.length };
  });
}
