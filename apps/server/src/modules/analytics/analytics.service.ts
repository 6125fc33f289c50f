import type {
  AllCostBody,
  AnalyticsCalculate,
  AnalyticsCount,
  AnalyticsDashboardData,
  AnalyticsGraph,
  AnalyticsIndicatorQuery,
  AnalyticsMeasure,
  AnalyticsPeriod,
  AnalyticsSeries,
  AnalyticsSeriesQuery,
  AnalyticsStats,
  AnalyticsTotals,
  AnalyticsWorks,
  AnalyticsWorksQuery,
  CostCurve,
  CostCurves,
  IndicatorValue,
  ServerEvent,
} from "@planum/contracts";
import { COST_CURVES, EVENTS_PROTOCOL_VERSION } from "@planum/contracts";
import type { Grant, NodeScope, ScheduleScope, VersionScope } from "../../platform/access.js";
import type { AppContext } from "../../platform/context.js";
import { AppError } from "../../platform/errors.js";
import type { JobContext } from "../../platform/jobs.js";
import { UsageService } from "../resources/usage.service.js";
import {
  type AnalyticsRow,
  bumpGeneration,
  currentVersions,
  readAnalytics,
  schedulesUnder,
  versionsAffectedBy,
  worksOfSet,
} from "./analytics.repo.js";
import { costCurvesOf } from "./analytics-cost-curves.js";
import { DAILY_JOB, staleByTheDay } from "./analytics-daily.js";
import { countsOf, earnedValueOf, seriesOf, totalsOf } from "./analytics-figures.js";
import { tickedChildren } from "./analytics-navigator.js";
import { blockParts, recountVersion } from "./analytics-recount.js";
import { resourceLoadOf } from "./analytics-resource-load.js";
import { storedIndicatorsOf } from "./indicator-values.js";
import { wbsIndicatorValues, worksOfRow } from "./indicator-wbs.js";

export const ANALYTICS_JOB = "analytics_version";
/** Most works a widget's list answers (the schedule opens filtered to them; a list longer than this is not read). */
const WORKS_LIMIT = 500;

type Deps = Pick<AppContext, "db" | "jobs" | "realtime">;
/** What analytics are asked of: a version, a schedule (its current version), a structure node or the space. */
export type AnalyticsScope = VersionScope | ScheduleScope | NodeScope | Grant;

/**
 * The versions a space event says changed in what analytics count, and the parts of their count it asks for: the
 * blocks of works whose plans or facts changed, the counts when works changed, everything after a calculation (it
 * may move every plan) or a change of the version itself.
 */
function changesOf(event: ServerEvent): { versionIds: string[]; parts: string[] } | null {
  switch (event.type) {
    case "wdp_updated":
      return { versionIds: [event.versionId], parts: event.itemIds.length ? blockParts(event.itemIds) : ["all"] };
    case "wbs_updated":
      return { versionIds: [event.versionId], parts: ["counts", ...blockParts([...event.ids, ...event.deletedIds])] };
    case "timetable_calculate":
      return event.status === "completed" ? { versionIds: [event.versionId], parts: ["all"] } : null;
    case "versions_changed":
      return event.action === "locked" || event.action === "label"
        ? null
        : { versionIds: event.versionIds, parts: ["all"] };
    default:
      return null;
  }
}

/**
 * Analytics of versions and schedules (issue 15; modules/analytics/CONTEXT.md). Each announced change of a version
 * moves its generation, records what the next count must do, and queues one `analytics_version` job — unless one is
 * queued already: a burst of changes is one count, and a change during a count queues one more. The job counts what
 * was asked (analytics-recount.ts) and announces `schedule_indicator_calculate`; a counted target version has the
 * versions it is the baseline of take its plans again. Reads answer the stored figures, saying whether they are
 * fresh; a version never counted is counted inside the first read.
 */
export class AnalyticsService {
  /** Versions with a job queued by this process and not yet started. */
  private readonly queued = new Set<string>();
  log: (message: string, error: unknown) => void = () => {};

  constructor(private readonly deps: Deps) {
    deps.jobs.register(ANALYTICS_JOB, (context) => this.run(context));
    deps.jobs.register(DAILY_JOB, (context) => this.runDaily(context));
    deps.realtime.onSpaceEvent((event) => {
      const changes = changesOf(event);
      for (const versionId of changes?.versionIds ?? [])
        this.changed(event.spaceId, versionId, changes?.parts ?? ["all"]).catch((error) =>
          this.log("analytics: a change was not counted", error),
        );
    });
  }

  async changed(spaceId: string, versionId: string, parts: string[] = ["all"]) {
    await bumpGeneration(this.deps.db, spaceId, versionId, parts);
    await this.queue(spaceId, versionId);
  }

  private async queue(spaceId: string, versionId: string) {
    if (this.queued.has(versionId)) return;
    this.queued.add(versionId);
    try {
      await this.deps.jobs.enqueue(ANALYTICS_JOB, { spaceId, payload: { versionId } });
    } catch (error) {
      this.queued.delete(versionId);
      throw error;
    }
  }

  private async run({ job, complete }: JobContext) {
    const versionId = String(job.payload.versionId);
    const spaceId = job.spaceId as string;
    this.queued.delete(versionId);
    const counted = await recountVersion(this.deps.db, spaceId, versionId, (tx) => complete(tx, { versionId }));
    if (!counted) return { versionId, counted: false };
    if (!counted.stored) return { versionId, stored: false };
    this.deps.realtime.toSpace({
      v: EVENTS_PROTOCOL_VERSION,
      type: "schedule_indicator_calculate",
      spaceId,
      byUserId: null,
      scheduleId: counted.scheduleId,
      versionId,
    });
    // The versions this target version is the baseline of take its plans again.
    if (counted.isTarget)
      for (const id of await versionsAffectedBy(this.deps.db, spaceId, versionId))
        if (id !== versionId) await this.changed(spaceId, id, ["target"]);
    return undefined;
  }

  /**
   * The day's recount: counts that follow the calendar go stale without any change (a work not started by yesterday's
   * target start is late today), so each version counted on an earlier day has its counts queued.
   */
  private async runDaily({ job }: JobContext) {
    const stale = await staleByTheDay(this.deps.db, String(job.payload.day));
    for (const { spaceId, versionId } of stale) await this.queue(spaceId, versionId);
    return { versions: stale.length };
  }

  /**
   * Stored rows of the versions; a stale one has its count queued. A version never counted is counted now when it is
   * the only one asked; a roll-up (a node, the space) queues it and answers the others, not fresh.
   */
  private async rows(spaceId: string, versionIds: string[]): Promise<{ rows: AnalyticsRow[]; fresh: boolean }> {
    const stored = await readAnalytics(this.deps.db, spaceId, versionIds);
    const byId = new Map(stored.map((r) => [r.versionId, r]));
    let fresh = true;
    for (const id of versionIds) {
      const row = byId.get(id);
      if (row && row.computedGeneration >= 0) {
        if (row.computedGeneration < row.generation) {
          fresh = false;
          // A count lost with a stopped process is queued again; the read answers what is stored either way.
          await this.queue(spaceId, id).catch((error) => this.log("analytics: a count was not queued", error));
        }
        continue;
      }
      if (versionIds.length > 1) {
        fresh = false;
        await this.changed(spaceId, id).catch((error) => this.log("analytics: a count was not queued", error));
        continue;
      }
      if (!(await recountVersion(this.deps.db, spaceId, id))) continue;
      const [now] = await readAnalytics(this.deps.db, spaceId, [id]);
      if (now) byId.set(id, now);
    }
    return { rows: versionIds.map((id) => byId.get(id)).filter((r): r is AnalyticsRow => !!r), fresh };
  }

  /**
   * The current versions a scope rolls up. A node's (or the space's) are the schedules below it — only those below
   * the children the caller ticked in the navigator when `ticks` and some are ticked (their own dashboard); a
   * scoreboard row and a recount take every schedule below.
   */
  private async versionsOf(scope: AnalyticsScope, ticks = true): Promise<{ spaceId: string; ids: string[] }> {
    if ("version" in scope) return { spaceId: scope.grant.space.id, ids: [scope.version.id] };
    const spaceId = "grant" in scope ? scope.grant.space.id : scope.space.id;
    const nodePath = "node" in scope ? scope.node.path : null;
    let schedules: string[];
    if ("schedule" in scope) schedules = [scope.schedule.id];
    else {
      const ticked = ticks
        ? await tickedChildren(
            this.deps.db,
            "grant" in scope ? scope.grant : scope,
            "node" in scope ? scope.node.id : null,
          )
        : [];
      schedules =
        ticked.length > 0
          ? (await Promise.all(ticked.map((child) => schedulesUnder(this.deps.db, spaceId, child.path)))).flat()
          : await schedulesUnder(this.deps.db, spaceId, nodePath);
    }
    const current = await currentVersions(this.deps.db, spaceId, schedules);
    return { spaceId, ids: current.map((v) => v.id) };
  }

  /** Queues a count of everything of the scope's versions (their figures read not fresh until it ends). */
  async recountAll(scope: AnalyticsScope): Promise<AnalyticsCalculate> {
    const { spaceId, ids } = await this.versionsOf(scope, false);
    for (const id of ids) await this.changed(spaceId, id, ["all"]);
    return { versions: ids.length };
  }

  async series(scope: AnalyticsScope, query: AnalyticsSeriesQuery): Promise<AnalyticsSeries> {
    const { spaceId, ids } = await this.versionsOf(scope);
    const { rows, fresh } = await this.rows(spaceId, ids);
    return seriesOf(rows, query.measure, query.period, query.cumulative, fresh);
  }

  /** The cost curves asked (`custom-cost`), or every one with data (`all-cost`: `curves` left out). */
  async costCurves(scope: AnalyticsScope, body: AllCostBody & { curves?: CostCurve[] }): Promise<CostCurves> {
    const { spaceId, ids } = await this.versionsOf(scope);
    const { rows, fresh } = await this.rows(spaceId, ids);
    return costCurvesOf(rows, body.curves ?? COST_CURVES, body, fresh);
  }

  async totals(scope: AnalyticsScope, measure: AnalyticsMeasure): Promise<AnalyticsTotals> {
    const { spaceId, ids } = await this.versionsOf(scope);
    const { rows } = await this.rows(spaceId, ids);
    return totalsOf(rows).find((t) => t.measure === measure) as AnalyticsTotals;
  }

  async count(scope: AnalyticsScope): Promise<AnalyticsCount> {
    const { spaceId, ids } = await this.versionsOf(scope);
    return countsOf((await this.rows(spaceId, ids)).rows);
  }

  async stats(scope: AnalyticsScope): Promise<AnalyticsStats> {
    const { spaceId, ids } = await this.versionsOf(scope);
    const { rows, fresh } = await this.rows(spaceId, ids);
    return { count: countsOf(rows), earnedValue: earnedValueOf(rows), totals: totalsOf(rows), fresh };
  }

  /**
   * The indicators' values of the scope's versions, rolled up per key by weight or factor (indicator-rollup.ts); with
   * `wbsId`, those of one WBS node or work of the version shown (indicator-wbs.ts).
   */
  async indicators(scope: AnalyticsScope, query: AnalyticsIndicatorQuery = {}): Promise<IndicatorValue[]> {
    const { spaceId, ids } = await this.versionsOf(scope);
    if (query.wbsId !== undefined) {
      const versionId = this.versionShown(scope, ids);
      return versionId ? wbsIndicatorValues(this.deps.db, spaceId, versionId, query.wbsId) : [];
    }
    return this.indicatorsOf(spaceId, (await this.rows(spaceId, ids)).rows);
  }

  /** The one version whose WBS rows a query may name: a version's or a schedule's level only. */
  private versionShown(scope: AnalyticsScope, ids: string[]): string | null {
    if (!("version" in scope) && !("schedule" in scope)) throw new AppError("InvalidValue", { field: "wbsId" });
    return ids[0] ?? null;
  }

  /**
   * Stats and indicator values of a scope read once (a scoreboard row: every schedule below; a navigator row: as the
   * caller's dashboard of it, `ticks`), with the number of versions rolled up.
   */
  async summary(
    scope: AnalyticsScope,
    ticks = false,
  ): Promise<AnalyticsStats & { indicators: IndicatorValue[]; versions: number }> {
    const { spaceId, ids } = await this.versionsOf(scope, ticks);
    const { rows, fresh } = await this.rows(spaceId, ids);
    return {
      count: countsOf(rows),
      earnedValue: earnedValueOf(rows),
      totals: totalsOf(rows),
      fresh,
      indicators: await this.indicatorsOf(spaceId, rows),
      versions: ids.length,
    };
  }

  private indicatorsOf(spaceId: string, rows: AnalyticsRow[]): Promise<IndicatorValue[]> {
    return storedIndicatorsOf(this.deps.db, spaceId, rows);
  }

  /** A dashboard's curve, figures and indicators from one read of the versions (`…/dashboard`). */
  async dashboard(scope: AnalyticsScope, query: AnalyticsSeriesQuery): Promise<AnalyticsDashboardData> {
    const { spaceId, ids } = await this.versionsOf(scope);
    const { rows, fresh } = await this.rows(spaceId, ids);
    return {
      series: seriesOf(rows, query.measure, query.period, query.cumulative, fresh),
      stats: { count: countsOf(rows), earnedValue: earnedValueOf(rows), totals: totalsOf(rows), fresh },
      indicators: await this.indicatorsOf(spaceId, rows),
    };
  }

  /** The resource load of the scope's current versions (analytics-resource-load.ts). */
  async graph(scope: AnalyticsScope, period: AnalyticsPeriod): Promise<AnalyticsGraph> {
    const { ids } = await this.versionsOf(scope);
    const grant = "grant" in scope ? scope.grant : scope;
    return resourceLoadOf(new UsageService({ db: this.deps.db }), grant, ids, period);
  }

  /** The works behind a counted figure, an index behind schedule or a period of the curve, worst delay first. */
  async works(scope: AnalyticsScope, query: AnalyticsWorksQuery): Promise<AnalyticsWorks> {
    const { spaceId, ids } = await this.versionsOf(scope);
    const shown = query.wbsId === undefined ? null : this.versionShown(scope, ids);
    const only = shown
      ? (await worksOfRow(this.deps.db, spaceId, shown, query.wbsId as number)).map((w) => w.id)
      : undefined;
    const { rows } = await this.rows(spaceId, ids);
    const out: AnalyticsWorks = [];
    for (const row of rows)
      out.push(...(await worksOfSet(this.deps.db, row.versionId, query, row.statusDay, WORKS_LIMIT, only)));
    return out.slice(0, WORKS_LIMIT);
  }
}
