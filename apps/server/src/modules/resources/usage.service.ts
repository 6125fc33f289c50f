import {
  encodeUsage,
  type resourceUsageQuery,
  USAGE_MAX_DAYS,
  type UsageColumns,
  type UsageGrouping,
  type UsageWire,
  type UsageWork,
  type versionResourceGanttQuery,
  type wbsByAssignmentQuery,
} from "@planum/contracts";
import {
  type Calendar,
  type DemandAssignment,
  demandContributions,
  MINUTES_PER_DAY,
  resourceDemand,
  tryParseDate,
} from "@planum/engine";
import type { z } from "zod";
import type { Grant, VersionScope } from "../../platform/access.js";
import type { Db } from "../../platform/db.js";
import { AppError } from "../../platform/errors.js";
import { textMinutes } from "../../platform/time.js";
import { loadSpaceCalendars } from "../calendars/space-calendars.js";
import { findResource, listSpecialties } from "./resources.repo.js";
import {
  spaceVersions,
  type UsageAssignment,
  type UsageResource,
  type UsageVersion,
  usageAssignments,
  usageResources,
} from "./usage.repo.js";
import { barRowOf, resourceRows, specialtyRows, subtreeOf, type UsageRow } from "./usage-rows.js";

type UsageQuery = z.output<typeof resourceUsageQuery>;
type WorksQuery = z.output<typeof wbsByAssignmentQuery>;
type VersionGanttQuery = z.output<typeof versionResourceGanttQuery>;

/** The range shown when nothing is assigned yet: four weeks from today. */
const EMPTY_RANGE_DAYS = 28;

/**
 * The version set whose assignments count: the asked ones (every one must be the space's), else each schedule's
 * actual version, or its newest when none is marked actual (P6 shows the open projects' current schedules).
 */
export function chooseVersions(all: readonly UsageVersion[], asked?: readonly string[]): UsageVersion[] {
  if (asked && asked.length > 0) {
    const byId = new Map(all.map((v) => [v.id, v]));
    return asked.map((id) => {
      const v = byId.get(id);
      if (!v) throw new AppError("NotFound", { field: "versions" });
      return v;
    });
  }
  const bySchedule = new Map<string, UsageVersion>();
  for (const v of all) {
    const held = bySchedule.get(v.scheduleId);
    if (!held || (v.kind === "actual" && held.kind !== "actual")) bySchedule.set(v.scheduleId, v);
  }
  return [...bySchedule.values()];
}

/** Units an assignment demands: what is done and what remains (at completion), over its work's current dates. */
function demandOf(a: UsageAssignment, calendarOf: (id: string | null) => Calendar): DemandAssignment | null {
  if (!a.start || !a.finish) return null;
  return {
    resourceId: a.resourceId,
    units: a.actualUnits + a.remainingUnits,
    start: textMinutes(a.start),
    finish: textMinutes(a.finish),
    curve: a.curve,
    calendar: calendarOf(a.calendarId),
  };
}

/** Resource usage (`GET /resource/usage`) and the works behind a bar (`GET /resource/{id}/wbs-by-assignment`). */
export class UsageService {
  constructor(private readonly deps: { db: Db; today?: () => number }) {}

  private today() {
    return this.deps.today?.() ?? Math.floor(Date.now() / 86_400_000);
  }

  async usage(grant: Grant, query: UsageQuery): Promise<UsageWire> {
    const spaceId = grant.space.id;
    const allVersions = await spaceVersions(this.deps.db, spaceId);
    return this.answer(spaceId, chooseVersions(allVersions, query.versions), allVersions, query, false);
  }

  /**
   * One version's resource Gantt (`GET /versions/{id}/resource-gantt`): its assignments only, on the rows of the
   * resources (or specialties) it uses; read with the version's own access, so the space's other versions stay unnamed.
   */
  async versionGantt(vs: VersionScope, query: VersionGanttQuery): Promise<UsageWire> {
    const spaceId = vs.grant.space.id;
    const [version] = (await spaceVersions(this.deps.db, spaceId)).filter((v) => v.id === vs.version.id);
    if (!version) throw new AppError("NotFound");
    return this.answer(spaceId, [version], [version], query, true);
  }

  private async answer(
    spaceId: string,
    versions: UsageVersion[],
    allVersions: UsageVersion[],
    query: UsageQuery | VersionGanttQuery,
    usedOnly: boolean,
  ): Promise<UsageWire> {
    const { db } = this.deps;
    const [resources, calendarOf] = await Promise.all([usageResources(db, spaceId), loadSpaceCalendars(db, spaceId)]);
    if (query.resourceId && !resources.some((r) => r.id === query.resourceId))
      throw new AppError("ResourceNotFound", { field: "resourceId" });
    let rows = await this.rowsOf(spaceId, resources, query);
    let list = await usageAssignments(
      db,
      spaceId,
      versions.map((v) => v.id),
      [...new Set(rows.flatMap((r) => r.resourceIds))],
    );
    if (usedOnly) {
      const used = new Set(list.map((a) => a.resourceId));
      rows = keepUsedRows(rows, used);
      list = list.filter((a) => used.has(a.resourceId));
    }
    const demands = list.map((a) => demandOf(a, calendarOf));
    const { fromDay, toDay } = this.rangeOf(query, demands);

    const result = resourceDemand({
      resources: resources.map((r) => ({ id: r.id, availability: r.availability, calendar: calendarOf(r.calendarId) })),
      assignments: demands.filter((d) => d !== null),
      rows,
      fromDay,
      toDay,
      scale: query.scale,
    });
    const buckets = result.bucketStarts.length - 1;
    const cells = (pick: (s: (typeof result.rows)[number]) => ArrayLike<number>, Out: typeof Float64Array) => {
      const out = new Out(rows.length * buckets);
      for (let r = 0; r < result.rows.length; r++) out.set(pick(result.rows[r]), r * buckets);
      return out;
    };
    const columns: UsageColumns = {
      scale: query.scale,
      by: query.by,
      fromDay,
      toDay,
      bucketStarts: Array.from(result.bucketStarts),
      rows: {
        id: rows.map((r) => r.key),
        kind: rows.map((r) => r.kind),
        depth: rows.map((r) => r.depth),
        code: rows.map((r) => r.code),
        name: rows.map((r) => r.name),
        unit: rows.map((r) => r.unit),
      },
      demand: cells((s) => s.demand, Float64Array),
      availability: cells((s) => s.availability, Float64Array),
      overDays: Int32Array.from(cells((s) => s.overDays, Float64Array)),
      bars: barsOf(list, demands, rows, resources, query.by, versions),
      versions: versions.map(({ id, label, scheduleId, scheduleName }) => ({ id, label, scheduleId, scheduleName })),
      choices: allVersions,
    };
    return encodeUsage(columns);
  }

  /** The works whose assignments make a bar of a resource (with everything under it) or of a specialty. */
  async worksOf(grant: Grant, id: string, query: WorksQuery): Promise<UsageWork[]> {
    const { db } = this.deps;
    const spaceId = grant.space.id;
    const [allVersions, resources, calendarOf] = await Promise.all([
      spaceVersions(db, spaceId),
      usageResources(db, spaceId),
      loadSpaceCalendars(db, spaceId),
    ]);
    const versions = chooseVersions(allVersions, query.versions);
    let resourceIds: string[];
    if (query.by === "specialty") {
      if (!(await listSpecialties(db, spaceId)).some((s) => s.id === id)) throw new AppError("NotFound");
      resourceIds = resources.filter((r) => r.specialtyId === id).map((r) => r.id);
    } else {
      if (!(await findResource(db, spaceId, id))) throw new AppError("ResourceNotFound");
      resourceIds = subtreeOf(resources, id);
    }
    const fromDay = tryParseDate(query.from) as number;
    const toDay = (tryParseDate(query.to) as number) + 1;
    if (toDay - fromDay > USAGE_MAX_DAYS.week) throw new AppError("InvalidValue", { field: "to" });
    const list = await usageAssignments(
      db,
      spaceId,
      versions.map((v) => v.id),
      resourceIds,
    );
    const dated = list.flatMap((a) => {
      const d = demandOf(a, calendarOf);
      return d ? [{ a, d }] : [];
    });
    const versionOf = new Map(versions.map((v) => [v.id, v]));
    const resourceOf = new Map(resources.map((r) => [r.id, r]));
    return demandContributions(
      dated.map((x) => x.d),
      fromDay,
      toDay,
    )
      .map(({ index, units }) => {
        const { a } = dated[index];
        const v = versionOf.get(a.versionId) as UsageVersion;
        const r = resourceOf.get(a.resourceId) as UsageResource;
        return {
          assignmentId: a.id,
          versionId: a.versionId,
          scheduleId: v.scheduleId,
          scheduleName: v.scheduleName,
          itemId: a.itemId,
          workCode: a.code,
          workName: a.name,
          resourceCode: r.code,
          resourceName: r.name,
          unit: r.unit,
          units,
        };
      })
      .sort((x, y) => y.units - x.units || x.workCode.localeCompare(y.workCode));
  }

  private async rowsOf(
    spaceId: string,
    resources: UsageResource[],
    query: UsageQuery | VersionGanttQuery,
  ): Promise<UsageRow[]> {
    if (query.by === "resource") return resourceRows(resources, query.resourceId, query.filter);
    return specialtyRows(
      await listSpecialties(this.deps.db, spaceId),
      resources,
      query.resourceId ? new Set(subtreeOf(resources, query.resourceId)) : undefined,
      query.filter,
    );
  }

  /**
   * The asked days, else the span of the assignments' works (four weeks from today when there is none). A range
   * longer than the scale allows is refused when asked, cut when derived.
   */
  private rangeOf(query: UsageQuery | VersionGanttQuery, demands: readonly (DemandAssignment | null)[]) {
    let first = Number.POSITIVE_INFINITY;
    let last = Number.NEGATIVE_INFINITY;
    for (const d of demands) {
      if (!d) continue;
      first = Math.min(first, Math.floor(d.start / MINUTES_PER_DAY));
      last = Math.max(last, Math.floor((d.finish - 1) / MINUTES_PER_DAY));
    }
    const today = this.today();
    const fromDay = query.from ? (tryParseDate(query.from) as number) : Number.isFinite(first) ? first : today;
    const lastDay = query.to
      ? (tryParseDate(query.to) as number)
      : Number.isFinite(last) && last >= fromDay
        ? last
        : fromDay + EMPTY_RANGE_DAYS - 1;
    const max = USAGE_MAX_DAYS[query.scale];
    if (lastDay + 1 - fromDay > max) {
      if (query.from && query.to) throw new AppError("InvalidValue", { field: "to" });
      return { fromDay, toDay: fromDay + max };
    }
    return { fromDay, toDay: lastDay + 1 };
  }
}

/**
 * Rows that hold a used resource, with every row above them (a group's sum, a specialty), in their order; the depth
 * of a row is kept, so the tree reads as before with the unused branches left out.
 */
function keepUsedRows(rows: UsageRow[], used: ReadonlySet<string>): UsageRow[] {
  return rows.filter((r) => r.resourceIds.some((id) => used.has(id)));
}

/** One bar per dated assignment on its row, ordered by row then start (so the columns pack into deltas). */
function barsOf(
  list: readonly UsageAssignment[],
  demands: readonly (DemandAssignment | null)[],
  rows: readonly UsageRow[],
  resources: readonly UsageResource[],
  by: UsageGrouping,
  versions: readonly UsageVersion[],
): UsageColumns["bars"] {
  const rowOf = barRowOf(rows, resources, by);
  const versionIndex = new Map(versions.map((v, k) => [v.id, k]));
  const bars = list.flatMap((a, k) => {
    const d = demands[k];
    const row = rowOf(a.resourceId);
    return d && row >= 0 ? [{ a, d, row }] : [];
  });
  bars.sort((x, y) => x.row - y.row || x.d.start - y.d.start);
  return {
    row: bars.map((b) => b.row),
    start: bars.map((b) => b.d.start),
    finish: bars.map((b) => b.d.finish),
    units: bars.map((b) => b.d.units),
    itemId: bars.map((b) => b.a.itemId),
    version: bars.map((b) => versionIndex.get(b.a.versionId) ?? 0),
    code: bars.map((b) => b.a.code),
    name: bars.map((b) => b.a.name),
  };
}
