import {
  readWdpValue,
  WDP_DECIMALS,
  type WdpChange,
  type WdpDistributeBody,
  type WdpDistributionMode,
  type WdpKind,
  type WdpLimit,
  type WdpMeasure,
  type WdpReport,
  type WdpSeries,
  type WdpStatus,
} from "@planum/contracts";
import {
  buildCalendar,
  type Calendar,
  type DaySeries,
  type SpreadOptions,
  seriesUnits,
  setDays,
  spreadTotal,
  valueAt,
  workingDaysOf,
} from "@planum/engine";
import { type Grant, loadVersion, type ScheduleScope, type VersionScope } from "../../../platform/access.js";
import type { Db, DbOrTx, Tx } from "../../../platform/db.js";
import { AppError } from "../../../platform/errors.js";
import type { WorkspaceEvents } from "../../../platform/workspace-events.js";
import { ensureDefaultCalendar } from "../../calendars/calendars.service.js";
import { recordUndo } from "../undo/undo.repo.js";
import {
  defaultVersionId,
  deleteWorkStates,
  factWorkCount,
  lockVersionForWdp,
  planTotals,
  readSeries,
  readSeriesByKeys,
  readWorkStates,
  readWorks,
  type SeriesRow,
  seriesKey,
  spaceCalendars,
  versionSpace,
  versionTotals,
  type WdpOptions,
  type WorkRow,
  type WorkState,
  writeSeries,
  writeWorkStates,
} from "./wdp.repo.js";

const DAY_MS = 86_400_000;
const MINUTES_PER_DAY = 1440;
/** Day number of "YYYY-MM-DD". */
export const dayOf = (date: string) => Math.floor(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
/** "YYYY-MM-DD" of a day number. */
export const dateOf = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);
/** The spec's display format (DD.MM.YYYY) for messages. */
export const shown = (day: number) => {
  const iso = dateOf(day);
  return `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;
};
/** Today as a day number: the server's UTC date (as `todayAt` of platform/time.ts). */
export const today = () => Math.floor(Date.now() / DAY_MS);

export const workName = (w: Pick<WorkRow, "code" | "name">) => (w.code ? `${w.code} ${w.name}` : w.name);
const round = (v: number) => Math.round(v * 10 ** WDP_DECIMALS) / 10 ** WDP_DECIMALS;
/** Measures whose planned quantity sits on the work (planned volume, labour, cost). */
const PLANNED: Partial<Record<WdpMeasure, keyof WorkRow>> = {
  volume: "plannedVolume",
  labour: "plannedLabour",
  cost: "plannedCost",
};

function toDto(row: SeriesRow): WdpSeries {
  return {
    itemId: row.itemId,
    measure: row.measure,
    kind: row.kind,
    start: dateOf(row.startDay),
    values: row.values,
    total: row.total,
  };
}
export const asSeries = (row: SeriesRow | undefined, fallbackStart = 0): DaySeries =>
  row ? { start: row.startDay, values: row.values } : { start: fallbackStart, values: [] };
export const fromSeries = (
  key: { itemId: number; measure: WdpMeasure; kind: WdpKind },
  series: DaySeries,
): SeriesRow => ({
  ...key,
  startDay: series.start,
  values: series.values,
  total: seriesUnits(series, WDP_DECIMALS) / 10 ** WDP_DECIMALS,
});

/** Calendars of a space as engine arithmetic, built once per calendar id. */
export class CalendarBook {
  private readonly built = new Map<string, Calendar>();
  constructor(
    private readonly inputs: Map<string, Parameters<typeof buildCalendar>[0]>,
    private readonly defaultId: string,
  ) {}
  static async load(db: DbOrTx, spaceId: string) {
    const def = await ensureDefaultCalendar(db, spaceId);
    const rows = await spaceCalendars(db, spaceId);
    return new CalendarBook(new Map(rows.map((r) => [r.id, r])), def.id);
  }
  of(id: string | null): Calendar {
    const key = id && this.inputs.has(id) ? id : this.defaultId;
    let cal = this.built.get(key);
    if (!cal) {
      cal = buildCalendar(this.inputs.get(key) as Parameters<typeof buildCalendar>[0]);
      this.built.set(key, cal);
    }
    return cal;
  }
}

/** What one change writes: series (empty = removed) and works' states. */
interface Writes {
  series: SeriesRow[];
  works: WorkState[];
  /** Works whose whole plan goes (their wdp_works rows are deleted). */
  clearWorks?: number[];
  /** The stored series of (at least) the written keys, when the change has read them already. */
  before?: SeriesRow[];
  /** Approval reports as they were before the change (null: the change created it), for undo (wdp-approval). */
  reports?: { id: string; row: Record<string, unknown> | null; itemIds: number[] }[];
  /** Works the change concerns beyond those written (a report's works), announced in `wdp_updated`. */
  touched?: number[];
}

interface EntryRules {
  today: number;
  earliest: number | null;
}

/**
 * Work-done plans (spec §1, §3, §7; model in docs/domain.md): per work, measure and day the planned, actual and
 * approved quantities. Every change runs in one transaction that refuses a locked version, records its inverse as
 * `undo_wdp` and is announced to the space as `wdp_updated`.
 */
export class WdpService {
  constructor(private readonly deps: { db: Db; events: WorkspaceEvents }) {}

  // ---- scope ----

  /** A version named in a schedule call's body or query: it must belong to that schedule (else 404). */
  async versionOf(scope: ScheduleScope, versionId: string | undefined): Promise<VersionScope> {
    const id = versionId ?? (await defaultVersionId(this.deps.db, scope.grant.space.id, scope.schedule.id));
    if (!id) throw new AppError("NotFound");
    const vs = await loadVersion(this.deps.db, scope.grant, id);
    if (vs.scheduleId !== scope.schedule.id) throw new AppError("NotFound");
    return vs;
  }

  entryRules(grant: Grant): EntryRules {
    const days = grant.space.settings.wdpEntryDays;
    const t = today();
    return { today: t, earliest: days == null ? null : t - days };
  }

  limit(grant: Grant): WdpLimit {
    const rules = this.entryRules(grant);
    return {
      entryDays: grant.space.settings.wdpEntryDays ?? null,
      keyDate: dateOf(rules.today),
      earliest: rules.earliest === null ? null : dateOf(rules.earliest),
    };
  }

  // ---- reads ----

  async list(vs: VersionScope, query: { itemIds?: string; from?: string; to?: string }) {
    const ids = query.itemIds ? query.itemIds.split(",").map(Number) : undefined;
    const series = await readSeries(this.deps.db, vs.grant.space.id, vs.version.id, {
      itemIds: ids,
      from: query.from ? dayOf(query.from) : undefined,
      to: query.to ? dayOf(query.to) : undefined,
    });
    const states = await readWorks(this.deps.db, vs.grant.space.id, vs.version.id, ids);
    return {
      versionId: vs.version.id,
      series: series.map(toDto),
      works: states.map((w) => ({ itemId: w.id, status: w.status ?? "active", mode: w.mode ?? "evenly" })),
    };
  }

  async actualInfo(vs: VersionScope) {
    const { db } = this.deps;
    const totals = await versionTotals(db, vs.grant.space.id, vs.version.id);
    const by = (kind: WdpKind) =>
      Object.fromEntries(totals.filter((t) => t.kind === kind).map((t) => [t.measure, round(t.total)]));
    const facts = totals.filter((t) => t.kind === "fact" && t.works > 0);
    return {
      versionId: vs.version.id,
      firstFactDate: facts.length ? dateOf(Math.min(...facts.map((f) => f.first))) : null,
      lastFactDate: facts.length ? dateOf(Math.max(...facts.map((f) => f.last))) : null,
      worksWithFacts: await factWorkCount(db, vs.grant.space.id, vs.version.id),
      plan: by("plan"),
      fact: by("fact"),
      approvedPlan: by("approved_plan"),
    };
  }

  /**
   * For one day and measure, each planned work's plan and fact that day, what remains of its plan after the facts
   * up to the day, and what each of its remaining working days must carry to finish on time.
   */
  async atDay(vs: VersionScope, query: { date: string; measure: WdpMeasure }) {
    const { db } = this.deps;
    const day = dayOf(query.date);
    const works = (await readWorks(db, vs.grant.space.id, vs.version.id)).filter(
      (w) => w.type !== "sum" && w.status !== "disabled",
    );
    const series = await readSeries(db, vs.grant.space.id, vs.version.id, {
      measures: [query.measure],
      kinds: ["plan", "fact"],
    });
    const byKey = new Map(series.map((s) => [seriesKey(s), s]));
    const book = await CalendarBook.load(db, vs.grant.space.id);
    const out = [];
    for (const w of works) {
      const plan = byKey.get(seriesKey({ itemId: w.id, measure: query.measure, kind: "plan" }));
      const fact = byKey.get(seriesKey({ itemId: w.id, measure: query.measure, kind: "fact" }));
      if (!plan && !fact) continue;
      let factUpTo = 0;
      if (fact) for (let k = 0; k < fact.values.length && fact.startDay + k <= day; k++) factUpTo += fact.values[k];
      const remaining = round(Math.max(0, (plan?.total ?? 0) - factUpTo));
      const remainingDays =
        w.finish !== null && w.finish > (day + 1) * MINUTES_PER_DAY
          ? workingDaysOf(book.of(w.calendarId), Math.max((day + 1) * MINUTES_PER_DAY, w.start ?? 0), w.finish).length
          : 0;
      out.push({
        itemId: w.id,
        code: w.code,
        name: w.name,
        plan: plan ? valueAt(asSeries(plan), day) : 0,
        fact: fact ? valueAt(asSeries(fact), day) : 0,
        remaining,
        remainingDays,
        perDay: remainingDays > 0 ? round(remaining / remainingDays) : null,
      });
    }
    return out;
  }

  /**
   * Plan against fact per work for a period (both days included) and for the whole work, rolled up to summaries in
   * one pass over the tree (children after parents in tree order, so a reverse walk sums them), and for the version.
   */
  async report(vs: VersionScope, query: { from: string; to: string; measure: WdpMeasure }): Promise<WdpReport> {
    const { db } = this.deps;
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

  // ---- changes ----

  /** Works of the version by id, every id found and able to carry a plan, or the change is refused. */
  async worksFor(tx: DbOrTx, vs: VersionScope, ids: number[], opts: { active?: boolean } = {}) {
    const unique = [...new Set(ids)];
    const works = await readWorks(tx, vs.grant.space.id, vs.version.id, unique);
    if (works.length !== unique.length) throw new AppError("NotFound");
    for (const w of works) {
      if (w.type === "sum") throw new AppError("InvalidValue", { field: "itemId" });
      if (opts.active && w.status === "disabled") throw new AppError("WdpWorkDisabled", { work: workName(w) });
    }
    return new Map(works.map((w) => [w.id, w]));
  }

  /** The spec's rules for one entered value (§5): a number, not negative, facts not in the future, in the period. */
  checkCell(rules: EntryRules, work: WorkRow, kind: WdpKind, day: number, raw: number | string): number {
    const where = { work: workName(work), date: shown(day) };
    if (kind === "approved_plan") throw new AppError("WdpApprovedPlanByApproval", where);
    const value = readWdpValue(raw);
    if (value === null) throw new AppError("WdpInvalidValue", { ...where, value: String(raw) });
    if (value < 0) throw new AppError("WdpNegativeValue", where);
    if (kind === "fact" && day > rules.today)
      throw new AppError("WdpFactInFuture", { ...where, today: shown(rules.today) });
    if (rules.earliest !== null && day < rules.earliest)
      throw new AppError("WdpBeforeEntryPeriod", { ...where, earliest: shown(rules.earliest) });
    return round(value);
  }

  /**
   * Runs one change: the version's row lock and lock check, the change's writes, the before-image as `undo_wdp`,
   * all in one transaction; then `wdp_updated` to the space.
   */
  async change(vs: VersionScope, action: string, run: (tx: Tx) => Promise<Writes>): Promise<WdpChange> {
    const { grant, version } = vs;
    const done = await this.deps.db.transaction(async (tx) => {
      const state = await lockVersionForWdp(tx, version.id);
      if (!state) throw new AppError("NotFound");
      if (state.locked) throw new AppError("VersionLocked", { label: state.label });
      const writes = await run(tx);
      const writtenKeys = new Set(writes.series.map(seriesKey));
      const before = writes.before
        ? writes.before.filter((s) => writtenKeys.has(seriesKey(s)))
        : await readSeriesByKeys(tx, version.id, writes.series);
      const beforeKeys = new Set(before.map(seriesKey));
      const workIds = [...new Set([...writes.works.map((w) => w.itemId), ...(writes.clearWorks ?? [])])];
      const beforeWorks = await readWorkStates(tx, version.id, workIds);
      await writeSeries(tx, grant.space.id, version.id, writes.series);
      await writeWorkStates(tx, grant.space.id, version.id, writes.works);
      if (writes.clearWorks?.length) await deleteWorkStates(tx, version.id, writes.clearWorks);
      const itemIds = [...new Set([...writes.series.map((s) => s.itemId), ...workIds, ...(writes.touched ?? [])])];
      await recordUndo(tx, {
        spaceId: grant.space.id,
        versionId: version.id,
        kind: "undo_wdp",
        action,
        userId: grant.userId,
        itemCount: itemIds.length,
        inverse: {
          wdp: {
            restore: before,
            remove: writes.series
              .filter((s) => !beforeKeys.has(seriesKey(s)))
              .map((s) => ({ itemId: s.itemId, measure: s.measure, kind: s.kind })),
            works: workIds.map((itemId) => {
              const row = beforeWorks.get(itemId);
              return { itemId, row: row ? { ...row } : null };
            }),
            ...(writes.reports ? { reports: writes.reports } : {}),
          },
        },
      });
      const states = workIds.length ? await readWorks(tx, grant.space.id, version.id, workIds) : [];
      return { writes, itemIds, states };
    });
    this.deps.events.wdpUpdated(grant.space.id, grant.userId, version.id, action, done.itemIds);
    return {
      versionId: version.id,
      series: done.writes.series.filter((s) => s.values.length > 0).map(toDto),
      removed: done.writes.series
        .filter((s) => s.values.length === 0)
        .map((s) => ({ itemId: s.itemId, measure: s.measure, kind: s.kind })),
      works: done.states.map((w) => ({ itemId: w.id, status: w.status ?? "active", mode: w.mode ?? "evenly" })),
    };
  }

  /** Sets cells (update, update-many, a pasted block): each checked by the entry rules, all or nothing. */
  async setCells(
    vs: VersionScope,
    action: string,
    cells: { itemId: number; measure: WdpMeasure; kind: WdpKind; date: string; value: number | string }[],
  ) {
    const rules = this.entryRules(vs.grant);
    return this.change(vs, action, async (tx) => {
      const works = await this.worksFor(
        tx,
        vs,
        cells.map((c) => c.itemId),
        { active: true },
      );
      const perSeries = new Map<
        string,
        { key: Omit<SeriesRow, "startDay" | "values" | "total">; days: [number, number][] }
      >();
      for (const cell of cells) {
        const day = dayOf(cell.date);
        const value = this.checkCell(rules, works.get(cell.itemId) as WorkRow, cell.kind, day, cell.value);
        const key = seriesKey(cell);
        let entry = perSeries.get(key);
        if (!entry) {
          entry = { key: { itemId: cell.itemId, measure: cell.measure, kind: cell.kind }, days: [] };
          perSeries.set(key, entry);
        }
        entry.days.push([day, value]);
      }
      const keys = [...perSeries.values()].map((e) => e.key);
      const stored = await readSeriesByKeys(tx, vs.version.id, keys);
      const current = new Map(stored.map((s) => [seriesKey(s), s]));
      const series = [...perSeries.entries()].map(([key, entry]) =>
        fromSeries(entry.key, setDays(asSeries(current.get(key), entry.days[0][0]), entry.days)),
      );
      return { series, works: [], before: stored };
    });
  }

  /** The quantity a work spreads when none is given: its current plan, else its planned quantity of the measure. */
  private totalOf(work: WorkRow, measure: WdpMeasure, plan: SeriesRow | undefined): number {
    if (plan) return plan.total;
    const field = PLANNED[measure];
    return field ? Math.max(0, (work[field] as number | null) ?? 0) : 0;
  }

  /** Replaces works' plans of a measure by a distribution mode and remembers the mode per work. */
  async distribute(vs: VersionScope, body: WdpDistributeBody) {
    const rules = this.entryRules(vs.grant);
    let given: number | undefined;
    return this.change(vs, `distribute_${body.mode}`, async (tx) => {
      const works = await this.worksFor(tx, vs, body.itemIds, { active: true });
      const ids = [...works.keys()];
      if (body.total !== undefined) {
        const first = works.get(ids[0]) as WorkRow;
        const day = first.start !== null ? Math.floor(first.start / MINUTES_PER_DAY) : rules.today;
        given = this.checkCell({ today: Number.POSITIVE_INFINITY, earliest: null }, first, "plan", day, body.total);
      }
      const book = await CalendarBook.load(tx, vs.grant.space.id);
      const existing = await readSeries(tx, vs.grant.space.id, vs.version.id, { itemIds: ids });
      const byKey = new Map(existing.map((s) => [seriesKey(s), s]));
      const options: WdpOptions = {
        ...(body.from ? { from: dayOf(body.from) } : {}),
        ...(body.to ? { to: dayOf(body.to) } : {}),
        ...(body.lagDays !== undefined ? { lagDays: body.lagDays } : {}),
        ...(body.period ? { period: body.period } : {}),
      };
      const series: SeriesRow[] = [];
      const states: WorkState[] = [];
      for (const work of works.values()) {
        const plan = byKey.get(seriesKey({ itemId: work.id, measure: body.measure, kind: "plan" }));
        const total = given ?? this.totalOf(work, body.measure, plan);
        const spread = spreadWork(work, book, body.measure, body.mode, options, total, byKey, rules.today);
        if (rules.earliest !== null) {
          const day = firstChangeBefore(plan, spread, rules.earliest);
          if (day !== null)
            throw new AppError("WdpBeforeEntryPeriod", {
              work: workName(work),
              date: shown(day),
              earliest: shown(rules.earliest),
            });
        }
        series.push(fromSeries({ itemId: work.id, measure: body.measure, kind: "plan" }, spread));
        // The planner's choice of remaining duration by intensity is not a distribution option: it stays.
        const keep = work.options?.remaining ? { remaining: work.options.remaining } : {};
        states.push({
          itemId: work.id,
          status: work.status ?? "active",
          mode: body.mode,
          options: { ...options, ...keep },
        });
      }
      return { series, works: states, before: existing };
    });
  }

  /** Sets the planning status of works (spec §4). */
  async setStatus(vs: VersionScope, itemIds: number[], status: WdpStatus | "toggle") {
    return this.change(vs, status === "toggle" ? "toggle_status" : `status_${status}`, async (tx) => {
      const works = await this.worksFor(tx, vs, itemIds);
      return {
        series: [],
        works: [...works.values()].map((w) => ({
          itemId: w.id,
          status: status === "toggle" ? (w.status === "disabled" ? "active" : "disabled") : status,
          mode: w.mode ?? "evenly",
          options: w.options,
        })),
      };
    });
  }

  /** Clears days (all, or a range) of some measures and kinds of works. Facts of locked-out days stay refused. */
  async clearValues(
    vs: VersionScope,
    body: { itemIds: number[]; measures?: WdpMeasure[]; kinds?: WdpKind[]; from?: string; to?: string },
  ) {
    const rules = this.entryRules(vs.grant);
    return this.change(vs, "clear_values", async (tx) => {
      const works = await this.worksFor(tx, vs, body.itemIds);
      const from = body.from ? dayOf(body.from) : Number.NEGATIVE_INFINITY;
      const to = body.to ? dayOf(body.to) : Number.POSITIVE_INFINITY;
      if (to < from) throw new AppError("InvalidValue", { field: "to" });
      const rows = await readSeries(tx, vs.grant.space.id, vs.version.id, {
        itemIds: [...works.keys()],
        measures: body.measures,
        kinds: body.kinds,
      });
      const series: SeriesRow[] = [];
      for (const row of rows) {
        const cleared: [number, number][] = [];
        row.values.forEach((v, k) => {
          const day = row.startDay + k;
          if (v !== 0 && day >= from && day <= to) cleared.push([day, 0]);
        });
        if (cleared.length === 0) continue;
        if (rules.earliest !== null && cleared[0][0] < rules.earliest)
          throw new AppError("WdpBeforeEntryPeriod", {
            work: workName(works.get(row.itemId) as WorkRow),
            date: shown(cleared[0][0]),
            earliest: shown(rules.earliest),
          });
        series.push(fromSeries(row, setDays(asSeries(row), cleared)));
      }
      return { series, works: [] };
    });
  }

  /**
   * Removes the plans of works (every measure) with their mode and status. Facts and approved plans stay (what was
   * done is not a plan), and so do plan days before the allowed entry period.
   */
  async clearPlans(vs: VersionScope, itemIds: number[]) {
    const rules = this.entryRules(vs.grant);
    return this.change(vs, "clear_wdp", async (tx) => {
      const works = await this.worksFor(tx, vs, itemIds);
      const rows = await readSeries(tx, vs.grant.space.id, vs.version.id, {
        itemIds: [...works.keys()],
        kinds: ["plan"],
      });
      const series: SeriesRow[] = [];
      for (const row of rows) {
        const earliest = rules.earliest;
        if (earliest === null || row.startDay >= earliest) {
          series.push({ ...row, values: [], total: 0 });
          continue;
        }
        const cleared: [number, number][] = [];
        row.values.forEach((v, k) => {
          if (v !== 0 && row.startDay + k >= earliest) cleared.push([row.startDay + k, 0]);
        });
        if (cleared.length) series.push(fromSeries(row, setDays(asSeries(row), cleared)));
      }
      return { series, works: [], clearWorks: [...works.keys()], before: rows };
    });
  }

  /**
   * Allocates a quantity for a period of one work into its fact or plan: spread over the work's working days from
   * `from` to `to` (by_date on its calendar), replacing those days. Each day passes the entry rules.
   */
  async allocate(
    vs: VersionScope,
    kind: "fact" | "plan",
    body: { itemId: number; measure: WdpMeasure; total: number | string; from: string; to: string },
  ) {
    const rules = this.entryRules(vs.grant);
    return this.change(vs, `allocate_${kind}`, async (tx) => {
      const works = await this.worksFor(tx, vs, [body.itemId], { active: true });
      const work = works.get(body.itemId) as WorkRow;
      const from = dayOf(body.from);
      const to = dayOf(body.to);
      if (to < from) throw new AppError("InvalidValue", { field: "to" });
      const total = this.checkCell(rules, work, kind, to, body.total);
      this.checkCell(rules, work, kind, from, 0);
      const book = await CalendarBook.load(tx, vs.grant.space.id);
      const spread = spreadTotal(
        total,
        book.of(work.calendarId),
        from * MINUTES_PER_DAY,
        from * MINUTES_PER_DAY,
        "by_date",
        {
          decimals: WDP_DECIMALS,
          from,
          to,
        },
      );
      const key = { itemId: work.id, measure: body.measure, kind };
      const [current] = await readSeriesByKeys(tx, vs.version.id, [key]);
      const changes: [number, number][] = [];
      for (let d = from; d <= to; d++) changes.push([d, valueAt(spread, d)]);
      return { series: [fromSeries(key, setDays(asSeries(current, from), changes))], works: [] };
    });
  }

  /** Moves a quantity of one day (all of it when no value is given) to another day or another work. */
  async transfer(
    vs: VersionScope,
    body: {
      measure: WdpMeasure;
      kind: WdpKind;
      from: { itemId: number; date: string };
      to: { itemId: number; date: string };
      value?: number | string;
    },
  ) {
    const rules = this.entryRules(vs.grant);
    return this.change(vs, "transfer_value", async (tx) => {
      const works = await this.worksFor(tx, vs, [body.from.itemId, body.to.itemId], { active: true });
      const source = works.get(body.from.itemId) as WorkRow;
      const target = works.get(body.to.itemId) as WorkRow;
      const fromDay = dayOf(body.from.date);
      const toDay = dayOf(body.to.date);
      const srcKey = { itemId: source.id, measure: body.measure, kind: body.kind };
      const dstKey = { itemId: target.id, measure: body.measure, kind: body.kind };
      const rows = new Map((await readSeriesByKeys(tx, vs.version.id, [srcKey, dstKey])).map((s) => [seriesKey(s), s]));
      const src = asSeries(rows.get(seriesKey(srcKey)), fromDay);
      const available = valueAt(src, fromDay);
      const amount =
        body.value === undefined ? available : this.checkCell(rules, source, body.kind, fromDay, body.value);
      this.checkCell(rules, source, body.kind, fromDay, 0);
      this.checkCell(rules, target, body.kind, toDay, 0);
      if (amount > available + 1e-9)
        throw new AppError("WdpNegativeValue", { work: workName(source), date: shown(fromDay) });
      if (seriesKey(srcKey) === seriesKey(dstKey)) {
        const next = setDays(src, [
          [fromDay, round(available - amount)],
          [toDay, round(valueAt(src, toDay) + amount + (fromDay === toDay ? -amount : 0))],
        ]);
        return { series: [fromSeries(srcKey, next)], works: [] };
      }
      const dst = asSeries(rows.get(seriesKey(dstKey)), toDay);
      return {
        series: [
          fromSeries(srcKey, setDays(src, [[fromDay, round(available - amount)]])),
          fromSeries(dstKey, setDays(dst, [[toDay, round(valueAt(dst, toDay) + amount)]])),
        ],
        works: [],
      };
    });
  }
}

/**
 * One work's plan of a measure by a mode: the span is the work's dates on its calendar; by_fact keeps the work's
 * facts and plans the rest after today; by_volume follows the work's volume plan (from `byKey`).
 */
function spreadWork(
  work: WorkRow,
  book: CalendarBook,
  measure: WdpMeasure,
  mode: WdpDistributionMode,
  options: WdpOptions,
  total: number,
  byKey: Map<string, SeriesRow>,
  todayDay: number,
): DaySeries {
  if (work.start === null || work.finish === null) throw new AppError("WdpNoDates", { work: workName(work) });
  const spread: SpreadOptions = { decimals: WDP_DECIMALS, ...options };
  if (mode === "by_fact") {
    const facts = byKey.get(seriesKey({ itemId: work.id, measure, kind: "fact" }));
    if (facts && facts.total > total + 1e-9)
      throw new AppError("WdpPlanBelowFacts", { work: workName(work), total: round(total), facts: round(facts.total) });
    spread.facts = asSeries(facts);
    spread.after = todayDay;
  }
  if (mode === "by_volume" && measure !== "volume") {
    const volume = byKey.get(seriesKey({ itemId: work.id, measure: "volume", kind: "plan" }));
    if (volume) spread.curve = asSeries(volume);
  }
  return spreadTotal(total, book.of(work.calendarId), work.start, work.finish, mode, spread);
}

/** The first day before `limit` on which a work's plan would change (null: none), comparing to 3 decimals. */
function firstChangeBefore(current: SeriesRow | undefined, next: DaySeries, limit: number): number | null {
  const old = asSeries(current);
  const starts = [old, next].filter((x) => x.values.length > 0).map((x) => x.start);
  if (starts.length === 0) return null;
  const ends = [old, next].filter((x) => x.values.length > 0).map((x) => x.start + x.values.length);
  const hi = Math.min(limit, Math.max(...ends));
  for (let d = Math.min(...starts); d < hi; d++) if (round(valueAt(old, d)) !== round(valueAt(next, d))) return d;
  return null;
}

const MEASURE_ORDER: WdpMeasure[] = [
  "volume",
  "labour",
  "cost",
  "resources",
  "distributed_price",
  "cost_by_distributed_price",
];

/**
 * After a calculation wrote new dates (platform/dates-written.ts): the plans of active works that moved are spread
 * again by each work's mode over its new days, keeping their totals; facts and approved plans stay as they are.
 * Volume goes first, so labour and cost of by_volume follow the new volume plan. Only totals are read (and the facts
 * of by_fact works): a plan's days are what is being replaced. Not an undoable user change.
 */
export async function redistributeMoved(
  tx: DbOrTx,
  versionId: string,
  movedIds: number[],
): Promise<{ spaceId: string; itemIds: number[]; series: number } | null> {
  const version = await versionSpace(tx, versionId);
  if (!version) return null;
  const totals = await planTotals(tx, version.spaceId, versionId, movedIds);
  if (totals.length === 0) return { spaceId: version.spaceId, itemIds: [], series: 0 };
  const planned = [...new Set(totals.map((s) => s.itemId))];
  const works = (await readWorks(tx, version.spaceId, versionId, planned)).filter(
    (w) => w.status !== "disabled" && w.start !== null && w.finish !== null,
  );
  const byFact = works.filter((w) => w.mode === "by_fact").map((w) => w.id);
  const facts = byFact.length
    ? await readSeries(tx, version.spaceId, versionId, { itemIds: byFact, kinds: ["fact"] })
    : [];
  const byKey = new Map(facts.map((s) => [seriesKey(s), s]));
  const totalOf = new Map(totals.map((t) => [`${t.itemId}|${t.measure}`, t.total]));
  const book = await CalendarBook.load(tx, version.spaceId);
  const todayDay = today();
  const out: SeriesRow[] = [];
  for (const work of works) {
    const mode = work.mode ?? "evenly";
    for (const measure of MEASURE_ORDER) {
      const total = totalOf.get(`${work.id}|${measure}`);
      if (total === undefined) continue;
      const key = { itemId: work.id, measure, kind: "plan" as const };
      const fact = byKey.get(seriesKey({ itemId: work.id, measure, kind: "fact" }));
      // A plan below its facts keeps its days (by_fact would refuse it).
      if (mode === "by_fact" && fact && fact.total > total) continue;
      const next = fromSeries(key, spreadWork(work, book, measure, mode, work.options ?? {}, total, byKey, todayDay));
      byKey.set(seriesKey(key), next);
      out.push(next);
    }
  }
  await writeSeries(tx, version.spaceId, versionId, out);
  return { spaceId: version.spaceId, itemIds: [...new Set(out.map((s) => s.itemId))], series: out.length };
}
