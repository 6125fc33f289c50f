import { EVENTS_PROTOCOL_VERSION, INDICATOR_FIGURES, type Indicator, type IndicatorBody } from "@planum/contracts";
import { FormulaError, indicatorOrder, namesOf, parseFormula } from "@planum/engine";
import { and, eq, inArray, isNull, or } from "drizzle-orm";
import { indicators, schedules } from "../../db/schema/index.js";
import type { NodeScope, ScheduleScope } from "../../platform/access.js";
import type { AppContext } from "../../platform/context.js";
import type { DbOrTx, Tx } from "../../platform/db.js";
import { AppError } from "../../platform/errors.js";
import { currentVersions } from "./analytics.repo.js";
import { indicatorOf } from "./indicator-rollup.js";
import { type IndicatorRow, storeIndicatorValues } from "./indicator-values.js";

type Deps = Pick<AppContext, "db" | "realtime">;
const FIGURES = new Set<string>(INDICATOR_FIGURES);

/** Where indicators are defined: a project (for every schedule below it) or one schedule. */
type Owner = { project: NodeScope } | { schedule: ScheduleScope };

/**
 * Indicator CRUD under projects and schedules (spec §7). A formula is checked before anything is written: it must
 * parse, divide by no literal zero, name only figures (INDICATOR_FIGURES) and indicators it can see (a project's
 * see the project's; a schedule's also its own), and close no loop. A change recomputes the values of the current
 * versions concerned in the same transaction and announces `schedule_indicator_calculate` for each.
 */
export class IndicatorsService {
  constructor(private readonly deps: Deps) {}

  private spaceOf(owner: Owner) {
    return "project" in owner ? owner.project.grant.space.id : owner.schedule.grant.space.id;
  }

  /** The owner's project and, for a schedule, the schedule. */
  private where(owner: Owner) {
    return "project" in owner
      ? { projectId: owner.project.node.id, scheduleId: null }
      : { projectId: owner.schedule.schedule.projectId, scheduleId: owner.schedule.schedule.id };
  }

  /** The indicators a key must not clash with, and those an owner's formulas may read. */
  private async around(db: DbOrTx, owner: Owner) {
    const spaceId = this.spaceOf(owner);
    const { projectId, scheduleId } = this.where(owner);
    const below = await db.select({ id: schedules.id }).from(schedules).where(eq(schedules.projectId, projectId));
    const all = (await db
      .select()
      .from(indicators)
      .where(
        and(
          eq(indicators.spaceId, spaceId),
          or(
            and(eq(indicators.projectId, projectId), isNull(indicators.scheduleId)),
            below.length
              ? inArray(
                  indicators.scheduleId,
                  below.map((s) => s.id),
                )
              : undefined,
          ),
        ),
      )
      .orderBy(indicators.createdAt, indicators.id)) as IndicatorRow[];
    const own = all.filter((i) => i.scheduleId === scheduleId);
    const project = all.filter((i) => i.scheduleId === null);
    // A project's key may not be taken by any schedule below (their formulas would see both).
    const clash = scheduleId ? [...project, ...own] : all;
    const readable = scheduleId ? [...project, ...own] : project;
    return { own, clash, readable, schedules: scheduleId ? [scheduleId] : below.map((s) => s.id) };
  }

  async list(owner: Owner): Promise<Indicator[]> {
    const { own } = await this.around(this.deps.db, owner);
    return own.map(indicatorOf);
  }

  private check(body: IndicatorBody, readable: IndicatorRow[], clash: IndicatorRow[], id: string | null) {
    if (FIGURES.has(body.key) || clash.some((i) => i.key === body.key && i.id !== id))
      throw new AppError("IndicatorKeyTaken", { key: body.key });
    let tree: ReturnType<typeof parseFormula>;
    try {
      tree = parseFormula(body.formula);
    } catch (error) {
      if (!(error instanceof FormulaError)) throw error;
      if (error.reason === "division_by_zero") throw new AppError("IndicatorDivisionByZero");
      throw new AppError("IndicatorFormulaSyntax", { position: error.position + 1 });
    }
    const others = readable.filter((i) => i.id !== id);
    const keys = new Set(others.map((i) => i.key));
    const names = namesOf(tree);
    for (const name of names)
      if (!FIGURES.has(name) && !keys.has(name) && name !== body.key)
        throw new AppError("IndicatorUnknownName", { name });
    // The changed indicator first: a loop is told from it ("y → z → y").
    const reads = new Map<string, Set<string>>([[body.key, names]]);
    for (const i of others) reads.set(i.key, namesOf(parseFormula(i.formula)));
    const order = indicatorOrder(reads);
    if ("cycle" in order) throw new AppError("IndicatorCycle", { loop: order.cycle.join(" → ") });
  }

  /** Recomputes the current versions' values of the schedules concerned; the caller announces after commit. */
  private async recompute(tx: Tx, spaceId: string, scheduleIds: string[]) {
    const current = await currentVersions(tx, spaceId, scheduleIds);
    for (const v of current) await storeIndicatorValues(tx, spaceId, v.id);
    return current;
  }

  private announce(spaceId: string, changed: { id: string; scheduleId: string }[]) {
    for (const v of changed)
      this.deps.realtime.toSpace({
        v: EVENTS_PROTOCOL_VERSION,
        type: "schedule_indicator_calculate",
        spaceId,
        byUserId: null,
        scheduleId: v.scheduleId,
        versionId: v.id,
      });
  }

  async create(owner: Owner, body: IndicatorBody): Promise<Indicator> {
    const spaceId = this.spaceOf(owner);
    const { row, changed } = await this.deps.db.transaction(async (tx) => {
      const around = await this.around(tx, owner);
      this.check(body, around.readable, around.clash, null);
      const [row] = await tx
        .insert(indicators)
        .values({ spaceId, ...this.where(owner), ...body })
        .returning();
      return { row: row as IndicatorRow, changed: await this.recompute(tx, spaceId, around.schedules) };
    });
    this.announce(spaceId, changed);
    return indicatorOf(row);
  }

  async update(owner: Owner, id: string, body: IndicatorBody): Promise<Indicator> {
    const spaceId = this.spaceOf(owner);
    const { row, changed } = await this.deps.db.transaction(async (tx) => {
      const around = await this.around(tx, owner);
      const old = around.own.find((i) => i.id === id);
      if (!old) throw new AppError("NotFound");
      this.check(body, around.readable, around.clash, id);
      if (old.key !== body.key) this.refuseIfRead(old, around.clash);
      const [row] = await tx
        .update(indicators)
        .set({ ...body, updatedAt: new Date() })
        .where(eq(indicators.id, id))
        .returning();
      return { row: row as IndicatorRow, changed: await this.recompute(tx, spaceId, around.schedules) };
    });
    this.announce(spaceId, changed);
    return indicatorOf(row);
  }

  async remove(owner: Owner, id: string): Promise<{ id: string }> {
    const spaceId = this.spaceOf(owner);
    const changed = await this.deps.db.transaction(async (tx) => {
      const around = await this.around(tx, owner);
      const old = around.own.find((i) => i.id === id);
      if (!old) throw new AppError("NotFound");
      this.refuseIfRead(old, around.clash);
      await tx.delete(indicators).where(eq(indicators.id, id));
      return this.recompute(tx, spaceId, around.schedules);
    });
    this.announce(spaceId, changed);
    return { id };
  }

  /** An indicator another formula reads keeps its key and stays. */
  private refuseIfRead(old: IndicatorRow, seen: IndicatorRow[]) {
    const by = seen.find((i) => i.id !== old.id && namesOf(parseFormula(i.formula)).has(old.key));
    if (by) throw new AppError("IndicatorInUse", { name: old.name, by: by.name });
  }
}
